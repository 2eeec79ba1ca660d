/**
 * Issue 36, the time-space diagram: the burst-and-offset lesson's step about C1 working on
 * the BHP, opened by its link, shows the Time-space tab with the BHP and the burst drawn
 * and the offset labelled. Every number is read from the page: the offset from the event
 * log's sentence (the engine's BurstFormed), the times from the diagram's table (the
 * engine's events), the drawing from the figure's data attributes; then presenter mode at
 * 1280x720, its text and lines at the projector's sizes, and a screenshot to look at.
 */
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations, snapshot } from './helpers';
import { playToPause } from './lesson-pauses';

const figure = (page: Page) => page.getByTestId('timespace-figure');

/** "9.2005 ms", "500 µs", "1.2 s" → seconds. */
function seconds(text: string): number {
  const m = /([\d.]+)\s*(s|ms|µs|ns)\b/.exec(text);
  if (!m) throw new Error(`no duration in "${text}"`);
  return Number(m[1]) * { s: 1, ms: 1e-3, µs: 1e-6, ns: 1e-9 }[m[2] as 's' | 'ms' | 'µs' | 'ns'];
}

async function attr(page: Page, name: string): Promise<string> {
  return (await figure(page).getAttribute(`data-${name}`)) ?? '';
}

test('burst-and-offset step 3 by its link: the time-space diagram shows the BHP, the burst and the offset labelled', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('./#lesson=burst-and-offset&step=3');
  await playToPause(page);
  await expect(page.getByTestId('lesson-status')).toHaveAttribute('data-kind', 'paused', { timeout: 90_000 });
  await expect(page.getByTestId('tab-timespace')).toHaveAttribute('aria-selected', 'true');
  await expect(figure(page)).toHaveAttribute('data-path', 'E1>C1>E2');

  // Drawn: the BHP and the burst (on two hops by now), C1 processing the BHP.
  await expect.poll(async () => Number(await attr(page, 'bhps'))).toBeGreaterThanOrEqual(1);
  expect(Number(await attr(page, 'bands'))).toBeGreaterThanOrEqual(1);
  expect(Number(await attr(page, 'processing'))).toBeGreaterThanOrEqual(1);
  const featured = await attr(page, 'featured');
  expect(Number(featured)).toBeGreaterThanOrEqual(0);

  // The offset label says the engine's offset: the log's sentence for the same burst
  // ("E1 sends burst 0 … offset 1 ms", three figures) agrees with the label's five.
  const labels = JSON.parse(await attr(page, 'labels')) as Array<[string, number, number, number, number]>;
  const offsetLabel = labels.find(([text]) => text.startsWith('offset '));
  expect(offsetLabel, `labels: ${labels.map((l) => l[0]).join(', ')}`).toBeDefined();
  const labelled = seconds(offsetLabel![0]);
  expect(labelled).toBeCloseTo(Number(await attr(page, 'offset')), 7);
  for (const name of ['BHP', 'processing ', 'set-up '])
    expect(
      labels.some(([text]) => text.startsWith(name)),
      name,
    ).toBe(true);

  // The table gives the engine's times: the burst leaves one offset after its BHP.
  await page.getByTestId('timespace-table-toggle').click();
  const row = page.getByTestId('timespace-table').locator(`tr[data-burst="${featured}"]`);
  await expect(row).toBeVisible();
  const cells = await row.locator('th, td').allTextContents();
  const [bhpLeaves, burstLeaves] = [seconds(cells[3]), seconds(cells[4])];
  expect(burstLeaves - bhpLeaves).toBeCloseTo(labelled, 7);
  expect(seconds(cells[5])).toBeCloseTo(labelled, 7);
  await page.getByTestId('timespace-table-toggle').click();

  // The bracket spans those two moments on the diagram's time axis, and its label sits beside it.
  const [from, to] = [Number(await attr(page, 'from')), Number(await attr(page, 'to'))];
  const [, top, , height] = (await attr(page, 'plot')).split(',').map(Number);
  const y = (t: number) => top + ((t - from) / (to - from)) * height;
  const [y0, y1] = (await attr(page, 'offset-span')).split(',').map(Number);
  expect(Math.abs(y0 - y(bhpLeaves))).toBeLessThanOrEqual(1);
  expect(Math.abs(y1 - y(burstLeaves))).toBeLessThanOrEqual(1);
  const [, , boxTop, , boxBottom] = offsetLabel!;
  expect(boxBottom).toBeGreaterThan(y0 - 40);
  expect(boxTop).toBeLessThan(y1 + 40);

  // The same in the event log, from the engine's BurstFormed: "offset 1 ms".
  await page.getByTestId('tab-log').click();
  await page.getByRole('checkbox', { name: /Bursts formed/ }).check();
  const formed = page
    .getByTestId('log-row')
    .filter({ hasText: `sends burst ${featured} ` })
    .first();
  await expect(formed).toBeVisible();
  const logged = seconds(/offset ([\d.]+ (?:s|ms|µs|ns))/.exec((await formed.textContent())!)![1]);
  expect(Math.abs(logged - labelled) / labelled).toBeLessThan(0.005);
  await page.getByTestId('tab-timespace').click();

  // Keyboard: the diagram takes the focus; Down chooses a burst and its story is read out.
  await page.getByRole('img', { name: /Time-space diagram of E1 → C1 → E2/ }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('timespace-caption')).toContainText(
    `its control packet (BHP) leaves first, the burst ${offsetLabel![0].slice(7)} later`,
  );
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('timespace-words')).toContainText('Time-space diagram of the path E1 → C1 → E2');
  expect(await seriousViolations(page)).toEqual([]);

  // Beside the lesson in the normal layout at 1280x720 the diagram, which runs time down
  // the screen, gets two thirds of the height (it had about 200 px under the network's 45 %).
  const normalBox = (await figure(page).boundingBox())!;
  expect(normalBox.y + normalBox.height).toBeLessThanOrEqual(720);
  expect(normalBox.height, 'the diagram gets the height beside a lesson').toBeGreaterThan(280);

  // Presenter mode at 1280x720: labels at the projector's text size, lines of 3 px and more.
  await page.keyboard.press('p');
  await expect(page.getByTestId('app')).toHaveAttribute('data-presenter', 'true');
  await expect.poll(async () => Number(await attr(page, 'text-px'))).toBeGreaterThanOrEqual(24);
  expect(Number(await attr(page, 'line-px'))).toBeGreaterThanOrEqual(3);
  const box = (await figure(page).boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(720);
  expect(box.height, 'the diagram gets the height').toBeGreaterThan(220);
  const presenterLabels = JSON.parse(await attr(page, 'labels')) as Array<[string]>;
  expect(presenterLabels.map(([t]) => t)).toEqual(expect.arrayContaining([offsetLabel![0], 'BHP']));
  await snapshot(page, 'timespace-presenter-step3');

  // Next event (N) moves the diagram on with the run; it stays paused.
  const before = Number(await attr(page, 'now'));
  await page.keyboard.press('n');
  await expect.poll(async () => Number(await attr(page, 'now'))).toBeGreaterThan(before);
  await expect(page.getByTestId('phase')).toHaveText('Paused');
});

test('burst-and-offset step 4 by its link: the late drop is a cross at C1 in the time-space diagram', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('./#lesson=burst-and-offset&step=4');
  await playToPause(page);
  await expect(page.getByTestId('lesson-status')).toHaveAttribute('data-kind', 'paused', { timeout: 90_000 });
  await expect(page.getByTestId('tab-timespace')).toHaveAttribute('aria-selected', 'true');
  await expect.poll(async () => Number(await attr(page, 'drops'))).toBe(1);
  const labels = JSON.parse(await attr(page, 'labels')) as Array<[string]>;
  expect(labels.map(([t]) => t)).toContain('dropped: late');
  await expect(page.getByTestId('timespace-words')).toContainText(
    /Dropped at C1 \(late\): its first bit arrived at [\d.]+ ms, before its BHP was processed/,
  );
  await page.keyboard.press('p');
  await expect.poll(async () => Number(await attr(page, 'text-px'))).toBeGreaterThanOrEqual(24);
  await snapshot(page, 'timespace-presenter-step4');
});
