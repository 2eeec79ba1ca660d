/**
 * Issue 18, as a teacher: one store owns the scenario. Load a preset, move both sliders
 * while it runs, edit a link while paused; the picker says "(edited)", every chart marks
 * the changes, the log lists them; the address bar is a share link that replays the run
 * (same changes at the same times, same summary) in a fresh page; undo every step back and
 * the picker is back on the preset. (Design: docs/scenario-store.md.)
 */
import { expect, test, type Page } from '@playwright/test';
import { pauseDrawn, simTime, snapshot, waitIdle, written } from './helpers';

declare global {
  interface Window {
    __obsDocument?: () => unknown;
    __obsSummary?: () => unknown;
  }
}

const hash = (page: Page) => page.evaluate(() => location.hash);
const selectedPreset = (page: Page) => page.getByTestId('preset').locator('option:checked');
const changesOn = (page: Page, chart: string) => page.getByTestId(chart).getAttribute('data-changes').then(Number);
const undoTitle = (page: Page) => page.getByTestId('undo').getAttribute('title');

/** The summary's fields that a replay must reproduce (wall-clock figures aside). */
async function finishedSummary(page: Page): Promise<Record<string, unknown>> {
  await page.getByLabel('max').check();
  await expect(page.getByTestId('phase')).toHaveText('Finished', { timeout: 120_000 });
  await waitIdle(page);
  const summary = (await page.evaluate(() => window.__obsSummary?.())) as Record<string, unknown>;
  const { wallTime: _w, eventsPerSecond: _e, ...rest } = summary;
  return rest;
}

/**
 * Plays at 1× until simulated time passes `t`, then on at 0.1×: slow enough that the run is
 * still going when the next change is made, on a busy machine too, without waiting at
 * 0.1× for the run to get there (5 s of wall time for 0.5 s).
 */
async function playPast(page: Page, t: number): Promise<void> {
  await page.getByLabel('1×', { exact: true }).check();
  await expect.poll(() => simTime(page), { timeout: 20_000 }).toBeGreaterThan(t);
  await page.getByLabel('0.1×').check();
}

async function moveSlider(page: Page, kind: 'data' | 'ack', value: string): Promise<void> {
  await page.getByTestId(`loss-${kind}`).fill(value);
  await waitIdle(page);
}

