/**
 * The screenshots of docs/img for issue 21's canvas (docs/routing.md section 6): on demand
 * only, `SHOTS=1 npx playwright test e2e/routing-screenshots.spec.ts` after a build. They
 * are pictures for people, not checks; routing-canvas.spec.ts checks the same drawing.
 */
import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { openScenarioDrawn, waitIdle } from './helpers';
import { fanScenario, twoRoutesScenario } from './routing-fixtures';

test.skip(!process.env.SHOTS, 'makes docs/img screenshots on demand (SHOTS=1)');

const IMG = (name: string) => fileURLToPath(new URL(`../docs/img/${name}`, import.meta.url));

async function open(page: Page, scenario: unknown, node: string): Promise<void> {
  await openScenarioDrawn(page, scenario, node);
  // The network gets most of the height, as a teacher would show it.
  await page.getByTestId('layout-toggle').click();
  await page.getByTestId('fit').click();
}

/** Runs a moment at a speed where packets are drawn one by one, then pauses there. */
async function runAMoment(page: Page, speed: string, ms: number): Promise<void> {
  await page.getByRole('radio', { name: speed, exact: true }).check();
  await page.waitForTimeout(ms);
  if ((await page.getByTestId('phase').textContent()) === 'Running') await page.getByTestId('play-pause').click();
  await waitIdle(page);
}

test('fan glyph of a 320-copy access group', async ({ page }) => {
  await open(page, fanScenario(), 'E2');
  await runAMoment(page, '20 µs', 4000);
  await expect(page.getByTestId('fan-fast-src')).toBeVisible();
  await page.screenshot({ path: IMG('fan-glyph.png') });
});

test('a selected flow’s data and ACK routes', async ({ page }) => {
  await open(page, twoRoutesScenario(), 'R1');
  await runAMoment(page, '1×', 1500);
  await page.locator('g[data-node="E1"]').click(); // opens the panel
  await page.getByTestId('open-flows').click();
  await page.locator('[data-flow="tcp1"] button.linklike').click();
  await expect(page.getByTestId('route-ack')).toHaveAttribute('data-links', 'fe2 p2 p1 fe1');
  // Fitted to the room the open panel leaves.
  await page.getByTestId('fit').click();
  await waitIdle(page);
  await page.screenshot({ path: IMG('two-routes.png') });
});
