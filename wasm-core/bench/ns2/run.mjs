// Runs dumbbell.tcl with ns-2 (`ns`, Debian's ns2 package, which scripts/setup-system.sh
// installs) on parameters from params.mjs, and reads its RESULT line.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ns2Args } from './params.mjs';

export const TCL_SCRIPT = fileURLToPath(new URL('./dumbbell.tcl', import.meta.url));

/** The shell command that runs the script on these parameters, to run ns-2 alone by hand. */
export const ns2Command = (params) => ['ns', TCL_SCRIPT, ...ns2Args(params)].map((w) => (/^[\w./+-]+$/.test(w) ? w : `'${w}'`)).join(' ');

/**
 * One run. `wall` is measured inside the script (its first line to the end of the run), so
 * ns-2's own start-up is left out, as Node's and the wasm compilation are for the engine.
 * @returns {{ delivered: number, sinkBytes: number, sent: number, retransmits: number, rtos: number, wall: number }}
 */
export function runNs2(params) {
  return nsResult([TCL_SCRIPT, ...ns2Args(params)]);
}

/**
 * Runs `ns` with `args` and reads the line its script prints last, `RESULT name value
 * name value ...`, into { name: value }. Throws, with the end of its output, when ns-2
 * does not start, fails, or prints no such line. Also for scripts/validate/ns2-fast-path.mjs.
 * @param {string[]} args @param {{ cwd?: string }} [options]
 * @returns {Record<string, number>}
 */
export function nsResult(args, options = {}) {
  const r = spawnSync('ns', args, { encoding: 'utf8', maxBuffer: 16 << 20, ...options });
  if (r.error) throw new Error(`ns-2 did not start (${r.error.message}): scripts/setup-system.sh installs the Debian package ns2`);
  const line = /^RESULT (.*)$/m.exec(r.stdout ?? '')?.[1];
  if (r.status !== 0 || !line) {
    const how = r.signal ? `was killed by ${r.signal}` : `exited with status ${r.status}`;
    throw new Error(`ns-2 ${how} without a RESULT line: ${`${r.stderr}${r.stdout}`.trim().slice(-500)}`);
  }
  const words = line.split(' ');
  const result = {};
  for (let i = 0; i + 1 < words.length; i += 2) result[words[i]] = Number(words[i + 1]);
  return result;
}
