#!/usr/bin/env node
// Writes the corpus of hostile inputs in tests/hostile/ (issue 17: nothing a link or a
// file says can freeze the engine, exhaust memory or destroy the user's work):
//   scenarios/*.json  for `obs-sim <file>`
//   specs/*.json      for `obs-sim sweep <file>`
//   shards/*.jsonl    for `obs-sim merge <file>`; shards/<case>/ merges every file in it
//   links.txt         share-link hashes, one per line, for decodeShareHash
//   manifest.json     every case: its command, files, what must happen, and whether it
//                     waits on the engine's run guard (names starting with `engine-`)
// Inputs too large to keep in the repository (a 33 MB file, /dev/zero, a 300-router
// mesh) are made at run time by big-cases.mjs.
//
// Deterministic: the same seed writes the same bytes (`node --import tsx scripts/hostile/generate.mjs
// --check` says whether the files on disk are what it would write).
//   node --import tsx scripts/hostile/generate.mjs [--seed N] [--out DIR] [--check]
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  EXTRA_NUMERIC_VALUES,
  HOSTILE_STRINGS,
  NUMERIC_FIELDS,
  NUMERIC_VALUES,
  STRING_FIELDS,
  baseSpec,
  clone,
  deletePath,
  fullScenario,
  linkOfText,
  raw,
  reforge,
  rng,
  setPath,
  shardFileValue,
  toJsonText,
  toShardText,
} from './mutators.mjs';

export const CORPUS_SEED = 17;
const here = dirname(fileURLToPath(import.meta.url));
export const CORPUS_DIR = join(here, '../../tests/hostile');
const presetDir = join(here, '../../packages/scenario/presets');

/**
 * Cases the engine's run guard decides (a budget, a livelock, memory): each must end with
 * exit 2 and one line within seconds once the engine stops such runs itself. Their names
 * start with `engine-`; the reason says what they do to an engine without the guard.
 */
const ENGINE_CASES = new Map([
  ['engine-rto-tiny', 'rto initial 1e-300, min 0, max 1e-300: a retransmission timer of 0 ps fires forever (livelock)'],
  ['engine-background-meanbytes-tiny', 'background meanBytes 1e-300: infinitely many arrivals per second (memory)'],
  ['engine-background-overload', 'background load 10 with 1-byte bursts: tens of millions of bursts (memory, time)'],
  ['engine-flow-id-formula', 'a flow id =HYPERLINK(...): the engine should refuse it or keep it inert (runs today)'],
  ['engine-flow-id-bidi', 'a flow id with U+202E: the engine should refuse it (runs today)'],
  ['engine-long-run', 'duration 1e6 s of a bulk flow: a run that takes hours without a budget'],
  ['engine-many-flows', '100,000 flows at once (count): memory'],
  ['engine-assembly-maxtime-tiny', 'obs.assembly.maxTime 1e-300: a burst timer of 0 ps (livelock)'],
  ['engine-edge-assembly-maxtime-tiny', "an edge's own assembly.maxTime 1e-300: a burst timer of 0 ps (livelock)"],
  ['engine-fdl-unit-tiny', 'fdl.unit 1e-300 with 1,000,000 delay lines: memory or a livelock'],
  ['engine-cbr-huge', 'a CBR flow of 1e13 bit/s into a 1 Mbit/s link: queue and events'],
  ['engine-base-livelock-file', 'a spec whose base file is engine-rto-tiny.json: every run of the sweep livelocks'],
  ['engine-mesh-300-routers', 'a full mesh of 300 routers (44,850 links): routing time and memory (made at run time)'],
  // Issue 35: where burst-level traffic meets meshes, after the parser accepts.
  ['engine-usnet-bursts-of-1-byte', 'usnet with traffic.meanBytes 1: out of bounds when the guard stopped it (engine error)'],
  ['engine-nsfnet-bursts-of-1-byte', 'nsfnet with traffic.meanBytes 1: out of bounds when the guard stopped it'],
  ['engine-nsfnet-continuity-bursts-of-1-byte', 'nsfnet-continuity with traffic.meanBytes 1: the same'],
  ['engine-segmentation-bursts-of-1-byte', 'segmentation at every core, 1-byte background bursts: 1.5 GB before a stop'],
  ['engine-first-lesson-background-of-1-byte', 'first-lesson + a load-1 source of 1-byte bursts: bad_alloc at 1.7 GB'],
  ['engine-mesh-features-bursts-of-1-byte', 'mesh-features with 1-byte bursts: memory past the budget'],
  ['engine-nsfnet-1-wavelength-load-10', 'nsfnet, 1 wavelength, load 10: utilisation 12.6, reservations far past the end'],
  ['engine-nsfnet-1024-wavelengths-continuity', '1024 wavelengths at load 1 without conversion: minutes on an event budget'],
  ['engine-nsfnet-1024-wavelengths-deflection', '1024 wavelengths at load 10 with deflection: minutes on an event budget'],
  ['engine-nsfnet-1024-wavelengths-segmentation', '1024 wavelengths at load 1 with segmentation: minutes on an event budget'],
]);

/** Mutations of the full scenario (field=value label) that today's engine does not end by itself. */
const ENGINE_MUTATIONS = new Map([
  [
    'flows[2].app.rate=1e-300',
    "a CBR rate of 1e-300 bit/s: the next packet is due 1e300 s later, past the engine's clock (today: hangs, or runs 15 to 30 s)",
  ],
]);

/** @typedef {{ name: string, command: 'run' | 'sweep' | 'merge', files: string[], expect: 'ok' | 'refused' | 'incomplete' | 'any', engine?: string, args?: string[] }} Case */

/**
 * The corpus: file contents by path (relative to the corpus directory) and the cases.
 * @param {number} seed
 */
