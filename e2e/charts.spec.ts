/**
 * The live charts against the real engine: all three fill, the cwnd chart marks the TCP
 * events a loss causes, the hover read-out shows each flow's values, and the three
 * charts zoom, pan and go back to the whole run together. Values come from the page's
 * data attributes (written when the charts draw), never from timers of the test.
 */
import { expect, test, type Page } from '@playwright/test';
import { cwndPoints, numberAttr, openRunning, pauseDrawn, simTime, snapshot, waitIdle } from './helpers';

const CHARTS = ['chart-cwnd', 'chart-throughput', 'chart-rtt'] as const;
const windowAttr = (page: Page, name: string) => numberAttr(page.getByTestId('chart-window'), name);

/**
 * Plays the run past 3 s (the charts then hold the start the tests point at) at 10×, then
 * on at 1×: the speed is not what these tests check, and 1× made them wait 3 s.
 */
async function pastThreeSeconds(page: Page): Promise<void> {
  await page.getByRole('radio', { name: '10×' }).check();
  await expect.poll(() => simTime(page), { timeout: 20_000 }).toBeGreaterThan(3);
  await page.getByRole('radio', { name: '1×', exact: true }).check();
}

test('all three charts gain points while running and draw them; the legend hides and shows a flow', async ({ page }) => {
  await openRunning(page);
  const first = await cwndPoints(page);
  await expect.poll(() => cwndPoints(page)).toBeGreaterThan(first + 50);
  await expect.poll(() => numberAttr(page.getByTestId('chart-throughput'), 'data-points')).toBeGreaterThan(first + 50);
  for (const id of CHARTS) {
    const chart = page.getByTestId(id);
    await expect.poll(() => numberAttr(chart, 'data-points')).toBeGreaterThan(100);
    await expect.poll(() => numberAttr(chart, 'data-drawn')).toBeGreaterThan(0);
  }
  // Axis titles with units, readable.
  await expect(page.getByTestId('chart-cwnd')).toContainText('cwnd (segments)');
  await expect(page.getByTestId('chart-throughput')).toContainText('throughput (Mbit/s)');
  await expect(page.getByTestId('chart-rtt')).toContainText('RTT (ms)');
  await expect(page.getByTestId('chart-rtt')).toContainText('simulated time (s)');
  // The legend hides and shows a flow (the same page: a test of its own loaded it again).
  const cwnd = page.getByTestId('chart-cwnd');
  const chip = page.getByTestId('legend-flow-0');
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await chip.click();
  await expect(chip).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => numberAttr(cwnd, 'data-drawn')).toBe(0);
  await chip.click();
  await expect.poll(() => numberAttr(cwnd, 'data-drawn')).toBeGreaterThan(0);
});

test('data-burst loss puts RTO and fast-retransmit markers on the cwnd chart', async ({ page }) => {
  await openRunning(page);
  const slider = page.getByTestId('loss-data');
  await slider.focus();
  await slider.press('End'); // 10 %
  await expect(page.getByTestId('loss-data-value')).toHaveText('10.0 %');
  const cwnd = page.getByTestId('chart-cwnd');
  await expect.poll(() => numberAttr(cwnd, 'data-markers'), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect(cwnd).toContainText('RTO');
  await expect(cwnd).toContainText('fast retransmit');
  await snapshot(page, 'charts-markers');
});

test('hovering a chart shows a read-out with the time and each flow value', async ({ page }) => {
  await openRunning(page);
  await pastThreeSeconds(page);
  await page.getByRole('button', { name: 'Pause' }).click();
  await waitIdle(page);

  const plot = page.getByTestId('chart-cwnd-plot');
  const box = (await plot.boundingBox())!;
  // The whole run (20 s) is on the axis: a tenth of the way across is about 2 s.
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height / 2);
  const tip = page.getByTestId('chart-cwnd-tooltip');
  await expect(tip).toBeVisible();
  await expect(tip).toContainText(/t = \d+\.\d+ s/);
  await expect(tip).toContainText('tcp1');
  await expect(tip).toContainText(/\d seg/);
  const t = await numberAttr(tip, 'data-time');
  expect(t).toBeGreaterThan(1);
  expect(t).toBeLessThan(3);
  // Read-outs are large enough to read from the back of the room.
  const size = await tip.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(size).toBeGreaterThanOrEqual(14);
  // Only the hovered chart shows a read-out; the others show the same instant as a rule.
  await expect(page.getByTestId('chart-throughput-tooltip')).toBeHidden();

  const rttPlot = (await page.getByTestId('chart-rtt-plot').boundingBox())!;
  await page.mouse.move(rttPlot.x + rttPlot.width * 0.1, rttPlot.y + rttPlot.height / 2);
  await expect(page.getByTestId('chart-rtt-tooltip')).toContainText(/srtt \d+(\.\d+)? ms/);
  await expect(tip).toBeHidden();
  await snapshot(page, 'charts-hover');

  await page.mouse.move(0, 0);
  await expect(page.getByTestId('chart-rtt-tooltip')).toBeHidden();
});

