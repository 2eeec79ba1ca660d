/**
 * Issue 17: the app is served with a Content-Security-Policy, frame-ancestors and the other
 * security headers (apps/web/security-headers.mjs), and works under them: a whole session
 * (a file opened, the run, every tab, the A/B comparison and a sweep on their worker pools,
 * every export, a copied link) gives no policy violation and no console error.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { CSP_DIRECTIVES, PAGE_HEADERS, policyText } from '../apps/web/security-headers.mjs';
import { counter, cwndPoints, fillSweep, openScenarioFile, waitIdle } from './helpers';
import { watchPage } from './page-watch';

const paper000 = () => JSON.parse(readFileSync(new URL('../packages/scenario/presets/paper000-lobs.json', import.meta.url), 'utf8'));

/** Every header of `expected`, with its value, in `actual` (names lower-cased, as Playwright gives them). */
function expectHeaders(actual: Record<string, string>, expected: Readonly<Record<string, string>>, what: string) {
  for (const [name, value] of Object.entries(expected)) expect(actual[name.toLowerCase()], `${what}: ${name}`).toBe(value);
}

async function download(page: Page, testId: string): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return readFileSync((await file.path())!);
}

test('the page and the engine are served with the security headers', async ({ page }) => {
  const wasm: string[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('.wasm')) wasm.push(r.url());
  });
  const response = (await page.goto('./'))!;
  expectHeaders(response.headers(), PAGE_HEADERS, 'index.html');
  // Nothing may evaluate strings: not the page, not the engine's worker.
  expect(response.headers()['content-security-policy']).not.toContain("'unsafe-eval'");
  // For hosts that set no headers: the same policy in the page, frame-ancestors aside.
  await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveAttribute('content', policyText(CSP_DIRECTIVES, true));
  await expect(page.getByTestId('phase')).toHaveText('Running');
  await expect.poll(() => wasm.length).toBeGreaterThan(0);
  const engine = await page.request.get(wasm[0]);
  expect(engine.headers()['content-type']).toBe('application/wasm');
  expectHeaders(engine.headers(), PAGE_HEADERS, 'the engine (.wasm)');
  const index = await page.request.get('./index.html');
  expectHeaders(index.headers(), PAGE_HEADERS, '/index.html');
});

test('a whole session under the policy: no violation, no console error', async ({ page, context }) => {
  test.setTimeout(240_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const watch = await watchPage(page);
  await page.goto('./');
  await expect(page.getByTestId('phase')).toHaveText('Running');
  await expect.poll(() => cwndPoints(page)).toBeGreaterThan(0);

  // A scenario file (3 s, so the comparison and the sweep stay short), run to the end.
  await openScenarioFile(page, { ...paper000(), name: 'short run', duration: 3 }, 'short.json');
  await expect(page.getByTestId('scenario-name')).toHaveText('short run');
  await page.getByRole('radio', { name: 'max' }).check();
  await expect(page.getByTestId('phase')).toHaveText('Finished', { timeout: 60_000 });
  expect(await counter(page, 'bursts-sent')).toBeGreaterThan(0);

  // Step and reset, and the preset notes.
  await page.getByTestId('reset').click();
  await expect(page.getByTestId('phase')).toHaveText('Paused');
  await page.getByTestId('step-burst').click();
  await page.getByTestId('step-event').click();
  await waitIdle(page);

  // Every tab.
  await page.getByTestId('tab-channels').click();
  await expect(page.getByTestId('channel-area')).toBeVisible();
  await page.getByTestId('tab-log').click();
  await expect(page.getByTestId('event-log')).toBeVisible();
  await page.getByTestId('tab-compare').click();
  await page.getByTestId('compare-run').click();
  await expect(page.getByTestId('compare-status')).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  await page.getByTestId('tab-sweep').click();
  await fillSweep(page, { steps: '2', seeds: '1', duration: '1' });
  await page.getByTestId('sweep-run').click();
  await expect(page.getByTestId('sweep-status')).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  expect((await download(page, 'sweep-csv')).toString()).toMatch(/^point,/);
  expect(JSON.parse((await download(page, 'sweep-spec')).toString())).toBeTruthy();
  await page.getByTestId('tab-charts').click();
  await page.getByTestId('play-pause').click();
  await expect(page.getByTestId('phase')).toHaveText('Finished', { timeout: 60_000 });
  await waitIdle(page);

  // Every export, and a copied link.
  await page.getByTestId('share-toggle').click();
  expect((await download(page, 'export-series')).toString()).toMatch(/^t_s,flow,/);
  expect((await download(page, 'export-log')).toString()).toMatch(/^t_s,category,event/);
  expect(JSON.parse((await download(page, 'export-summary')).toString()).scenario).toBe('short run');
  expect((await download(page, 'export-svg')).toString()).toMatch(/^<svg /);
  expect((await download(page, 'export-png')).subarray(1, 4).toString()).toBe('PNG');
  expect(JSON.parse((await download(page, 'save-scenario')).toString()).name).toBe('short run');
  await page.getByTestId('copy-link').click();
  await expect(page.getByTestId('share-link')).toHaveValue(/#s=1\./);

  await watch.expectClean();
});
