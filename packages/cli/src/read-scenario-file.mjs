import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ScenarioError } from '@obs-tcp-sim/scenario/src/scenario-error.js';
import { parseScenarioText } from '@obs-tcp-sim/scenario/src/parse-scenario-text.js';

const READ_ERRORS = {
  ENOENT: 'no such file',
  EISDIR: 'is a directory, not a scenario file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
};

/**
 * Reads a scenario file; throws ScenarioError with one line when it cannot be read or is
 * not a JSON object. Returns the text as written, for the engine, which reads the
 * numbers itself.
 * @param {string} file
 * @returns {string}
 */
export function readScenarioFile(file) {
  let text;
  try {
    text = readFileSync(file === '-' ? 0 : resolve(userDirectory(), file), 'utf8');
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code ?? '';
    throw new ScenarioError(READ_ERRORS[/** @type {keyof typeof READ_ERRORS} */ (code)] ?? `cannot read: ${/** @type {Error} */ (error).message}`);
  }
  parseScenarioText(text); // syntax errors with line and column, before any engine work
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * `npm run sim` runs the script from the repository root; a relative path means
 * the directory the user typed the command in, which npm passes as INIT_CWD.
 */
export function userDirectory() {
  return process.env.npm_lifecycle_event === 'sim' && process.env.INIT_CWD ? process.env.INIT_CWD : process.cwd();
}
