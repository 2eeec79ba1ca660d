/**
 * Paper 003's fast path (320 flows at 40 Gbit/s) in the page at *max* with the charts tab
 * open (issue 40, item 4): simulated seconds per wall second, and the page's share apart
 * from the engine's. Written to e2e/artifacts/page-realtime.json. A timing, so it runs in
 * `npm run bench` (Playwright project page-bench), not in `npm test`.
 *
 * Measured, in one page:
 * - the preset as it is (2 s): from pressing play at *max* to "Finished", and to the first
 *   simulated instant on screen (the start-up: network built in the worker, first frame);
 *   in the headless shell every Playwright run here uses, then in Debian's full Chromium
 *   (headless too, drawing in software: what a person's browser on this machine would
 *   do), which costs the page more;
 * - the same run made 30 s long: 10 s of wall time after the first 2 s, simulated seconds
 *   covered, with the CPU time of each kind of browser thread meanwhile (chromium-threads.ts):
 *   once with the charts tab, once with the sweep tab (nothing drawn per frame but the
 *   network), so the charts' cost shows apart;
 * and beside it the engine alone, the same preset and length in wasm under Node
 * (engine-alone.ts), which records no visual events and draws nothing.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium, expect, test, type Page } from '@playwright/test';
import { CHROMIUM_PATH } from '../scripts/chromium';
import { openRunning, setRunLength, simTime, writeArtifact } from './helpers';
import { chromiumThreadTimes, cpuSecondsBetween } from './chromium-threads';

// A trace's screencast would make the compositor draw extra frames.
test.use({ trace: 'off' });

const PRESET = 'paper003-fast';

function engineAlone(duration: number, rounds: number): { wall: number; realTime: number; events: number } {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const script = fileURLToPath(new URL('./engine-alone.ts', import.meta.url));
  const out = execFileSync(process.execPath, ['--import', 'tsx', script, PRESET, String(duration), String(rounds)], {
    cwd: root,
    encoding: 'utf8',
  });
  return JSON.parse(out) as { wall: number; realTime: number; events: number };
}

async function resetPaused(page: Page): Promise<void> {
  if ((await page.getByTestId('phase').textContent()) === 'Running') await page.getByTestId('play-pause').click();
  await page.getByTestId('reset').click();
  await expect(page.getByTestId('phase')).toHaveText('Paused');
  await expect.poll(() => simTime(page)).toBe(0);
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** What armPhaseClock keeps in the page (window.phaseClock), in the page's milliseconds. */
interface PhaseClock {
  playAt?: number;
  reachedAt?: number;
}

/**
 * Arms a clock in the page: the moment play is pressed, and the moment the phase first
 * reads `text` after it, both on the page's own clock as they happen. Read by phaseClock.
 * Waiting for the text from the test instead polls with a backoff that settles at 500 ms,
 * which added up to half a second to a run of four.
 */
async function armPhaseClock(page: Page, text: string): Promise<void> {
  await page.evaluate((want) => {
    const state: PhaseClock = {};
    (window as unknown as { phaseClock: PhaseClock }).phaseClock = state;
    const phase = document.querySelector('[data-testid="phase"]')!;
    document.querySelector('[data-testid="play-pause"]')!.addEventListener(
      'click',
      () => {
        state.playAt = performance.now();
      },
      { capture: true, once: true },
    );
    const observer = new MutationObserver(() => {
      if (state.playAt === undefined || phase.textContent !== want) return;
      state.reachedAt = performance.now();
      observer.disconnect();
    });
    observer.observe(phase, { childList: true, characterData: true, subtree: true });
  }, text);
}

/** Seconds from pressing play to the phase armPhaseClock waited for. */
async function phaseClock(page: Page): Promise<number> {
  const state = await page.evaluate(() => (window as unknown as { phaseClock: PhaseClock }).phaseClock);
  if (state.playAt === undefined || state.reachedAt === undefined) throw new Error('the phase clock saw no press or no change');
  return (state.reachedAt - state.playAt) / 1000;
}

