/**
 * The topology editor in the real app: a network built by mouse runs in the engine; a
 * network edit restarts the run; an invalid value is refused inline and never reaches the
 * engine; undo and redo. Assertions read values the page got from engine frames.
 */
import { expect, test, type Page } from '@playwright/test';
import { addFlow, buildChain, placeNode } from './editor-helpers';
import { cwndPoints, openRunning, simTime, snapshot, waitIdle } from './helpers';

async function pause(page: Page): Promise<void> {
  await page.getByTestId('play-pause').click();
  await expect(page.getByTestId('phase')).toHaveText('Paused');
  await waitIdle(page);
}

// The tests below that build a network check several things of it each: building it by
// mouse takes a few seconds, and what a test checks first leaves what it checks next as a
// person would find it.

test('a network built by mouse from empty runs: time advances, chart points appear; a host cannot link to a core', async ({ page }) => {
  await openRunning(page);
  await buildChain(page);
  const topology = page.getByTestId('topology');
  await expect(topology.locator('[data-link][data-kind="fiber"]')).toHaveCount(2);
  await expect(topology.locator('[data-link][data-kind="packet"]')).toHaveCount(2);
  await expect(topology.locator('[data-node="C1"]')).toHaveAttribute('data-kind', 'core');
  await expect(page.getByTestId('property-panel')).toHaveAttribute('aria-label', 'Flow tcp1');
  await expect(page.getByTestId('engine-banner')).toHaveCount(0);
  await expect(page.getByTestId('phase')).toHaveText('Running');
  await expect.poll(() => simTime(page), { timeout: 20_000 }).toBeGreaterThan(1);
  await expect.poll(() => cwndPoints(page)).toBeGreaterThan(20);
  await snapshot(page, 'editor-01-built');
  // A host cannot be linked to a core node: refused with the reason.
  await page.getByTestId('palette-link').click();
  await page.locator('[data-node="H1"]').click();
  await page.locator('[data-node="C1"]').click();
  await expect(page.getByTestId('editor-status')).toContainText('host cannot attach to a core node');
  await expect(page.getByTestId('topology')).toHaveAttribute('data-links', '4');
});

test('an invalid value is refused inline and never reaches the engine; a valid edit while paused restarts the run from t = 0', async ({
  page,
}) => {
  await openRunning(page);
  await buildChain(page);
  await expect.poll(() => simTime(page), { timeout: 20_000 }).toBeGreaterThan(0.5);
  await pause(page);
  const t = await simTime(page);
  const points = await cwndPoints(page);
  await page.locator('[data-link="f1"] .link-hit').click();
  const delay = page.getByTestId('field-links[1].delay');
  await delay.fill('-1 ms');
  await delay.press('Enter');
  await expect(page.getByTestId('error-links[1].delay')).toHaveText('Delay must be ≥ 0');
  await expect(delay).toHaveValue('-1 ms');
  await expect(delay).toHaveAttribute('aria-invalid', 'true');
  const rate = page.getByTestId('field-links[1].rate');
  await rate.fill('fast');
  await rate.press('Enter');
  await expect(page.getByTestId('error-links[1].rate')).toContainText('is not a number');
  await waitIdle(page);
  // Not reset, not reloaded: the paused run is exactly where it was.
  expect(await simTime(page)).toBe(t);
  expect(await cwndPoints(page)).toBe(points);
  await expect(page.getByTestId('topology').locator('[data-link="f1"]')).toContainText('100 µs');
  await snapshot(page, 'editor-02-invalid');
  // Escape puts the stored value back.
  await delay.press('Escape');
  await expect(delay).toHaveValue('100 µs');
  await rate.press('Escape');
  // A valid value while paused changes the link and restarts the run from t = 0.
  expect(await simTime(page)).toBeGreaterThan(0);
  await expect(delay).toHaveValue('100 µs');
  await delay.fill('2 ms');
  await delay.press('Enter');
  await waitIdle(page);
  await expect(delay).toHaveValue('2 ms');
  await expect(page.getByTestId('topology').locator('[data-link="f1"]')).toContainText('2 ms');
  await expect(page.getByTestId('phase')).toHaveText('Paused');
  expect(await simTime(page)).toBe(0);
  expect(await cwndPoints(page)).toBe(0);
  // A live field does not restart the run.
  await page.getByTestId('play-pause').click();
  await expect.poll(() => simTime(page)).toBeGreaterThan(0.3);
  await pause(page);
  const resumedTo = await simTime(page);
  const wl = page.getByTestId('field-links[1].wavelengths');
  await wl.fill('4');
  await wl.press('Enter');
  await waitIdle(page);
  await expect(page.getByTestId('topology').locator('[data-link="f1"] .link-label')).toContainText('4 λ × 1.25 Gbit/s');
  expect(await simTime(page)).toBe(resumedTo);
});

test('undo and redo, by buttons and keys; Delete removes the selection; a flow with no path is kept but not sent', async ({ page }) => {
  await openRunning(page);
  await buildChain(page);
  const topology = page.getByTestId('topology');
  await placeNode(page, 'router', 0.5, 0.85);
  await expect(topology).toHaveAttribute('data-nodes', '6');
  await expect(page.getByTestId('undo')).toHaveAttribute('title', /Undo add router R1/);
  await page.keyboard.press('Control+z');
  await expect(topology).toHaveAttribute('data-nodes', '5');
  await page.keyboard.press('Control+Shift+Z');
  await expect(topology).toHaveAttribute('data-nodes', '6');
  await page.getByTestId('undo').click();
  await expect(topology).toHaveAttribute('data-nodes', '5');
  await page.getByTestId('redo').click();
  await expect(topology).toHaveAttribute('data-nodes', '6');
  // Deleting a node takes its links and flows with it; undo brings them all back.
  await page.locator('[data-node="E2"]').click();
  await page.keyboard.press('Delete');
  await expect(topology).toHaveAttribute('data-nodes', '5');
  await expect(topology).toHaveAttribute('data-links', '2');
  await page.keyboard.press('Control+y'); // nothing to redo: no change
  await expect(topology).toHaveAttribute('data-links', '2');
  await page.keyboard.press('Control+z');
  await expect(topology).toHaveAttribute('data-links', '4');
  await expect(page.getByTestId('engine-banner')).toHaveCount(0);
  await expect.poll(() => cwndPoints(page)).toBeGreaterThan(0);
  // A flow between hosts with no path is kept on screen but not sent (the new host away from R1).
  await placeNode(page, 'host', 0.75, 0.85);
  await addFlow(page, 'H1', 'H3');
  await expect(page.getByTestId('engine-banner')).toContainText('No path of links leads from "H1" to "H3"');
  await expect(page.getByTestId('error-flows[1].dst')).toBeVisible();
  // The engine still runs the last accepted network.
  await expect.poll(() => cwndPoints(page)).toBeGreaterThan(0);
});

test('Space still plays and pauses after working on the canvas', async ({ page }) => {
  await openRunning(page);
  await page.locator('[data-node="C1"]').click();
  await expect(page.getByTestId('property-panel')).toHaveAttribute('aria-label', 'Core C1');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('phase')).toHaveText('Paused');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('phase')).toHaveText('Running');
});
