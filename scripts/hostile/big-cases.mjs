// Hostile inputs too large to keep in the repository, or that are not files at all: made
// at run time in a temporary directory, the same bytes every time. Each is a harness Case.
//   - files at and past the input cap (32 MiB), full of values, objects or one long list;
//   - 20 MB strings that an engine message would quote;
//   - /dev/zero and /dev/urandom as a scenario, a spec and a shard; standard input from
//     /dev/zero and from a pipe that never ends;
//   - a shard file whose size alone is past its cap (sparse, so it costs no disk);
//   - the 300-router full mesh; the budgets (--max-events, --max-memory) and the cap flag.
import { closeSync, ftruncateSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseSpec, fullScenario, meshScenario } from './mutators.mjs';

const defaultScenario = fileURLToPath(new URL('../../packages/scenario/scenarios/default.json', import.meta.url));
const paper003 = fileURLToPath(new URL('../../packages/scenario/presets/paper003-fast.json', import.meta.url));
const MiB = 1024 * 1024;

/**
 * Writes the big inputs into a fresh temporary directory; `cleanup()` removes it.
 * @returns {{ cases: import('./harness.mjs').Case[], cleanup: () => void }}
 */
export function makeBigCases() {
  const dir = mkdtempSync(join(tmpdir(), 'obs-hostile-big-'));
  const file = (/** @type {string} */ name) => join(dir, name);
  const full = JSON.stringify(fullScenario());
  const withJunk = (/** @type {string} */ junk) => `${full.slice(0, -1)},"junk":${junk}}`;
  /** Writes `count` copies of `piece` separated by commas, in chunks, without one huge string. */
  const writeList = (
    /** @type {string} */ name,
    /** @type {string} */ head,
    /** @type {string} */ piece,
    /** @type {number} */ count,
    /** @type {string} */ foot,
  ) => {
    const fd = openSync(file(name), 'w');
    writeSync(fd, head);
    const chunk = `${piece},`.repeat(10000);
    let left = count;
    while (left > 10000) {
      writeSync(fd, chunk);
      left -= 10000;
    }
    writeSync(fd, `${`${piece},`.repeat(left - 1)}${piece}`);
    writeSync(fd, foot);
    closeSync(fd);
  };
  /** A list of lists, each just under the longest list allowed. */
  const listOfLists = (/** @type {string} */ name, /** @type {string} */ piece, /** @type {number} */ lists) => {
    const fd = openSync(file(name), 'w');
    writeSync(fd, `${full.slice(0, -1)},"junk":[`);
    const inner = `[${`${piece},`.repeat(999998)}${piece}]`;
    for (let k = 0; k < lists; k++) writeSync(fd, k === 0 ? inner : `,${inner}`);
    writeSync(fd, ']}');
    closeSync(fd);
  };

  // Past the cap: a scenario followed by spaces up to 33 MiB (sparse: no disk is written).
  const over = openSync(file('over-cap-33MiB.json'), 'w');
  writeSync(over, full);
  ftruncateSync(over, 33 * MiB);
  closeSync(over);
  listOfLists('many-values.json', '0', 3);
  listOfLists('many-objects.json', '{}', 3);
  writeList('one-list-over-limit.json', `${full.slice(0, -1)},"junk":[`, '0', 1000001, ']}');
  writeFileSync(file('name-20MB.json'), JSON.stringify({ ...fullScenario(), name: 'n'.repeat(20 * MiB) }));
  writeFileSync(file('unknown-key-20MB.json'), `${full.slice(0, -1)},"${'k'.repeat(20 * MiB)}":1}`);
  writeFileSync(file('variant-bidi-1M.json'), full.replace('"variant":"reno"', `"variant":"${'\u202E'.repeat(MiB)}"`));
  writeFileSync(file('deep-nesting-1M.json'), withJunk(`${'['.repeat(MiB)}${']'.repeat(MiB)}`));
  writeList('spec-long-list.json', `${JSON.stringify(baseSpec()).slice(0, -1)},"junk":[`, '0', 1000001, ']}');
  writeList('shard-long-list.json', '{"obsSweepShard":2,"runs":[', '{}', 1100000, ']}');
  const sparse = openSync(file('shard-sparse-300MiB.json'), 'w');
  ftruncateSync(sparse, 300 * MiB);
  closeSync(sparse);
  writeFileSync(file('engine-mesh-300-routers.json'), JSON.stringify(meshScenario(300)));
  const floats = openSync(file('engine-parse-31MiB-floats.json'), 'w');
  writeSync(floats, `${full.slice(0, -1)},"junk":[`);
  const longFloats = `[${'1.234567890123e-300,'.repeat(789999)}1.5e-7]`;
  writeSync(floats, `${longFloats},${longFloats}]}`);
  closeSync(floats);

  /** @type {import('./harness.mjs').Case[]} */
  const cases = [
    { name: 'big/over-cap-33MiB', command: 'run', files: [file('over-cap-33MiB.json')], expect: 'refused' },
    { name: 'big/over-cap-flag-1K', command: 'run', files: [defaultScenario], args: ['--max-input-bytes', '1K'], expect: 'refused' },
    { name: 'big/many-values', command: 'run', files: [file('many-values.json')], expect: 'refused' },
    { name: 'big/many-objects', command: 'run', files: [file('many-objects.json')], expect: 'refused' },
    { name: 'big/one-list-over-limit', command: 'run', files: [file('one-list-over-limit.json')], expect: 'refused' },
    { name: 'big/name-20MB', command: 'run', files: [file('name-20MB.json')], expect: 'refused' },
    { name: 'big/unknown-key-20MB', command: 'run', files: [file('unknown-key-20MB.json')], expect: 'refused' },
    { name: 'big/variant-bidi-1M', command: 'run', files: [file('variant-bidi-1M.json')], expect: 'refused' },
    { name: 'big/deep-nesting-1M', command: 'run', files: [file('deep-nesting-1M.json')], expect: 'refused' },
    { name: 'big/dev-zero', command: 'run', files: ['/dev/zero'], expect: 'refused' },
    { name: 'big/dev-urandom', command: 'run', files: ['/dev/urandom'], expect: 'refused' },
    { name: 'big/directory', command: 'run', files: [dir], expect: 'refused' },
    { name: 'big/stdin-dev-zero', command: 'run', files: ['-'], stdin: 'dev-zero', process: true, expect: 'refused' },
    { name: 'big/stdin-endless-pipe', command: 'run', files: ['-'], stdin: 'endless-pipe', process: true, expect: 'refused' },
    { name: 'big/spec-dev-zero', command: 'sweep', files: ['/dev/zero'], expect: 'refused' },
    { name: 'big/spec-stdin-endless-pipe', command: 'sweep', files: ['-'], stdin: 'endless-pipe', process: true, expect: 'refused' },
    { name: 'big/spec-long-list', command: 'sweep', files: [file('spec-long-list.json')], expect: 'refused' },
    { name: 'big/shard-dev-zero', command: 'merge', files: ['/dev/zero'], expect: 'refused' },
    { name: 'big/shard-dev-zero-flag-1M', command: 'merge', files: ['/dev/zero'], args: ['--max-input-bytes', '1M'], expect: 'refused' },
    { name: 'big/shard-stdin-dev-zero', command: 'merge', files: ['-'], stdin: 'dev-zero', process: true, expect: 'refused' },
    { name: 'big/shard-sparse-300MiB', command: 'merge', files: [file('shard-sparse-300MiB.json')], expect: 'refused' },
    { name: 'big/shard-long-list', command: 'merge', files: [file('shard-long-list.json')], expect: 'refused' },
    {
      name: 'big/flag-max-input-bytes-bad',
      command: 'run',
      files: [defaultScenario],
      args: ['--max-input-bytes', '2G'],
      expect: 'refused',
    },
    { name: 'big/flag-max-events-bad', command: 'run', files: [defaultScenario], args: ['--max-events', '-5'], expect: 'refused' },
    { name: 'big/flag-max-memory-bad', command: 'run', files: [defaultScenario], args: ['--max-memory', '\u202E1'], expect: 'refused' },
    { name: 'big/flag-unknown-bidi', command: 'run', files: [defaultScenario], args: ['--\u202Emax'], expect: 'refused' },
    {
      name: 'big/engine-budget-max-events',
      command: 'run',
      files: [defaultScenario],
      args: ['--max-events', '10000'],
      expect: 'refused',
      engine: 'the run guard stops the run at its event budget',
    },
    {
      name: 'big/engine-budget-max-memory',
      command: 'run',
      files: [paper003],
      args: ['--max-memory', '1'],
      expect: 'any',
      engine: 'the run guard stops a run whose model passes 1 MiB',
    },
    {
      name: 'big/engine-sweep-budget-max-events',
      command: 'sweep',
      files: [fileURLToPath(new URL('../../packages/cli/examples/paper000-data-loss.json', import.meta.url))],
      args: ['--max-events', '10000'],
      expect: 'refused',
      engine: 'every run of the sweep gets the budget',
    },
    {
      name: 'big/engine-mesh-300-routers',
      command: 'run',
      files: [file('engine-mesh-300-routers.json')],
      expect: 'any',
      engine: 'a full mesh of 300 routers (44,850 links): routing time and memory',
    },
    {
      name: 'big/engine-parse-31MiB-floats',
      command: 'run',
      files: [file('engine-parse-31MiB-floats.json')],
      expect: 'refused',
      seconds: 30,
      engine:
        '1.6 million long numbers under an unknown field, within every cap of the CLI: the engine reads the whole file before it refuses the field (about 11 s on an idle 2-core machine today, hence 30 s here)',
    },
  ];
  return { cases, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
