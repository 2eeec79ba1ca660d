// The CLI as a user runs it: a separate Node process (cli-test-support.ts).
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { PairSummary, Summary } from '@obs-tcp-sim/scenario';
import meshFeatures from '../../scenario/scenarios/mesh-features.json';
import { defaultFile, defaultScenario, runCli, scratchFiles } from './cli-test-support';

const { dir, file: scenarioFile } = scratchFiles('obs-cli-');

/** One line on stderr, nothing on stdout, exit 2. */
async function expectRefused(file: string, message: string | RegExp) {
  const { status, stdout, stderr } = await runCli(file);
  expect(stdout).toBe('');
  expect(stderr.endsWith('\n')).toBe(true);
  expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(stderr).not.toMatch(/\n\s+at /); // no stack trace
  const line = stderr.trimEnd();
  expect(line.startsWith(`obs-sim: ${file}: `)).toBe(true);
  const rest = line.slice(`obs-sim: ${file}: `.length);
  if (typeof message === 'string') expect(rest).toBe(message);
  else expect(rest).toMatch(message);
  expect(status).toBe(2);
}

describe('obs-sim', () => {
  it('prints the summary JSON with wallTime after simTime', async () => {
    const { status, stdout, stderr } = await runCli(defaultFile);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(stdout).toMatch(/^\{\n {2}"scenario": /); // pretty, two spaces
    const summary = JSON.parse(stdout);
    expect(summary.scenario).toBe(defaultScenario.name);
    expect(summary.simTime).toBe(defaultScenario.duration);
    expect(typeof summary.wallTime).toBe('number');
    expect(summary.wallTime).toBeGreaterThan(0);
    expect(summary.wallTime).toBeLessThan(120);
    const keys = Object.keys(summary);
    expect(keys[keys.indexOf('simTime') + 1]).toBe('wallTime');
    expect(summary.events).toBeGreaterThan(0);
    expect(summary.flows[0]).toMatchObject({ id: 'tcp1' });
    for (const field of ['goodput', 'delivered', 'retransmits', 'rtos', 'fastRetransmits', 'meanRtt', 'meanCwnd']) {
      expect(typeof summary.flows[0][field], field).toBe('number');
    }
    expect(typeof summary.aggregate.goodput).toBe('number');
    for (const field of ['sent', 'dropped', 'droppedInjected', 'droppedContention', 'meanBytes', 'meanSegments']) {
      expect(typeof summary.bursts[field], field).toBe('number');
    }
    expect(summary.bursts.data).toMatchObject({ sent: expect.any(Number), dropped: expect.any(Number) });
    expect(summary.bursts.ack).toMatchObject({ sent: expect.any(Number), dropped: expect.any(Number) });
    expect(summary.packets).toMatchObject({ queueDrops: expect.any(Number), randomDrops: expect.any(Number) });
  });

  it("the README's command, as written and redirected to a file, writes the summary and nothing else (not npm's banner)", () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme, '`npm run sim --` prints its banner into a redirected file: the README says npx obs-sim').not.toContain(
      'npm run sim -- ',
    );
    const cli = readme.slice(readme.indexOf('## The command line'));
    const command = /```sh\n(npx obs-sim \S+)\n```/.exec(cli)?.[1];
    expect(command, "the command-line section's first example").toBeDefined();
    const out = join(dir, 'readme-summary.json');
    execSync(`${command} > ${out}`, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
    expect(typeof JSON.parse(readFileSync(out, 'utf8')).aggregate.goodput).toBe('number');
  });

  it('a run its author most likely did not mean exits 0 and says why on stderr, as the summary does', async () => {
    const file = scenarioFile('late.json', { ...defaultScenario, duration: 1, obs: { ...defaultScenario.obs, offset: 1e-6 } });
    const { status, stdout, stderr } = await runCli(file);
    expect(status).toBe(0);
    const codes = (JSON.parse(stdout) as Summary).warnings?.map((w) => w.code);
    expect(codes).toEqual(['late-bursts', 'flow-delivered-nothing']);
    const lines = stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^obs-sim: .*late\.json: warning: \d+ of \d+ bursts \(100 %\) were dropped late, at a core before their control packet/,
    );
    expect(lines[1]).toMatch(/^obs-sim: .*late\.json: warning: 1 of 1 flows delivered nothing in the run \(tcp1\)/);
  });

  it('shows help', async () => {
    const { status, stdout } = await runCli('--help');
    expect(status).toBe(0);
    expect(stdout).toMatch(/^Usage: npx obs-sim <scenario.json>/);
  });

  it('refuses malformed JSON, naming line and column', async () => {
    const file = scenarioFile('malformed.json', '{\n  "version": 1,\n  "name": "x"\n  "seed": 1\n}\n');
    await expectRefused(file, `invalid JSON at line 4, column 3: unexpected "\\"", expected ',' or '}' after a property value`);
  });

  it('refuses an unknown field with the engine message', async () => {
    const file = scenarioFile('unknown-field.json', { ...defaultScenario, colour: 'red' });
    await expectRefused(file, /^colour\b.*/);
  });

  it('refuses a bad field value with the engine message', async () => {
    const scenario = structuredClone(defaultScenario);
    scenario.links[3].rate = -5;
    await expectRefused(scenarioFile('bad-rate.json', scenario), /^links\[3\]\.rate\b/);
  });

  it('runs the routing extensions (docs/routing.md): one summary row per copy, each within its own access link', async () => {
    const file = fileURLToPath(new URL('../../../wasm-core/tests/scenarios/routing-features.json', import.meta.url));
    const { status, stdout } = await runCli(file);
    expect(status).toBe(0);
    const summary = JSON.parse(stdout);
    expect(summary.flows.map((f: { id: string }) => f.id)).toEqual(['group#0', 'group#1', 'group#2', 'group#3', 'forced']);
    for (const f of summary.flows) expect(f.goodput).toBeGreaterThan(1e6);
    // Each copy's own 20 Mbit/s access link bounds it.
    for (const f of summary.flows.slice(0, 4)) expect(f.goodput).toBeLessThanOrEqual(2e7);
  });

  it('runs the mesh extensions (docs/mesh.md): a row per optical path in `pairs`, traffic offered by weight', async () => {
    const scenario = { ...structuredClone(meshFeatures), duration: 0.2 };
    const { status, stdout } = await runCli(scenarioFile('mesh-features.json', scenario));
    expect(status).toBe(0);
    const pairs: PairSummary[] = JSON.parse(stdout).pairs;
    // The flow's two paths first (TCP only: nothing offered), then the matrix's 8 pairs.
    expect(pairs.map((p) => `${p.src}>${p.dst}`).sort()).toEqual(
      ['E0>E2', 'E2>E0', 'E0>E1', 'E0>E3', 'E1>E0', 'E1>E2', 'E2>E1', 'E2>E3', 'E3>E0', 'E3>E2'].sort(),
    );
    const pair = (src: string, dst: string) => pairs.find((p) => p.src === src && p.dst === dst)!;
    expect([pair('E0', 'E2').offeredErlangs, pair('E2', 'E0').offeredErlangs]).toEqual([0, 0]);
    expect(pair('E0', 'E3').offeredErlangs / pair('E0', 'E1').offeredErlangs).toBeCloseTo(2, 12);
    expect(pair('E0', 'E1').route).toEqual(['E0', 'C0', 'C1', 'E1']);
    for (const p of pairs) {
      const dropped = p.dropped.injected + p.dropped.contention + p.dropped.late;
      expect(p.sent).toBeGreaterThanOrEqual(p.delivered + dropped);
      expect(p.loss).toBeCloseTo(p.sent === 0 ? 0 : dropped / p.sent, 12);
    }
  });

  it('counts deflections, segmentation and each extra offset (docs/mesh.md sections 6 to 8), each in one sum everywhere', async () => {
    const scenario = { ...structuredClone(meshFeatures), duration: 0.2 };
    const { status, stdout } = await runCli(scenarioFile('mesh-features-qos.json', scenario));
    expect(status).toBe(0);
    const summary: Summary = JSON.parse(stdout);
    const { bursts, pairs = [], links = [], qos = [] } = summary;
    const sum = (values: (number | undefined)[]) => values.reduce<number>((a, v) => a + (v ?? NaN), 0);
    const classes = [bursts.data, bursts.ack, bursts.background!];
    const fibers = links.filter((l) => l.kind === 'fiber').flatMap((l) => [l.ab, l.ba]);
    expect(bursts.deflections).toBeGreaterThan(0);
    expect(bursts.segmented).toBeGreaterThan(0);
    for (const key of ['deflections', 'segmented', 'bytesSent', 'bytesLost', 'segmentsCut'] as const)
      expect([key, sum(classes.map((c) => c[key]))]).toEqual([key, bursts[key]]);
    for (const key of ['deflections', 'segmented', 'bytesSent', 'bytesLost'] as const)
      expect([key, sum(pairs.map((p) => p[key]))]).toEqual([key, bursts[key]]);
    expect(sum(fibers.map((d) => d.deflected))).toBe(bursts.deflections);
    expect(sum(fibers.map((d) => d.segmented))).toBe(bursts.segmented);
    expect(bursts.bytesLost!).toBeLessThan(bursts.bytesSent!);
    // One class per distinct extra offset, ascending; the first holds the TCP bursts.
    expect(qos.map((q) => q.extraOffset)).toEqual([0, 1e-4, 2e-4]);
    expect(sum(qos.map((q) => q.sent))).toBe(bursts.sent);
    expect(sum(qos.map((q) => q.segmented))).toBe(bursts.segmented);
    for (const q of qos) {
      const dropped = q.dropped.injected + q.dropped.contention + q.dropped.late;
      expect(q.loss).toBeCloseTo(q.sent === 0 ? 0 : dropped / q.sent, 12);
    }
    // A scenario without them keeps the summary it always had.
    const withoutAll = structuredClone(meshFeatures) as any;
    for (const n of withoutAll.nodes) {
      delete n.deflection;
      delete n.segmentation;
    }
    withoutAll.background = [];
    delete withoutAll.traffic.extraOffset;
    const bare: Summary = JSON.parse((await runCli(scenarioFile('mesh-features-bare.json', { ...withoutAll, duration: 0.05 }))).stdout);
    expect(bare.qos).toBeUndefined();
    expect(Object.keys(bare.bursts)).not.toContain('deflections');
    expect(Object.keys(bare.bursts.data)).not.toContain('segmented');
    expect(Object.keys(bare.pairs![0])).not.toContain('bytesSent');
    expect(Object.keys(bare.links![0].ab)).not.toContain('deflected');
  });

  it('refuses a forced route that skips a link, naming the item', async () => {
    const scenario = structuredClone(defaultScenario);
    scenario.flows[0].route = ['Server', 'E1', 'E2', 'Client'];
    await expectRefused(scenarioFile('bad-route.json', scenario), 'flows[0].route[2] is not linked to the node before it, "E1"');
  });

  it('refuses a missing file', async () => {
    await expectRefused(join(dir, 'no-such-scenario.json'), 'no such file');
  });

  it('refuses a directory', async () => {
    await expectRefused(dir, 'is a directory, not a scenario file');
  });

  it('stops a run at its wall-clock limit (--max-seconds) with one line, exit 2', async () => {
    // paper003-fast takes seconds; half a second of wall clock stops it part way.
    const preset = fileURLToPath(new URL('../../scenario/presets/paper003-fast.json', import.meta.url));
    const { status, stdout, stderr } = await runCli(preset, '--max-seconds', '0.5');
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(
      /^obs-sim: .*paper003-fast\.json: stopped at t = [0-9.e-]+ s of 2 s: the run took longer than its wall-clock limit of 0\.5 s \(/,
    );
  });

  it('--warmup S counts the summary over (S, end] and says so; the run is the same', async () => {
    const preset = fileURLToPath(new URL('../../scenario/presets/first-lesson.json', import.meta.url));
    const whole = JSON.parse((await runCli(preset)).stdout) as Summary;
    const warmed = await runCli(preset, '--warmup', '5');
    expect(warmed.status).toBe(0);
    const window = JSON.parse(warmed.stdout) as Summary;
    expect(window.measure).toEqual({ from: 5, to: whole.simTime });
    expect(window.fingerprint).toBe(whole.fingerprint);
    expect(window.flows[0].segmentsSent).toBeLessThan(whole.flows[0].segmentsSent!);
    expect(window.flows[0].goodput).toBeCloseTo((window.flows[0].delivered * 8) / (whole.simTime - 5), 6);

    // Provenance: the same engine, obs-sim's version, a scenario hash that tells the window apart.
    const wasm = readFileSync(fileURLToPath(new URL('../../engine/wasm/obs_engine.wasm', import.meta.url)));
    const engine = createHash('sha256').update(wasm).digest('hex').slice(0, 16);
    const { version } = JSON.parse(readFileSync(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf8')) as { version: string };
    expect(whole.provenance).toEqual({ engine, version, scenario: expect.stringMatching(/^[0-9a-f]{16}$/), seed: 1 });
    expect(window.provenance!.engine).toBe(engine);
    expect(window.provenance!.scenario).not.toBe(whole.provenance!.scenario);

    const late = await runCli(preset, '--warmup', '30');
    expect(late.status).toBe(2);
    expect(late.stderr).toMatch(/: measure\.from must be earlier than the duration, 20 s \(got 30\) \(set by --warmup\)\n$/);
    const words = await runCli(preset, '--warmup', 'soon');
    expect(words.status).toBe(2);
    expect(words.stderr).toMatch(/--warmup must be a number of seconds \(like 5 or 0\.5\), not "soon"/);
  });

  it('refuses a call without a file or with an unknown option', async () => {
    for (const args of [[], ['--fast', defaultFile], [defaultFile, defaultFile]]) {
      const { status, stdout, stderr } = await runCli(...args);
      expect(status).toBe(2);
      expect(stdout).toBe('');
      expect(stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(stderr).toMatch(/^obs-sim: .*\(see --help\)\n$/);
    }
  });

  // The question the default scenario asks (paper 000): losing a data burst costs TCP
  // a retransmission and a window cut; losing an ACK burst is mostly covered by the
  // next cumulative ACK. Same scenario as shipped, only which class is lost changes.
  it('data-burst loss costs much more goodput than the same ACK-burst loss', async () => {
    const withLoss = (data: number, ack: number) => {
      const scenario = structuredClone(defaultScenario);
      scenario.obs.burstLoss = { data, ack };
      return scenario;
    };
    const [dataLoss, ackLoss] = await Promise.all([
      runCli(scenarioFile('data-loss.json', withLoss(0.01, 0))),
      runCli(scenarioFile('ack-loss.json', withLoss(0, 0.01))),
    ]);
    expect(dataLoss.status).toBe(0);
    expect(ackLoss.status).toBe(0);
    const dataSummary = JSON.parse(dataLoss.stdout);
    const ackSummary = JSON.parse(ackLoss.stdout);
    expect(dataSummary.simTime).toBe(defaultScenario.duration);
    expect(ackSummary.simTime).toBe(defaultScenario.duration);
    expect(dataSummary.bursts.data.dropped).toBeGreaterThan(0);
    expect(ackSummary.bursts.ack.dropped).toBeGreaterThan(0);
    expect(dataSummary.aggregate.goodput).toBeLessThan(0.8 * ackSummary.aggregate.goodput);
  });
});
