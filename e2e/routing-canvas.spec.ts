/**
 * Issue 21 on the network canvas: a group with per-copy access links is one fan glyph with
 * a label, clicking it selects the flow, and a selected flow shows its data and ACK routes
 * (different links when costs send ACKs another way).
 */
import { expect, test, type Page } from '@playwright/test';
import { openScenarioDrawn, shot, waitIdle } from './helpers';
import { fanAndTwoRoutesScenario, fanScenario, twoRoutesScenario } from './routing-fixtures';

/** Opens a scenario file as a person would (Share and files, Open), with its node drawn. */
async function openScenario(page: Page, scenario: unknown, node: string): Promise<void> {
  await openScenarioDrawn(page, scenario, node);
  await waitIdle(page);
}

test('a 320-copy access group is one fan with a label, and clicking it selects the flow', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await openScenario(page, fanScenario(), 'E2');
  const fan = page.getByTestId('fan-fast-src');
  await expect(fan).toBeVisible();
  await expect(fan.getByTestId('fan-label')).toHaveText('×320, 100 Mbit/s each');
  // A handful of spokes, not 320.
  const spokes = await fan.locator('.fan-glyph line').count();
  expect(spokes).toBeGreaterThanOrEqual(3);
  expect(spokes).toBeLessThanOrEqual(7);
  // The fan points away from E1's fiber: every spoke ends left of E1.
  const e1 = await page.locator('g[data-node="E1"]').boundingBox();
  const glyph = await fan.locator('.fan-glyph').boundingBox();
  expect(glyph!.x + glyph!.width).toBeLessThan(e1!.x + e1!.width / 2);
  await fan.click();
  await expect(page.getByTestId('property-panel')).toHaveAttribute('data-selection', 'flow');
  await expect(fan).toHaveAttribute('aria-pressed', 'true');
  expect(errors).toEqual([]);
});

test('a selected flow shows its data route over the core and its ACK route over the routers', async ({ page }) => {
  await openScenario(page, twoRoutesScenario(), 'R1');
  await expect(page.getByTestId('route-legend')).toHaveCount(0);
  if (!(await page.getByTestId('property-panel').isVisible())) await page.getByTestId('show-panel').click();
  await page.getByTestId('open-flows').click();
  await page.locator('[data-flow="tcp1"] button.linklike').click();
  const data = page.getByTestId('route-data');
  const ack = page.getByTestId('route-ack');
  await expect(data).toHaveAttribute('data-links', 'fe1 f1 f2 fe2');
  await expect(ack).toHaveAttribute('data-links', 'fe2 p2 p1 fe1');
  // Drawn, one band per hop, on both routes.
  await expect(data.locator('[data-route-link]')).toHaveCount(4);
  await expect(ack.locator('[data-route-link]')).toHaveCount(4);
  await expect(page.getByTestId('route-legend')).toContainText('data route');
  await expect(page.getByTestId('route-legend')).toContainText('ACK route');
  await expect(page.getByTestId('route-legend')).toContainText('ACKs return another way');
  // The ACK band of hop E2-R1 runs between them, below the core's line.
  const box = async (sel: string) => (await page.locator(sel).boundingBox())!;
  const centre = (b: { x: number; y: number; width: number; height: number }) => [b.x + b.width / 2, b.y + b.height / 2];
  const [r1x, r1y] = centre(await box('g[data-node="R1"] > g'));
  const [e2x, e2y] = centre(await box('g[data-node="E2"] > g'));
  const [px, py] = centre((await ack.locator('[data-route-link="p2"]').boundingBox())!);
  expect(px).toBeGreaterThan(r1x);
  expect(px).toBeLessThan(e2x);
  expect(py).toBeGreaterThan(e2y);
  expect(py).toBeLessThan(r1y);
  // Deselecting hides the routes and their key.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('route-data')).toHaveCount(0);
  await expect(page.getByTestId('route-legend')).toHaveCount(0);
});

test('clicking a fan selects its flow and shows that flow’s two routes', async ({ page }) => {
  await openScenario(page, fanAndTwoRoutesScenario(), 'R1');
  const fan = page.getByTestId('fan-many-src');
  await expect(fan.getByTestId('fan-label')).toHaveText('×20, 100 Mbit/s each');
  // E1 has links left, right and down-right: the fan takes the free side, up.
  const e1 = (await page.locator('g[data-node="E1"] > g').boundingBox())!;
  const glyph = (await fan.locator('.fan-glyph').boundingBox())!;
  expect(glyph.y + glyph.height / 2).toBeLessThan(e1.y);
  expect(glyph.y + glyph.height).toBeLessThan(e1.y + e1.height / 2);
  await fan.click();
  await expect(page.getByTestId('property-panel')).toHaveAttribute('data-selection', 'flow');
  const data = page.getByTestId('route-data');
  const ack = page.getByTestId('route-ack');
  await expect(data).toHaveAttribute('data-links', 'f1 f2 fe2');
  await expect(ack).toHaveAttribute('data-links', 'fe2 p2 p1');
  await expect(page.getByTestId('route-legend')).toContainText('Flow many');
  await shot(page, test.info().outputPath('fan-selected.png'));
});
