/**
 * Issue 37, "a keyboard path through the editor" (WCAG 2.1.1): a network built, linked, given
 * a flow and run without a mouse. Nodes go to a free spot and take the focus, arrows move
 * them, the focus never falls to <body>, a focused node shows a ring, and a skip link
 * passes the header and the controls' glossary terms.
 */
import { expect, test, type Page } from '@playwright/test';
import { snapshot } from './helpers';

const focusIsOnBody = (page: Page) => page.evaluate(() => document.activeElement === document.body || document.activeElement === null);
const focusedNode = (page: Page) => page.evaluate(() => (document.activeElement as Element | null)?.getAttribute('data-node') ?? null);

/** Tabs (Shift+Tab: backwards) until `testId` has the focus (at most `limit` presses). */
async function tabTo(page: Page, testId: string, limit = 40, key = 'Tab'): Promise<number> {
  for (let i = 1; i <= limit; i++) {
    await page.keyboard.press(key);
    if (await page.getByTestId(testId).evaluate((el) => el === document.activeElement)) return i;
  }
  throw new Error(`${testId} not reached in ${limit} Tabs`);
}

/** Enter on a node found by Tab from the one focused (nodes are in the order they were added). */
async function enterOnNode(page: Page, id: string): Promise<void> {
  for (let i = 0; i < 12 && (await focusedNode(page)) !== id; i++) await page.keyboard.press('Tab');
  expect(await focusedNode(page)).toBe(id);
  await page.keyboard.press('Enter');
}

test('a network built, linked, given a flow and run from the keyboard alone', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('./');
  await expect(page.getByTestId('phase')).toHaveText('Running');
  // The skip link comes first and lands on the editor: New is the next Tab.
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('skip-editor')).toBeFocused();
  await expect(page.getByTestId('skip-editor')).toBeVisible();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('new-scenario')).toBeFocused();
  await page.keyboard.press('Enter');
  const topology = page.getByTestId('topology');
  await expect(topology).toHaveAttribute('data-nodes', '0');

  // Host, Edge, Core, Edge, Host: each placed by Enter on its button, at a free spot, focused.
  await tabTo(page, 'palette-host', 3);
  const kinds = ['host', 'edge', 'core', 'edge', 'host'];
  for (const [i, kind] of kinds.entries()) {
    if (i > 0) await page.getByTestId(`palette-${kind}`).focus();
    await page.keyboard.press('Enter');
    await expect(topology).toHaveAttribute('data-nodes', String(i + 1));
    await expect.poll(() => focusedNode(page)).not.toBeNull();
  }
  // The focused node wears a ring; arrows move it, one undo step.
  const last = (await focusedNode(page))!;
  const ring = await page.locator(`[data-node="${last}"] .node-hit`).evaluate((el) => getComputedStyle(el).stroke);
  expect(ring).not.toBe('none');
  await snapshot(page, 'keyboard-focused-node');
  const before = await page.locator(`[data-node="${last}"]`).boundingBox();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect.poll(async () => (await page.locator(`[data-node="${last}"]`).boundingBox())!.y).toBeGreaterThan(before!.y + 5);
  await expect(page.getByTestId('undo')).toHaveAttribute('aria-label', `Undo move ${last}`);

  // Link: the Link button, then Enter on each end, node after node.
  const ids = await topology.locator('[data-node]').evaluateAll((els) => els.map((e) => e.getAttribute('data-node')!));
  await page.getByTestId('palette-link').focus();
  await page.keyboard.press('Enter');
  for (let i = 0; i + 1 < ids.length; i++) {
    await page.locator(`[data-node="${ids[i]}"]`).focus();
    await page.keyboard.press('Enter');
    await enterOnNode(page, ids[i + 1]);
    await expect(topology).toHaveAttribute('data-links', String(i + 1));
  }
  await page.keyboard.press('Escape');

  // Add flow from the guide: the focus goes to the first host, not to the page.
  await page.getByTestId('guide-add-flow').focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => focusIsOnBody(page)).toBe(false);
  expect(await focusedNode(page)).toBe(ids[0]);
  await page.keyboard.press('Enter');
  await enterOnNode(page, ids[4]);
  await expect(page.getByTestId('build-guide')).toHaveCount(0);

  // And run it: back to Play with Shift+Tab.
  await tabTo(page, 'play-pause', 80, 'Shift+Tab');
  if ((await page.getByTestId('phase').textContent()) !== 'Running') await page.keyboard.press('Space');
  await expect(page.getByTestId('phase')).toHaveText('Running', { timeout: 20_000 });
  await expect.poll(async () => Number(await page.getByTestId('sim-time').getAttribute('data-now'))).toBeGreaterThan(0);
});
