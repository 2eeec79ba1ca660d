// Issue 17: nothing a link or a file says can freeze the engine, exhaust memory or destroy
// the user's work. The hostile corpus (tests/hostile, written by scripts/hostile/generate.mjs)
// and the inputs too big to keep (scripts/hostile/big-cases.mjs) go through the real CLI:
// every case ends with exit status 0 or 2 (or the one the manifest names), within
// CASE_SECONDS, silent after exit 0 and with exactly one bounded, printable line after
// exit 2: no stack trace, no raw control or bidirectional character. Every link goes
// through decodeShareHash. The long form, with a mutation loop: npm run fuzz:hostile.
//
// Two lanes at most (the machine has two cores): the corpus in one, the big inputs and
// the cases that wait on the engine's run guard (names starting with engine-) in the other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeShareHash } from '@obs-tcp-sim/scenario';
import {
  CASE_SECONDS,
  judge,
  loadCases,
  loadLinks,
  runBatched,
  runProcess,
  type Case,
  type Outcome,
} from '../../../scripts/hostile/harness.mjs';
import { makeBigCases } from '../../../scripts/hostile/big-cases.mjs';
import { checkCorpus } from '../../../scripts/hostile/generate.mjs';

const UNSAFE =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const corpus = loadCases();
const big = makeBigCases();
afterAll(() => big.cleanup());

const laneA = corpus.filter((c) => !c.engine);
const laneB = [...big.cases.filter((c) => !c.engine), ...corpus.filter((c) => c.engine), ...big.cases.filter((c) => c.engine)];

/** Runs a lane: batched cases first, then the ones that need a process of their own. */
async function runLane(cases: Case[]): Promise<Map<Case, Outcome>> {
  const results = new Map<Case, Outcome>();
  const batched = cases.filter((c) => !c.process);
  const outcomes = await runBatched(batched);
  batched.forEach((c, i) => results.set(c, outcomes[i]));
  for (const c of cases.filter((c) => c.process)) results.set(c, await runProcess(c));
  return results;
}

let lanes: Promise<[Map<Case, Outcome>, Map<Case, Outcome>]>;
beforeAll(() => {
  lanes = Promise.all([runLane(laneA), runLane(laneB)]);
});

/** "name: problem" for every case of `cases` that failed. */
async function problemsOf(cases: Case[]): Promise<string[]> {
  const [a, b] = await lanes;
  return cases.flatMap((c) => {
    const outcome = a.get(c) ?? b.get(c);
    if (!outcome) return [`${c.name}: did not run`];
    return judge(c, outcome).map((problem) => `${c.name}: ${problem}${c.engine ? ` [engine: ${c.engine}]` : ''}`);
  });
}

describe('hostile inputs through obs-sim', () => {
  it('the corpus on disk is what scripts/hostile/generate.mjs writes, and holds several hundred cases', () => {
    expect(checkCorpus()).toEqual([]);
    expect(corpus.length).toBeGreaterThan(600);
  });

  it(`every scenario file ends with exit 0 (and its warnings, a bounded line each) or exit 2 and one bounded line, within ${CASE_SECONDS} s`, async () => {
    const cases = laneA.filter((c) => c.command === 'run');
    expect(cases.length).toBeGreaterThan(400);
    expect(await problemsOf(cases)).toEqual([]);
  });

  it('every sweep spec: the valid ones run, the others are refused with one line', async () => {
    expect(await problemsOf(laneA.filter((c) => c.command === 'sweep'))).toEqual([]);
  });

  it('every shard file: edited, forged, malformed and old shards are refused by merge with one line naming the file', async () => {
    const cases = laneA.filter((c) => c.command === 'merge');
    expect(cases.filter((c) => c.expect === 'refused').length).toBeGreaterThan(100);
    expect(await problemsOf(cases)).toEqual([]);
  });

  it('inputs past the caps, /dev/zero, endless standard input, 20 MB strings: refused at once with one line', async () => {
    expect(await problemsOf(big.cases.filter((c) => !c.engine))).toEqual([]);
  });

  // These wait on the engine's run guard (wasm-core/src/run_guard.*): a livelock, a run
  // without end, memory, the budgets of --max-events and --max-memory, the 300-router mesh.
  it("engine- cases: livelocks, memory and budgets end with exit 0 or 2 and one line within seconds (the engine's run guard)", async () => {
    expect(await problemsOf([...corpus.filter((c) => c.engine), ...big.cases.filter((c) => c.engine)])).toEqual([]);
  });

  it('every share link: decodeShareHash never throws, and a refusal is one bounded sentence with no raw unsafe character', () => {
    const links = loadLinks();
    expect(links.length).toBeGreaterThan(150);
    // The first eight are the presets and the full scenario, encoded as the app encodes
    // them: they open, so the corpus's encoding is the app's and refusals mean something.
    for (const link of links.slice(0, 8)) expect(decodeShareHash(link)).toMatchObject({ ok: true, source: 'link' });
    const problems: string[] = [];
    for (const [i, link] of links.entries()) {
      const started = performance.now();
      let result;
      try {
        result = decodeShareHash(link);
      } catch (error) {
        problems.push(`links.txt line ${i + 1}: threw ${String(error).slice(0, 100)}`);
        continue;
      }
      const ms = performance.now() - started;
      if (ms > 2000) problems.push(`links.txt line ${i + 1}: took ${Math.round(ms)} ms`);
      if (result.ok) continue;
      const { message } = result.error;
      if (typeof message !== 'string' || message === '') problems.push(`links.txt line ${i + 1}: no message`);
      else if (message.length > 400) problems.push(`links.txt line ${i + 1}: a message of ${message.length} characters`);
      else if (UNSAFE.test(message)) problems.push(`links.txt line ${i + 1}: raw unsafe character in ${JSON.stringify(message)}`);
    }
    expect(problems).toEqual([]);
  });
});
