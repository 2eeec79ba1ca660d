/**
 * Issue 37, "sweeps, comparisons and restarts start from what is on screen, and say so":
 * after a live change, the Sweep and Compare forms open with what they start from (the
 * run as watched, its change replayed at its time, or the values now from t = 0), warn
 * when the change sets what they vary, and the sweep's spec carries the change.
 */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fillSweep, openScenarioFile, snapshot } from './helpers';
import { placeNode } from './editor-helpers';

const paper000 = () => JSON.parse(readFileSync(new URL('../packages/scenario/presets/paper000-lobs.json', import.meta.url), 'utf8'));

test('after a live change the sweep and the comparison say what they start from, and carry the change', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('./');
  await openScenarioFile(page, { ...paper000(), name: 'short run', duration: 2 }, 'short.json');
  await expect(page.getByTestId('scenario-name')).toHaveText('short run');
  // Opening a file closes Share & files.
  await expect(page.getByTestId('share-panel')).toBeHidden();
  await expect(page.getByTestId('phase')).toHaveText('Running');

  await page.getByTestId('tab-sweep').click();
  await expect(page.getByTestId('sweep-base')).toHaveText('Starts from the scenario on screen, at t = 0.');

  const slider = page.getByTestId('loss-data');
  await slider.focus();
  await slider.press('ArrowRight');
  const base = page.getByTestId('sweep-base');
  await expect(base).toHaveAttribute('data-base', 'watched');
  await expect(base).toContainText(/the run as watched, its live change replayed at its time: data-burst loss .* at [0-9.]+ s/);
  // The sweep varies data-burst loss, which the change sets: said.
  await expect(page.getByTestId('sweep-base-overridden')).toContainText('this change sets what is varied here');
  await snapshot(page, 'sweep-starts-from');

  // Runs as long as the one watched (2 s), so the change is in them.
  await fillSweep(page, { steps: '2', seeds: '1' });
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('sweep-spec').click()]);
  const spec = JSON.parse(readFileSync((await file.path())!, 'utf8'));
  expect(spec.base.liveChanges).toHaveLength(1);
  expect(spec.base.liveChanges[0].path).toBe('obs.burstLoss.data');

  await page.getByRole('radio', { name: 'the values on screen now, from t = 0' }).first().check();
  await expect(base).toHaveAttribute('data-base', 'now');
  await expect(page.getByTestId('sweep-base-overridden')).toHaveCount(0);
  const [again] = await Promise.all([page.waitForEvent('download'), page.getByTestId('sweep-spec').click()]);
  const specNow = JSON.parse(readFileSync((await again.path())!, 'utf8'));
  expect(specNow.base.liveChanges).toBeUndefined();
  expect(specNow.base.obs.burstLoss.data).toBeGreaterThan(paper000().obs.burstLoss.data);

  // The run as watched runs: its change replayed in each run.
  await page
    .getByRole('radio', { name: /the run as watched/ })
    .first()
    .check();
  // Runs that end before the change leave it out, and say so.
  await page.getByTestId('sweep-duration').fill('0.001');
  await expect(page.getByTestId('sweep-base-left-out')).toHaveText('It comes after the runs end, so it is not in them.');
  await page.getByTestId('sweep-duration').fill('');
  await page.getByTestId('sweep-run').click();
  await expect(page.getByTestId('sweep-status')).toHaveAttribute('data-state', 'done', { timeout: 90_000 });

  await page.getByTestId('tab-compare').click();
  await expect(page.getByTestId('compare-base')).toHaveAttribute('data-base', 'watched');
  await expect(page.getByTestId('compare-base-overridden')).toContainText('data-burst loss');
  await page.getByTestId('compare-run').click();
  await expect(page.getByTestId('compare-status')).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
});

test("a live change's effect in numbers: goodput, RTT and cwnd before and after it", async ({ page }) => {
  await page.goto('./');
  await openScenarioFile(page, { ...paper000(), name: 'short run', duration: 6 }, 'short.json');
  await expect(page.getByTestId('scenario-name')).toHaveText('short run');
  await expect(page.getByTestId('phase')).toHaveText('Running');
  await expect.poll(async () => Number(await page.getByTestId('sim-time').getAttribute('data-now'))).toBeGreaterThan(2.2);
  const slider = page.getByTestId('loss-data');
  await slider.focus();
  for (let i = 0; i < 10; i++) await slider.press('ArrowRight');
  await page.getByRole('radio', { name: 'max' }).check();
  await expect(page.getByTestId('phase')).toHaveText('Finished', { timeout: 60_000 });
  await page.getByTestId('change-effects-toggle').click();
  const rows = page.getByTestId('change-effect');
  await expect(rows.first()).toBeVisible();
  // Before and after, for each figure, with numbers on both sides.
  for (const figure of ['goodput', 'rtt', 'cwnd']) {
    await expect(rows.first().locator(`td[data-figure=${figure}]`)).toHaveText(/^[0-9.]+ ?\S* → [0-9.]+/);
  }
  await snapshot(page, 'change-effects');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('change-effects')).toHaveCount(0);
});

test('an edit that restarts the run says what became of its live change', async ({ page }) => {
  await page.goto('./');
  await openScenarioFile(page, { ...paper000(), name: 'short run', duration: 20 }, 'short.json');
  await expect(page.getByTestId('phase')).toHaveText('Running');
  await expect.poll(async () => Number(await page.getByTestId('sim-time').getAttribute('data-now'))).toBeGreaterThan(0.5);
  const slider = page.getByTestId('loss-data');
  await slider.focus();
  await slider.press('ArrowRight');
  await expect(page.getByTestId('undo')).toHaveAccessibleName(/data-burst loss .* at [0-9.]+ s/);
  // A new node cannot be added to a running network: the run starts again, and says so.
  await placeNode(page, 'host', 0.5, 0.92);
  const notice = page.getByTestId('notice-text');
  await expect(notice).toContainText('The run started again from t = 0 on the values shown');
  await expect(notice).toContainText(/Its live change \(data-burst loss .* at [0-9.]+ s\) now holds from the start\./);
  // The values shown are what the new run starts from.
  await expect(page.getByTestId('loss-data-value')).toHaveText('1.1 %');
});