test('the wheel zooms all charts together; Whole run and double-click follow the run again', async ({ page }) => {
  await openRunning(page);
  await pastThreeSeconds(page);
  await expect(page.getByTestId('chart-window')).toHaveAttribute('data-following', 'true');
  const full = (await windowAttr(page, 'data-t1')) - (await windowAttr(page, 'data-t0'));

  const box = (await page.getByTestId('chart-throughput-plot').boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height / 2);
  for (let i = 0; i < 4; i++) await page.mouse.wheel(0, -240);
  await expect(page.getByTestId('chart-window')).toHaveAttribute('data-following', 'false');
  const t0 = await windowAttr(page, 'data-t0');
  const t1 = await windowAttr(page, 'data-t1');
  expect(t1 - t0).toBeLessThan(full / 2);
  expect(t0).toBeLessThan(2); // zoomed around the pointer, near the start
  // Every chart's x axis shows the same window: its last tick is inside it.
  for (const id of CHARTS) {
    const ticks = await page.getByTestId(id).locator('.chart-axes text[text-anchor="middle"]').allTextContents();
    const values = ticks.map(Number).filter((v) => Number.isFinite(v));
    expect(values.length).toBeGreaterThan(1);
    expect(Math.max(...values)).toBeLessThanOrEqual(t1 + 1e-9);
  }
  await snapshot(page, 'charts-zoomed');

  // Drag to the left moves the window later in time.
  const cwndPlot = (await page.getByTestId('chart-cwnd-plot').boundingBox())!;
  await page.mouse.move(cwndPlot.x + cwndPlot.width * 0.6, cwndPlot.y + cwndPlot.height / 2);
  await page.mouse.down();
  await page.mouse.move(cwndPlot.x + cwndPlot.width * 0.2, cwndPlot.y + cwndPlot.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect.poll(() => windowAttr(page, 'data-t0')).toBeGreaterThan(t0);

  await page.getByTestId('zoom-reset').click();
  await expect(page.getByTestId('chart-window')).toHaveAttribute('data-following', 'true');

  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -480);
  await expect(page.getByTestId('chart-window')).toHaveAttribute('data-following', 'false');
  await page.mouse.dblclick(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByTestId('chart-window')).toHaveAttribute('data-following', 'true');
});

test('clicking a TCP event in the event log shows the charts around that moment', async ({ page }) => {
  await openRunning(page);
  // The default preset loses 1 % of data bursts: RTOs and fast retransmits come quickly.
  await page.getByTestId('tab-log').click();
  // The newest TCP row: the list follows the newest, so older rows leave the rendered window.
  const newest = page.locator('[data-testid="log-row"][data-kind="6"]').last();
  await expect(newest).toBeVisible({ timeout: 20_000 });
  // Paused, the list stops moving under the pointer (rows arriving between reading a row
  // and clicking it made the click miss now and then).
  await pauseDrawn(page);
  // Pin the row by its sequence number, then read and click it.
  const seq = await newest.getAttribute('data-seq');
  const row = page.locator(`[data-testid="log-row"][data-seq="${seq}"]`);
  const time = Number(await row.getAttribute('data-time'));
  await row.click();
  await expect(row, 'the click reached the row').toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('tab-charts').click();
  const win = page.getByTestId('chart-window');
  await expect(win).toHaveAttribute('data-following', 'false');
  expect(Number(await win.getAttribute('data-t0'))).toBeLessThanOrEqual(time);
  expect(Number(await win.getAttribute('data-t1'))).toBeGreaterThanOrEqual(time);
  await snapshot(page, 'charts-from-log');
});
