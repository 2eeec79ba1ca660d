// The "Measured" figures of docs/presets.md, from runs: each preset listed here has its
// paragraph written between `<!-- measured: <id> -->` and `<!-- /measured -->` by
// scripts/gen-docs-figures.mjs, and preset-figures.test.ts fails while one is stale. The
// runs are the wasm engine's (runScenarioNode), as the CLI's: deterministic, so the text is.
import { PRESETS, type Scenario, type Summary } from '@obs-tcp-sim/scenario';
import { runScenarioNode } from '@obs-tcp-sim/engine/node';
import { wrap } from './wrap';

const MBIT = 1e6;

/** Three significant digits, as the docs quote a rate: 5.95, 20.0, 223 (whole above 999). */
function sig3(x: number): string {
  return Math.abs(x) >= 999.5 ? Math.round(x).toString() : x.toPrecision(3);
}

const mbits = (s: Summary) => `${sig3(s.aggregate.goodput / MBIT)} Mbit/s`;
const percent = (x: number) => `${Math.round(x * 100)} %`;

function preset(id: string): Scenario {
  const found = PRESETS.find((p) => p.id === id);
  if (!found) throw new Error(`no preset ${id}`);
  return structuredClone(found.scenario) as Scenario;
}

function withLoss(s: Scenario, data: number, ack: number, seed = s.seed): Scenario {
  return { ...s, seed, obs: { ...s.obs, burstLoss: { data, ack } } };
}

const run = (s: Scenario) => runScenarioNode(s);

/** The paragraph of each preset, as docs/presets.md prints it. */
export const MEASURED: Record<string, () => Promise<string>> = {
  async 'first-lesson'() {
    const s = preset('first-lesson');
    const [lossy, lossless] = await Promise.all([run(s), run(withLoss(s, 0, 0))]);
    const fr = lossy.flows.reduce((n, f) => n + f.fastRetransmits, 0);
    const rtos = lossy.flows.reduce((n, f) => n + f.rtos, 0);
    return (
      `Measured (${s.duration} s, seed ${s.seed}): ${mbits(lossy)} (${mbits(lossless)} without loss); ` +
      `${lossy.bursts.data!.dropped} data bursts lost; ${fr} fast retransmits and ${rtos} timeouts.`
    );
  },

  async paper000() {
    const s = preset('paper000');
    const cases: Array<[string, number, number]> = [
      ['data DP 1 %', 0.01, 0],
      ['ACK DP 1 %', 0, 0.01],
      ['ACK DP 5 %', 0, 0.05],
      ['both 1 %', 0.01, 0.01],
    ];
    const base = await run(withLoss(s, 0, 0));
    const share = (x: Summary) => x.aggregate.goodput / base.aggregate.goodput;
    const results = [];
    for (const [, data, ack] of cases) results.push(await run(withLoss(s, data, ack)));
    const seeds = [1, 2, 3, 4, 5];
    const ranges = [];
    for (const [name, data, ack] of cases.slice(0, 3)) {
      const shares = [];
      for (const seed of seeds) shares.push(share(await run(withLoss(s, data, ack, seed))));
      ranges.push(`${name.replace(' DP', '')} ${Math.round(Math.min(...shares) * 100)}-${percent(Math.max(...shares))}`);
    }
    const quoted = cases.map(([name], i) => `${name}: ${mbits(results[i])} (${percent(share(results[i]))})`);
    return (
      `Measured (${s.duration} s, seed ${s.seed}): lossless ${mbits(base)}; ${quoted.join('; ')}. ` +
      `Seeds ${seeds[0]} to ${seeds.at(-1)}: ${ranges.join(', ')}.`
    );
  },
};

/** The flow's optical path, its cores in order, from the pair between the edges beside its two hosts. */
function flowPath(s: Scenario, r: Summary): string[] {
  const flow = s.flows[0];
  const edgeBeside = (host: string) => {
    const link = s.links.find((l) => l.a === host || l.b === host)!;
    return link.a === host ? link.b : link.a;
  };
  const [src, dst] = [edgeBeside(flow.src), edgeBeside(flow.dst)];
  const pair = r.pairs!.find((p) => p.src === src && p.dst === dst)!;
  const kinds = new Map(s.nodes.map((n) => [n.id, n.kind]));
  return pair.route!.filter((id) => kinds.get(id) === 'core');
}

