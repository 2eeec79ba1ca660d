/**
 * Sweeps in the app (issue 6): data-burst loss 0 to 1 % with 5 seeds on a pool of workers
 * gives a falling curve with 95 % intervals; the CLI, given the spec the app downloads,
 * writes the same table byte for byte.
 */
import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fillSweep, openRunning, snapshot } from './helpers';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

test('a sweep of data-burst loss 0 to 1 % with 5 seeds falls, with intervals, and the CLI agrees', async ({ page }) => {
  test.setTimeout(240_000);
  await openRunning(page);
  await page.getByTestId('tab-sweep').click();
  await expect(page.getByTestId('sweep-parameter').locator('option:checked')).toHaveText('data-burst drop probability');
  await fillSweep(page, { from: '0', to: '1', steps: '5', seeds: '5', duration: '8' });
  // A bad value is refused under its box, in the form's words and units, before anything runs.
  await page.getByTestId('sweep-steps').fill('1');
  await expect(page.getByTestId('sweep-steps-problem')).toHaveText(/^Values: must be an integer from 2 to/);
  await expect(page.getByTestId('sweep-steps')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('sweep-run')).toBeDisabled();
  await page.getByTestId('sweep-steps').fill('5');
  await page.getByTestId('sweep-to').fill('-3');
  await expect(page.getByTestId('sweep-to-problem')).toContainText('To: ');
  await expect(page.getByTestId('sweep-to-problem')).toContainText('must be ≥ 0');
  await expect(page.getByTestId('sweep-run')).toBeDisabled();
  await page.getByTestId('sweep-to').fill('1');
  await expect(page.getByTestId('sweep-to-problem')).toHaveCount(0);
  // Started and cancelled: the workers stop and nothing is drawn.
  await page.getByTestId('sweep-run').click();
  await page.getByTestId('sweep-cancel').click();
  await expect(page.getByTestId('sweep-status')).toHaveAttribute('data-state', 'idle');
  await expect(page.getByTestId('sweep-plot')).toHaveCount(0);
  await page.getByTestId('sweep-run').click();
  await expect(page.getByTestId('sweep-progress')).toBeVisible();
  await expect(page.getByTestId('sweep-status')).toHaveAttribute('data-state', 'done', { timeout: 200_000 });
  const plot = page.getByTestId('sweep-plot');
  await expect(plot).toHaveAttribute('data-points', '5');
  const means = (await plot.getAttribute('data-means'))!.split(' ').map(Number);
  expect(means[0]).toBe(1); // normalised to the lossless point
  for (let i = 1; i < means.length; i++) expect(means[i], `point ${i}`).toBeLessThan(means[i - 1]);
  expect(Number(await plot.getAttribute('data-intervals'))).toBeGreaterThanOrEqual(4);
  await snapshot(page, 'sweep-01-data-loss');

  const dir = mkdtempSync(path.join(tmpdir(), 'obs-sweep-'));
  const save = async (id: string, name: string) => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(id).click()]);
    const file = path.join(dir, name);
    await download.saveAs(file);
    return file;
  };
  const appCsv = readFileSync(await save('sweep-csv', 'app.csv'), 'utf8');
  const spec = await save('sweep-spec', 'spec.json');
  await page.close(); // its run would play on beside the CLI's
  const cliCsv = path.join(dir, 'cli.csv');
  execFileSync(process.execPath, [path.join(ROOT, 'packages/cli/bin/obs-sim.mjs'), 'sweep', spec, '--out', cliCsv, '--quiet'], {
    cwd: ROOT,
  });
  expect(readFileSync(cliCsv, 'utf8')).toBe(appCsv);
});
