// Markdown pieces for docs/validation.md: numbers with intervals, tables, figures with
// captions that name their spec and the command, and the verdict rule.
import { describeSamples } from '@obs-tcp-sim/sweep';
import { sweepCommand } from './sweeps.mjs';

/**
 * Mean and 95 % interval (Student's t, as the sweeps compute theirs) of per-run values,
 * for sections that group runs their own way (replicates, sums over flows).
 * @param {number[]} values
 */
export function stat(values) {
  const d = describeSamples(values);
  const h = d.ci95 ?? 0;
  return { n: d.n, mean: d.mean, low: d.mean - h, high: d.mean + h };
}

/** A mean with its interval, in other units (1e-6: bit/s to Mbit/s; 1e3: s to ms). */
export const scaled = (x, factor) => ({ mean: x.mean * factor, low: x.low * factor, high: x.high * factor });

/** A mean with its interval as a chart point's y and error bar (svg.mjs). */
export const toY = (x) => ({ y: x.mean, low: x.low, high: x.high });

/** A number to `digits` significant digits, without exponent noise. */
export function num(v, digits = 3) {
  if (v === null || v === undefined || !Number.isFinite(v)) return 'n/a';
  if (v === 0) return '0';
  return String(Number(v.toPrecision(digits)));
}

/** "0.110 [0.092, 0.124]": a mean and its 95 % interval, fixed decimals. */
export function withCi(x, decimals = 3) {
  if (!x || x.mean === null || !Number.isFinite(x.mean)) return 'n/a';
  const f = (v) => v.toFixed(decimals);
  if (x.low === undefined || x.low === null || x.high === x.low) return f(x.mean);
  return `${f(x.mean)} [${f(x.low)}, ${f(x.high)}]`;
}

/** Mbit/s with a 95 % interval. */
export function mbps(x, decimals = 2) {
  if (!x) return 'n/a';
  const s = {
    mean: x.mean / 1e6,
    low: x.low === null || x.low === undefined ? undefined : x.low / 1e6,
    high: x.high === null || x.high === undefined ? undefined : x.high / 1e6,
  };
  return withCi(s, decimals);
}

export function percent(v, decimals = 0) {
  return v === null || !Number.isFinite(v) ? 'n/a' : `${(v * 100).toFixed(decimals)} %`;
}

export function signedPercent(v, decimals = 0) {
  if (v === null || !Number.isFinite(v)) return 'n/a';
  const s = (v * 100).toFixed(decimals);
  return `${v >= 0 ? '+' : '−'}${s.replace('-', '')} %`;
}

/** @param {string[]} headers @param {(string | number)[][]} rows */
export function table(headers, rows) {
  const line = (cells) => `| ${cells.map((c) => String(c).replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}

/**
 * A figure: the image and a caption naming the spec(s) and the commands.
 * @param {string} file path of the SVG relative to docs/
 * @param {string} caption
 * @param {string[]} specs spec names under validation/specs
 */
export function figure(file, caption, specs) {
  const sources = specs.map((s) => `[\`validation/specs/${s}.json\`](../validation/specs/${s}.json)`).join(', ');
  const commands = specs.map((s) => `\`${sweepCommand(s)}\``).join('; ');
  return (
    `![${caption}](${file})\n\n*${caption}* Spec${specs.length > 1 ? 's' : ''}: ${sources}. ` +
    `Drawn by \`npm run validate\` from the cached results; one sweep by hand: ${commands}.`
  );
}

/**
 * The verdict rule used for every row with a number: the paper's value is read from its
 * prose ("about 30 %"), so a tolerance is allowed around our 95 % interval.
 * @param {number} paper
 * @param {{ low: number, high: number }} ours
 * @param {number} tolerance absolute
 */
export function within(paper, ours, tolerance) {
  return paper >= ours.low - tolerance && paper <= ours.high + tolerance;
}
