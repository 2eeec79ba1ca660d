// The "Measured" paragraphs of docs/presets.md whose runs are too long for every `npm test`
// (paper 001's 60 s, paper 003's 320 flows): their runs are sweeps of validation/specs/
// (presets-*.json), run and cached by `npm run validate` like every other, and written
// from the cache, each paragraph saying which engine build made it. preset-figures.test.ts
// holds the doc to the cache, which costs no run; `npm run validate -- --rerun-stale`
// runs them again after an engine change and writes the doc.
import { readFileSync } from 'node:fs';
import { wrap } from './wrap';

/** A cached result as `obs-sim sweep --json` writes it (docs/sweeps.md). */
export interface CachedSweep {
  points: { values: unknown[] }[];
  runs: { point: number; outputs: Record<string, number | null> }[];
}

/** The cache: results of a validation spec, and the engine build that made them (its meta). */
export interface ValidationCache {
  results(spec: string): CachedSweep;
  engine(spec: string): string;
}

/** The cache in validation/results/ of the repository at `root` (a file URL ending in /). */
export function cacheAt(root: URL): ValidationCache {
  const read = (file: string) => JSON.parse(readFileSync(new URL(`validation/results/${file}`, root), 'utf8'));
  return {
    results: (spec) => read(`${spec}.json`),
    engine: (spec) => read(`${spec}.meta.json`).engine ?? 'unrecorded',
  };
}

/** The presets' specs, for the validate section that runs and caches them. */
export const PRESET_SPECS = ['presets-paper001', 'presets-paper002', 'presets-paper003-slow', 'presets-paper003-fast'];

/** The cached run of every preset as it is (validate's presets section): the table at the head of the doc. */
export const PRESET_TABLE = 'presets-table';

interface PresetRow {
  preset: string;
  simTime: number;
  events: number;
  segmentsSent: number;
  backgroundBursts: number;
}

/** 10 k, 0.96 M, 512: counts as the docs write them. */
function count(x: number): string {
  if (x >= 1e6) return `${sig3(x / 1e6)} M`;
  if (x >= 1e3) return `${sig3(x / 1e3)} k`;
  return String(x);
}

function presetTable(cache: ValidationCache): string {
  const rows = (cache.results(PRESET_TABLE) as unknown as { runs: PresetRow[] }).runs;
  return [
    wrap(
      `Each preset run once as it is (seed as in the file, whole duration; \`npm run validate\`, engine \`${cache.engine(PRESET_TABLE)}\`). Events are the work of a run: its wall time is about its events times the engine's time per event (docs/performance.md, \`npm run bench\`).`,
    ),
    '',
    '| preset | simulated | events | segments sent |',
    '|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.preset} | ${r.simTime} s | ${count(r.events)} | ${count(r.segmentsSent)}${r.backgroundBursts ? ` (+ ${count(r.backgroundBursts)} background bursts)` : ''} |`,
    ),
  ].join('\n');
}

/** Each output of the runs of point `point` (one seed per point in these specs). */
function point(sweep: CachedSweep, point: number): Record<string, number> {
  const run = sweep.runs.find((r) => r.point === point);
  if (!run) throw new Error(`no run of point ${point} in the cache`);
  return run.outputs as Record<string, number>;
}

/** Three significant digits: 5.30, 20.6, 223; whole from 1000 on, with thousands separated. */
function sig3(x: number): string {
  return Math.abs(x) >= 999.5 ? whole(x) : x.toPrecision(3);
}
/** 26,589: the docs separate thousands with commas. */
const whole = (x: number) => Math.round(x).toLocaleString('en-US');
const mbit = (x: number) => sig3(x / 1e6);
const gbit = (x: number) => sig3(x / 1e9);
const ms = (x: number) => sig3(x * 1e3);
/** 491 k: thousands, three significant digits. */
const kilo = (x: number) => `${sig3(x / 1e3)} k`;
/** 8.4e-5, 0.25 %: a small share as the docs write it. */
const exp2 = (x: number) => (x === 0 ? '0' : x.toExponential(1).replace(/\.0e/, 'e'));
const made = (cache: ValidationCache, spec: string) =>
  `(\`npm run validate\`, [validation/specs/${spec}.json](../validation/specs/${spec}.json), engine \`${cache.engine(spec)}\`)`;

const VARIANTS = ['reno', 'hstcp', 'bic', 'stcp', 'htcp', 'cubic'];

