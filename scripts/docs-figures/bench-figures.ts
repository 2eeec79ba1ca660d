// docs/performance.md's page timings, from the runs that measured them: the text between
// `<!-- measured: bench-<id> -->` and `<!-- /measured -->` is written by
// scripts/gen-docs-figures.mjs from docs/figures/bench/<id>.json, which
// `node scripts/record-bench.mjs` copies from a page-bench run of `npm run bench`
// (e2e/artifacts/) with the commit and date it ran at. Timings move with the machine, so
// the doc quotes one recorded run, names it, and bench-figures.test.ts holds the text to
// the file.
import { readFileSync } from 'node:fs';
import { wrap } from './wrap';

interface Recorded {
  commit: string;
  date: string;
  cores: number;
}

interface PageSweep extends Recorded {
  rows: Array<{ workers: number; runs: number; seconds: number; runsPerSecond: number }>;
  speedup: number[];
  cli: Array<{ threads: number; seconds: number }>;
}

interface Steady {
  tab: string;
  wall: number;
  simulated: number;
  realTime: number;
  cpuSeconds: Record<string, number>;
}

interface PresetRun {
  wall: number;
  firstInstantOnScreen: number;
  simulated: number;
  realTime: number;
}

interface PageRealtime extends Recorded {
  presetRuns: PresetRun[]; // in Chromium's headless shell, as every Playwright run here
  presetRunsFullChromium?: PresetRun[]; // in Debian's full Chromium (recorded since 2026-12-01)
  steady: Steady[];
  engineAlone: { preset: { wall: number; realTime: number }; long: { wall: number; realTime: number } };
}

interface Ratio {
  ratio: number;
  ratioMin: number;
  ratioMax: number;
}

interface EngineAb extends Recorded {
  rounds: number;
  baseline: string;
  counted: Array<{ scenario: string; events: { base: number; now: number } }>;
  timed: Array<{ scenario: string; events: { base: number; now: number }; native: Ratio; wasm: Ratio }>;
}

const fixed = (x: number, digits: number) => x.toFixed(digits);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ran = (r: Recorded) => `Recorded ${r.date} at commit ${r.commit.slice(0, 7)} on ${r.cores} cores`;

const thousands = (n: number) => n.toLocaleString('en-US');
const change = (base: number, now: number) => `${now >= base ? '+' : ''}${fixed((100 * (now - base)) / base, 1)} %`;
const pairs = (r: Ratio) => `${fixed(r.ratio, 3)} (${fixed(r.ratioMin, 2)}-${fixed(r.ratioMax, 2)})`;

// An engine change against the engine before it (wasm-core/bench/ab_engines.mjs).
function engineAb(r: EngineAb): string {
  const rows = [...r.timed, ...r.counted].map(
    (s) => `| ${s.scenario} | ${thousands(s.events.base)} | ${thousands(s.events.now)} | ${change(s.events.base, s.events.now)} |`,
  );
  const events = `| scenario | events before | events now | change |\n| --- | --- | --- | --- |\n${rows.join('\n')}`;
  const times =
    '| scenario | native, now / before | wasm under Node, now / before |\n| --- | --- | --- |\n' +
    r.timed.map((s) => `| ${s.scenario} | ${pairs(s.native)} | ${pairs(s.wasm)} |`).join('\n');
  const text =
    `Wall time: the median of ${r.rounds} rounds' ratios, each round running both engines back to back ` +
    `(their range in brackets; under 1, the change is faster). ${ran(r)}, against the engine of ` +
    `${r.baseline.slice(0, 7)} (\`wasm-core/bench/ab_engines.mjs\`).`;
  return `${events}\n\n${times}\n\n${wrap(text)}`;
}

// The engine against ns-2 on issue 40's dumb-bell (wasm-core/bench/vs_ns2.mjs).
interface Ratios {
  native: Ratio;
  wasm: Ratio;
}
interface VsNs2 extends Recorded {
  scenario: string;
  duration: number;
  rounds: number;
  targets: Array<{ name: string; delivered: number; wall: number }>;
  ns2Setup: number;
  ratios: Ratios;
  engine: { sent: number; retransmits: number; rtos: number };
  ns2: { sent: number; retransmits: number; rtos: number };
}

/** Issue 40's aim: the engine in wasm under Node at least this many times ns-2's packets per wall-second. */
const NS2_AIM = 10;

