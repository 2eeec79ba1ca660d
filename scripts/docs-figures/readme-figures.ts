// The README's own figures, from runs: the text between `<!-- measured: readme-<id> -->`
// and `<!-- /measured -->` is written by scripts/gen-docs-figures.mjs, and
// readme-figures.test.ts fails while it is stale. Runs of the wasm engine (as the CLI's):
// deterministic, so the text is.
import { readFileSync } from 'node:fs';
import type { Scenario } from '@obs-tcp-sim/scenario';
import { runScenarioNode } from '@obs-tcp-sim/engine/node';
import { wrap } from './wrap';

const DEFAULT = new URL('../../packages/scenario/scenarios/default.json', import.meta.url);

/** A list item: "- " then the text, its further lines indented by two. */
const bullet = (text: string) =>
  wrap(text)
    .split('\n')
    .map((line, i) => (i === 0 ? `- ${line}` : `  ${line}`))
    .join('\n');

const READMES: Record<string, () => Promise<string>> = {
  /** Paper 000's finding on the reduced line: the shares of the lossless goodput 1 % of each kind of loss leaves. */
  async 'readme-paper000-line'() {
    const s = JSON.parse(readFileSync(DEFAULT, 'utf8')) as Scenario;
    const withLoss = (data: number, ack: number): Scenario => ({ ...s, obs: { ...s.obs, burstLoss: { data, ack } } });
    const goodput = async (data: number, ack: number) => (await runScenarioNode(withLoss(data, ack))).aggregate.goodput;
    const lossless = await goodput(0, 0);
    const share = async (data: number, ack: number) => `${Math.round(((await goodput(data, ack)) / lossless) * 100)} %`;
    return bullet(
      `Paper 000's finding holds on the reduced line scenario (\`scenarios/default.json\`, ${s.duration} s, seed ${s.seed}): ` +
        `1 % data-burst loss leaves ${await share(0.01, 0)} of the lossless goodput (the paper: 30 %), ` +
        `1 % ACK-burst loss ${await share(0, 0.01)} (the paper: 73 %; why it differs is in docs/model.md). ` +
        'On the full mesh preset, with Gigabit access, both shares are measured in ' +
        '[docs/presets.md](docs/presets.md) (written there from the runs).',
    );
  },
};

const MARK = /(<!-- measured: (readme-[\w-]+) -->\n)[\s\S]*?(\n<!-- \/measured -->)/g;

/** `readme` with every measured text written anew from its runs. */
export async function withReadmeFigures(readme: string): Promise<string> {
  const texts = new Map<string, string>();
  for (const [, , id] of readme.matchAll(MARK)) {
    const make = READMES[id];
    if (!make) throw new Error(`README.md: no runs for <!-- measured: ${id} -->`);
    texts.set(id, await make());
  }
  return readme.replace(MARK, (_, open: string, id: string, close: string) => `${open}${texts.get(id)}${close}`);
}

export const README_FIGURES: readonly string[] = Object.keys(READMES);
