/**
 * Issues 17 and 35: a link whose scenario cannot finish (a clock that all but stops, memory
 * that grows without end, bursts of a byte over a mesh) is stopped by the engine's run guard with a message within
 * seconds, and is not run again by itself after a reload; one the engine can refuse up
 * front never starts. (docs/model.md section 8.)
 */
import { expect, test, type Page } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import { mkdirSync, readFileSync } from 'node:fs';
import { openScenarioFile, shot, simTime, snapshot, writeArtifact } from './helpers';

const preset = (name: string) => JSON.parse(readFileSync(new URL(`../packages/scenario/presets/${name}.json`, import.meta.url), 'utf8'));
const paper000 = () => preset('paper000-lobs');
const link = (scenario: unknown) => `#s=1.${deflateSync(JSON.stringify(scenario)).toString('base64url')}`;

async function picture(page: Page, name: string): Promise<void> {
  const dir = new URL('./artifacts/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  await shot(page, new URL(`${name}.png`, dir).pathname);
}

const CASES: Array<[string, (s: Record<string, any>) => void, RegExp]> = [
  [
    'a retransmission timer of 1 ns (the pace would need 2e10 events)',
    (s) => {
      s.name = 'runaway timer';
      s.flows[0].tcp.rto = { initial: 1e-9, min: 0, max: 1e-9, fixed: 1e-9 };
    },
    /at this pace the run needs about .* busiest: 100 % flow tcp1's sender \(retransmission timer\)/,
  ],
  [
    'ten times the fiber in 40-byte bursts (control packets queue without end)',
    (s) => {
      s.name = 'runaway memory';
      s.duration = 5;
      const edges = s.nodes.filter((n: { kind: string }) => n.kind === 'edge').map((n: { id: string }) => n.id);
      s.background = [{ src: edges[0], dst: edges[1], model: 'poisson', load: 10, meanBytes: 40 }];
    },
    /could pass the memory budget of 268.4 MB .* busiest: .*background\[0\]/,
  ],
  [
    'a traffic matrix of 1-byte bursts over the mesh (issue 35: out of bounds when stopped)',
    (s) => {
      // The USNET preset, its bursts a byte long: nothing of paper 000 is kept.
      for (const key of Object.keys(s)) delete s[key];
      Object.assign(s, preset('usnet'), { name: 'runaway mesh' });
      s.traffic.meanBytes = 1;
    },
    /(could pass the memory budget of 268.4 MB|at this pace the run needs about) .* busiest: .*the traffic matrix's sources/,
  ],
];

for (const [i, [what, patch, reason]] of CASES.entries()) {
  test(`${what}: stopped with a message, not replayed on reload`, async ({ page }) => {
    test.setTimeout(120_000);
    const scenario = paper000();
    patch(scenario);
    const started = Date.now();
    await page.goto(`./${link(scenario)}`);
    await expect(page.getByTestId('scenario-name')).toHaveText(scenario.name);
    const banner = page.getByTestId('error-banner');
    await expect(banner).toBeVisible({ timeout: 60_000 });
    const seconds = (Date.now() - started) / 1000;
    await expect(page.getByTestId('error-message')).toContainText('The engine stopped at t = ');
    await expect(page.getByTestId('error-message')).toContainText(reason);
    await expect(page.getByTestId('phase')).toHaveText('Stopped: over its budget');
    const stoppedAt = await simTime(page);
    expect(stoppedAt, 'the clock stopped before the end').toBeLessThan(scenario.duration);
    writeArtifact(`run-guard-${i + 1}.json`, { case: what, secondsToStop: seconds, stoppedAt });
    await picture(page, `run-guard-0${i + 1}-stopped`);

    // Reloaded without the link: the same scenario, paused, saying why; the clock stays at 0.
    await page.goto('./');
    await expect(page.getByTestId('scenario-name')).toHaveText(scenario.name);
    await expect(page.getByTestId('phase')).toHaveText('Paused');
    await expect(page.getByTestId('notice-banner')).toContainText('The last run of this scenario was stopped');
    await page.waitForTimeout(1500);
    expect(await simTime(page), 'not replayed').toBe(0);
  });
}

test('a link the engine refuses up front never starts: its reason, and the default scenario', async ({ page }) => {
  const scenario = paper000();
  const edges = scenario.nodes.filter((n: { kind: string }) => n.kind === 'edge').map((n: { id: string }) => n.id);
  scenario.background = [{ src: edges[0], dst: edges[1], model: 'poisson', load: 10, meanBytes: 1e-300 }];
  await page.goto(`./${link(scenario)}`);
  const notice = page.getByTestId('notice-banner');
  await expect(notice).toContainText('This link could not be opened');
  await expect(notice).toContainText('background[0] would generate inf bursts per second');
  await expect(page.getByTestId('preset')).toHaveValue('paper000');
});

test("a run its author most likely did not mean: the engine's warnings in a banner under the header, in its words", async ({ page }) => {
  await page.goto('./');
  await expect(page.getByTestId('phase')).toHaveText('Running');
  await expect(page.getByTestId('run-warnings')).toHaveCount(0); // the default runs as meant
  const late = preset('first-lesson');
  late.name = 'Offset too short';
  late.duration = 0.5;
  late.obs.offset = 1e-6;
  await openScenarioFile(page, late, 'late.json');
  await expect(page.getByTestId('scenario-name')).toHaveText('Offset too short');
  const warnings = page.getByTestId('run-warnings');
  await expect(warnings).toContainText(/bursts \(100 %\) were dropped late, at a core before their control packet was processed \(C1: /);
  await expect(page.getByTestId('phase')).toHaveText('Finished', { timeout: 30_000 });
  await expect(warnings).toContainText('1 of 1 flows delivered nothing in the run (tcp1)');
  await expect(warnings.getByRole('listitem')).toHaveCount(2);
  await snapshot(page, 'run-warnings');
});