/** Thousands, as the table writes them: 440 k. */
const thousands = (n: number) => `${Math.round(n / 1000)} k`;
const percent1 = (x: number) => `${(x * 100).toFixed(x < 0.1 ? 2 : 1)} %`;

MEASURED['paper004'] = async () => {
  const s = preset('paper004');
  const r = await run(s);
  const each = (f: Summary['flows'][number]) => `${f.id} ${f.fastRetransmits} / ${f.rtos} / ${f.retransmits}`;
  return (
    `Measured (${s.duration} s): ${r.flows.map((f) => `${f.id} ${(f.goodput / MBIT).toFixed(2)}`).join(', ')} Mbit/s; ` +
    `fast retransmits / timeouts / retransmitted segments: ${r.flows.map(each).join(', ')}; ` +
    `${r.packets.queueDrops} packets lost at the bottleneck queue.`
  );
};

MEASURED['backbones'] = async () => {
  const rows: Array<[string, string, (s: Scenario) => void]> = [
    ['nsfnet', 'nsfnet', () => {}],
    ['nsfnet, load 0.3 (Show me)', 'nsfnet', (s) => (s.traffic!.load = 0.3)],
    ['nsfnet-continuity (first-fit)', 'nsfnet-continuity', () => {}],
    ['nsfnet-continuity, random (Show me)', 'nsfnet-continuity', (s) => (s.obs.wavelengthChoice = 'random')],
    ['usnet', 'usnet', () => {}],
  ];
  const lines = [
    `Measured (whole run, seed 1; loss over the bursts whose fate is known):`,
    '',
    "| preset | bursts | burst loss | the flow's path (cores) | its bursts lost (data and ACK) | flow goodput | fast retransmits / timeouts |",
    '|---|---|---|---|---|---|---|',
  ];
  let lastPath = '';
  for (const [name, id, change] of rows) {
    const s = preset(id);
    change(s);
    const r = await run(s);
    const b = r.bursts;
    const own = [b.data!, b.ack!];
    const ownLost = own.reduce((n, c) => n + c.dropped, 0);
    const ownKnown = own.reduce((n, c) => n + c.dropped + (c.delivered ?? 0), 0);
    const path = flowPath(s, r).join(' ');
    const f = r.flows[0];
    const segments = Math.round(f.delivered / s.flows[0].tcp!.mss!);
    const goodput = segments < 100 ? `${segments} segments in ${s.duration} s` : `${(f.goodput / MBIT).toFixed(2)} Mbit/s`;
    lines.push(
      `| ${name} | ${thousands(b.sent)} | ${percent1(b.dropped / (b.dropped + (b.delivered ?? 0)))} | ${path === lastPath ? 'same' : path} | ` +
        `${percent1(ownLost / ownKnown)} | ${goodput} | ${f.fastRetransmits} / ${f.rtos} |`,
    );
    lastPath = path;
  }
  return lines.join('\n');
};

const MARK = /(<!-- measured: ([\w-]+) -->\n)[\s\S]*?(\n<!-- \/measured -->)/g;

/** `doc` with every measured paragraph written anew from its runs. */
export async function withMeasuredFigures(doc: string): Promise<string> {
  const texts = new Map<string, string>();
  for (const [, , id] of doc.matchAll(MARK)) {
    const make = MEASURED[id];
    if (!make) throw new Error(`docs/presets.md: no runs for <!-- measured: ${id} -->`);
    const text = await make();
    // A table keeps its lines; a paragraph is wrapped as the rest of the file.
    texts.set(id, text.includes('\n') ? text : wrap(text));
  }
  return doc.replace(MARK, (_, open: string, id: string, close: string) => `${open}${texts.get(id)}${close}`);
}