export function buildCorpus(seed = CORPUS_SEED) {
  const rand = rng(seed);
  /** @type {Map<string, string>} */
  const files = new Map();
  /** @type {Case[]} */
  const cases = [];
  const used = new Set();

  /** @param {string} name */
  const slug = (name) =>
    name
      .replace(/\[([0-9]+)\]/g, '$1')
      .replace(/[^A-Za-z0-9.+-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 90);
  /**
   * @param {'scenarios' | 'specs' | 'shards'} dir
   * @param {string} name
   * @param {string} text
   * @param {Omit<Case, 'name' | 'files' | 'command'> & { command?: Case['command'] }} [info]
   */
  const add = (dir, name, text, info = { expect: 'any' }) => {
    let base = slug(name);
    for (let k = 2; used.has(`${dir}/${base}`); k++) base = `${slug(name)}-${k}`;
    used.add(`${dir}/${base}`);
    const file = `${dir}/${base}.${dir === 'shards' ? 'jsonl' : 'json'}`;
    files.set(file, text);
    const command = info.command ?? (dir === 'scenarios' ? 'run' : dir === 'specs' ? 'sweep' : 'merge');
    const engine = ENGINE_CASES.get(base);
    cases.push({
      name: `${dir}/${base}`,
      command,
      files: [file],
      expect: info.expect,
      ...(engine ? { engine } : {}),
      ...(info.args ? { args: info.args } : {}),
    });
  };
  // Compact: the corpus stays small in the repository; `npx prettier` or `jq .` shows a case.
  const json = (/** @type {unknown} */ value) => `${toJsonText(value)}\n`;

  // ---- scenarios ---------------------------------------------------------------------
  const full = fullScenario();
  add('scenarios', 'valid-full-scenario', json(full), { expect: 'ok' });
  for (const file of readdirSync(presetDir).sort()) {
    const preset = JSON.parse(readFileSync(join(presetDir, file), 'utf8'));
    add('scenarios', `valid-preset-${file.replace(/\.json$/, '')}-short`, json({ ...preset, duration: Math.min(preset.duration, 0.05) }), {
      expect: 'ok',
    });
  }

  // Every numeric field with every hostile number, and one more picked by the seed.
  const numeric = (/** @type {string} */ path, /** @type {string} */ label, /** @type {unknown} */ value) => {
    const engine = ENGINE_MUTATIONS.get(`${path}=${label}`);
    if (engine) ENGINE_CASES.set(slug(`engine-num-${path}-${label}`), engine);
    add('scenarios', `${engine ? 'engine-' : ''}num-${path}-${label}`, json(setPath(full, path, value)));
  };
  for (const path of NUMERIC_FIELDS) {
    for (const [label, value] of NUMERIC_VALUES) numeric(path, label, value);
    const [label, value] = rand.pick(EXTRA_NUMERIC_VALUES);
    numeric(path, label, value);
  }
  // Every string field with a hostile string picked by the seed, and a wrong type.
  for (const path of STRING_FIELDS) {
    const [label, value] = rand.pick(HOSTILE_STRINGS);
    add('scenarios', `str-${path}-${label}`, json(setPath(full, path, value)));
    add('scenarios', `str-${path}-number`, json(setPath(full, path, 12)));
  }
  // Every hostile string as a flow id and as the name.
  for (const [label, value] of HOSTILE_STRINGS) {
    add('scenarios', `flow-id-${label}`, json(setPath(full, 'flows[1].id', value)));
    add('scenarios', `name-${label}`, json(setPath(full, 'name', value)));
  }
  // Missing fields, one at a time.
  for (const path of [
    'version',
    'name',
    'seed',
    'duration',
    'sampleInterval',
    'nodes',
    'links',
    'obs',
    'flows',
    'background',
    'nodes[0].id',
    'links[0].b',
    'flows[0].tcp',
    'obs.assembly',
    'background[0].model',
  ]) {
    add('scenarios', `missing-${path}`, json(deletePath(full, path)));
  }
  // Unknown, duplicate and odd fields.
  add('scenarios', 'unknown-top-field', json({ ...full, colour: 'red' }));
  add('scenarios', 'unknown-field-bidi-name', json({ ...full, ['evil\u202Etxt.exe']: 1 }));
  add('scenarios', 'unknown-field-long-name', json({ ...full, ['k'.repeat(100000)]: 1 }));
  add('scenarios', 'unknown-nested-field', json(setPath(full, 'flows[0].tcp.turbo', true)));
  add('scenarios', 'proto-key', `${JSON.stringify(full).slice(0, -1)},"__proto__":{"polluted":true}}\n`);
  add('scenarios', 'constructor-key', json({ ...full, constructor: { prototype: { polluted: true } } }));
  add('scenarios', 'duplicate-key-version', `{"version":1,${JSON.stringify(full).slice(1)}\n`);
  add('scenarios', 'duplicate-node-id', json(setPath(full, 'nodes[1].id', 'H1')));
  add('scenarios', 'duplicate-link-id', json(setPath(full, 'links[1].id', 'a1')));
  add('scenarios', 'duplicate-flow-id', json(setPath(full, 'flows[1].id', 'bulk')));
  add('scenarios', 'link-to-unknown-node', json(setPath(full, 'links[0].b', 'nowhere')));
  add('scenarios', 'link-to-itself', json(setPath(full, 'links[0].b', 'H1')));
  add('scenarios', 'flow-to-itself', json(setPath(full, 'flows[0].dst', 'H1')));
  add('scenarios', 'flow-unreachable', json(setPath(full, 'flows[0].dst', 'H2')));
  add('scenarios', 'empty-lists', json({ ...full, nodes: [], links: [], flows: [], background: [] }));
  add('scenarios', 'no-flows', json({ ...full, flows: [], background: [] }));
  add('scenarios', 'wrong-version-2', json({ ...full, version: 2 }));
  add('scenarios', 'loss-object-extra', json(setPath(full, 'links[1].loss', { ab: 0.1, ba: 0.1, cd: 0.5 })));
  add('scenarios', 'offset-string', json(setPath(full, 'obs.offset', 'soon')));
  add('scenarios', 'app-kind-unknown', json(setPath(full, 'flows[0].app', { kind: 'exfiltrate', bytes: 1 })));
  // The routing extensions (docs/routing.md): no random draw here, so the cases after
  // these are the same bytes as before they existed.
  const group = {
    ...clone(full.flows[0]),
    id: 'group',
    src: 'R1',
    dst: 'E2',
    count: 1000,
    access: { src: { rate: 1e6, delay: 1e-3, queue: 5 }, dst: { rate: 1e9, delay: 0 } },
  };
  add(
    'scenarios',
    'routing-valid-every-field',
    json({
      ...setPath(setPath(full, 'links[2].cost', { ab: 1e9, ba: 0 }), 'flows[1].startSpread', 0.05),
      flows: [...clone(full.flows), { ...group, count: 3, startSpread: 0.05, route: ['R1', 'E3', 'C1', 'C2', 'E2'] }],
    }),
    { expect: 'ok' },
  );
  add('scenarios', 'routing-access-1000-copies', json({ ...full, flows: [...clone(full.flows).slice(0, 1), group] }));
  add(
    'scenarios',
    'routing-route-loop-10000',
    json(
      setPath(
        full,
        'flows[0].route',
        Array.from({ length: 10000 }, () => 'H1'),
      ),
    ),
    { expect: 'refused' },
  );
  add('scenarios', 'routing-route-unknown-node', json(setPath(full, 'flows[0].route', ['H1', 'E1', 'nowhere'])), { expect: 'refused' });
  add('scenarios', 'routing-route-revisits-a-host', json(setPath(full, 'flows[0].route', ['H1', 'E1', 'H1', 'D'])), { expect: 'refused' });
  add('scenarios', 'routing-ackroute-numbers', json(setPath(full, 'flows[0].ackRoute', [1, 2, 3])), { expect: 'refused' });
  add('scenarios', 'routing-cost-negative', json(setPath(full, 'links[0].cost', -1)), { expect: 'refused' });
  add('scenarios', 'routing-cost-1e308', json(setPath(full, 'links[0].cost', 1e308)), { expect: 'refused' });
  add('scenarios', 'routing-cost-object-extra', json(setPath(full, 'links[0].cost', { ab: 1, ba: 1, cd: 1 })), { expect: 'refused' });
  add('scenarios', 'routing-start-spread-1e308', json(setPath(full, 'flows[0].startSpread', 1e308)), { expect: 'refused' });
  add('scenarios', 'routing-access-on-a-host', json(setPath(full, 'flows[0].access', { src: { rate: 1e8, delay: 0 } })), {
    expect: 'refused',
  });
  add('scenarios', 'routing-access-empty', json(setPath(full, 'flows[0].access', {})), { expect: 'refused' });
  add(
    'scenarios',
    'routing-access-id-clash',
    json({
      ...full,
      nodes: [...clone(full.nodes), { id: 'group#2.src', kind: 'router', x: 0, y: 0 }],
      flows: [...clone(full.flows), group],
    }),
    { expect: 'refused' },
  );
  // The mesh extensions (docs/mesh.md): no random draw here either. nodes[5] and [6] are
  // the cores C1 and C2; the edges, in order, E1, E3 and E2.
  const everyPair = [
    [0, 1, 1],
    [1, 0, 1],
    [1, 1, 0],
  ];
  const meshFull = setPath(
    setPath(setPath(full, 'nodes[5].conversion', { range: 1 }), 'nodes[6].conversion', 'none'),
    'obs.wavelengthChoice',
    'random',
  );
  add(
    'scenarios',
    'mesh-valid-every-field',
    json({ ...meshFull, traffic: { matrix: everyPair, load: 0.2, model: 'self-similar', meanBytes: 20000, hurst: 0.7 } }),
    { expect: 'ok' },
  );
  const manyEdges = Array.from({ length: 99 }, (_, i) => ({ id: `X${i}`, kind: 'edge', x: 0, y: 0 }));
  add('scenarios', 'mesh-traffic-10302-pairs', json({ ...full, nodes: [...clone(full.nodes), ...manyEdges], traffic: { load: 0.5 } }), {
    expect: 'refused',
  });
  add(
    'scenarios',
    'mesh-traffic-weight-1e308',
    json({ ...full, traffic: { matrix: [[0, 1e308, 1], everyPair[1], everyPair[2]], load: 0.5 } }),
    {
      expect: 'refused',
    },
  );
  add(
    'scenarios',
    'mesh-traffic-ragged-rows',
    json({
      ...full,
      traffic: {
        matrix: [
          [0, 1, 1],
          [1, 0],
          [1, 1, 0, 1],
        ],
        load: 0.5,
      },
    }),
    {
      expect: 'refused',
    },
  );
  add(
    'scenarios',
    'mesh-traffic-10000-rows',
    json({ ...full, traffic: { matrix: Array.from({ length: 10000 }, () => [0, 1, 1]), load: 0.5 } }),
    {
      expect: 'refused',
    },
  );
  add('scenarios', 'mesh-traffic-hurst-poisson', json({ ...full, traffic: { load: 0.5, hurst: 0.7 } }), { expect: 'refused' });
  add('scenarios', 'mesh-traffic-overload', json({ ...full, traffic: { load: 10, meanBytes: 1 } }), { expect: 'refused' });
  add('scenarios', 'mesh-conversion-range-1e308', json(setPath(full, 'nodes[5].conversion', { range: 1e308 })), { expect: 'refused' });
  add('scenarios', 'mesh-conversion-on-a-host', json(setPath(full, 'nodes[0].conversion', 'none')), { expect: 'refused' });
  add('scenarios', 'mesh-wavelength-choice-number', json(setPath(full, 'obs.wavelengthChoice', 7)), { expect: 'refused' });
  // Deflection, segmentation and extra offsets (docs/mesh.md sections 6 to 8). nodes[7] is
  // the edge E2; background[1] enters assembly. A fixed offset leaves room to deflect.
  const meshQos = setPath(
    setPath(setPath(setPath(meshFull, 'nodes[5].deflection', true), 'nodes[6].segmentation', true), 'obs.maxDeflections', 16),
    'obs.offset',
    2e-3,
  );
  add(
    'scenarios',
    'mesh-valid-deflection-segmentation-offsets',
    json({
      ...setPath(setPath(meshQos, 'background[0].extraOffset', 1e-3), 'background[1].extraOffset', 0),
      traffic: { load: 0.2, extraOffset: 1 },
    }),
    { expect: 'ok' },
  );
  add('scenarios', 'mesh-deflection-on-an-edge', json(setPath(full, 'nodes[7].deflection', true)), { expect: 'refused' });
  add('scenarios', 'mesh-segmentation-a-string', json(setPath(full, 'nodes[5].segmentation', 'true')), { expect: 'refused' });
  add('scenarios', 'mesh-max-deflections-1e308', json(setPath(full, 'obs.maxDeflections', 1e308)), { expect: 'refused' });
  add('scenarios', 'mesh-extra-offset-entering-assembly', json(setPath(full, 'background[1].extraOffset', 1e-300)), {
    expect: 'refused',
  });
  add('scenarios', 'mesh-traffic-extra-offset-1e308', json({ ...full, traffic: { load: 0.5, extraOffset: 1e308 } }), { expect: 'refused' });
  // The engine-level attacks, as their own files.
  add('scenarios', 'engine-rto-tiny', json(setPath(full, 'flows[0].tcp.rto', { initial: 1e-300, min: 0, max: 1e-300, fixed: null })));
  add('scenarios', 'engine-background-meanbytes-tiny', json(setPath(full, 'background[1].meanBytes', 1e-300)));
  add(
    'scenarios',
    'engine-background-overload',
    json(setPath(full, 'background[1]', { src: 'E3', dst: 'E2', model: 'poisson', load: 10, meanBytes: 1 })),
  );
  add('scenarios', 'engine-flow-id-formula', json(setPath(full, 'flows[0].id', '=HYPERLINK("http://evil.example","x")')));
  add('scenarios', 'engine-flow-id-bidi', json(setPath(full, 'flows[0].id', 'tcp\u202E1gnp.exe')));
  add('scenarios', 'engine-long-run', json({ ...full, duration: 1e6, sampleInterval: 1 }));
  add('scenarios', 'engine-many-flows', json(setPath(full, 'flows[0].count', 100000)));
  add(
    'scenarios',
    'engine-assembly-maxtime-tiny',
    json(setPath(full, 'obs.assembly', { policy: 'time', maxTime: 1e-300, maxBytes: 40000, minBytes: 0, queues: 'mixed' })),
  );
  add(
    'scenarios',
    'engine-edge-assembly-maxtime-tiny',
    json(setPath(full, 'nodes[3].assembly', { policy: 'time', maxTime: 1e-300, maxBytes: 40000, minBytes: 0, queues: 'mixed' })),
  );
  add('scenarios', 'engine-fdl-unit-tiny', json(setPath(full, 'nodes[5].fdl', { count: 1000000, unit: 1e-300 })));
  add('scenarios', 'engine-cbr-huge', json(setPath(setPath(full, 'flows[2].app.rate', 1e13), 'links[1].rate', 1e6)));
  addMeshRunCases(add);
  // Not JSON objects, or not JSON at all.
  const text = JSON.stringify(full);
  add('scenarios', 'empty-file', '');
  add('scenarios', 'whitespace-only', ' \n\t\r\n ');
  add('scenarios', 'bom-only', '\uFEFF');
  add('scenarios', 'bom-then-scenario', `\uFEFF${text}`, { expect: 'ok' });
  add('scenarios', 'top-level-array', '[1,2,3]');
  add('scenarios', 'top-level-string', '"scenario"');
  add('scenarios', 'top-level-number', '1e999');
  add('scenarios', 'top-level-null', 'null');
  add('scenarios', 'nan-literal', text.replace('"seed":7', '"seed":NaN'));
  add('scenarios', 'infinity-literal', text.replace('"seed":7', '"seed":Infinity'));
  add('scenarios', 'single-quotes', text.replace(/"/g, "'"));
  add('scenarios', 'trailing-comma', text.replace(/}$/, ',}'));
  add('scenarios', 'comment', `// a comment\n${text}`);
  add('scenarios', 'two-documents', `${text}\n${text}`);
  add('scenarios', 'control-char-in-string', text.replace('"hostile corpus base', '"hostile\u0001 corpus base'));
  add('scenarios', 'raw-newline-in-string', text.replace('"hostile corpus base', '"hostile\ncorpus base'));
  add('scenarios', 'invalid-escape', text.replace('"hostile corpus base', '"hostile \\x41 corpus base'));
  add('scenarios', 'leading-zero', text.replace('"seed":7', '"seed":007'));
  add('scenarios', 'deep-nesting-100', `${text.slice(0, -1)},"deep":${'['.repeat(100)}${']'.repeat(100)}}`);
  add('scenarios', 'deep-nesting-100000', `${text.slice(0, -1)},"deep":${'['.repeat(100000)}${']'.repeat(100000)}}`);
  add('scenarios', 'deep-nesting-unclosed', `${text.slice(0, -1)},"deep":${'{"a":'.repeat(20000)}`);
  add('scenarios', 'unterminated-string', `${text.slice(0, 200)}"abc`);
  // Cut short at a dozen places picked by the seed, and bytes flipped.
  for (let k = 0; k < 12; k++) {
    const at = 1 + rand.int(text.length - 2);
    add('scenarios', `truncated-at-${at}`, text.slice(0, at));
  }
  for (let k = 0; k < 12; k++) {
    const at = rand.int(text.length);
    const flipped = String.fromCharCode(text.charCodeAt(at) ^ (1 << rand.int(7)));
    add('scenarios', `flipped-at-${at}`, text.slice(0, at) + flipped + text.slice(at + 1));
  }
  // Bytes that are not UTF-8 at all, as latin-1 text.
  let garbage = '';
  for (let k = 0; k < 4096; k++) garbage += String.fromCharCode(rand.int(256));
  files.set('scenarios/binary-garbage.bin', garbage);
  cases.push({ name: 'scenarios/binary-garbage', command: 'run', files: ['scenarios/binary-garbage.bin'], expect: 'refused' });
  // A long list within the file caps, under a field the engine does not know.
  add('scenarios', 'unknown-array-100000', `${text.slice(0, -1)},"junk":[${'0,'.repeat(99999)}0]}`);

  // ---- sweep specs -------------------------------------------------------------------
  const spec = baseSpec();
  add('specs', 'valid-spec', json(spec), { expect: 'ok' });
  add('specs', 'valid-spec-grid', json({ ...spec, parameter2: { path: 'flows[0].tcp.mss', values: [512, 1460] } }), { expect: 'ok' });
  add(
    'specs',
    'valid-spec-preset',
    json({
      sweep: 1,
      base: { preset: 'first-lesson' },
      overrides: { duration: 0.05 },
      parameter: { path: 'obs.burstLoss.data', values: [0] },
      seeds: 1,
    }),
    { expect: 'ok' },
  );
  const refusedSpec = (/** @type {string} */ name, /** @type {unknown} */ value) => add('specs', name, json(value), { expect: 'refused' });
  for (const [label, value] of [
    ['0', 0],
    ['2', 2],
    ['string', '1'],
    ['null', null],
    ['missing', undefined],
    ['object', { huge: 'x'.repeat(1000) }],
  ]) {
    refusedSpec(`sweep-${label}`, { ...spec, sweep: value });
  }
  for (const [label, value] of [
    ['number', 5],
    ['long', 'n'.repeat(300)],
    ...HOSTILE_STRINGS.filter(([l]) => ['rlo', 'newline', 'escape-sequence', 'nul', 'zero-width', 'line-separator'].includes(l)),
  ]) {
    refusedSpec(`name-${label}`, { ...spec, name: value });
  }
  for (const [label, value] of [
    ['null', null],
    ['array', []],
    ['number', 5],
    ['empty-string', ''],
    ['dev-zero', '/dev/zero'],
    ['dev-urandom', '/dev/urandom'],
    ['dev-null', '/dev/null'],
    ['proc-self-mem', '/proc/self/mem'],
    ['dev-stdin', '/dev/stdin'],
    ['dev-tty', '/dev/tty'],
    ['proc-self-fd-0', '/proc/self/fd/0'],
    ['directory', '.'],
    ['missing-file', 'no-such-base.json'],
    ['preset-unknown', { preset: 'paper9' }],
    ['preset-extra-field', { preset: 'paper000', duration: 1 }],
    ['preset-bidi', { preset: 'paper\u202E000' }],
    ['preset-long', { preset: 'p'.repeat(100000) }],
    ['preset-object', { preset: { a: [1, 2, 3] } }],
    ['preset-array-long', { preset: Array.from({ length: 10000 }, (_, i) => i) }],
    ['binary-file', '../scenarios/binary-garbage.bin'],
    ['long-path', `${'a/'.repeat(3000)}x.json`],
    ['refused-scenario-file', '../scenarios/num-duration-minus-1.json'],
    ['path-with-newline', 'x\ny.json'],
    ['path-bidi', 'x\u202Ey.json'],
  ]) {
    add('specs', `base-${label}`, json({ ...spec, base: value }), { expect: 'refused' });
  }
  add('specs', 'engine-base-livelock-file', json({ ...spec, base: '../scenarios/engine-rto-tiny.json' }));
  for (const [label, value] of [
    ['array', []],
    ['number', 5],
    ['too-many', Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`nodes[0].x${i}`, i]))],
    ['long-path', { [`${'a.'.repeat(1000)}b`]: 1 }],
    ['version', { version: 2 }],
    ['seed-string', { seed: 'x' }],
    ['unknown-path', { 'links[x9].rate': 1 }],
    ['bidi-id', { 'flows[tc\u202Ep1].count': 1 }],
    ['proto', JSON.parse('{"__proto__.polluted": 1}')],
    ['constructor', { 'constructor.prototype.x': 1 }],
    ['variant-bidi', { 'flows[bulk].tcp.variant': 'reno\u202E' }],
    ['duration-huge', { duration: 1e308 }],
    ['nested-deep', { name: JSON.parse(`${'['.repeat(60)}${']'.repeat(60)}`) }],
    ['infinite', { duration: raw('1e999') }],
  ]) {
    refusedSpec(`overrides-${label}`, { ...spec, overrides: value });
  }
  const parameterCases = /** @type {[string, unknown][]} */ ([
    ['missing', undefined],
    ['null', null],
    ['array', [1]],
    ['empty-object', {}],
    ['unknown-field', { path: 'duration', values: [1], step: 2 }],
    ['path-empty', { path: '', values: [1] }],
    ['path-seed', { path: 'seed', values: [1, 2] }],
    ['path-string-field', { path: 'name', values: [1] }],
    ['path-object', { path: 'obs.burstLoss', values: [1] }],
    ['path-missing', { path: 'links[f9].wavelengths', values: [1] }],
    ['path-bidi', { path: 'links[f\u202E1].rate', values: [1] }],
    ['path-newline', { path: 'links[f\n1].rate', values: [1] }],
    ['path-long', { path: `${'a'.repeat(5000)}`, values: [1] }],
    ['path-brackets', { path: 'links[[0]].rate', values: [1] }],
    ['path-formula', { path: '=HYPERLINK("http://evil.example","x")', values: [1] }],
    ['paths-11', { path: Array.from({ length: 11 }, (_, i) => `nodes[${i % 9}].x`), values: [1] }],
    ['paths-duplicate', { path: ['duration', 'duration'], values: [1] }],
    ['paths-number', { path: [5], values: [1] }],
    ['values-empty', { path: 'duration', values: [] }],
    ['values-1001', { path: 'duration', values: Array.from({ length: 1001 }, (_, i) => i + 1) }],
    ['values-string', { path: 'duration', values: ['NaN'] }],
    ['values-null', { path: 'duration', values: [null] }],
    ['values-infinite', { path: 'duration', values: [raw('1e999')] }],
    ['range-steps-1', { path: 'duration', values: { from: 0, to: 1, steps: 1 } }],
    ['range-steps-huge', { path: 'duration', values: { from: 0, to: 1, steps: 1e9 } }],
    ['range-steps-fraction', { path: 'duration', values: { from: 0, to: 1, steps: 2.5 } }],
    ['range-from-string', { path: 'duration', values: { from: 'a', to: 1, steps: 2 } }],
    ['range-unknown', { path: 'duration', values: { from: 0, to: 1, steps: 2, log: true } }],
    ['range-infinite', { path: 'duration', values: { from: raw('-1e999'), to: 1, steps: 2 } }],
  ]);
  for (const [label, value] of parameterCases) refusedSpec(`parameter-${label}`, { ...spec, parameter: value });
  add('specs', 'parameter-values-engine-refuses', json({ ...spec, parameter: { path: 'links[f1].wavelengths', values: [2, 0] } }), {
    expect: 'refused',
  });
  add('specs', 'parameter-values-1e308', json({ ...spec, parameter: { path: 'obs.burstLoss.data', values: [1e308] } }), {
    expect: 'refused',
  });
  refusedSpec('parameter2-same-path', { ...spec, parameter2: { path: 'obs.burstLoss.data', values: [0] } });
  refusedSpec('grid-too-many-runs', {
    ...spec,
    parameter: { path: 'obs.burstLoss.data', values: { from: 0, to: 1, steps: 1000 } },
    parameter2: { path: 'obs.burstLoss.ack', values: { from: 0, to: 1, steps: 1000 } },
    seeds: 2,
  });
  for (const [label, value] of [
    ['zero', 0],
    ['1001', 1001],
    ['minus', -1],
    ['fraction', 1.5],
    ['string', '5'],
    ['empty-list', []],
    ['duplicate', [1, 1]],
    ['2pow32', [4294967296]],
    ['negative-in-list', [1, -1]],
    ['list-1001', Array.from({ length: 1001 }, (_, i) => i)],
    ['null', null],
  ]) {
    refusedSpec(`seeds-${label}`, { ...spec, seeds: value });
  }
  refusedSpec('seeds-count-overflows-uint32', { ...spec, base: { ...spec.base, seed: 4294967295 }, seeds: 2 });
  for (const [label, value] of [
    ['empty', []],
    ['51', Array.from({ length: 51 }, (_, i) => `flows[${i}].goodput`)],
    ['object-path', ['bursts.data']],
    ['number', [5]],
    ['duplicate', ['bursts.sent', 'bursts.sent']],
    ['bad-path', ['..']],
    ['long', [`${'a'.repeat(5000)}`]],
    ['string', 'aggregate.goodput'],
  ]) {
    refusedSpec(`outputs-${label}`, { ...spec, outputs: value });
  }
  add('specs', 'outputs-formula-flow-id', json({ ...spec, outputs: ['flows[=HYPERLINK("http://evil.example","x")].goodput'] }), {
    expect: 'refused',
  });
  add('specs', 'outputs-bidi-flow-id', json({ ...spec, outputs: ['flows[tcp\u202E1].goodput'] }), { expect: 'refused' });
  add('specs', 'outputs-string-value', json({ ...spec, outputs: ['flows[0].id'] }), { expect: 'refused' });
  refusedSpec('unknown-field', { ...spec, colour: 'red' });
  refusedSpec('unknown-field-bidi', { ...spec, ['a\u202Eb']: 1 });
  refusedSpec('unknown-field-long', { ...spec, ['k'.repeat(100000)]: 1 });
  add('specs', 'top-level-array', '[]', { expect: 'refused' });
  add('specs', 'empty', '', { expect: 'refused' });
  add('specs', 'truncated', JSON.stringify(spec).slice(0, 300), { expect: 'refused' });
  add('specs', 'deep-nesting', `${JSON.stringify(spec).slice(0, -1)},"deep":${'['.repeat(1000)}${']'.repeat(1000)}}`, {
    expect: 'refused',
  });

  // ---- shard files (format 4: JSON Lines, a header then a line per run) -------------
  const one = shardFileValue({ index: 1, count: 1 });
  add('shards', 'valid-single-shard', toShardText(one), { expect: 'ok' });
  /** @param {string} name @param {unknown} value */
  const badShard = (name, value) => add('shards', name, toShardText(value), { expect: 'refused' });
  /** A text that merge reads with what is missing named: exit 3, or 0 with --partial. @param {string} name @param {string} text */
  const incomplete = (name, text) => {
    add('shards', name, text, { expect: 'incomplete' });
    add('shards', `${name}-partial`, text, { expect: 'ok', args: ['--partial'] });
  };
  // The attacker's findings: a forged shard of 10^9 runs, axes that are not a list, edited outputs.
  const forgedBig = clone(one);
  const thousand = Array.from({ length: 1000 }, (_, i) => i / 1000);
  forgedBig.sweep.axes = [
    { paths: ['obs.burstLoss.data'], values: thousand },
    { paths: ['obs.burstLoss.ack'], values: thousand },
  ];
  forgedBig.sweep.seeds = Array.from({ length: 1000 }, (_, i) => i);
  badShard('forged-1e9-runs', reforge(forgedBig));
  const forgedMax = clone(one);
  forgedMax.sweep.axes = [{ paths: ['obs.burstLoss.data'], values: thousand }];
  forgedMax.sweep.seeds = Array.from({ length: 1000 }, (_, i) => i);
  forgedMax.runCount = 1000000;
  // A sweep of 10^6 runs with none written is well formed: every run is missing.
  incomplete('forged-1e6-runs-without-runs', toShardText({ ...reforge(forgedMax), runs: [] }));
  for (const [label, value] of [
    ['5', 5],
    ['string', 'x'],
    ['empty', []],
    ['three', [one.sweep.axes[0], one.sweep.axes[0], one.sweep.axes[0]]],
    ['null-item', [null]],
    ['item-array', [[1]]],
  ]) {
    const f = clone(one);
    f.sweep.axes = value;
    badShard(`forged-axes-${label}`, reforge(f));
  }
  /** @type {[string, (x: number) => number | null][]} */
  const edits = [
    ['x10', (x) => x * 10],
    ['null', () => null],
    ['1e308', () => 1e308],
    ['minus', (x) => -x],
    ['zero', () => 0],
  ];
  for (const [label, value] of edits) {
    const edited = clone(one);
    edited.runs[0].outputs[0] = value(edited.runs[0].outputs[0]);
    badShard(`edited-output-${label}`, edited);
  }
  for (const [label, value] of [
    ['1e308', 1e308],
    ['1e101', 1e101],
    ['infinite', raw('1e999')],
    ['nan-string', 'NaN'],
    ['string', '5'],
    ['true', true],
    ['array', [1]],
    ['object', {}],
  ]) {
    const f = clone(one);
    f.runs[1].outputs[1] = value;
    badShard(`forged-output-${label}`, label === 'infinite' ? f : reforge(f));
  }
  const atLimit = clone(one);
  atLimit.runs[0].outputs[0] = 1e100;
  add('shards', 'forged-output-at-limit-1e100', toShardText(reforge(atLimit)), { expect: 'ok' });
  const formats = [
    ['format-1', 1],
    ['format-2', 2],
    ['format-3', 3],
    ['format-5', 5],
    ['format-string', '4'],
    ['format-missing', undefined],
    ['format-null', null],
  ];
  for (const [label, value] of formats) badShard(`shard-${label}`, { ...one, obsSweepShard: value });
  // Format 3 as it was written: one JSON document over many lines, whole at the end.
  const { runs: oneRuns, sweep: oneSweep, ...oneHead } = one;
  add(
    'shards',
    'shard-format-3-document',
    `${JSON.stringify({ ...oneHead, obsSweepShard: 3, resultsHash: '0123456789abcdef' }, null, 2).slice(0, -2)},\n  "runs": [\n${oneRuns
      .map((/** @type {any} */ r) => `    ${JSON.stringify({ run: r.run, outputs: r.outputs })}`)
      .join(',\n')}\n  ],\n  "sweep": ${JSON.stringify(oneSweep)}\n}\n`,
    { expect: 'refused' },
  );
  /** @type {[string, (f: any) => void][]} */
  const fieldEdits = [
    ['hash-missing', (f) => delete f.hash],
    ['hash-not-hex', (f) => (f.hash = 'zzzzzzzzzzzzzzzz')],
    ['hash-long', (f) => (f.hash = 'a'.repeat(10000))],
    ['engine-missing', (f) => delete f.engine],
    ['engine-other', (f) => (f.engine = 'fedcba9876543210')],
    ['check-missing', (f) => delete f.runs[0].check],
    ['check-wrong', (f) => (f.runs[0].check = '0123456789abcdef')],
    ['check-long', (f) => (f.runs[0].check = 'a'.repeat(10000))],
    ['results-hash-field', (f) => (f.resultsHash = '0123456789abcdef')],
    ['shard-0-of-1', (f) => (f.shard = '0/1')],
    ['shard-2-of-1', (f) => (f.shard = '2/1')],
    ['shard-1-of-0', (f) => (f.shard = '1/0')],
    ['shard-letters', (f) => (f.shard = 'a/b')],
    ['shard-number', (f) => (f.shard = 5)],
    ['shard-1-of-100001', (f) => (f.shard = '1/100001')],
    ['shard-huge-numbers', (f) => (f.shard = '999999999999999999999/999999999999999999999')],
    ['shard-bidi', (f) => (f.shard = '1/1\u202E')],
    ['run-count-negative', (f) => (f.runCount = -1)],
    ['run-count-1e9', (f) => (f.runCount = 1e9)],
    ['run-count-fraction', (f) => (f.runCount = 1.5)],
    ['run-count-string', (f) => (f.runCount = '6')],
    ['run-count-wrong', (f) => (f.runCount = 5)],
    ['runs-not-list', (f) => (f.runs = { 0: 1 })],
    ['runs-duplicate', (f) => f.runs.push(clone(f.runs[2]))],
    ['runs-duplicate-other-outputs', (f) => f.runs.push({ ...clone(f.runs[2]), outputs: [1, 2, 3] })],
    ['runs-duplicate-failed', (f) => f.runs.push({ run: f.runs[2].run, failed: 'later' })],
    ['runs-out-of-range', (f) => f.runs.push({ run: 6, outputs: [1, 2, 3] })],
    ['runs-out-of-range-huge', (f) => (f.runs[0].run = 1e300)],
    ['runs-negative', (f) => (f.runs[0].run = -1)],
    ['run-index-string', (f) => (f.runs[0].run = '0')],
    ['run-null', (f) => (f.runs[0] = null)],
    ['run-array', (f) => (f.runs[0] = [0, [1, 2, 3]])],
    ['run-extra-field', (f) => (f.runs[0].note = 'x')],
    ['run-header-again', (f) => f.runs.push(Object.fromEntries(Object.entries(f).filter(([k]) => k !== 'runs')))],
    ['run-outputs-and-failed', (f) => (f.runs[0].failed = 'x')],
    ['run-neither-outputs-nor-failed', (f) => delete f.runs[0].outputs],
    ['failed-empty', (f) => (f.runs[0] = { run: 0, failed: '' })],
    ['failed-number', (f) => (f.runs[0] = { run: 0, failed: 5 })],
    ['failed-long', (f) => (f.runs[0] = { run: 0, failed: 'x'.repeat(2001) })],
    ['outputs-too-many', (f) => f.runs[0].outputs.push(1)],
    ['outputs-too-few', (f) => f.runs[0].outputs.pop()],
    ['outputs-not-list', (f) => (f.runs[0].outputs = 5)],
    ['outputs-1000', (f) => (f.runs[0].outputs = Array.from({ length: 1000 }, () => 1))],
    ['unknown-field', (f) => (f.extra = 1)],
    ['unknown-field-bidi', (f) => (f['\u202Ex'] = 1)],
    ['sweep-null', (f) => (f.sweep = null)],
    ['sweep-format-2', (f) => (f.sweep.format = 2)],
    ['sweep-unknown-field', (f) => (f.sweep.extra = 1)],
    ['sweep-name-number', (f) => (f.sweep.name = 5)],
    ['sweep-name-bidi', (f) => (f.sweep.name = 'a\u202Eb')],
    ['sweep-name-long', (f) => (f.sweep.name = 'n'.repeat(5000))],
    ['sweep-base-null', (f) => (f.sweep.base = null)],
    ['sweep-base-preset', (f) => (f.sweep.base = { preset: 'paper000' })],
    ['sweep-base-string', (f) => (f.sweep.base = '/dev/zero')],
    ['sweep-seeds-count', (f) => (f.sweep.seeds = 3)],
    ['sweep-seeds-1001', (f) => (f.sweep.seeds = Array.from({ length: 1001 }, (_, i) => i))],
    ['sweep-seeds-duplicate', (f) => (f.sweep.seeds = [1, 1, 2])],
    ['sweep-seeds-negative', (f) => (f.sweep.seeds = [-1, 0, 1])],
    ['sweep-outputs-51', (f) => (f.sweep.outputs = Array.from({ length: 51 }, (_, i) => `flows[${i}].goodput`))],
    ['sweep-outputs-not-list', (f) => (f.sweep.outputs = 'aggregate.goodput')],
    ['sweep-values-1001', (f) => (f.sweep.axes[0].values = Array.from({ length: 1001 }, (_, i) => i / 1001))],
    ['sweep-values-range', (f) => (f.sweep.axes[0].values = { from: 0, to: 1, steps: 1000 })],
    ['sweep-values-strings', (f) => (f.sweep.axes[0].values = ['0', '0.01'])],
    ['sweep-paths-string', (f) => (f.sweep.axes[0].paths = 'obs.burstLoss.data')],
    ['sweep-paths-missing-in-base', (f) => (f.sweep.axes[0].paths = ['links[f9].rate'])],
    ['sweep-paths-bidi', (f) => (f.sweep.axes[0].paths = ['links[f\u202E1].rate'])],
    ['sweep-paths-formula', (f) => (f.sweep.axes[0].paths = ['=HYPERLINK("http://evil.example","x")'])],
    ['sweep-axis-extra', (f) => (f.sweep.axes[0].log = true)],
  ];
  for (const [label, edit] of fieldEdits) {
    const plain = clone(one);
    edit(plain);
    badShard(`field-${label}`, plain);
    // (A shard of another engine build with its checks recomputed is one: merged alone, it is fine.)
    if (label.includes('hash') || label.includes('check') || label === 'engine-other') continue;
    // The same edit with the hashes recomputed: only the checks of the content refuse it.
    const forged = clone(one);
    edit(forged);
    badShard(`forged-${label}`, reforge(forged));
  }
  // The lines themselves: cut short, empty, not JSON, in any order, with other line ends.
  const oneText = toShardText(one);
  const lines = oneText.split('\n').slice(0, -1);
  add('shards', 'lines-any-order', [lines[0], ...lines.slice(1).reverse()].map((l) => `${l}\n`).join(''), { expect: 'ok' });
  add('shards', 'lines-crlf', oneText.replace(/\n/g, '\r\n'), { expect: 'ok' });
  add('shards', 'lines-header-without-line-end', lines[0], { expect: 'incomplete' });
  incomplete('lines-last-cut-short', oneText.slice(0, oneText.length - 20));
  incomplete('lines-last-cut-at-its-start', oneText.slice(0, oneText.length - lines[lines.length - 1].length));
  add('shards', 'lines-last-one-byte', `${oneText}{`, { expect: 'ok' }); // every run there: a note only
  incomplete('lines-last-without-line-end', oneText.slice(0, -1));
  incomplete('lines-one-missing', [...lines.slice(0, 3), ...lines.slice(4)].map((l) => `${l}\n`).join(''));
  incomplete('lines-header-only', `${lines[0]}\n`);
  incomplete(
    'lines-failed-run',
    toShardText(
      shardFileValue({ index: 1, count: 1 }, {}, (r) =>
        r.run === 2
          ? {
              run: 2,
              reason:
                "stopped at t = 0.01 s of 0.05 s: the run reached its work budget of 100 events' worth (raise it with obs-sim --max-events)",
            }
          : r,
      ),
    ),
  );
  incomplete(
    'lines-failed-reason-hostile',
    toShardText(
      shardFileValue({ index: 1, count: 1 }, {}, (r) =>
        r.run === 2 ? { run: 2, reason: `\u202E=HYPERLINK("x")\u0007${'\u200b'.repeat(1900)}` } : r,
      ),
    ),
  );
  badShard('lines-header-cut-short', lines[0].slice(0, 300));
  add('shards', 'lines-cut-in-the-middle', [lines[0], lines[1].slice(0, 20), ...lines.slice(2)].map((l) => `${l}\n`).join(''), {
    expect: 'refused',
  });
  add('shards', 'lines-empty-line', [lines[0], '', ...lines.slice(1)].map((l) => `${l}\n`).join(''), { expect: 'refused' });
  add('shards', 'lines-two-runs-on-one', [lines[0], lines[1] + lines[2], ...lines.slice(3)].map((l) => `${l}\n`).join(''), {
    expect: 'refused',
  });
  add('shards', 'lines-nul', `${lines[0]}\n\u0000\n`, { expect: 'refused' });
  add('shards', 'lines-deep', `${lines[0]}\n${'['.repeat(1000)}\n`, { expect: 'refused' });
  add('shards', 'lines-pretty-header', `${JSON.stringify({ ...oneHead, sweep: oneSweep }, null, 2)}\n`, { expect: 'refused' });
  add('shards', 'not-json', 'obsSweepShard: 4\n', { expect: 'refused' });
  add('shards', 'empty', '', { expect: 'refused' });
  add('shards', 'only-line-ends', '\n\n\n', { expect: 'refused' });
  add('shards', 'top-level-array', '[]\n', { expect: 'refused' });
  add('shards', 'results-file-instead', `${JSON.stringify({ obsSweepResults: 1 })}\n`, { expect: 'refused' });
  add('shards', 'scenario-instead', JSON.stringify(full), { expect: 'refused' });
  add('shards', 'truncated', JSON.stringify(one).slice(0, 500), { expect: 'refused' });
  add('shards', 'deep-nesting', `${toJsonText(oneHead).slice(0, -1)},"deep":${'['.repeat(500)}${']'.repeat(500)}}\n`, {
    expect: 'refused',
  });
  // Several files merged together.
  /** @param {string} name @param {unknown[]} values @param {Case['expect']} expect @param {string[]} [args] */
  const shardSet = (name, values, expect, args) => {
    const list = values.map((value, i) => {
      const file = `shards/${slug(name)}/part-${i + 1}.jsonl`;
      files.set(file, typeof value === 'string' ? value : toShardText(value));
      return file;
    });
    cases.push({ name: `shards/${slug(name)}`, command: 'merge', files: list, expect, ...(args ? { args } : {}) });
  };
  const three = [1, 2, 3].map((index) => shardFileValue({ index, count: 3 }));
  shardSet('set-valid-three', three, 'ok');
  shardSet('set-missing-one', [three[0], three[2]], 'incomplete');
  shardSet('set-missing-one-partial', [three[0], three[2]], 'ok', ['--partial']);
  shardSet('set-missing-one-list', [three[0], three[2]], 'ok', ['--list-incomplete']);
  shardSet('set-duplicate', [three[0], three[1], three[1], three[2]], 'refused');
  shardSet('set-different-sweeps', [three[0], shardFileValue({ index: 2, count: 3 }, { seeds: 2 }), three[2]], 'refused');
  shardSet('set-different-n', [three[0], shardFileValue({ index: 2, count: 4 })], 'refused');
  const otherEngine = clone(three[1]);
  otherEngine.engine = 'fedcba9876543210';
  shardSet('set-different-engines', [three[0], reforge(otherEngine), three[2]], 'refused');
  const forgedSet = three.map(clone);
  forgedSet[1].shard = '1/3';
  shardSet('set-forged-two-firsts', forgedSet.map(reforge), 'refused');
  // Shard 2/3's header claims shard 2/3 but its lines are shard 1/3's runs, checks recomputed.
  const swapped = clone(three[1]);
  swapped.runs = clone(three[0].runs);
  shardSet('set-runs-of-another-shard', [three[0], reforge(swapped), three[2]], 'refused');
  const format1 = three.map((f) => {
    const { runs, ...rest } = f;
    return { ...rest, obsSweepShard: 1, runs: runs.map((/** @type {any} */ r) => ({ run: r.run, outputs: r.outputs })) };
  });
  shardSet(
    'set-format-1',
    format1.map((f) => `${toJsonText(f)}\n`),
    'refused',
  );
  const formula = shardFileValue(
    { index: 1, count: 1 },
    {
      base: setPath({ ...fullScenario(), duration: 0.05 }, 'flows[0].id', '=HYPERLINK("http://evil.example","x")'),
      outputs: ['flows[=HYPERLINK("http://evil.example","x")#0].goodput'],
    },
  );
  shardSet('set-formula-flow-id', [formula], 'ok');

  // ---- share links -------------------------------------------------------------------
  const links = buildLinks(rand);
  files.set('links.txt', `${links.join('\n')}\n`);

  const manifest = {
    $comment:
      "Written by scripts/hostile/generate.mjs; do not edit. expect: ok = exit 0, refused = exit 2 with one line, any = either. engine: waits on the engine's run guard (why).",
    seed,
    counts: {
      scenarios: cases.filter((c) => c.name.startsWith('scenarios/')).length,
      specs: cases.filter((c) => c.name.startsWith('specs/')).length,
      shards: cases.filter((c) => c.name.startsWith('shards/')).length,
      links: links.length,
      engine: cases.filter((c) => c.engine).length,
    },
    cases,
  };
  files.set('manifest.json', `${JSON.stringify(manifest, null, 1)}\n`);
  return { files, cases, links, manifest };
}

