import { expect, test, type Page } from '@playwright/test';
import { openRunning, snapshot, waitIdle } from './helpers';

/** Every visible piece of text in the page with a font smaller than `min` px (what, and how small). */
async function smallText(page: Page, min: number): Promise<string[]> {
  return page.evaluate((minPx) => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const el = node.parentElement;
      if (!text || !el) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || el.closest('[hidden], .visually-hidden')) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      // Off-screen (scrolled out of a list) text is not read from the room either.
      if (rect.bottom < 0 || rect.top > innerHeight || rect.right < 0 || rect.left > innerWidth) continue;
      const px = parseFloat(style.fontSize);
      if (px < minPx) out.push(`${text.slice(0, 30)} (${px} px, ${el.tagName.toLowerCase()}.${el.className})`);
    }
    return out;
  }, min);
}

const glyphScale = async (page: Page) => Number(await page.getByTestId('topology').getAttribute('data-glyph-scale'));
// The marks on the links (bursts, control packets, drops) grow fully; node glyphs as far as they stay apart.
const markScale = async (page: Page) => Number(await page.getByTestId('topology').getAttribute('data-mark-scale'));

test('presenter mode: text of 24 px and more, the network large beside one chart, nothing scrolls sideways', async ({ page }) => {
  await openRunning(page);
  const normalBox = await page.getByTestId('topology').boundingBox();
  const normalScale = await markScale(page);
  await page.locator('body').press('p');
  await expect(page.getByTestId('app')).toHaveAttribute('data-presenter', 'true');
  await waitIdle(page);
  expect(await smallText(page, 24)).toEqual([]);
  // One chart at a time, chosen by its own switch.
  await expect(page.locator('figure.chart')).toHaveCount(1);
  await expect(page.getByTestId('chart-cwnd')).toBeVisible();
  await page.getByTestId('show-chart-throughput').click();
  await expect(page.getByTestId('chart-throughput')).toBeVisible();
  await expect(page.getByTestId('chart-cwnd')).toHaveCount(0);
  // The side panel is out of the way; the network has more room and larger marks.
  await expect(page.getByTestId('counter-bursts-sent')).toBeHidden();
  const box = await page.getByTestId('topology').boundingBox();
  expect(box!.height).toBeGreaterThan(normalBox!.height * 1.5);
  expect(await markScale(page)).toBeGreaterThanOrEqual(1.5 * normalScale);
  expect(await glyphScale(page)).toBeGreaterThan(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
  await snapshot(page, 'presenter-1280x720');
  // Esc (or P, or the button) leaves it.
  await page.locator('body').press('Escape');
  await expect(page.getByTestId('app')).toHaveAttribute('data-presenter', 'false');
  await page.getByTestId('presenter-toggle').click();
  await expect(page.getByTestId('app')).toHaveAttribute('data-presenter', 'true');
});

test('zoom and "Larger network" make the glyphs and marks larger, not only the space between them', async ({ page }) => {
  await openRunning(page);
  const rest = await glyphScale(page);
  await page.getByTestId('layout-toggle').click();
  await expect.poll(() => glyphScale(page)).toBeGreaterThan(rest);
  const larger = await glyphScale(page);
  const topology = page.getByTestId('topology');
  const box = (await topology.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 3; i++) await page.mouse.wheel(0, -200);
  await expect.poll(() => glyphScale(page)).toBeGreaterThan(larger * 1.2);
  // The node glyphs on screen grew with it.
  const core = page.locator('[data-node][data-kind="core"] polygon').first();
  const size = (await core.boundingBox())!.width;
  expect(size).toBeGreaterThan(42 * larger);
});
