// What the CLI's tests share: the command run as a user runs it (a separate Node process
// started by plain `node`; the launcher registers tsx itself, docs/typescript.md), files in
// a scratch directory, and the default scenario as the scenario package ships it.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

export const bin = fileURLToPath(new URL('../bin/obs-sim.mjs', import.meta.url));
export const defaultFile = fileURLToPath(new URL('../../scenario/scenarios/default.json', import.meta.url));
export const defaultScenario = JSON.parse(readFileSync(defaultFile, 'utf8'));

export interface CliResult {
  status: number;
  stdout: string;
  stderr: string;
}

/** `obs-sim ...args`; status -1 if the process did not exit with a code. */
export function runCli(...args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      const status = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ status, stdout, stderr });
    });
  });
}

/** A scratch directory removed after the test file, and a writer of files in it (objects as pretty JSON). */
export function scratchFiles(prefix: string): { dir: string; file: (name: string, content: string | object) => string } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return {
    dir,
    file(name, content) {
      const path = join(dir, name);
      writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
      return path;
    },
  };
}