test('a teacher edits a preset while it runs, shares the address, and undoes back to the preset', async ({ page, context }) => {
  test.setTimeout(240_000);
  await page.goto('./#preset=paper000');
  await expect(page.getByTestId('phase')).toHaveText('Running');
  await expect.poll(() => hash(page)).toBe('#preset=paper000');
  await expect(selectedPreset(page)).toHaveText(/Paper 000/);
  await expect(selectedPreset(page)).not.toHaveText(/edited/);
  // The data-burst slider while running: one undo step, named with the time.
  await playPast(page, 0.5);
  await moveSlider(page, 'data', '0');
  await expect.poll(() => undoTitle(page)).toMatch(/^Undo data-burst loss 1 % → 0 % at [\d.]+ s/);
  await expect(selectedPreset(page)).toHaveText(/\(edited\)/);
  await expect(page.getByTestId('reset-preset')).toBeVisible();
  await expect.poll(() => hash(page)).toMatch(/^#s=1\.[A-Za-z0-9_-]+&from=paper000$/);

  // The ACK-burst slider, later.
  await playPast(page, (await simTime(page)) + 0.3);
  await moveSlider(page, 'ack', '0.02');
  await expect.poll(() => undoTitle(page)).toMatch(/^Undo ACK-burst loss 0 % → 2 % at/);

  // A link edited while paused: a live field, so the run goes on from where it is.
  await pauseDrawn(page);
  const paused = await simTime(page);
  await page.locator('[data-link="E1-C1"] .link-hit').click();
  const wl = page.getByTestId('field-links[1].wavelengths');
  await wl.fill('3');
  await wl.press('Enter');
  await waitIdle(page);
  expect(await simTime(page)).toBe(paused);
  await expect.poll(() => undoTitle(page)).toMatch(/^Undo .*wavelengths.* at [\d.]+ s/);

  // Every chart marks the three changes.
  for (const chart of ['chart-cwnd', 'chart-throughput', 'chart-rtt']) {
    await expect.poll(() => changesOn(page, chart)).toBe(3);
  }
  await snapshot(page, 'scenario-store-changes');

  // The event log lists them among the run's events.
  await page.getByTestId('tab-log').click();
  const log = page.getByTestId('event-log');
  await expect(log).toContainText('live change: data-burst loss → 0 %');
  await expect(log).toContainText('live change: ACK-burst loss → 2 %');
  await expect(log).toContainText('live change: wavelengths on E1-C1 → 3');
  await page.getByTestId('tab-charts').click();

  // The address bar replays the run: the same document, then the same summary.
  await expect.poll(async () => JSON.stringify(await page.evaluate(() => window.__obsDocument?.()))).toContain('"liveChanges"');
  await written(page); // the address follows at most every 300 ms
  const address = page.url();
  const document = await page.evaluate(() => window.__obsDocument?.());
  const student = await context.newPage();
  await student.goto(address);
  await expect(student.getByTestId('phase')).toHaveText('Running');
  expect(await student.evaluate(() => window.__obsDocument?.())).toEqual(document);
  await expect(selectedPreset(student)).toHaveText(/\(edited\) Paper 000/);
  await student.getByTestId('preset-info-toggle').click();
  await expect(student.getByTestId('preset-edited-note')).toBeVisible();

  await page.getByTestId('play-pause').click();
  const teacherSummary = await finishedSummary(page);
  const studentSummary = await finishedSummary(student);
  expect(studentSummary).toEqual(teacherSummary);
  expect((studentSummary as { liveChanges?: unknown[] }).liveChanges).toHaveLength(3);

  // Undo every step back to the preset: the picker follows.
  for (let i = 0; i < 3; i++) {
    await page.getByTestId('undo').click();
    await waitIdle(page);
  }
  await expect(selectedPreset(page)).not.toHaveText(/edited/);
  await expect(page.getByTestId('reset-preset')).toHaveCount(0);
  await expect(page.getByTestId('loss-data-value')).toHaveText('1.0 %');
  await expect(page.getByTestId('loss-ack-value')).toHaveText('0.0 %');
});

test('Reset run keeps the values shown; Reset to preset brings the preset back as one undo step', async ({ page }) => {
  await page.goto('./#preset=paper000');
  await expect(page.getByTestId('phase')).toHaveText('Running');
  await expect.poll(() => simTime(page), { timeout: 20_000 }).toBeGreaterThan(0.3);
  await moveSlider(page, 'data', '0.05');
  await expect(page.getByTestId('loss-data-value')).toHaveText('5.0 %');
  await page.getByTestId('reset').click();
  await waitIdle(page);
  await expect(page.getByTestId('phase')).toHaveText('Paused');
  expect(await simTime(page)).toBe(0);
  await expect(page.getByTestId('loss-data-value')).toHaveText('5.0 %');
  // After Reset run the slider's value is the run's start: no change recorded, a plain link.
  expect(await changesOn(page, 'chart-cwnd')).toBe(0);

  await page.getByTestId('reset-preset').click();
  await waitIdle(page);
  await expect(page.getByTestId('loss-data-value')).toHaveText('1.0 %');
  await expect(selectedPreset(page)).not.toHaveText(/edited/);
  await expect.poll(() => hash(page)).toBe('#preset=paper000');
  await expect.poll(() => undoTitle(page)).toBe('Undo reset to "' + (await selectedPreset(page).textContent()) + '" (Ctrl+Z)');
  await page.keyboard.press('Control+z');
  await waitIdle(page);
  await expect(page.getByTestId('loss-data-value')).toHaveText('5.0 %');
});