/**
 * Share-link hashes: mutated scenarios encoded as the app encodes them, cut short, with
 * bits flipped, in wrong formats, and `#preset=` with hostile ids. One per line, so none
 * holds a line break.
 * @param {ReturnType<typeof rng>} rand
 */
function buildLinks(rand) {
  const full = fullScenario();
  const presets = readdirSync(presetDir)
    .sort()
    .map((file) => JSON.parse(readFileSync(join(presetDir, file), 'utf8')));
  /** @type {string[]} */
  const links = [];
  const valid = presets.map((p) => linkOfText(JSON.stringify(p)));
  links.push(...valid, linkOfText(JSON.stringify(full)));
  // Mutated scenarios: every numeric field with a hostile value, then every hostile string as a flow id.
  for (const path of NUMERIC_FIELDS) {
    const [, value] = rand.pick([...NUMERIC_VALUES, ...EXTRA_NUMERIC_VALUES]);
    links.push(linkOfText(toJsonText(setPath(full, path, value))));
  }
  for (const [, value] of HOSTILE_STRINGS) {
    links.push(linkOfText(toJsonText(setPath(full, 'flows[0].id', value))));
    links.push(linkOfText(toJsonText(setPath(full, 'name', value))));
  }
  for (const path of ['nodes', 'links', 'obs', 'flows', 'version', 'flows[0].tcp'])
    links.push(linkOfText(JSON.stringify(deletePath(full, path))));
  // Sizes: a million flows, many nodes, deep nesting, a zip bomb, a scenario just over 1 MB.
  links.push(linkOfText(JSON.stringify(setPath(full, 'flows[0].count', 1000000))));
  links.push(
    linkOfText(
      JSON.stringify({
        ...full,
        nodes: [...full.nodes, ...Array.from({ length: 600 }, (_, i) => ({ id: `n${i}`, kind: 'host', x: 0, y: 0 }))],
      }),
    ),
  );
  links.push(linkOfText(`${JSON.stringify(full).slice(0, -1)},"deep":${'['.repeat(5000)}${']'.repeat(5000)}}`));
  links.push(linkOfText(`${JSON.stringify(full).slice(0, -1)},"pad":"${' '.repeat(20 * 1024 * 1024)}"}`));
  links.push(linkOfText(`${JSON.stringify(full).slice(0, -1)},"pad":"${'x'.repeat(1024 * 1024)}"}`));
  links.push(
    linkOfText('[]'),
    linkOfText('null'),
    linkOfText(''),
    linkOfText('{"version":1}'),
    linkOfText('\uFEFF{}'),
    linkOfText('{"a":1e999}'),
  );
  links.push(`#s=1.${Buffer.from([0x78, 0x9c, 0xff, 0xfe, 0x00, 0x01]).toString('base64url')}`);
  // Cut short and bit-flipped versions of a valid link.
  const good = valid[0];
  for (let k = 0; k < 15; k++) links.push(good.slice(0, 5 + rand.int(good.length - 5)));
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  for (let k = 0; k < 15; k++) {
    const at = 5 + rand.int(good.length - 5);
    links.push(good.slice(0, at) + alphabet[rand.int(64)] + good.slice(at + 1));
  }
  // Wrong formats and odd characters.
  links.push(
    '',
    '#',
    '#s=',
    '#s',
    '#s=1',
    '#s=1.',
    '#s=0.abc',
    '#s=2.abc',
    '#s=999999.abc',
    '#s=1.!!!!',
    '#s=1.a',
    '#s=1.ab==',
    '#s=1.AAAA',
    '#s=01.abc',
    `#s=1.${good.slice(5)}%`,
    `#s=1.${good.slice(5)}%zz`,
    `#s=%31.${good.slice(5)}`,
    `#s=1.${good.slice(5)}&preset=paper000`,
    `#preset=paper000&s=1.${good.slice(5)}`,
    '#preset=',
    '#preset=paper000',
    '#preset=nope',
    '#preset=%E2%80%AEpaper000',
    '#preset=paper000%E2%80%AE',
    '#preset=%00',
    '#preset=%0Aobs-sim:%20ok',
    '#preset=%1B%5B31m',
    '#preset=%',
    '#preset=%zz',
    `#preset=${'p'.repeat(70000)}`,
    `#preset=${'%E2%80%AE'.repeat(1000)}`,
    '#preset=\u202Epaper000',
    '#preset=paper000\u2066',
    '#preset=first-lesson&preset=paper9',
    '#foo=bar',
    '#%zz',
    '#=',
    '#&&&',
    '#s=1.\u202E',
    `#s=1.${'A'.repeat(65536)}`,
    `#${'x'.repeat(100)}`,
    '#s=1.eJ\u0000',
    '#preset=__proto__',
    '#preset=constructor',
    '#preset=toString',
    '#preset=hasOwnProperty',
  );
  return links.filter((link) => !/[\n\r]/.test(link));
}

