/**
 * The sweep plot's axes: linear, or logarithmic when asked and every value is above 0
 * (a loss probability from 1e-5 to 1e-2, a throughput falling over decades). A closed
 * form drawn over the points joins the y range only when it is near them, so a model
 * ten times above the measurements does not squash them to the floor.
 */
import { scaleLinear, scaleLog, type ScaleLinear, type ScaleLogarithmic } from 'd3-scale';

export type Scale = ScaleLinear<number, number> | ScaleLogarithmic<number, number>;

/** A log axis needs every value finite and above 0. */
export function canBeLog(values: readonly number[]): boolean {
  return values.length > 0 && values.every((v) => Number.isFinite(v) && v > 0);
}

/** Why a log axis is not offered for these values, or null. */
export function whyNotLog(values: readonly number[], what: string): string | null {
  if (values.length === 0) return null;
  return canBeLog(values) ? null : `a log axis needs every ${what} above 0 (${Math.min(...values)} is not)`;
}

/** The x scale over the values, `log` only where possible (a single value gets some room). */
export function xScale(values: readonly number[], width: number, log: boolean): Scale {
  const finite = values.filter(Number.isFinite);
  let lo = finite.length ? Math.min(...finite) : 0;
  let hi = finite.length ? Math.max(...finite) : 1;
  if (log && canBeLog(finite)) {
    if (lo === hi) [lo, hi] = [lo / 2, hi * 2];
    return scaleLog().domain([lo, hi]).range([0, width]);
  }
  if (lo === hi) [lo, hi] = [lo - 1, hi + 1];
  return scaleLinear().domain([lo, hi]).range([0, width]);
}

/** How far above the measured top a closed form may stretch the linear y axis. */
export const OVERLAY_FIT_FACTOR = 2;

/**
 * The y scale: linear from 0 to a little above the measurements (and the overlays near
 * them); log from below the lowest to above the highest value above 0.
 */
export function yScale(measured: readonly number[], overlays: readonly number[], height: number, log: boolean): Scale {
  const m = measured.filter(Number.isFinite);
  const top = Math.max(1e-12, ...m);
  if (log) {
    const all = [...m, ...overlays.filter(Number.isFinite)].filter((v) => v > 0);
    const lo = all.length ? Math.min(...all) : 1;
    const hi = all.length ? Math.max(...all) : 10;
    return scaleLog()
      .domain([lo / 1.25, hi * 1.25])
      .nice()
      .range([height, 0]);
  }
  const near = overlays.filter((v) => Number.isFinite(v) && v <= OVERLAY_FIT_FACTOR * top);
  return scaleLinear()
    .domain([0, Math.max(top, ...near) * 1.08])
    .nice()
    .range([height, 0]);
}

/** A value kept inside a log axis (an interval's low end at or under 0 goes to the bottom). */
export function clampTo(scale: Scale, v: number): number {
  const [a, b] = scale.domain() as [number, number];
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  return Math.max(lo, Math.min(hi, v));
}

const fourDigits = (v: number) => String(Number(v.toPrecision(4)));

/** Tick labels: a log axis names only the ticks that have room (1, 2, 5 or decades). */
export function tickLabel(scale: Scale, count: number, log: boolean): (v: number) => string {
  if (!log) return fourDigits;
  const format = (scale as ScaleLogarithmic<number, number>).tickFormat(count, '~g');
  return (v) => (format(v) === '' ? '' : fourDigits(v));
}
