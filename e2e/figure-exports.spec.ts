/**
 * Issue 37, "no export fails silently": after a live change (the runs a student wants to
 * keep), every results view's figure downloads as SVG and PNG from Share & files: the
 * charts with the change's flag, the channel view, the A/B comparison and the sweep. Each
 * file is checked for what it must show, and the page for a word on each export.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fillSweep, openScenarioFile, openSharePanel, waitIdle } from './helpers';
import { watchPage } from './page-watch';

const paper000 = () => JSON.parse(readFileSync(new URL('../packages/scenario/presets/paper000-lobs.json', import.meta.url), 'utf8'));

async function download(page: Page, testId: string): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

/** The SVG and the PNG of one view's figure; the SVG's text returned. */
async function exportBoth(page: Page, kind: string): Promise<string> {
  await openSharePanel(page);
  const id = kind === 'charts' ? 'export' : `export-${kind}`;
  const svg = await download(page, `${id}-svg`);
  expect(svg.name).toMatch(new RegExp(`-${kind}\\.svg$`));
  const text = svg.bytes.toString('utf8');
  expect(text).toMatch(/^<svg /);
  await expect(page.getByTestId('export-note')).toContainText(`saved as ${svg.name}`);
  const png = await download(page, `${id}-png`);
  expect(png.name).toMatch(new RegExp(`-${kind}\\.png$`));
  // The PNG signature, and more than a blank page's bytes.
  expect(png.bytes.subarray(1, 4).toString()).toBe('PNG');
  expect(png.bytes.length).toBeGreaterThan(5_000);
  // Kept for people to look at (e2e/artifacts is not committed).
  mkdirSync(new URL('./artifacts/', import.meta.url), { recursive: true });
  writeFileSync(new URL(`./artifacts/export-${kind}.png`, import.meta.url), png.bytes);
  await page.getByTestId('share-toggle').click();
  return text;
}

test('every view exports as SVG and PNG after a live change, and says what it saved', async ({ page }) => {
  test.setTimeout(240_000);
  const watch = await watchPage(page);
  await page.goto('./');
  await openScenarioFile(page, { ...paper000(), name: 'short run', duration: 2 }, 'short.json');
  await expect(page.getByTestId('scenario-name')).toHaveText('short run');
  // Opening a file closes Share & files.
  await expect(page.getByTestId('share-panel')).toBeHidden();
  await expect(page.getByTestId('phase')).toHaveText('Running');

  // One slider step while it runs: the change's flag goes on the charts.
  const slider = page.getByTestId('loss-data');
  await slider.focus();
  await slider.press('ArrowRight');
  await page.getByRole('radio', { name: 'max' }).check();
  await expect(page.getByTestId('phase')).toHaveText('Finished', { timeout: 60_000 });
  await waitIdle(page);

  const charts = await exportBoth(page, 'charts');
  // The flag's box and its words ("data-burst loss ... at 0.5 s") are in the file, as text.
  expect(charts).toMatch(/<text[^>]*>[^<]*loss[^<]* at [0-9.]+ (?:s|ms)<\/text>/);
  expect(charts).toContain('cwnd (segments)');

  await page.getByTestId('tab-channels').click();
  await expect(page.getByTestId('channel-gantt')).toBeVisible();
  await waitIdle(page);
  const channels = await exportBoth(page, 'channels');
  expect(channels).toContain('<image href="data:image/png;base64,');
  expect(channels).toContain('data burst');

  await page.getByTestId('tab-compare').click();
  await page.getByTestId('compare-run').click();
  await expect(page.getByTestId('compare-status')).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  const compare = await exportBoth(page, 'compare');
  expect(compare).toContain('simulated time (s)');
  expect((compare.match(/<path d="M/g) ?? []).length).toBeGreaterThan(2);

  await page.getByTestId('tab-sweep').click();
  await fillSweep(page, { steps: '2', seeds: '1', duration: '1' });
  await page.getByTestId('sweep-run').click();
  await expect(page.getByTestId('sweep-status')).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  const sweep = await exportBoth(page, 'sweep');
  expect(sweep).toContain('<circle');
  expect(sweep).toContain('simulated: mean, 95 % interval');

  await watch.expectClean();
});

test('with no figure on screen, Share & files says which tabs export one', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByTestId('phase')).toHaveText('Running');
  await page.getByTestId('tab-log').click();
  await openSharePanel(page);
  await expect(page.getByText('open the Charts, Channels, Compare or Sweep tab')).toBeVisible();
  await expect(page.getByTestId('export-svg')).toHaveCount(0);
});
