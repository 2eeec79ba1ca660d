/**
 * The walking skeleton, end to end: the real engine (wasm in a worker) driving the built
 * app. Every assertion reads values the page got from engine frames (data-points,
 * data-now, counters from frame.summary), never a timer of its own.
 */
import { expect, test } from '@playwright/test';
import { counter, cwndPoints, numberAttr, openRunning, simTime, snapshot, waitIdle } from './helpers';

test('opens on the default scenario, running, with its topology and no error', async ({ page }) => {
  await openRunning(page);
  const topology = page.getByTestId('topology');
  await expect(topology).toHaveAttribute('data-nodes', '5');
  await expect(topology).toHaveAttribute('data-links', '4');
  for (const [id, kind] of [
    ['Server', 'host'],
    ['E1', 'edge'],
    ['C1', 'core'],
    ['E2', 'edge'],
    ['Client', 'host'],
  ]) {
    await expect(topology.locator(`[data-node="${id}"]`)).toHaveAttribute('data-kind', kind);
  }
  await expect(topology.locator('[data-kind="fiber"]')).toHaveCount(2);
  await expect(topology.getByText('2 λ × 1.25 Gbit/s')).toHaveCount(2);
  await expect(page.getByTestId('error-banner')).toHaveCount(0);
  await expect(page.getByTestId('loss-data-value')).toHaveText('1.0 %');
  await expect(page.getByTestId('loss-ack-value')).toHaveText('0.0 %');
  // Let the run show some shape before the picture is taken.
  await expect.poll(() => simTime(page), { timeout: 20_000 }).toBeGreaterThan(4);
  await snapshot(page, '01-running');
});

test('the cwnd and throughput charts gain points while running', async ({ page }) => {
  await openRunning(page);
  const first = await cwndPoints(page);
  await expect.poll(() => cwndPoints(page)).toBeGreaterThan(first + 50);
  const throughput = page.getByTestId('chart-throughput');
  await expect.poll(() => numberAttr(throughput, 'data-points')).toBeGreaterThan(first + 50);
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
  await expect.poll(() => simTime(page), { timeout: 20_000 }).toBeGreaterThan(6);
  await snapshot(page, '03-ack-loss-10pct');
});

test('the data-burst slider reaches the running engine', async ({ page }) => {
  await openRunning(page);
  const slider = page.getByTestId('loss-data');
  await slider.focus();
  // 1. From the scenario's 1 % down to 0 %: data bursts stop being dropped.
  await slider.press('Home');
  await expect(page.getByTestId('loss-data-value')).toHaveText('0.0 %');
  await waitIdle(page); // setLive answered
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

test('reset returns to t = 0 with empty charts, paused, and play starts again', async ({ page }) => {
  await openRunning(page);
  await expect.poll(() => simTime(page)).toBeGreaterThan(1);
  await page.getByTestId('reset').click();
  await expect(page.getByTestId('phase')).toHaveText('Paused');
  await waitIdle(page);
  expect(await simTime(page)).toBe(0);
  expect(await cwndPoints(page)).toBe(0);
  await expect(page.getByTestId('sim-time')).toHaveText('0.00 s');
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
  await expect(page.getByRole('button', { name: 'Play' })).toBeDisabled();
  await snapshot(page, '05-finished');
});

test('the controls work from the keyboard', async ({ page }) => {
  await openRunning(page);
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('play-pause')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('phase')).toHaveText('Paused');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('phase')).toHaveText('Running');
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
  await expect(page.getByTestId('topology')).toHaveAttribute('data-nodes', '5');
  await snapshot(page, '06-error');
  broken = false;
  await page.getByTestId('error-reset').click();
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId('phase')).toHaveText('Running');
  await expect.poll(() => cwndPoints(page)).toBeGreaterThan(0);
});
