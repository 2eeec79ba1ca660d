/**
 * A live change's effect in numbers: the mean goodput of all flows, RTT and cwnd over a
 * window before the change and one after it, read from the run's samples. The windows are
 * at most `span` seconds and stop at the changes next to it and at the run's time now (the
 * after-window fills as the run goes on), so a mean never mixes two changes.
 */
import type { SeriesStore } from '../sim/seriesStore';

export interface Window {
  from: number;
  to: number;
}

export interface Means {
  /** All flows' goodput, bit/s (from the bytes delivered in the window). */
  goodput: number | null;
  /** Mean smoothed RTT of the flows' samples, seconds. */
  rtt: number | null;
  /** Mean cwnd over the flows, segments. */
  cwnd: number | null;
}

export interface ChangeEffect {
  at: number;
  label: string;
  before: Window & Means;
  after: Window & Means;
}

/** Windows shorter than this say nothing (under two samples of most runs). */
const MIN_WINDOW_S = 1e-3;

export function changeEffects(
  series: SeriesStore,
  changes: ReadonlyArray<{ at: number; label: string }>,
  now: number,
  span = 2,
): ChangeEffect[] {
  const sorted = [...changes].sort((a, b) => a.at - b.at);
  return sorted.map((c, i) => {
    const before = { from: Math.max(i > 0 ? sorted[i - 1].at : 0, c.at - span), to: c.at };
    const after = { from: c.at, to: Math.min(i + 1 < sorted.length ? sorted[i + 1].at : Infinity, c.at + span, now) };
    return { at: c.at, label: c.label, before: { ...before, ...meansIn(series, before) }, after: { ...after, ...meansIn(series, after) } };
  });
}

export function meansIn(series: SeriesStore, w: Window): Means {
  if (!(w.to - w.from >= MIN_WINDOW_S)) return { goodput: null, rtt: null, cwnd: null };
  const agg = series.aggregate;
  const t = agg.column('t');
  const n = agg.length;
  // Bytes delivered by the last sample at or before each end: the goodput over the window.
  const at = (time: number) => lastAtOrBefore(t, n, time);
  const k0 = at(w.from);
  const k1 = at(w.to);
  let goodput: number | null = null;
  if (k1 >= 0 && k1 > k0) {
    const delivered = agg.column('delivered');
    const t0 = k0 >= 0 ? t[k0] : 0;
    const d0 = k0 >= 0 ? delivered[k0] : 0;
    if (t[k1] > t0) goodput = ((delivered[k1] - d0) * 8) / (t[k1] - t0);
  }
  // RTT: the aggregate's smoothed RTT (the flows' mean) at each sample in the window.
  const srtt = agg.column('srtt');
  let rttSum = 0;
  let rttN = 0;
  for (let k = k0 + 1; k <= k1; k++) {
    if (srtt[k] > 0) {
      rttSum += srtt[k];
      rttN++;
    }
  }
  // cwnd: each flow's mean over its samples in the window, then the mean over the flows.
  let cwndSum = 0;
  let flows = 0;
  for (let f = 0; f < series.flowCount; f++) {
    const fs = series.flow(f);
    if (!fs) continue;
    const ft = fs.column('t');
    const cw = fs.column('cwnd');
    let sum = 0;
    let m = 0;
    for (let k = lastAtOrBefore(ft, fs.length, w.from) + 1; k < fs.length && ft[k] <= w.to; k++) {
      sum += cw[k];
      m++;
    }
    if (m > 0) {
      cwndSum += sum / m;
      flows++;
    }
  }
  return { goodput, rtt: rttN > 0 ? rttSum / rttN : null, cwnd: flows > 0 ? cwndSum / flows : null };
}

/** Index of the last time at or before `time` (-1 if none), times ascending. */
function lastAtOrBefore(t: ArrayLike<number>, n: number, time: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (t[mid] <= time) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}