/** Writes the corpus to `dir` (replacing what the generator wrote before). */
export function writeCorpus(dir = CORPUS_DIR, seed = CORPUS_SEED) {
  const { files, manifest } = buildCorpus(seed);
  for (const sub of ['scenarios', 'specs', 'shards']) rmSync(join(dir, sub), { recursive: true, force: true });
  for (const [path, text] of files) {
    const file = join(dir, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, path.endsWith('.bin') ? Buffer.from(text, 'latin1') : text);
  }
  return manifest;
}

/** Paths under `dir` that differ from what the generator writes (missing, changed or extra). */
export function checkCorpus(dir = CORPUS_DIR, seed = CORPUS_SEED) {
  const { files } = buildCorpus(seed);
  const problems = [];
  for (const [path, text] of files) {
    const file = join(dir, path);
    const expected = path.endsWith('.bin') ? Buffer.from(text, 'latin1') : Buffer.from(text, 'utf8');
    if (!existsSync(file) || !readFileSync(file).equals(expected)) problems.push(`${path}: differs`);
  }
  const walk = (/** @type {string} */ sub) => {
    for (const name of readdirSync(join(dir, sub))) {
      const path = `${sub}/${name}`;
      if (statSync(join(dir, path)).isDirectory()) walk(path);
      else if (!files.has(path)) problems.push(`${path}: not written by the generator`);
    }
  };
  for (const sub of ['scenarios', 'specs', 'shards']) if (existsSync(join(dir, sub))) walk(sub);
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const option = (/** @type {string} */ name) => {
    const i = args.indexOf(name);
    return i < 0 ? undefined : args[i + 1];
  };
  const seed = Number(option('--seed') ?? CORPUS_SEED);
  const dir = option('--out') ?? CORPUS_DIR;
  if (args.includes('--check')) {
    const problems = checkCorpus(dir, seed);
    for (const line of problems.slice(0, 20)) console.log(line);
    console.log(
      problems.length === 0
        ? `corpus in ${relative(process.cwd(), dir) || '.'} is up to date`
        : `${problems.length} files differ: run node --import tsx scripts/hostile/generate.mjs`,
    );
    process.exitCode = problems.length === 0 ? 0 : 1;
  } else {
    const manifest = writeCorpus(dir, seed);
    const { counts } = manifest;
    console.log(
      `wrote ${relative(process.cwd(), dir) || '.'}: ${counts.scenarios} scenario cases, ${counts.specs} spec cases, ${counts.shards} shard cases, ${counts.links} links (${counts.engine} cases wait on the engine's run guard)`,
    );
  }
}

