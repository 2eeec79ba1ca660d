/**
 * Sweeps in the page use every core (issue 40, item 5): one 100-run sweep (paper 000's
 * data-burst loss, 20 values x 5 seeds, 20 simulated seconds each) run on pools of 1, 2
 * and 4 engine workers, as a browser reporting that many cores would size it
 * (navigator.hardwareConcurrency, engineWorkerPool.ts poolSize). Its wall time, from
 * pressing Run to the last point, is written to e2e/artifacts/page-sweep.json. A timing,
 * so it runs in `npm run bench` (Playwright project page-bench), not in `npm test`.
 */
import { expect, test } from '@playwright/test';
import { fillSweep, openRunning, writeArtifact } from './helpers';

test.use({ trace: 'off' });

const POOLS = [1, 2, 4];

test('a 100-run sweep in the page: wall time against the workers in its pool', async ({ browser }) => {
  test.setTimeout(900_000);
  const rows: { workers: number; runs: number; seconds: number; runsPerSecond: number }[] = [];
  for (const workers of POOLS) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript((n) => Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n }), workers);
    await openRunning(page);
    // The run on screen would compete with the sweep for the cores: paused first.
    await page.getByTestId('play-pause').click();
    await expect(page.getByTestId('phase')).toHaveText('Paused');
    await page.getByTestId('tab-sweep').click();
    await fillSweep(page, { from: '0', to: '1', steps: '20', seeds: '5', duration: '20' });
    await expect(page.getByTestId('sweep-status')).toContainText(`on ${workers} worker`);
    const started = Date.now();
    await page.getByTestId('sweep-run').click();
    await expect(page.getByTestId('sweep-status')).toHaveAttribute('data-state', 'done', { timeout: 800_000 });
    const seconds = (Date.now() - started) / 1000;
    await expect(page.getByTestId('sweep-plot')).toHaveAttribute('data-points', '20');
    rows.push({ workers, runs: 100, seconds, runsPerSecond: Math.round((100 / seconds) * 100) / 100 });
    await context.close();
  }
  const cores = await (async () => (await import('node:os')).availableParallelism())();
  writeArtifact('page-sweep.json', { cores, rows, speedup: rows.map((r) => Math.round((rows[0].seconds / r.seconds) * 100) / 100) });
  // Every core used: on a machine of two or more, two workers beat one clearly.
  if (cores >= 2) expect(rows[1].seconds).toBeLessThan(rows[0].seconds * 0.8);
});
