/**
 * What the channel view watches: one direction of a fiber link, or a core node (all its
 * outgoing fiber links). Options come from the scenario; the default is the busiest fiber
 * direction by the summary's utilisation.
 */
import type { ScenarioShape } from '@obs-tcp-sim/engine';
import type { GanttTrackSpec } from './reservations';

export interface ChannelOption {
  /** "link:3:0" or "node:2" */
  value: string;
  label: string;
  group: 'link' | 'node';
}

export function channelOptions(scenario: ScenarioShape): ChannelOption[] {
  const links = scenario.links ?? [];
  const nodes = scenario.nodes ?? [];
  const out: ChannelOption[] = [];
  links.forEach((l, i) => {
    if (l.kind !== 'fiber') return;
    out.push({ value: `link:${i}:0`, label: `${l.id}: ${l.a} → ${l.b}`, group: 'link' });
    out.push({ value: `link:${i}:1`, label: `${l.id}: ${l.b} → ${l.a}`, group: 'link' });
  });
  nodes.forEach((n, i) => {
    if (n.kind === 'core') out.push({ value: `node:${i}`, label: `${n.id}: its outgoing fibers`, group: 'node' });
  });
  return out;
}

/** The option that watches node `id` (a core), or null if there is none. */
export function nodeOption(options: readonly ChannelOption[], scenario: ScenarioShape, id: string): string | null {
  const index = (scenario.nodes ?? []).findIndex((n) => n.id === id);
  const value = `node:${index}`;
  return index >= 0 && options.some((o) => o.value === value) ? value : null;
}

/** The link directions a choice watches, with their labels and wavelength counts. */
export function tracksFor(value: string, scenario: ScenarioShape): GanttTrackSpec[] {
  const links = scenario.links ?? [];
  const nodes = scenario.nodes ?? [];
  const spec = (i: number, dir: number): GanttTrackSpec => {
    const l = links[i];
    const [from, to] = dir === 0 ? [l.a, l.b] : [l.b, l.a];
    return { link: i, dir, label: `${l.id}: ${from} → ${to}`, wavelengths: l.wavelengths ?? 1 };
  };
  const [kind, a, b] = value.split(':');
  if (kind === 'link') {
    const i = Number(a);
    const dir = Number(b);
    return links[i]?.kind === 'fiber' && (dir === 0 || dir === 1) ? [spec(i, dir)] : [];
  }
  if (kind === 'node') {
    const id = nodes[Number(a)]?.id;
    if (id === undefined) return [];
    const out: GanttTrackSpec[] = [];
    links.forEach((l, i) => {
      if (l.kind !== 'fiber') return;
      if (l.a === id) out.push(spec(i, 0));
      if (l.b === id) out.push(spec(i, 1));
    });
    return out;
  }
  return [];
}

type LinkUse = { id?: string; kind?: string; ab?: { utilisation?: number }; ba?: { utilisation?: number } };

/** The busiest fiber direction by utilisation; null when the summary has none yet. */
export function busiestFiber(scenario: ScenarioShape, summaryLinks: ReadonlyArray<LinkUse | undefined> | undefined): string | null {
  const links = scenario.links ?? [];
  let best: string | null = null;
  let bestU = 0;
  (summaryLinks ?? []).forEach((s, i) => {
    if (!s || links[i]?.kind !== 'fiber') return;
    const uses: Array<[number, number]> = [
      [0, s.ab?.utilisation ?? 0],
      [1, s.ba?.utilisation ?? 0],
    ];
    for (const [dir, u] of uses) {
      if (u > bestU) {
        bestU = u;
        best = `link:${i}:${dir}`;
      }
    }
  });
  return best;
}

/** Before any summary: the first fiber link, a -> b. */
export function firstFiber(scenario: ScenarioShape): string | null {
  const i = (scenario.links ?? []).findIndex((l) => l.kind === 'fiber');
  return i < 0 ? null : `link:${i}:0`;
}
