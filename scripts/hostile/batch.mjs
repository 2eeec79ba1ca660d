#!/usr/bin/env node
// Runs many obs-sim commands in this one process, one after the other, through the CLI's
// own main() (what bin/obs-sim.mjs calls), so the corpus does not pay a Node start and a
// wasm compile per case. Used by harness.mjs, which watches the time of every case and
// starts a fresh batch after one that hangs or kills the process.
//   node scripts/hostile/batch.mjs <jobs.json> <first index>
// Like bin/obs-sim.mjs, it registers tsx itself (the CLI is TypeScript; docs/typescript.md),
// so harness.mjs starts it with plain `node` from any directory.
// jobs.json: [{ "argv": [...] }]; prints one JSON line per case on stdout:
//   {"start": i}  before it,  {"done": i, "status": s, "stderr": "...", "stdoutBytes": n, "ms": t}  after it.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { register } from 'tsx/esm/api';

register();
const { main } = await import('@obs-tcp-sim/cli');

const [jobsFile, firstText] = process.argv.slice(2);
const jobs = /** @type {{ argv: string[] }[]} */ (JSON.parse(readFileSync(jobsFile, 'utf8')));
const out = process.stdout.write.bind(process.stdout);
const say = (/** @type {object} */ line) => out(`${JSON.stringify(line)}\n`);

let stderr = '';
let stdoutBytes = 0;
process.stderr.write = /** @type {any} */ (
  (/** @type {string | Uint8Array} */ chunk) => {
    stderr += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return true;
  }
);
process.stdout.write = /** @type {any} */ (
  (/** @type {string | Uint8Array} */ chunk) => {
    stdoutBytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
    return true;
  }
);

for (let i = Number(firstText ?? 0); i < jobs.length; i++) {
  stderr = '';
  stdoutBytes = 0;
  say({ start: i });
  const started = performance.now();
  let status;
  try {
    status = await main(jobs[i].argv);
  } catch (error) {
    // What bin/obs-sim.mjs does with an error main() did not handle.
    process.stderr.write(`obs-sim: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    status = 1;
  }
  say({ done: i, status, stderr, stdoutBytes, ms: Math.round(performance.now() - started) });
}