/**
 * Issue 35's classes: shipped presets with one or two numbers pushed to what the parser
 * accepts, where burst-level traffic meets meshes (1-byte bursts, 1 or 1024 wavelengths,
 * load 10, contention resolution at every core). Each must end within seconds.
 */
/** @param {(dir: 'scenarios', name: string, text: string) => void} add */
function addMeshRunCases(add) {
  /** @typedef {Record<string, any>} Json */
  /** @param {string} name @returns {Json} */
  const preset = (name) => JSON.parse(readFileSync(join(presetDir, `${name}.json`), 'utf8'));
  /** @param {unknown} value */
  const json = (value) => `${toJsonText(value)}\n`;
  /** @param {Json} scenario @param {Json} fields */
  const cores = (scenario, fields) => {
    for (const node of scenario.nodes) if (node.kind === 'core') Object.assign(node, fields);
    return scenario;
  };
  /** @param {Json} scenario @param {Json} fields */
  const fibers = (scenario, fields) => {
    for (const link of scenario.links) if (link.kind === 'fiber') Object.assign(link, fields);
    return scenario;
  };
  /** @param {string} name */
  const tinyTraffic = (name) => {
    const s = preset(name);
    s.traffic.meanBytes = 1;
    return s;
  };
  add('scenarios', 'engine-usnet-bursts-of-1-byte', json(tinyTraffic('usnet')));
  add('scenarios', 'engine-nsfnet-bursts-of-1-byte', json(tinyTraffic('nsfnet')));
  add('scenarios', 'engine-nsfnet-continuity-bursts-of-1-byte', json(tinyTraffic('nsfnet-continuity')));
  const segmented = cores(preset('contention-resolution'), { segmentation: true });
  for (const b of segmented.background) b.meanBytes = 1;
  add('scenarios', 'engine-segmentation-bursts-of-1-byte', json(segmented));
  const lesson = preset('first-lesson');
  lesson.background = [{ src: 'E1', dst: 'E2', model: 'poisson', load: 1, meanBytes: 1 }];
  add('scenarios', 'engine-first-lesson-background-of-1-byte', json(lesson));
  const meshFeatures = JSON.parse(readFileSync(join(presetDir, '../scenarios/mesh-features.json'), 'utf8'));
  meshFeatures.traffic.meanBytes = 1;
  for (const b of meshFeatures.background) b.meanBytes = 1;
  add('scenarios', 'engine-mesh-features-bursts-of-1-byte', json(meshFeatures));
  const narrow = fibers(preset('nsfnet'), { wavelengths: 1 });
  narrow.traffic.load = 10;
  add('scenarios', 'engine-nsfnet-1-wavelength-load-10', json(narrow));
  /** @param {number} load @param {Json} coreFields */
  const wide = (load, coreFields) => {
    const s = cores(fibers(preset('nsfnet'), { wavelengths: 1024 }), coreFields);
    s.traffic.load = load;
    return s;
  };
  add('scenarios', 'engine-nsfnet-1024-wavelengths-continuity', json(wide(1, { conversion: 'none' })));
  const deflecting = wide(10, { deflection: true });
  deflecting.obs.maxDeflections = 3;
  add('scenarios', 'engine-nsfnet-1024-wavelengths-deflection', json(deflecting));
  add('scenarios', 'engine-nsfnet-1024-wavelengths-segmentation', json(wide(1, { segmentation: true })));
}