function vsNs2(r: VsNs2): string {
  const rate = (x: number) => (x >= 1e6 ? `${fixed(x / 1e6, 2)} M` : `${fixed(x / 1e3, 0)} k`);
  const against = [null, r.ratios.native, r.ratios.wasm];
  const head =
    '| target | delivered packets | wall time (median) | packets per wall-second | against ns-2, same round |\n' +
    '| --- | --- | --- | --- | --- |';
  const rows = r.targets.map(
    (t, i) =>
      `| ${t.name} | ${thousands(t.delivered)} | ${fixed(t.wall, 3)} s | ${rate(t.delivered / t.wall)} | ` +
      `${against[i] ? `${fixed(against[i].ratio, 1)}x (${fixed(against[i].ratioMin, 1)}-${fixed(against[i].ratioMax, 1)}x)` : '-'} |`,
  );
  const met = r.ratios.wasm.ratio >= NS2_AIM ? 'met' : 'not met';
  const text =
    `\`${r.scenario}\` at ${r.duration} s, ${r.rounds} rounds; against ns-2, the median of the rounds' own ratios ` +
    `(their range in brackets). Of ns-2's wall time, its set-up before the first event: ${fixed(r.ns2Setup, 3)} s. ` +
    `Sent, retransmitted and timeouts, engine / ns-2: ${thousands(r.engine.sent)} / ${thousands(r.ns2.sent)}, ` +
    `${thousands(r.engine.retransmits)} / ${thousands(r.ns2.retransmits)}, ${r.engine.rtos} / ${r.ns2.rtos}. ` +
    `Issue 40's aim, wasm under Node at least ${NS2_AIM}x ns-2: ${met} in this run. ${ran(r)} (\`wasm-core/bench/vs_ns2.mjs\`).`;
  return `${head}\n${rows.join('\n')}\n\n${wrap(text)}`;
}

// A bound (wasm-core/bench/bounds/): the engine patched to skip some events, against itself.
interface BoundAb extends EngineAb {
  bound: { patch: string; mode: number };
  timed: Array<EngineAb['timed'][number] & { segments: { base: number; now: number } }>;
}

/** What each mode of wasm-core/bench/bounds/arrivals-without-events.patch handles without an event. */
const BOUND_MODES: Record<number, string> = {
  1: "every ACK's arrival at its sender's host",
  2: "every packet's arrival at its host or at an ingress edge's burst assembly",
};

function boundAb(r: BoundAb): string {
  const what = BOUND_MODES[r.bound.mode];
  if (!what) throw new Error(`bench figures: no text for bound mode ${r.bound.mode}`);
  // The bound is not exact: per segment sent, so that one sending more is not favoured.
  const perSegment = (s: BoundAb['timed'][number]) => s.wasm.ratio / (s.segments.now / s.segments.base);
  const head =
    '| scenario | events, engine | events, bound | segments sent, bound / engine | native, bound / engine | wasm under Node, bound / engine |\n' +
    '| --- | --- | --- | --- | --- | --- |';
  const rows = r.timed.map(
    (s) =>
      `| ${s.scenario} | ${thousands(s.events.base)} | ${thousands(s.events.now)} | ` +
      `${fixed(s.segments.now / s.segments.base, 3)} | ${pairs(s.native)} | ${pairs(s.wasm)} |`,
  );
  const saved = r.timed
    .map((s) => `${s.scenario} ${perSegment(s) < 1 ? `${fixed(100 * (1 - perSegment(s)), 1)} %` : 'nothing'}`)
    .join(', ');
  const text =
    `The bound: ${what} handled when the line before it sends it, without an event (\`${r.bound.patch}\`, ` +
    `mode ${r.bound.mode}). Wall time: the median of ${r.rounds} rounds' ratios, each round running the bound ` +
    `and the engine back to back (their range in brackets; under 1, the bound is faster). In wasm under Node, ` +
    `per segment sent, doing without those events saves at most: ${saved}. ${ran(r)}, the bound built from ` +
    `that commit with the patch (\`wasm-core/bench/bounds/run.sh\`).`;
  return `${head}\n${rows.join('\n')}\n\n${wrap(text)}`;
}

// Each engine change's A/B (engineAb) and each bound (boundAb), by the id it was recorded under.
const ENGINE_CHANGES = [
  'lines-fed-ahead',
  'wasm-lto',
  'lines-merged',
  'receivers-ahead',
  'hot-fields',
  'sack-words',
  'shared-arrivals',
  'route-steps',
  'held-from-line-free',
  'one-departure-ring',
];
const BOUNDS = ['bound-acks-at-senders', 'bound-no-arrival-events'];

