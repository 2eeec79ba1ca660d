// The "Measured" figures of docs/presets.md, from runs: each preset listed here has its
// paragraph written between `<!-- measured: <id> -->` and `<!-- /measured -->` by
// scripts/gen-docs-figures.mjs, and preset-figures.test.ts fails while one is stale. The
// runs are the wasm engine's (runScenarioNode), as the CLI's: deterministic, so the text is.
import { PRESETS, type Scenario, type Summary } from '@obs-tcp-sim/scenario';
import { runScenarioNode } from '@obs-tcp-sim/engine/node';

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

const MARK = /(<!-- measured: ([\w-]+) -->\n)[\s\S]*?(\n<!-- \/measured -->)/g;

/** `doc` with every measured paragraph written anew from its runs. */
export async function withMeasuredFigures(doc: string): Promise<string> {
  const texts = new Map<string, string>();
  for (const [, , id] of doc.matchAll(MARK)) {
    const make = MEASURED[id];
    if (!make) throw new Error(`docs/presets.md: no runs for <!-- measured: ${id} -->`);
    texts.set(id, wrap(await make()));
  }
  return doc.replace(MARK, (_, open: string, id: string, close: string) => `${open}${texts.get(id)}${close}`);
}

/** Lines of at most 90 characters, as the rest of the file. */
function wrap(text: string): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > 90) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line].join('\n');
}
