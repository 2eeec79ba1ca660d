/**
 * The walking skeleton, end to end: the real engine (wasm in a worker) driving the built
 * app. Every assertion reads values the page got from engine frames (data-points,
 * data-now, counters from frame.summary), never a timer of its own.
 */
import { expect, test } from '@playwright/test';
import { BACKBONE_PRESET_IDS, PRESET_IDS, counter, cwndPoints, openRunning, simTime, snapshot, waitIdle } from './helpers';

test('opens on the default preset (paper 000), running, with its topology and no error', async ({ page }) => {
  await openRunning(page);
  await expect(page.getByTestId('preset')).toHaveValue('paper000');
  const topology = page.getByTestId('topology');
  // Paper 000's LOBS testbed: 3 edge and 4 core nodes, a server and a client.
  await expect(topology).toHaveAttribute('data-nodes', '9');
  await expect(topology).toHaveAttribute('data-links', '12');
  for (const [id, kind] of [
    ['Server', 'host'],
    ['E1', 'edge'],
    ['C1', 'core'],
    ['C4', 'core'],
    ['E3', 'edge'],
    ['Client', 'host'],
  ]) {
    await expect(topology.locator(`[data-node="${id}"]`)).toHaveAttribute('data-kind', kind);
  }
  await expect(topology.locator('[data-kind="fiber"]')).toHaveCount(10);
  await expect(page.getByTestId('error-banner')).toHaveCount(0);
  await expect(page.getByTestId('loss-data-value')).toHaveText('1.0 %');
  await expect(page.getByTestId('loss-ack-value')).toHaveText('0.0 %');
  // The loss matrix tab is not offered for one pair of edges (a flow and its ACKs): with
  // the engine's routes and a summary (its pairs) arrived, the Channels tab is, the matrix's not.
  // (Moved here from mesh-views.spec.ts: the same opened page.)
  await expect(page.getByTestId('tab-channels')).toBeVisible();
  await expect(page.getByTestId('tab-loss')).toHaveCount(0);
  // Let the run show some shape before the picture is taken: at 10×, not 4 s of waiting.
  await page.getByRole('radio', { name: '10×' }).check();
  await expect.poll(() => simTime(page), { timeout: 20_000 }).toBeGreaterThan(4);
  await snapshot(page, '01-running');
});

test('pause stops simulated time; play resumes it', async ({ page }) => {
  await openRunning(page);
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByTestId('phase')).toHaveText('Paused');
  await waitIdle(page);
  const t = await simTime(page);
  const points = await cwndPoints(page);
  // The observation window is the point of this test: nothing may move during it.
  await page.waitForTimeout(1500);
  await waitIdle(page);
  expect(await simTime(page)).toBe(t);
  expect(await cwndPoints(page)).toBe(points);
  await snapshot(page, '02-paused');
  await page.getByRole('button', { name: 'Play' }).click();
  await expect.poll(() => simTime(page)).toBeGreaterThan(t);
});

test('the ACK-burst slider reaches the running engine', async ({ page }) => {
  await openRunning(page);
  // Default scenario: no ACK-burst loss, so nothing is dropped until the slider moves.
  await expect.poll(() => counter(page, 'bursts-sent')).toBeGreaterThan(200);
  expect(await counter(page, 'ack-dropped')).toBe(0);
  const slider = page.getByTestId('loss-ack');
  await slider.focus();
  await slider.press('End'); // the maximum, 10 %
  await expect(page.getByTestId('loss-ack-value')).toHaveText('10.0 %');
  await expect.poll(() => counter(page, 'ack-dropped')).toBeGreaterThan(0);
  // Some shape for the picture: at 10×, not 6 s of waiting.
  await page.getByRole('radio', { name: '10×' }).check();
  await expect.poll(() => simTime(page), { timeout: 20_000 }).toBeGreaterThan(6);
  await snapshot(page, '03-ack-loss-10pct');
});

