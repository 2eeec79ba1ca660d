// The example study (examples/study/loss_study.py) as a researcher runs it: python3 with
// pandas and matplotlib (scripts/setup-system.sh installs them), the CLI through node.
// Short runs and few seeds, so it is a check that the script works against today's CLI
// and its files, not the study itself.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./loss_study.py', import.meta.url));
// Debian's python3, which the setup installs pandas and matplotlib for (a python3 earlier on
// the PATH, pyenv's say, may lack them).
const python = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const out = mkdtempSync(join(tmpdir(), 'obs-study-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

it('runs its sweep and its traced run through the CLI and draws its figure', async () => {
  const { status, stdout, stderr } = await new Promise<{ status: number; stdout: string; stderr: string }>((resolve) =>
    execFile(python, [script, out, '--seeds', '3', '--duration', '5'], (error, stdout, stderr) =>
      resolve({ status: error ? Number(error.code ?? -1) : 0, stdout, stderr }),
    ),
  );
  expect(stderr).toBe('');
  expect(status).toBe(0);
  const said =
    /^normalised goodput at 1 %: ([\d.]+); in the traced run tcp1 lost (\d+) data bursts and had (\d+) fast retransmits and (\d+) timeouts; figure: /.exec(
      stdout,
    );
  expect(said, stdout).not.toBeNull();
  const [, normalised, lost, fastRetransmits, timeouts] = said!.map(Number);
  // What the sweep's CSV says at 1 %, and the traced run's own summary, as the script read them.
  expect(normalised).toBeGreaterThan(0);
  expect(normalised).toBeLessThan(1);
  const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
  expect(summary.bursts.data.dropped).toBe(lost);
  expect(summary.flows[0].fastRetransmits + summary.flows[0].rtos).toBe(fastRetransmits + timeouts);
  expect(lost).toBeGreaterThan(0);
  // A PNG, and not an empty one.
  const png = readFileSync(join(out, 'loss_study.png'));
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  expect(statSync(join(out, 'loss_study.png')).size).toBeGreaterThan(20_000);
});
