/** Friendly units for people (docs/model.md: SI inside the scenario format, ms / Mbit/s / % outside). */
import { format } from 'd3-format';

const fixed1 = format('.1f');
const fixed2 = format('.2f');
const grouped = format(',d');

/** 1.25e9 -> "1.25 Gbit/s"; 1e8 -> "100 Mbit/s". */
export function formatRate(bitsPerSecond: number): string {
  const units: Array<[number, string]> = [
    [1e12, 'Tbit/s'],
    [1e9, 'Gbit/s'],
    [1e6, 'Mbit/s'],
    [1e3, 'kbit/s'],
  ];
  for (const [scale, unit] of units) {
    if (Math.abs(bitsPerSecond) >= scale) return `${trimZeros(bitsPerSecond / scale)} ${unit}`;
  }
  return `${trimZeros(bitsPerSecond)} bit/s`;
}

/** Probability -> percent with one decimal: 0.015 -> "1.5 %". */
export function formatPercent(p: number): string {
  return `${fixed1(p * 100)} %`;
}

/** Simulated seconds for the clock: always two decimals so the readout does not jitter. */
export function formatSeconds(s: number): string {
  return `${fixed2(s)} s`;
}

export function formatCount(n: number | undefined): string {
  return n === undefined || !Number.isFinite(n) ? '–' : grouped(n);
}

/** A throughput for the counters, one decimal: 1.234e8 -> "123.4 Mbit/s", 2.19e10 -> "21.9 Gbit/s". */
export function formatThroughput(bitsPerSecond: number | undefined): string {
  if (bitsPerSecond === undefined || !Number.isFinite(bitsPerSecond)) return '–';
  return bitsPerSecond >= 1e9 ? `${fixed1(bitsPerSecond / 1e9)} Gbit/s` : `${fixed1(bitsPerSecond / 1e6)} Mbit/s`;
}

/** Propagation delay: 1e-4 -> "100 µs", 0.005 -> "5 ms". */
export function formatDelay(seconds: number): string {
  if (seconds >= 1) return `${trimZeros(seconds)} s`;
  if (seconds >= 1e-3) return `${trimZeros(seconds * 1e3)} ms`;
  return `${trimZeros(seconds * 1e6)} µs`;
}

function trimZeros(x: number): string {
  return String(Number(x.toPrecision(3)));
}

/**
 * The simulated clock at a given speed: enough decimals that it visibly moves (µs when
 * watching single bursts), never more, so the readout does not jitter. A clock standing
 * still (paused, stepping) shows µs: a step of a few µs must read as a change.
 */
export function formatClock(s: number, speed: number, still = false): string {
  const decimals = still || speed <= 1e-4 ? 6 : speed <= 1e-2 ? 4 : 2;
  return `${s.toFixed(decimals)} s`;
}

/** Engine events per wall second: 2.3e6 -> "2.3 M events/s". */
export function formatEventRate(perSecond: number): string {
  if (!Number.isFinite(perSecond) || perSecond <= 0) return '–';
  if (perSecond >= 1e6) return `${fixed1(perSecond / 1e6)} M events/s`;
  if (perSecond >= 1e3) return `${fixed1(perSecond / 1e3)} k events/s`;
  return `${Math.round(perSecond)} events/s`;
}

/** B against A as a signed percentage ("+12 %", "−30 %"), '' when A is 0 or missing. */
export function formatChange(a: number | undefined, b: number | undefined): string {
  if (a === undefined || b === undefined || a === 0 || !Number.isFinite(a) || !Number.isFinite(b)) return '';
  const pct = ((b - a) / Math.abs(a)) * 100;
  const rounded = Math.abs(pct) < 10 ? pct.toFixed(1) : pct.toFixed(0);
  return `${pct > 0 ? '+' : pct < 0 ? '−' : '±'}${rounded.replace('-', '')} %`;
}