/** 10 s of a long run at max on `tab`, after its first 2 s: simulated per wall second, CPU per thread kind. */
async function steadyWindow(page: Page, tab: string) {
  await page.getByTestId(`tab-${tab}`).click();
  await resetPaused(page);
  await page.getByTestId('play-pause').click();
  await expect.poll(() => simTime(page)).toBeGreaterThan(0);
  await page.waitForTimeout(2000);
  const sim0 = await simTime(page);
  const cpu0 = chromiumThreadTimes();
  const t0 = Date.now();
  await page.waitForTimeout(10_000);
  const sim1 = await simTime(page);
  const wall = (Date.now() - t0) / 1000;
  const cpu = cpuSecondsBetween(cpu0, chromiumThreadTimes());
  await expect(page.getByTestId('phase'), `${tab}: still running at the end of the window`).toHaveText('Running');
  return { tab, wall: round3(wall), simulated: round3(sim1 - sim0), realTime: round3((sim1 - sim0) / wall), cpuSeconds: cpu };
}

/** The app opened on the preset, at max, with the charts tab. */
async function openPreset(page: Page): Promise<void> {
  await openRunning(page);
  await page.getByTestId('preset').selectOption(PRESET);
  await page.getByRole('radio', { name: 'max' }).check();
  await page.getByTestId('tab-charts').click();
}

/** The preset as it is, `runs` times from a reset: 2 simulated seconds from pressing play at max. */
async function presetRuns(page: Page, runs: number) {
  const measured = [];
  for (let i = 0; i < runs; i++) {
    await resetPaused(page);
    await armPhaseClock(page, 'Finished');
    const started = Date.now();
    await page.getByTestId('play-pause').click();
    await expect.poll(() => simTime(page), { intervals: [10] }).toBeGreaterThan(0);
    const firstInstant = (Date.now() - started) / 1000;
    await expect(page.getByTestId('phase')).toHaveText('Finished', { timeout: 120_000 });
    const wall = await phaseClock(page);
    const duration = await simTime(page);
    measured.push({
      wall: round3(wall),
      firstInstantOnScreen: round3(firstInstant),
      simulated: duration,
      realTime: round3(duration / wall),
    });
  }
  return measured;
}

/** The same in Debian's full Chromium, beside the headless shell the test's page runs in. */
async function presetRunsInFullChromium(runs: number) {
  // The project's launch options and context (its flags, viewport, base URL), another browser.
  const { launchOptions, baseURL, viewport, serviceWorkers } = test.info().project.use;
  const browser = await chromium.launch({ ...launchOptions, executablePath: CHROMIUM_PATH });
  try {
    const context = await browser.newContext({ baseURL, viewport, serviceWorkers });
    const page = await context.newPage();
    await openPreset(page);
    return await presetRuns(page, runs);
  } finally {
    await browser.close();
  }
}

test('paper 003 fast path at max with the charts: real-time factor in the page, and where its time goes', async ({ page }) => {
  test.setTimeout(600_000);
  await openPreset(page);
  const shellRuns = await presetRuns(page, 3);

  // Made long: the steady rate, with the charts and without a drawn view.
  await setRunLength(page, 30, 10);
  const steady = [await steadyWindow(page, 'charts'), await steadyWindow(page, 'sweep')];
  await resetPaused(page);

  // The engine alone, the same preset and lengths, in wasm under Node.
  const alone = { preset: engineAlone(2, 3), long: engineAlone(12, 1) };
  const cores = (await import('node:os')).availableParallelism();
  const fullChromium = await presetRunsInFullChromium(3);
  const result = { preset: PRESET, cores, presetRuns: shellRuns, presetRunsFullChromium: fullChromium, steady, engineAlone: alone };
  writeArtifact('page-realtime.json', result);
  console.log('paper003-fast in the page at max:', JSON.stringify(result));
  for (const run of [...shellRuns, ...fullChromium]) expect(run.simulated).toBe(2);
});
