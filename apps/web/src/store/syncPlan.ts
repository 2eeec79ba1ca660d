/**
 * What an edit needs from the engine: nothing (node positions only: the engine ignores
 * them), live changes (docs/engine-api.md: the setLive paths), or a new load (anything
 * else changes the network and restarts the run from t = 0).
 */
import { canonicalJson } from '@obs-tcp-sim/scenario/canonical-json';
import { TCP_VARIANTS } from '@obs-tcp-sim/scenario';
import { assemblyOf, type Scenario } from '../scenario/scenarioTypes';

export interface LiveChange {
  path: string;
  value: number;
}

export type SyncPlan = { kind: 'none' } | { kind: 'live'; changes: LiveChange[] } | { kind: 'load' };

/** JSON with sorted keys: equal text means equal content, whatever the key order (the scenario package's one canonical form). */
export const canonical: (value: unknown) => string = canonicalJson;

/** The scenario without node positions. */
function withoutPositions(s: Scenario): unknown {
  return { ...s, nodes: s.nodes.map(({ x: _x, y: _y, ...rest }) => rest) };
}

export function sameNetwork(a: Scenario, b: Scenario): boolean {
  return canonical(withoutPositions(a)) === canonical(withoutPositions(b));
}

const ASSEMBLY_LIVE = ['maxTime', 'maxBytes', 'minBytes'] as const;

/**
 * Plans how the engine, running `engine` (with the live changes already sent), comes to
 * run `target`.
 */
export function planSync(engine: Scenario, target: Scenario): SyncPlan {
  if (sameNetwork(engine, target)) return { kind: 'none' };
  if (
    engine.nodes.length !== target.nodes.length ||
    engine.links.length !== target.links.length ||
    engine.flows.length !== target.flows.length
  ) {
    return { kind: 'load' };
  }
  const changes: LiveChange[] = [];
  // `patched` = the engine's scenario with every live change applied; if it then equals the
  // target, the live changes are the whole difference.
  const patched: Scenario = structuredClone(engine);
  const change = (path: string, from: number, to: number, apply: () => void, value = to) => {
    if (from === to) return;
    changes.push({ path, value });
    apply();
  };

  for (const cls of ['data', 'ack'] as const) {
    change(`obs.burstLoss.${cls}`, engine.obs.burstLoss[cls], target.obs.burstLoss[cls], () => {
      patched.obs.burstLoss[cls] = target.obs.burstLoss[cls];
    });
  }
  for (const k of ASSEMBLY_LIVE) {
    // obs.assembly.* reaches every edge, overriding edges' own values: only when none has one.
    const overridden =
      target.nodes.some((n) => assemblyOf(n)?.[k] !== undefined) || engine.nodes.some((n) => assemblyOf(n)?.[k] !== undefined);
    if (overridden) continue;
    change(`obs.assembly.${k}`, engine.obs.assembly[k], target.obs.assembly[k], () => {
      patched.obs.assembly[k] = target.obs.assembly[k];
    });
  }
  target.nodes.forEach((n, i) => {
    const before = engine.nodes[i];
    const a = assemblyOf(n);
    const b = assemblyOf(before);
    if (n.kind !== 'edge' || before.kind !== 'edge' || !a || !b) return;
    for (const k of ASSEMBLY_LIVE) {
      const from = b[k];
      const to = a[k];
      if (from === undefined || to === undefined) continue;
      change(`nodes[${i}].assembly.${k}`, from, to, () => {
        assemblyOf(patched.nodes[i])![k] = to;
      });
    }
  });
  target.links.forEach((l, i) => {
    const before = engine.links[i];
    const p = patched.links[i];
    if (l.kind === 'packet' && before.kind === 'packet' && p.kind === 'packet') {
      if (typeof l.loss === 'number' && typeof before.loss === 'number') {
        const to = l.loss;
        change(`links[${i}].loss`, before.loss, to, () => {
          p.loss = to;
        });
      }
    } else if (l.kind === 'fiber' && before.kind === 'fiber' && p.kind === 'fiber') {
      change(`links[${i}].wavelengths`, before.wavelengths, l.wavelengths, () => {
        p.wavelengths = l.wavelengths;
      });
      for (const cls of ['data', 'ack'] as const) {
        change(`links[${i}].burstLoss.${cls}`, before.burstLoss[cls], l.burstLoss[cls], () => {
          p.burstLoss[cls] = l.burstLoss[cls];
        });
      }
    }
  });
  target.flows.forEach((f, i) => {
    const before = engine.flows[i];
    if (f.tcp.variant === before.tcp.variant) return;
    const index = TCP_VARIANTS.indexOf(f.tcp.variant);
    if (index < 0) return;
    change(
      `flows[${i}].tcp.variant`,
      0,
      1,
      () => {
        patched.flows[i].tcp.variant = f.tcp.variant;
      },
      index,
    );
  });

  if (changes.length > 0 && sameNetwork(patched, target)) return { kind: 'live', changes };
  return { kind: 'load' };
}