test('the data-burst slider reaches the running engine', async ({ page }) => {
  await openRunning(page);
  // A tenth of real time: the 20 s run cannot end (and stop sending bursts) on a slow machine
  // before the test is done, and lossless bursts still come at a few hundred a second.
  await page.getByRole('radio', { name: '0.1×' }).check();
  const slider = page.getByTestId('loss-data');
  await slider.focus();
  // 1. From the scenario's 1 % down to 0 %: data bursts stop being dropped.
  await slider.press('Home');
  await expect(page.getByTestId('loss-data-value')).toHaveText('0.0 %');
  // Frames sent before the change may still be on their way: let a few summaries pass.
  const sentAtChange = await counter(page, 'bursts-sent');
  await expect.poll(() => counter(page, 'bursts-sent')).toBeGreaterThan(sentAtChange + 100);
  const dropped0 = await counter(page, 'data-dropped');
  const sent0 = await counter(page, 'bursts-sent');
  // ~500 data bursts among 1000: at 1 % some would almost surely drop (0.99^500 < 1 %).
  await expect.poll(() => counter(page, 'bursts-sent')).toBeGreaterThan(sent0 + 1000);
  expect(await counter(page, 'data-dropped')).toBe(dropped0);
  // 2. Up to 10 %: drops start again.
  await slider.press('End');
  await expect(page.getByTestId('loss-data-value')).toHaveText('10.0 %');
  await expect.poll(() => counter(page, 'data-dropped')).toBeGreaterThan(dropped0);
});

test('Drop next ACK burst loses exactly one ACK burst, once the paused run plays on; the log and a link keep it', async ({ page }) => {
  await openRunning(page);
  // Paper 000 loses no ACK bursts by itself: the one counted is the one asked for.
  await page.getByTestId('play-pause').click();
  await expect(page.getByTestId('phase')).toHaveText('Paused');
  expect(await counter(page, 'ack-dropped')).toBe(0);
  await page.getByTestId('drop-next-ack').click();
  await expect(page.getByTestId('drop-next-said')).toContainText(/the next ACK burst E\d sends is lost at the first core/);
  await page.getByTestId('play-pause').click();
  await expect.poll(() => counter(page, 'ack-dropped')).toBe(1);
  const t = await simTime(page);
  await expect.poll(() => simTime(page)).toBeGreaterThan(t + 1);
  expect(await counter(page, 'ack-dropped')).toBe(1);
  // The log says what was asked, at the edge (not as some other live change).
  await page.getByTestId('tab-log').click();
  await page.getByTestId('log-search').fill('drops its next');
  await expect(page.getByTestId('log-row').filter({ hasText: /live change: E\d drops its next ACK burst/ })).toHaveCount(1);
  // In the run's record, so the share link replays it: a scheduled change at its time.
  const doc = (await page.evaluate(() => window.__obsDocument!())) as { liveChanges?: { path: string; value: number }[] };
  expect(doc.liveChanges?.filter((c) => c.path.endsWith('.dropNext.ack'))).toEqual([expect.objectContaining({ value: 1 })]);
});

test('reset returns to t = 0 with empty charts, paused, and play starts again', async ({ page }) => {
  await openRunning(page);
  await expect.poll(() => simTime(page)).toBeGreaterThan(1);
  await page.getByTestId('reset').click();
  await expect(page.getByTestId('phase')).toHaveText('Paused');
  await waitIdle(page);
  expect(await simTime(page)).toBe(0);
  expect(await cwndPoints(page)).toBe(0);
  await expect(page.getByTestId('sim-time')).toHaveText('0.000000 s');
  await snapshot(page, '04-reset');
  await page.getByRole('button', { name: 'Play' }).click();
  await expect.poll(() => cwndPoints(page)).toBeGreaterThan(0);
});

test('at max speed the run finishes and every sample is kept', async ({ page }) => {
  await openRunning(page);
  await page.getByRole('radio', { name: 'max' }).check();
  await expect(page.getByTestId('phase')).toHaveText('Finished', { timeout: 45_000 });
  await waitIdle(page);
  expect(await simTime(page)).toBeCloseTo(20, 6);
  // One flow, a sample every 10 ms for 20 s.
  const points = await cwndPoints(page);
  expect(points).toBeGreaterThanOrEqual(1999);
  expect(points).toBeLessThanOrEqual(2001);
  await snapshot(page, '05-finished');
  // One action plays it again from t = 0 (at 1x, to see it running).
  await page.getByRole('radio', { name: '1×', exact: true }).check();
  await expect(page.getByTestId('play-pause')).toHaveAttribute('title', /again from t = 0/);
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(page.getByTestId('phase')).toHaveText('Running');
  await expect.poll(() => simTime(page)).toBeLessThan(20);
});

