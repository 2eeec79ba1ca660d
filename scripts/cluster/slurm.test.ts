// docs/sweeps.md's Slurm job array, run for real (issues 22 and 39): a one-node Slurm
// (Debian's munged, slurmctld, slurmd), the job script, the submit commands and the rerun
// of what is missing taken from the document as written, a small spec in place of its
// sweeps/fig3a.json. The first submission fails two tasks on purpose (a `node` first on its
// PATH): task 5 at its start, task 3 as it writes its second run. The merge job must run
// anyway (afterany), name them and write nothing; the rerun must run tasks 3 and 5 only,
// and the merged CSV must then equal the unsharded sweep's byte for byte. Where Slurm
// cannot run, the test says which piece is missing (and fails under CI, which must show
// the path works).
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { slurmBlocks } from './docs-blocks.mjs';
import { startSlurm, waitForEmptyQueue, whyNoSlurm } from './one-node-slurm.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SHARDS = 8; // the doc's --array=1-8

// 8 loss values x 2 seeds = 16 runs of half a second: two per array task (task i runs
// i - 1 and i + 7).
const SPEC = {
  sweep: 1,
  name: 'Slurm test: goodput vs data-burst loss (first lesson, 0.5 s)',
  base: { preset: 'first-lesson' },
  overrides: { duration: 0.5 },
  parameter: { path: 'obs.burstLoss.data', values: [0, 0.005, 0.01, 0.015, 0.02, 0.03, 0.04, 0.05] },
  seeds: 2,
  outputs: ['aggregate.goodput', 'bursts.data.dropped', 'flows[0].rtos'],
};

/**
 * The `node` the first submission finds first on its PATH: task 5 fails before it starts
 * its shard (a node lost: no file at all); task 3 runs its shard, then its file is left
 * as a kill leaves it as it writes its second run (the header, one run, then a line cut
 * short), and it ends as a killed task. Every other job runs the real node.
 */
function failingNode(): string {
  return `#!/bin/bash
case "\${SLURM_ARRAY_TASK_ID:-}" in
  5)
    echo "forced failure: task 5 ends before its shard starts" >&2
    exit 1 ;;
  3)
    ${JSON.stringify(process.execPath)} "$@" || exit
    f=parts/part-3.jsonl
    { head -n 2 "$f"; sed -n 3p "$f" | head -c 20; } > "$f.cut" && mv "$f.cut" "$f"
    echo "forced failure: task 3 killed as it wrote its second run" >&2
    exit 137 ;;
esac
exec ${JSON.stringify(process.execPath)} "$@"
`;
}

const why = whyNoSlurm();

describe('docs/sweeps.md, "Slurm job array", on a one-node Slurm', () => {
  it.runIf(why !== null)(`cannot run here: ${why}`, () => {
    if (process.env.CI) throw new Error(`CI must run the Slurm path, but ${why}`);
    console.warn(`slurm: not run: ${why}`);
  });

  it.runIf(why === null)(
    'recovers from failed tasks as written: the merge job runs after any, names what is missing, the rerun runs only that, and the merged CSV equals the unsharded sweep byte for byte',
    async () => {
      const started = Date.now();
      const { script, submit, rerun } = slurmBlocks(join(ROOT, 'docs/sweeps.md'));
      expect(script).toContain(`--array=1-${SHARDS}`);
      expect(submit).toContain('--dependency=afterany:');
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
        const fakeBin = join(scratch, 'failing-bin');
        mkdirSync(fakeBin);
        writeFileSync(join(fakeBin, 'node'), failingNode());
        chmodSync(join(fakeBin, 'node'), 0o755);
        const shell = (text: string, env: NodeJS.ProcessEnv) =>
          spawnSync('bash', ['-euo', 'pipefail', '-c', text], { cwd: checkout, env, encoding: 'utf8' });
        const logs = () => (existsSync(join(checkout, 'logs')) ? readdirSync(join(checkout, 'logs')).sort() : []);
        const log = (name: string) => readFileSync(join(checkout, 'logs', name), 'utf8');
        const allLogs = () =>
          logs()
            .map((name) => `--- ${name}\n${log(name)}`)
            .join('\n');

        // 1. The array with two tasks failing, and the merge job after any.
        const first = shell(submit, { ...cluster.env, PATH: `${fakeBin}:${process.env.PATH}` });
        expect(first.status, first.stderr).toBe(0);
        await waitForEmptyQueue(cluster.env, 240_000);
        const firstMerge = logs().filter((name) => name.startsWith('merge-'));
        expect(firstMerge, `the merge job ran after the failed tasks (afterany)\n${allLogs()}`).toHaveLength(1);
        const report = log(firstMerge[0]);
        expect(report).toContain(
          'obs-sim: merge: parts/part-3.jsonl: warning: line 3 is cut short (no line end: the shard was stopped as it wrote it): ignored, its run counts as missing\n',
        );
        expect(report).toMatch(
          /^obs-sim: merge: parts\/part-3\.jsonl \(shard 3\/8\): 1 of 2 runs missing: (2 \(obs\.burstLoss\.data = 0\.005|10 \(obs\.burstLoss\.data = 0\.03), seed [0-9]+\)$/m,
        );
        expect(report).toContain('obs-sim: merge: shard 5/8: no file given: its 2 runs are missing (4, 12)\n');
        expect(report).toContain('obs-sim: merge: incomplete: 3 of 16 runs missing (shards 3,5): nothing written;');
        expect(existsSync(join(checkout, 'fig3a.csv')), 'the first merge wrote nothing').toBe(false);
        for (let i = 1; i <= SHARDS; i++) if (i !== 5) expect(existsSync(join(checkout, `parts/part-${i}.jsonl`)), `part ${i}`).toBe(true);

        // 2. The rerun as written (without the failing node): tasks 3 and 5 only, then merge.
        const before = new Set(logs());
        const again = shell(rerun, cluster.env);
        expect(again.status, again.stderr).toBe(0);
        await waitForEmptyQueue(cluster.env, 240_000);
        const added = logs().filter((name) => !before.has(name));
        expect(added.filter((name) => name.startsWith('sweep-')).map((name) => name.replace(/^sweep-[0-9]+_/, ''))).toEqual([
          '3.log',
          '5.log',
        ]);
        const task3 = log(added.find((name) => name.endsWith('_3.log'))!);
        expect(task3).toContain('obs-sim: sweep: parts/part-3.jsonl holds 1 of 2 runs of shard 3/8: running the other 1\n');
        expect(existsSync(join(checkout, 'fig3a.csv')), `the second merge wrote fig3a.csv\n${allLogs()}`).toBe(true);

        const whole = spawnSync(
          process.execPath,
          ['packages/cli/bin/obs-sim.mjs', 'sweep', 'sweeps/fig3a.json', '--workers', '2', '--out', 'whole.csv'],
          { cwd: checkout, encoding: 'utf8' },
        );
        expect(whole.status, whole.stderr).toBe(0);
        const merged = readFileSync(join(checkout, 'fig3a.csv'));
        expect(merged.equals(readFileSync(join(checkout, 'whole.csv')))).toBe(true);
        console.log(
          `slurm: ${SHARDS} array tasks (3 and 5 failed on purpose), the merge job after any (incomplete, named), the rerun of tasks 3 and 5 and the merge again ran on a one-node Slurm in ${((Date.now() - started) / 1000).toFixed(0)} s; fig3a.csv equals the unsharded sweep's (${merged.length} bytes)`,
        );
      } finally {
        cluster.stop();
        // The daemons may still be writing their state as they exit: retry the removal.
        rmSync(scratch, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      }
    },
  );
});