/** Each preset's paragraph, from the cache. */
export const MEASURED_FROM_VALIDATION: Record<string, (cache: ValidationCache) => string> = {
  table: presetTable,

  paper001(cache) {
    const spec = 'presets-paper001';
    const sweep = cache.results(spec);
    const [four, two, eight] = [0, 1, 2].map((p) => point(sweep, p));
    const lost = four['bursts.data.droppedContention'];
    const sent = four['bursts.data.sent'];
    return (
      `Measured (60 s) ${made(cache, spec)}: ` +
      `${VARIANTS.map((v) => `${v} ${mbit(four[`flows[${v}].goodput`])}`).join(', ')} Mbit/s; ` +
      `${whole(lost)} of ${whole(sent)} data bursts lost to contention (${sig3((lost / sent) * 100)} %), ` +
      `${four['bursts.data.droppedInjected'] === 0 ? 'none' : whole(four['bursts.data.droppedInjected'])} injected. ` +
      `With 2 wavelengths the aggregate is ${mbit(two['aggregate.goodput'])} Mbit/s ` +
      `(${mbit(four['aggregate.goodput'])} with 4); with 8, ${eight['bursts.data.droppedContention'] === 0 ? 'none' : whole(eight['bursts.data.droppedContention'])} ` +
      `${eight['bursts.data.droppedContention'] === 1 ? 'is' : 'are'} lost to contention and the aggregate is ${gbit(eight['aggregate.goodput'])} Gbit/s ` +
      `(a heavy run: ${sig3(eight['sum(flows[].segmentsSent)'] / 1e6)} M segments).`
    );
  },

  paper002(cache) {
    const spec = 'presets-paper002';
    const sweep = cache.results(spec);
    const at = (p: number) => point(sweep, p);
    const base = at(0);
    const retries = base['links[wlan].ab.retries'] + base['links[wlan].ba.retries'];
    const lostAll = base['links[wlan].ab.randomDrops'] + base['links[wlan].ba.randomDrops'];
    const wlan = [1, 2, 3, 4].map(at);
    const loads = [5, 6, 7].map(at);
    const drop = (o: Record<string, number>) => o['bursts.droppedContention'] / o['bursts.sent'];
    return (
      `Measured (30 s) ${made(cache, spec)}: ${mbit(base['aggregate.goodput'])} Mbit/s, mean RTT ` +
      `${ms(base['flows[tcp1].meanRtt'])} ms, ${base['flows[tcp1].rtos'] === 0 ? 'no' : base['flows[tcp1].rtos']} timeouts, ` +
      `${base['flows[tcp1].fastRetransmits']} fast retransmits; WLAN ${whole(retries)} retries, ${lostAll} packets lost on ` +
      `every try; ${kilo(base['bursts.sent'])} bursts (${kilo(base['bursts.background.sent'])} of background bytes alone), ` +
      `${exp2(drop(base))} of them dropped by contention, ${kilo(base['bursts.fdlDelayed'])} delayed in FDLs; data bursts ` +
      `carry ${base['bursts.data.meanSegments'].toFixed(2)} segments and ${Math.round(base['bursts.data.meanBytes'] / 1e3)} KB on ` +
      `average (70,000 B plus the batch that crosses it). WLAN loss per try 0 / 0.1 / 0.2 / 0.5: ` +
      `${wlan.map((o) => mbit(o['aggregate.goodput'])).join(' / ')} Mbit/s. Background load 0.2 / 0.4 / 0.45: OBS drop ` +
      `${loads.map((o) => exp2(drop(o))).join(' / ')}, goodput ${loads.map((o) => mbit(o['aggregate.goodput'])).join(' / ')} ` +
      `Mbit/s, mean RTT ${loads.map((o) => ms(o['flows[tcp1].meanRtt'])).join(' / ')} ms. The sweeps over both ` +
      `(docs/validation.md, paper 002) give intervals.`
    );
  },

  'paper003-slow'(cache) {
    const spec = 'presets-paper003-slow';
    const sweep = cache.results(spec);
    const [lossy, open] = [0, 1].map((p) => point(sweep, p));
    const fr = lossy['sum(flows[].fastRetransmits)'];
    const rtos = lossy['sum(flows[].rtos)'];
    return (
      `Measured, slow (10 s) ${made(cache, spec)}: ${gbit(lossy['aggregate.goodput'])} Gbit/s; RTT ` +
      `${sig3(lossy['flows[slow#0].meanRtt'] * 1e3)} ms (flow 0); ${lossy['bursts.data.dropped']} of ` +
      `${whole(lossy['bursts.data.sent'])} data bursts lost, answered by ${whole(fr)} fast retransmits and ${whole(rtos)} ` +
      `timeouts over the 80 flows; mean data burst ${sig3(lossy['bursts.data.meanBytes'] / 1e6)} MB, ` +
      `${whole(lossy['bursts.data.meanSegments'])} segments (the paper: 6.32 MB, 12,360). With no loss (Pl 0), counted from ` +
      `1 s to 3 s, the open windows carry ${gbit(open['aggregate.goodput'])} Gbit/s at a ` +
      `${sig3(open['flows[slow#0].meanRtt'] * 1e3)} ms RTT.`
    );
  },

  'paper003-fast'(cache) {
    const spec = 'presets-paper003-fast';
    const sweep = cache.results(spec);
    const [two, six] = [0, 1].map((p) => point(sweep, p));
    const lostFlows = (two['sum(flows[].fastRetransmits)'] + two['sum(flows[].rtos)']) / two['bursts.data.dropped'];
    return (
      `Measured, fast (2 s) ${made(cache, spec)}: ${gbit(two['aggregate.goodput'])} Gbit/s; RTT ` +
      `${sig3(two['flows[fast#0].meanRtt'] * 1e3)} ms; ${two['bursts.data.dropped']} of ${whole(two['bursts.data.sent'])} data ` +
      `bursts lost; ${whole(two['sum(flows[].fastRetransmits)'])} fast retransmits and ${whole(two['sum(flows[].rtos)'])} ` +
      `timeouts; ${Math.round(two['bursts.data.meanSegments'])} segments per data burst, and ${Math.round(lostFlows)} ` +
      `recoveries per lost burst (one segment each of as many flows). Over 6 s: ${gbit(six['aggregate.goodput'])} Gbit/s.`
    );
  },
};

const MARK = /(<!-- measured by validate: ([\w-]+) -->\n)[\s\S]*?(\n<!-- \/measured -->)/g;

/** `doc` (docs/presets.md) with every paragraph measured by validate written anew from the cache. */
export function withValidatedFigures(doc: string, cache: ValidationCache): string {
  return doc.replace(MARK, (_, open: string, id: string, close: string) => {
    const make = MEASURED_FROM_VALIDATION[id];
    if (!make) throw new Error(`docs/presets.md: no validation runs for <!-- measured by validate: ${id} -->`);
    const text = make(cache);
    // A table keeps its lines; a paragraph is wrapped as the rest of the file.
    return `${open}${text.includes('\n') ? text : wrap(text)}${close}`;
  });
}
