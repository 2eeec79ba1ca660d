/**
 * Issue 19 (reflow, WCAG 1.4.10): from a 360 px phone to a 1280 px projector at 200 %
 * zoom (640 CSS px) the page never scrolls sideways, and a student on a phone can open a
 * shared link, run it, switch charts and read "What to look for".
 */
import { expect, test, type Page } from '@playwright/test';
import { shot, waitIdle } from './helpers';

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

// CSS sizes: phones, a 1280x720 projector at 200 %, 150 % and 125 % browser zoom and at
// 100 %, full HD and 4K.
const SIZES = [
  [360, 740],
  [390, 844],
  [640, 360],
  [853, 480],
  [1024, 576],
  [1280, 720],
  [1920, 1080],
  [3840, 2160],
];

/** Presenter mode on or off by its toggle, and the page drawn in it. */
async function setPresenter(page: Page, on: boolean): Promise<void> {
  const app = page.getByTestId('app');
  if (((await app.getAttribute('data-presenter')) === 'true') !== on) await page.getByTestId('presenter-toggle').click();
  await expect(app).toHaveAttribute('data-presenter', String(on));
  await waitIdle(page);
}

// One page resized through every size, as browser zoom and a moved window resize it: the
// layout is CSS and element sizes observed as they change (useElementSize.ts), so a page
// resized lays out as one opened at that size; a page loaded for each cost a second each.
test('no sideways scrolling at any size from 360 px to 4K, normal and presenter', async ({ page }) => {
  await page.setViewportSize({ width: SIZES[0][0], height: SIZES[0][1] });
  await page.goto('./#preset=paper004');
  await expect(page.getByTestId('phase')).not.toHaveText(/Loading/);
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await setPresenter(page, false);
    expect(await sideways(page), `${width} x ${height}`).toBe(0);
    await shot(page, new URL(`./artifacts/reflow-${width}x${height}.png`, import.meta.url).pathname);
    await setPresenter(page, true);
    expect(await sideways(page), `${width} x ${height}, presenter`).toBe(0);
    await shot(page, new URL(`./artifacts/reflow-${width}x${height}-presenter.png`, import.meta.url).pathname);
  }
});

// What 125 % and 150 % zoom broke on a 1280x720 projector: a throughput chart 20 px tall
// with its ticks on each other, a preset picker under the panel beside it. One page, resized.
test('at 853 x 480 and 1024 x 576 the charts keep their height and the preset picker is uncovered', async ({ page }) => {
  await page.setViewportSize({ width: 853, height: 480 });
  await page.goto('./#preset=paper000');
  await expect(page.getByTestId('phase')).toHaveText('Running');
  for (const [width, height] of [
    [853, 480],
    [1024, 576],
  ]) {
    await page.setViewportSize({ width, height });
    await waitIdle(page);
    for (const id of ['chart-cwnd', 'chart-throughput', 'chart-rtt']) {
      await page.getByTestId(id).scrollIntoViewIfNeeded();
      const box = await page.getByTestId(id).locator('.chart-box').boundingBox();
      expect(box!.height, `${id} at ${width} x ${height}`).toBeGreaterThanOrEqual(100);
    }
    await page.evaluate(() => scrollTo(0, 0));
    const picker = page.getByTestId('preset');
    const r = (await picker.boundingBox())!;
    const topmost = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x, y)?.closest('[data-testid="preset"]') !== null,
      [r.x + r.width / 2, r.y + r.height / 2],
    );
    expect(topmost, `the picker uncovered at ${width} x ${height}`).toBe(true);
  }
});

test('on a phone a shared link opens, runs, switches views and shows "What to look for" in full', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('./#preset=paper000');
  await expect(page.getByTestId('phase')).toHaveText('Running');
  await page.getByTestId('preset-info-toggle').click();
  const info = page.getByTestId('preset-info');
  await expect(info).toBeVisible();
  // In the page's flow, under the picker: nothing covers the picker, nothing is cut.
  const pick = await page.getByTestId('preset').boundingBox();
  const box = await info.boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(pick!.y + pick!.height);
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await page.getByTestId('tab-log').click();
  await expect(page.getByTestId('event-log')).toBeVisible();
  await page.getByTestId('tab-charts').click();
  await expect(page.getByTestId('chart-rtt')).toBeVisible();
  expect(await sideways(page)).toBe(0);
  await shot(page, new URL('./artifacts/reflow-phone.png', import.meta.url).pathname, { fullPage: true });
});