test('the controls work from the keyboard; the animation legend folds away and back', async ({ page }) => {
  await openRunning(page);
  // The skip links and the header (Lessons, preset picker, What to look for, Presenter, Share & files) come first, then the run controls.
  for (let i = 0; i < 8 && !(await page.getByTestId('play-pause').evaluate((b) => b === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(page.getByTestId('play-pause')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('phase')).toHaveText('Paused');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('phase')).toHaveText('Running');
  // The animation legend folds away from the corner and back (the same default page: a
  // test of its own loaded it again).
  const toggle = page.getByTestId('legend-toggle');
  await expect(page.getByTestId('animation-legend')).toBeVisible();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('animation-legend')).toHaveCount(0);
  await toggle.click();
  await expect(page.getByTestId('animation-legend')).toContainText('Control packet (BHP)');
});

test('an engine that fails to load shows a banner with Reset, and Reset recovers', async ({ page, context }) => {
  let broken = true;
  await context.route(/\.wasm$/, (route) =>
    broken ? route.fulfill({ status: 200, contentType: 'application/wasm', body: 'not wasm' }) : route.continue(),
  );
  await page.goto('./');
  const banner = page.getByTestId('error-banner');
  await expect(banner).toBeVisible();
  await expect(page.getByTestId('error-message')).not.toBeEmpty();
  await expect(page.getByTestId('phase')).toHaveText('Stopped by an error');
  // The page still answers (the tab is not frozen) and the scenario is still shown.
  await expect(page.getByTestId('topology')).toHaveAttribute('data-nodes', '9');
  await snapshot(page, '06-error');
  broken = false;
  await page.getByTestId('error-reset').click();
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId('phase')).toHaveText('Running');
  await expect.poll(() => cwndPoints(page)).toBeGreaterThan(0);
});

