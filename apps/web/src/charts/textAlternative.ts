/**
 * A chart in words, for whoever cannot see it (WCAG 1.1.1): the latest value of each line,
 * and on request a table of the lines sampled across the window shown. Both read the
 * layers the chart draws (layers.ts), through the same describe() as the hover read-out,
 * so the words and the picture never disagree.
 */
import { describeScratch } from './describeScratch';
import { nearestIndex } from './decimate';
import type { Layer } from './layers';

/** What a layer needs here: its name, its samples' times, and words for sample i. */
export type DescribedLayer = Pick<Layer, 'label' | 'inTooltip' | 'describe'> & {
  source: { length: number; column(name: 't'): ArrayLike<number> };
};

export interface ChartTable {
  head: string[];
  rows: string[][];
}

const seconds = (t: number) => `${t.toFixed(t < 10 ? 3 : 2)} s`;

function scratchFor(layers: readonly DescribedLayer[]): Float64Array {
  let n = 0;
  for (const l of layers) n = Math.max(n, l.source.length);
  return describeScratch(n);
}

/** "At 4.200 s: tcp1 23.0 segments; tcp2 …", or why there is nothing yet. */
export function latestValues(title: string, layers: readonly DescribedLayer[]): string {
  const shown = layers.filter((l) => l.inTooltip && l.source.length > 0);
  if (shown.length === 0) return `${title}: no samples yet.`;
  const scratch = scratchFor(shown);
  let t = -Infinity;
  const parts = shown.map((l) => {
    const last = l.source.length - 1;
    t = Math.max(t, l.source.column('t')[last]);
    return `${l.label || 'value'} ${l.describe(last, scratch)}`;
  });
  return `${title}, latest at ${seconds(t)}: ${parts.join('; ')}.`;
}

/**
 * The lines at `rows` evenly spaced times across [t0, t1] (each the sample nearest that
 * time), the window cut at the latest sample: a run still going has no values past now.
 */
export function sampleTable(layers: readonly DescribedLayer[], t0: number, windowEnd: number, rows = 12): ChartTable {
  const shown = layers.filter((l) => l.inTooltip && l.source.length > 0);
  const head = ['time', ...shown.map((l) => l.label || 'value')];
  let latest = -Infinity;
  for (const l of shown) latest = Math.max(latest, l.source.column('t')[l.source.length - 1]);
  const t1 = Math.min(windowEnd, latest);
  if (shown.length === 0 || !(t1 >= t0) || rows < 1) return { head, rows: [] };
  const scratch = scratchFor(shown);
  const out: string[][] = [];
  for (let r = 0; r < rows; r++) {
    const t = rows === 1 ? t1 : t0 + ((t1 - t0) * r) / (rows - 1);
    out.push([
      seconds(t),
      ...shown.map((l) => {
        const tcol = l.source.column('t');
        const i = nearestIndex(tcol, l.source.length, t);
        // Before a line's first sample (a flow that starts later) it has no value there.
        return i < 0 || (i === 0 && tcol[0] > t) ? '–' : l.describe(i, scratch);
      }),
    ]);
  }
  return { head, rows: out };
}
