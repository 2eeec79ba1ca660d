/**
 * The engine's live paths (docs/engine-api.md, "Live paths") read from and written into a
 * scenario: what a slider or a live edit changes, and what a replayed change puts back.
 * A path names one number; `flows[i].tcp.variant` is the variant's index in TCP_VARIANTS.
 */
import { liveFieldOf } from '@obs-tcp-sim/scenario';
import { assemblyOf, type Scenario } from '../scenario/scenarioTypes';
import { TCP_VARIANTS } from '@obs-tcp-sim/scenario';

/** How one live path is read and written; its name and units come from the schema (liveFieldOf). */
type Reader = { read(s: Scenario): number | undefined; write(s: Scenario, v: number): Scenario };

function reader(path: string, s: Scenario): Reader | null {
  let m: RegExpExecArray | null;
  if ((m = /^obs\.burstLoss\.(data|ack)$/.exec(path))) {
    const cls = m[1] as 'data' | 'ack';
    return {
      read: (x) => x.obs.burstLoss[cls],
      write: (x, v) => ({ ...x, obs: { ...x.obs, burstLoss: { ...x.obs.burstLoss, [cls]: v } } }),
    };
  }
  if ((m = /^obs\.assembly\.(maxTime|maxBytes|minBytes)$/.exec(path))) {
    const key = m[1] as 'maxTime' | 'maxBytes' | 'minBytes';
    return {
      read: (x) => x.obs.assembly[key],
      write: (x, v) => ({ ...x, obs: { ...x.obs, assembly: { ...x.obs.assembly, [key]: v } } }),
    };
  }
  if ((m = /^nodes\[(\d+)\]\.assembly\.(maxTime|maxBytes|minBytes)$/.exec(path))) {
    const i = Number(m[1]);
    const key = m[2] as 'maxTime' | 'maxBytes' | 'minBytes';
    const node = s.nodes[i];
    if (!node || node.kind !== 'edge') return null;
    return {
      read: (x) => assemblyOf(x.nodes[i])?.[key],
      write: (x, v) => ({
        ...x,
        nodes: x.nodes.map((n, k) => (k === i ? ({ ...n, assembly: { ...assemblyOf(n), [key]: v } } as unknown as typeof n) : n)),
      }),
    };
  }
  if ((m = /^links\[(\d+)\]\.(loss|wavelengths|burstLoss\.data|burstLoss\.ack)$/.exec(path))) {
    const i = Number(m[1]);
    const field = m[2];
    const link = s.links[i];
    if (!link) return null;
    if (field === 'loss') {
      if (link.kind !== 'packet') return null;
      return {
        read: (x) => {
          const l = x.links[i];
          return l.kind === 'packet' && typeof l.loss === 'number' ? l.loss : undefined;
        },
        write: (x, v) => ({ ...x, links: x.links.map((l, k) => (k === i ? { ...l, loss: v } : l)) as Scenario['links'] }),
      };
    }
    if (link.kind !== 'fiber') return null;
    if (field === 'wavelengths') {
      return {
        read: (x) => {
          const l = x.links[i];
          return l.kind === 'fiber' ? l.wavelengths : undefined;
        },
        write: (x, v) => ({ ...x, links: x.links.map((l, k) => (k === i ? { ...l, wavelengths: v } : l)) as Scenario['links'] }),
      };
    }
    const cls = field === 'burstLoss.data' ? 'data' : 'ack';
    return {
      read: (x) => {
        const l = x.links[i];
        return l.kind === 'fiber' ? l.burstLoss[cls] : undefined;
      },
      write: (x, v) => ({
        ...x,
        links: x.links.map((l, k) => (k === i && l.kind === 'fiber' ? { ...l, burstLoss: { ...l.burstLoss, [cls]: v } } : l)),
      }),
    };
  }
  if ((m = /^flows\[(\d+)\]\.tcp\.variant$/.exec(path))) {
    const i = Number(m[1]);
    const flow = s.flows[i];
    if (!flow) return null;
    return {
      read: (x) => {
        const index = TCP_VARIANTS.indexOf(x.flows[i]?.tcp.variant as (typeof TCP_VARIANTS)[number]);
        return index < 0 ? undefined : index;
      },
      write: (x, v) => ({
        ...x,
        flows: x.flows.map((f, k) => (k === i && TCP_VARIANTS[v] ? { ...f, tcp: { ...f.tcp, variant: TCP_VARIANTS[v] } } : f)),
      }),
    };
  }
  return null;
}

/** The value a live path names in this scenario, or undefined (no such path here). */
export function readLive(s: Scenario, path: string): number | undefined {
  return reader(path, s)?.read(s);
}

/** The scenario with the live path set; the same object if the path is not one of this scenario's. */
export function applyLive(s: Scenario, path: string, value: number): Scenario {
  const r = reader(path, s);
  if (!r || r.read(s) === value) return s;
  return r.write(s, value);
}

/** "data-burst loss 1 % → 0 %": the change as the history, the log and the charts name it. */
export function describeLive(s: Scenario, path: string, from: number | undefined, to: number): string {
  const field = liveFieldOf(path, s);
  if (!field) return `${path} → ${to}`;
  return from === undefined ? `${field.label} → ${field.format(to)}` : `${field.label} ${field.format(from)} → ${field.format(to)}`;
}