test('while paused, Next event and Next burst step the run and nothing else moves it; from t = 0 each Next event goes to something drawn', async ({
  page,
}) => {
  await openRunning(page);
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByTestId('phase')).toHaveText('Paused');
  await waitIdle(page);
  const sent = await counter(page, 'bursts-sent');
  await page.getByTestId('step-burst').click();
  await expect.poll(() => counter(page, 'bursts-sent')).toBe(sent + 1);
  // The step says what happened, with a clock fine enough to see it.
  await expect(page.getByTestId('step-caption')).toContainText(/^At \d+\.\d{6} s: E\d sends burst \d+ to E\d (?:via [^(]+?|direct) \(/);
  // ...and the drawing marks the moment: the edge that sent the burst is ringed.
  await expect(page.getByTestId('animation-layer')).toHaveAttribute('data-focus', '1');
  const t = await simTime(page);
  await page.getByTestId('step-event').click();
  await expect.poll(() => simTime(page)).toBeGreaterThanOrEqual(t);
  await waitIdle(page);
  // The keys do the same: B for the next burst.
  await page.locator('body').press('b');
  await expect.poll(() => counter(page, 'bursts-sent')).toBe(sent + 2);
  // Space plays and pauses (when no button has the focus: a focused button takes Space).
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.locator('body').press(' ');
  await expect(page.getByTestId('phase')).toHaveText('Running');
  // Playing again takes the step's caption and its mark away.
  await expect(page.getByTestId('step-caption')).toHaveCount(0);
  await expect(page.getByTestId('animation-layer')).toHaveAttribute('data-focus', '0');
  await page.locator('body').press(' ');
  await expect(page.getByTestId('phase')).toHaveText('Paused');
  // Next event on paper 000 from t = 0 goes to something drawn each time, saying how many
  // events it ran through (the same paused page: a test of its own loaded it again).
  await page.getByRole('button', { name: 'Reset run' }).click();
  await expect(page.getByTestId('phase')).toHaveText('Paused');
  await waitIdle(page);
  const captions: string[] = [];
  for (let i = 0; i < 6; i++) {
    await page.locator('body').press('n');
    await waitIdle(page);
    captions.push((await page.getByTestId('step-caption').textContent()) ?? '');
  }
  // Each names what it drew; none is "an event with nothing to draw" (six of six were, before).
  for (const caption of captions) expect(caption).toMatch(/^At \d+\.\d{6} s: (?!an event with nothing|[\d,]+ events with nothing)/);
  // From t = 0 the first bursts wait behind timers and packets not drawn at 1x: the step says it ran through them.
  expect(captions.some((c) => /, after \d+ events? with nothing to draw\.$/.test(c))).toBe(true);
});

test('watching single bursts: the clock shows microseconds and moves slowly', async ({ page }) => {
  await openRunning(page);
  await page.getByRole('radio', { name: '20 µs' }).check();
  await expect(page.getByTestId('speed-caption')).toContainText('single bursts');
  await waitIdle(page);
  const t0 = await simTime(page);
  await page.waitForTimeout(1000);
  const t1 = await simTime(page);
  expect(t1 - t0).toBeGreaterThan(0);
  expect(t1 - t0).toBeLessThan(100e-6); // about 20 µs per wall second
  await expect(page.getByTestId('sim-time')).toHaveText(/^\d+\.\d{6} s$/);
});

// The presets the picker offers, and the backbones of them run here: the others load and
// run in legibility.spec.ts's walk of every preset, which reads their labels.
test('the picker offers every preset, the backbones load and run, and a preset says what to look for', async ({ page }) => {
  test.setTimeout(240_000);
  await openRunning(page);
  const ids = await page
    .getByTestId('preset')
    .locator('option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  expect(ids).toEqual(PRESET_IDS);
  await page.getByRole('radio', { name: 'max' }).check();
  for (const id of BACKBONE_PRESET_IDS) {
    await page.getByTestId('preset').selectOption(id);
    await expect(page.getByTestId('scenario-name')).toBeHidden(); // the preset's own scenario
    await expect(page.getByTestId('phase')).toHaveText(/Running|Finished/);
    await expect.poll(() => simTime(page), { message: id }).toBeGreaterThan(0);
    await expect.poll(() => cwndPoints(page), { message: id }).toBeGreaterThan(0);
    await expect(page.getByTestId('error-banner')).toHaveCount(0);
  }
  await page.getByTestId('preset').selectOption('first-lesson');
  await page.getByTestId('preset-info-toggle').click();
  await expect(page.getByTestId('preset-info')).toContainText('What to look for');
  await snapshot(page, '07-preset-info');
  // Put away with Escape, or a press anywhere outside it.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('preset-info')).toHaveCount(0);
  await page.getByTestId('preset-info-toggle').click();
  await expect(page.getByTestId('preset-info')).toBeVisible();
  await page.getByTestId('sim-time').click();
  await expect(page.getByTestId('preset-info')).toHaveCount(0);
});

test('OBS and TCP terms explain themselves on hover and on keyboard focus', async ({ page }) => {
  await openRunning(page);
  await page.locator('[data-term="rto"]').first().hover();
  await expect(page.getByTestId('term-tip-rto').first()).toBeVisible();
  await expect(page.getByTestId('term-tip-rto').first()).toContainText('retransmission timeout');
  // The cwnd chart's key, from the keyboard.
  await page.locator('.chart-keys [data-term="ssthresh"]').focus();
  await expect(page.locator('[role="tooltip"]:visible')).toContainText('Slow-start threshold');
  // A field of the OBS settings in the editor's panel.
  await page.getByTestId('show-panel').click();
  await page.getByTestId('open-network').click();
  await page.locator('[data-field="obs.scheduling"] [data-term="laucvf"]').hover();
  await expect(page.locator('[role="tooltip"]:visible')).toContainText('void filling');
  await snapshot(page, '08-glossary');
});

test('with the side panel open, the legend starts folded and paper 002 keeps its nodes apart', async ({ page }) => {
  await openRunning(page);
  await page.getByTestId('preset').selectOption('paper002');
  await page.getByTestId('show-panel').click();
  await expect(page.getByTestId('legend-toggle')).toHaveAttribute('aria-expanded', 'false');
  // Every pair of node glyphs is drawn apart (the fit no longer keeps the open legend's
  // corner free in a view this narrow).
  await expect
    .poll(async () => {
      const boxes = await page
        .locator('[data-node]')
        .evaluateAll((nodes) =>
          nodes.map((n) => (n.querySelector('g[transform] > :is(rect, circle, polygon)') ?? n).getBoundingClientRect().toJSON() as DOMRect),
        );
      let overlaps = 0;
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const a = boxes[i],
            b = boxes[j];
          if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) overlaps++;
        }
      return boxes.length >= 8 ? overlaps : -1;
    })
    .toBe(0);
});
