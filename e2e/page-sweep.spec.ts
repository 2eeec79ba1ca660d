/**
 * Sweeps in the page use every core (issue 40, item 5): one 100-run sweep (paper 000's
 * data-burst loss, 20 values x 5 seeds, 20 simulated seconds each) run on pools of 1, 2
 * and 4 engine workers, as a browser reporting that many cores would size it
 * (navigator.hardwareConcurrency, engineWorkerPool.ts poolSize). Its wall time, from
 * pressing Run to the last point, is written to e2e/artifacts/page-sweep.json. A timing,
 * so it runs in `npm run bench` (Playwright project page-bench), not in `npm test`.
 * Beside it, the same sweep (the spec the page downloads) through the CLI on 1 and 2 worker
 * threads, so the page's share (its workers' start, wasm in Chromium, the main thread's
 * round trip per run) reads apart from the engine's.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { fillSweep, openRunning, writeArtifact } from './helpers';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

test.use({ trace: 'off' });

const POOLS = [1, 2, 4];

/** The sweep's spec as the page downloads it, in a scratch folder. */
async function saveSpec(page: Page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('sweep-spec').click()]);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'page-sweep-')), 'spec.json');
  await download.saveAs(file);
  return file;
}

test('a 100-run sweep in the page: wall time against the workers in its pool', async ({ browser }) => {
  test.setTimeout(900_000);
  const rows: { workers: number; runs: number; seconds: number; runsPerSecond: number }[] = [];
  let spec = '';
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
    if (workers === 1) spec = await saveSpec(page);
    await context.close();
  }
  const cli = [1, 2].map((threads) => {
    const started = Date.now();
    execFileSync(
      process.execPath,
      [path.join(ROOT, 'packages/cli/bin/obs-sim.mjs'), 'sweep', spec, '--workers', String(threads), '--quiet'],
      {
        cwd: ROOT,
        stdio: 'ignore',
      },
    );
    return { threads, seconds: (Date.now() - started) / 1000 };
  });
  rmSync(path.dirname(spec), { recursive: true });
  const cores = await (async () => (await import('node:os')).availableParallelism())();
  writeArtifact('page-sweep.json', {
    cores,
    rows,
    speedup: rows.map((r) => Math.round((rows[0].seconds / r.seconds) * 100) / 100),
    // The whole CLI process (Node's start and the wasm's compilation included).
    cli,
  });
  // Every core used: on a machine of two or more, two workers beat one clearly.
  if (cores >= 2) expect(rows[1].seconds).toBeLessThan(rows[0].seconds * 0.8);
});
