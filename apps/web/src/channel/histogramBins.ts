/**
 * The summary's log-2 histograms (docs/model.md section 5: bin i = [2^i, 2^(i+1)), bin 0
 * also holds 0) as bars to draw: only the range from the first to the last non-empty
 * bin, each with a readable label.
 */
import type { Log2Histogram } from '@obs-tcp-sim/scenario';

export interface HistogramBar {
  /** Inclusive lower bound, exclusive upper bound. */
  lo: number;
  hi: number;
  count: number;
  /** Short tick label for the bar's lower edge ("1 KB", "64"). */
  label: string;
  /** Full description for a tooltip / screen reader ("1–2 KB: 12 bursts"). */
  title: string;
}

type PartialHistogram = { lower?: ReadonlyArray<number | undefined>; counts?: ReadonlyArray<number | undefined> };

/** Bytes on a power-of-two scale: 512 B, 1 KiB... shown as KB/MB with binary multiples (2^10). */
export function formatPow2Bytes(x: number): string {
  if (x < 1024) return `${x} B`;
  if (x < 1024 * 1024) return `${trim(x / 1024)} KiB`;
  return `${trim(x / (1024 * 1024))} MiB`;
}

export function formatPlain(x: number): string {
  if (x < 1e4) return String(x);
  if (x < 1e6) return `${trim(x / 1e3)}k`;
  return `${trim(x / 1e6)}M`;
}

function trim(x: number): string {
  return String(Number(x.toPrecision(3)));
}

export function histogramBars(h: PartialHistogram | null | undefined, format: (x: number) => string, unit: string): HistogramBar[] {
  const counts = h?.counts ?? [];
  let first = -1;
  let last = -1;
  counts.forEach((c, i) => {
    if ((c ?? 0) > 0) {
      if (first < 0) first = i;
      last = i;
    }
  });
  if (first < 0) return [];
  const bars: HistogramBar[] = [];
  for (let i = first; i <= last; i++) {
    const lo = h?.lower?.[i] ?? (i === 0 ? 0 : 2 ** i);
    const base = i === 0 ? 1 : lo;
    const hi = 2 * base;
    const count = counts[i] ?? 0;
    const range = i === 0 ? `0–${format(hi - 1)}` : `${format(lo)}–${format(hi)}`;
    bars.push({ lo, hi, count, label: format(lo), title: `${range} ${unit}: ${count} burst${count === 1 ? '' : 's'}` });
  }
  return bars;
}

export function toLog2Histogram(h: PartialHistogram | null | undefined): Log2Histogram | null {
  if (!h?.counts) return null;
  return { lower: (h.lower ?? []).map((x) => x ?? 0), counts: h.counts.map((x) => x ?? 0) };
}
