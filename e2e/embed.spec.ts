/**
 * Embed mode (?embed or embed.html, view/embedFlag.ts): the network, the run controls and
 * one chart for an iframe in slides or a course page; it never touches the work saved in
 * this browser, and its link out opens the full app on what it shows.
 */
import { expect, test, type Page } from '@playwright/test';
import { cwndPoints, snapshot, written } from './helpers';

const MAIN = 'obs-tcp-sim.scenario';
const stored = (page: Page) => page.evaluate((k) => localStorage.getItem(k), MAIN);

async function openEmbedded(page: Page, address: string): Promise<void> {
  await page.goto(address);
  await expect(page.getByTestId('app')).toHaveAttribute('data-embed', 'true');
  await expect(page.getByTestId('phase')).toHaveText('Running');
  await expect.poll(() => cwndPoints(page)).toBeGreaterThan(0);
}

test('an embedded copy shows the network, the run controls and one chart, and nothing else', async ({ page }) => {
  await page.setViewportSize({ width: 960, height: 540 });
  await openEmbedded(page, './?embed#preset=paper000');
  await expect(page.getByTestId('embed-name')).toContainText('Paper 000');
  await expect(page.getByTestId('play-pause')).toBeVisible();
  await expect(page.getByTestId('topology')).toBeVisible();
  await expect(page.locator('figure.chart')).toHaveCount(1);
  for (const gone of ['preset', 'presenter-toggle', 'tab-charts', 'layout-toggle']) {
    await expect(page.getByTestId(gone), gone).toBeHidden();
  }
  await expect(page.locator('.editor-toolbar')).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
  await snapshot(page, 'embed-960x540');
  // The frame's page is not a share link that follows edits: its address stays as given.
  await page.getByTestId('loss-data').fill('0.02');
  await written(page);
  expect(new URL(page.url()).hash).toBe('#preset=paper000');
  // The way out carries what the frame shows now (the slider moved), without the flag.
  const href = (await page.getByTestId('embed-open').getAttribute('href'))!;
  const out = new URL(href);
  expect(out.searchParams.has('embed')).toBe(false);
  expect(out.hash).toMatch(/^#s=.*&from=paper000$/);
});

test('embed.html is the same embedded copy', async ({ page }) => {
  await openEmbedded(page, './embed.html#preset=first-lesson');
  await expect(page.getByTestId('embed-name')).toContainText('First lesson');
  await expect(page.locator('figure.chart')).toHaveCount(1);
  await expect(page.getByTestId('preset')).toBeHidden();
});

test('an embedded copy never reads or writes the work saved in this browser', async ({ page, context }) => {
  // Work of one's own in the full app.
  await page.goto('./#preset=paper000');
  await expect(page.getByTestId('phase')).toHaveText('Running');
  await page.getByTestId('loss-data').fill('0.03');
  // Saved with the change (the keeper writes at most twice a second), then the full app is
  // closed so that nothing but the embedded copy could write any more.
  await expect.poll(async () => (await stored(page)) ?? '').toContain('"value":0.03');
  await page.close();
  const storedNow = async () =>
    (await context.storageState()).origins.flatMap((o) => o.localStorage).find((item) => item.name === MAIN)?.value ?? null;
  const saved = await storedNow();
  expect(saved).toContain('"value":0.03');
  // A slide embeds another preset and someone plays with it.
  const frame = await context.newPage();
  await openEmbedded(frame, './?embed#preset=first-lesson');
  await frame.getByTestId('loss-data').fill('0.05');
  await written(frame);
  expect(await stored(frame)).toBe(saved);
  await frame.close();
  expect(await storedNow()).toBe(saved);
  // The full app still opens the work.
  const again = await context.newPage();
  await again.goto('./');
  await expect(again.getByTestId('loss-data-value')).toHaveText('3.0 %');
});