const TEXTS: Record<string, (json: unknown) => string> = {
  ...Object.fromEntries(ENGINE_CHANGES.map((id) => [`bench-${id}`, (json: unknown) => engineAb(json as EngineAb)])),
  ...Object.fromEntries(BOUNDS.map((id) => [`bench-${id}`, (json: unknown) => boundAb(json as BoundAb)])),
  'bench-vs-ns2'(json) {
    return vsNs2(json as VsNs2);
  },
  'bench-page-sweep'(json) {
    const r = json as PageSweep;
    const head = '| engine workers in the pool | wall time of 100 runs | runs per second | against one worker |\n| --- | --- | --- | --- |';
    const rows = r.rows.map(
      (row, i) => `| ${row.workers} | ${fixed(row.seconds, 1)} s | ${fixed(row.runsPerSecond, 2)} | ${fixed(r.speedup[i], 2)}x |`,
    );
    const cli = r.cli.map((c) => `${fixed(c.seconds, 1)} s on ${c.threads} worker thread${c.threads === 1 ? '' : 's'}`).join(', ');
    const text = `The same sweep through the CLI (the spec the page downloads, the whole process): ${cli}. ${ran(r)} (\`e2e/page-sweep.spec.ts\`).`;
    return `${head}\n${rows.join('\n')}\n\n${wrap(text)}`;
  },
  'bench-page-realtime'(json) {
    // Playwright's runs use the headless shell; a person's browser here is the full one.
    const fullChromium = (runs?: PresetRun[]) => {
      if (!runs) return '';
      const wall = median(runs.map((p) => p.wall));
      return (
        ` (in Chromium's headless shell, where Playwright runs the page); in Debian's full Chromium, headless and ` +
        `drawing in software as this machine has no GPU, ${fixed(wall, 2)} s (median of ${runs.length}), ` +
        `${fixed(2 / wall, 2)}x`
      );
    };
    const r = json as PageRealtime;
    const presetWall = median(r.presetRuns.map((p) => p.wall));
    const first = median(r.presetRuns.map((p) => p.firstInstantOnScreen));
    const [charts, bare] = r.steady;
    const cpuRow = (s: Steady) =>
      `| ${s.tab} | ${fixed(s.realTime, 2)}x | ${Object.values(s.cpuSeconds)
        .map((v) => fixed(v, 1))
        .join(' | ')} |`;
    const groups = Object.keys(charts.cpuSeconds);
    const table =
      `| tab open (10 s of a 30 s run) | simulated per wall second | ${groups.map((g) => `${g} CPU s`).join(' | ')} |\n` +
      `| --- | --- | ${groups.map(() => '---').join(' | ')} |\n${cpuRow(charts)}\n${cpuRow(bare)}`;
    const text =
      `The preset's 2 s at *max* with the charts tab: ${fixed(presetWall, 2)} s from pressing play to "Finished" ` +
      `(median of ${r.presetRuns.length}), ${fixed(2 / presetWall, 2)}x real time; the first simulated instant is on screen ` +
      `${fixed(first, 2)} s after the press${fullChromium(r.presetRunsFullChromium)}. The engine alone (wasm under Node, the same preset, no page): ` +
      `${fixed(r.engineAlone.preset.wall, 2)} s for the 2 s, ${fixed(r.engineAlone.preset.realTime, 2)}x; ` +
      `${fixed(r.engineAlone.long.realTime, 2)}x over 12 s. ${ran(r)} (\`e2e/page-realtime.spec.ts\`).`;
    const engineCpu = charts.cpuSeconds['engine worker'];
    const pageCpu = Object.entries(charts.cpuSeconds)
      .filter(([g]) => g !== 'engine worker')
      .reduce((sum, [, v]) => sum + v, 0);
    const split =
      `With the charts, the engine's worker ran ${fixed(engineCpu / charts.wall, 2)} of the window's wall time ` +
      `and covered ${fixed(charts.simulated / engineCpu, 2)} simulated seconds per second of its CPU, against ` +
      `${fixed(r.engineAlone.long.realTime, 2)} for the engine alone; the rest of the browser used ` +
      `${fixed(pageCpu, 1)} CPU seconds in the ${fixed(charts.wall, 1)} s (${r.cores} cores).`;
    return `${wrap(text)}\n\n${table}\n\n${wrap(split)}`;
  },
};

// The text between is replaced whole, also when it is empty (a new mark).
const MARK = /(<!-- measured: (bench-[\w-]+) -->\n)[\s\S]*?(<!-- \/measured -->)/g;

/** `doc` with every bench text written anew from docs/figures/bench/<id>.json. */
export function withBenchFigures(doc: string, benchDir: URL): string {
  return doc.replace(MARK, (_, open: string, id: string, close: string) => {
    const make = TEXTS[id];
    if (!make) throw new Error(`docs/performance.md: no recorded bench for <!-- measured: ${id} -->`);
    const json = JSON.parse(readFileSync(new URL(`${id.slice('bench-'.length)}.json`, benchDir), 'utf8')) as unknown;
    return `${open}${make(json)}\n${close}`;
  });
}

export const BENCH_FIGURES: readonly string[] = Object.keys(TEXTS);
