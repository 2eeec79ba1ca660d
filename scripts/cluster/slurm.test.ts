// docs/sweeps.md's Slurm job array, run for real (issue 22): a one-node Slurm (Debian's
// munged, slurmctld, slurmd), the job script and submit commands taken from the document
// as written, a small spec in place of its sweeps/fig3a.json; the merged CSV must equal
// the unsharded sweep's byte for byte. Where Slurm cannot run, the test says which piece
// is missing (and fails under CI, which must show the path works).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { slurmBlocks } from './docs-blocks.mjs';
import { startSlurm, waitForEmptyQueue, whyNoSlurm } from './one-node-slurm.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SHARDS = 8; // the doc's --array=1-8

// 4 loss values x 2 seeds = 8 runs of half a second: one per array task.
const SPEC = {
  sweep: 1,
  name: 'Slurm test: goodput vs data-burst loss (first lesson, 0.5 s)',
  base: { preset: 'first-lesson' },
  overrides: { duration: 0.5 },
  parameter: { path: 'obs.burstLoss.data', values: [0, 0.01, 0.02, 0.05] },
  seeds: 2,
  outputs: ['aggregate.goodput', 'bursts.data.dropped', 'flows[0].rtos'],
};

const why = whyNoSlurm();

describe('docs/sweeps.md, "Slurm job array", on a one-node Slurm', () => {
  it.runIf(why !== null)(`cannot run here: ${why}`, () => {
    if (process.env.CI) throw new Error(`CI must run the Slurm path, but ${why}`);
    console.warn(`slurm: not run: ${why}`);
  });

  it.runIf(why === null)(
    'runs the job array and the merge job as written; the merged CSV equals the unsharded sweep byte for byte',
    async () => {
      const { script, submit } = slurmBlocks(join(ROOT, 'docs/sweeps.md'));
      expect(script).toContain(`--array=1-${SHARDS}`);
      const scratch = mkdtempSync(join(tmpdir(), 'obs-slurm-'));
      const cluster = await startSlurm(join(scratch, 'cluster'));
      try {
        // The submit directory: a checkout as the doc assumes (packages built), the spec
        // where the job script looks for it.
        const checkout = join(scratch, 'checkout');
        mkdirSync(join(checkout, 'sweeps'), { recursive: true });
        symlinkSync(join(ROOT, 'packages'), join(checkout, 'packages'));
        writeFileSync(join(checkout, 'sweeps/fig3a.json'), JSON.stringify(SPEC, null, 2));
        writeFileSync(join(checkout, 'sweep.sbatch'), script);
        const submitted = spawnSync('bash', ['-euo', 'pipefail', '-c', submit], { cwd: checkout, env: cluster.env, encoding: 'utf8' });
        expect(submitted.status, submitted.stderr).toBe(0);
        await waitForEmptyQueue(cluster.env, 240_000);

        const logs = (i: number) =>
          readFileSync(
            join(
              checkout,
              'logs',
              spawnSync('ls', [join(checkout, 'logs')], { encoding: 'utf8' })
                .stdout.split('\n')
                .find((f) => f.endsWith(`_${i}.log`)) ?? 'none',
            ),
            'utf8',
          );
        for (let i = 1; i <= SHARDS; i++)
          expect(
            existsSync(join(checkout, `parts/part-${i}.json`)),
            `part ${i}: ${existsSync(join(checkout, 'logs')) ? logs(i) : 'no logs'}`,
          ).toBe(true);
        expect(existsSync(join(checkout, 'fig3a.csv')), 'the merge job wrote fig3a.csv').toBe(true);

        const whole = spawnSync(
          process.execPath,
          ['packages/cli/bin/obs-sim.mjs', 'sweep', 'sweeps/fig3a.json', '--workers', '1', '--out', 'whole.csv'],
          { cwd: checkout, encoding: 'utf8' },
        );
        expect(whole.status, whole.stderr).toBe(0);
        const merged = readFileSync(join(checkout, 'fig3a.csv'));
        expect(merged.equals(readFileSync(join(checkout, 'whole.csv')))).toBe(true);
        console.log(
          `slurm: ${SHARDS} array tasks and the merge job ran on a one-node Slurm; fig3a.csv equals the unsharded sweep's (${merged.length} bytes)`,
        );
      } finally {
        cluster.stop();
        // The daemons may still be writing their state as they exit: retry the removal.
        rmSync(scratch, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      }
    },
  );
});
