// The pieces the hostile corpus is made of (generate.mjs) and that the long run's mutation
// loop (run.mjs) draws from: a seeded random generator, a scenario using every field of
// format v1, the numeric fields of the format, hostile values, forging of shard files,
// and raw share-link encoding. Plain Node ESM, no TypeScript step.
import { deflateSync } from 'node:zlib';
import { canonicalJsonParts } from '@obs-tcp-sim/scenario/canonical-json';
import { tcpSettings } from '@obs-tcp-sim/scenario';
import { Fnv1a64, makeShardText, resolveSweepSpec, shardLineCheck, shardRunIndices, sweepHash, sweepRunCount } from '@obs-tcp-sim/sweep';

/** mulberry32: a small seeded generator; the same seed gives the same corpus everywhere. @param {number} seed */
export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** An integer from 0 to n - 1. @param {number} n */
    int: (n) => Math.floor(next() * n),
    /** @template T @param {readonly T[]} items @returns {T} */
    pick: (items) => items[Math.floor(next() * items.length)],
  };
}

/** @template T @param {T} value @returns {T} */
export const clone = (value) => JSON.parse(JSON.stringify(value));

/**
 * A scenario with every field of format v1 written out (scenario.ts) and every mechanism
 * of the engine (after wasm-core/tests/scenarios/network-features.json): host, router,
 * edge (with its own assembly) and core nodes, packet links with per-direction loss and
 * ARQ, fiber links, file, bulk and CBR flows, Poisson and self-similar background. Short
 * (0.1 simulated seconds), so a mutation the engine accepts runs in a fraction of a second.
 */
export function fullScenario() {
  return {
    version: 1,
    name: 'hostile corpus base: every field of format v1',
    seed: 7,
    duration: 0.1,
    sampleInterval: 0.01,
    nodes: [
      { id: 'H1', kind: 'host', x: 0, y: 0 },
      { id: 'H2', kind: 'host', x: 0, y: 100 },
      { id: 'R1', kind: 'router', x: 50, y: 100 },
      {
        id: 'E1',
        kind: 'edge',
        x: 100,
        y: 0,
        assembly: { policy: 'hybrid', maxTime: 5e-4, maxBytes: 20000, minBytes: 0, queues: 'per-class' },
      },
      { id: 'E3', kind: 'edge', x: 100, y: 100 },
      { id: 'C1', kind: 'core', x: 200, y: 50, setupTime: 1e-6, fdl: { count: 3, unit: 2e-5 } },
      { id: 'C2', kind: 'core', x: 300, y: 50, setupTime: 1e-5, fdl: { count: 0, unit: 1e-4 } },
      { id: 'E2', kind: 'edge', x: 400, y: 50 },
      { id: 'D', kind: 'host', x: 500, y: 50 },
    ],
    links: [
      { id: 'a1', a: 'H1', b: 'E1', kind: 'packet', rate: 1e9, delay: 1e-5, queue: 50, loss: 0, arq: { retries: 0, retryDelay: 0 } },
      {
        id: 'a2',
        a: 'H2',
        b: 'R1',
        kind: 'packet',
        rate: 1.1e7,
        delay: 1e-5,
        queue: 100,
        loss: { ab: 0.05, ba: 0.02 },
        arq: { retries: 3, retryDelay: 3e-4 },
      },
      { id: 'a3', a: 'R1', b: 'E3', kind: 'packet', rate: 1e9, delay: 1e-4, queue: 100, loss: 0, arq: { retries: 0, retryDelay: 0 } },
      { id: 'f1', a: 'E1', b: 'C1', kind: 'fiber', wavelengths: 2, rate: 1e9, delay: 5e-4, burstLoss: { data: 0, ack: 0 } },
      { id: 'f3', a: 'E3', b: 'C1', kind: 'fiber', wavelengths: 2, rate: 1e9, delay: 4e-4, burstLoss: { data: 0, ack: 0 } },
      { id: 'f2', a: 'C1', b: 'C2', kind: 'fiber', wavelengths: 2, rate: 1e9, delay: 1e-3, burstLoss: { data: 0.005, ack: 0.01 } },
      { id: 'f4', a: 'C2', b: 'E2', kind: 'fiber', wavelengths: 3, rate: 1e9, delay: 2e-4, burstLoss: { data: 0, ack: 0 } },
      { id: 'a4', a: 'E2', b: 'D', kind: 'packet', rate: 1e9, delay: 1e-5, queue: 100, loss: 0, arq: { retries: 0, retryDelay: 0 } },
    ],
    obs: {
      assembly: { policy: 'time', maxTime: 5e-4, maxBytes: 40000, minBytes: 2000, queues: 'mixed' },
      reservation: 'jet',
      scheduling: 'lauc-vf',
      controlProcessing: 5e-6,
      offset: 'auto',
      burstLoss: { data: 0.002, ack: 0.002 },
    },
    flows: [
      {
        id: 'bulk',
        src: 'H1',
        dst: 'D',
        count: 2,
        start: 0,
        tcp: tcpSettings(),
        app: { kind: 'bulk' },
      },
      {
        id: 'file',
        src: 'H1',
        dst: 'D',
        count: 1,
        start: 0.02,
        tcp: tcpSettings({ variant: 'cubic', mss: 1000, maxWindow: 32, initialCwnd: 2, delayedAck: true }),
        app: { kind: 'file', bytes: 300000 },
      },
      {
        id: 'wlan',
        src: 'H2',
        dst: 'D',
        count: 1,
        start: 0.01,
        tcp: {
          variant: 'westwood',
          recovery: 'newreno',
          mss: 512,
          maxWindow: 128,
          initialCwnd: 1,
          initialSsthresh: 65535,
          dupAckThreshold: 3,
          delayedAck: false,
          rto: { initial: 1, min: 0.2, max: 60, fixed: 0.5 },
        },
        app: { kind: 'cbr', rate: 5e6 },
      },
    ],
    background: [
      { src: 'E1', dst: 'E2', model: 'self-similar', load: 0.4, meanBytes: 20000, hurst: 0.8, enterAssembly: false },
      { src: 'E3', dst: 'E2', model: 'poisson', load: 0.3, meanBytes: 30000, enterAssembly: true },
    ],
  };
}

/**
 * Every numeric field of format v1 (scenario.ts, plus the engine's per-edge assembly),
 * as a path in fullScenario(). `obs.offset` is "auto" there and `rto.fixed` null in the
 * first flow: both take numbers too.
 */
export const NUMERIC_FIELDS = [
  'version',
  'seed',
  'duration',
  'sampleInterval',
  'nodes[0].x',
  'nodes[0].y',
  'nodes[5].setupTime',
  'nodes[5].fdl.count',
  'nodes[5].fdl.unit',
  'nodes[3].assembly.maxTime',
  'nodes[3].assembly.maxBytes',
  'nodes[3].assembly.minBytes',
  'links[0].rate',
  'links[0].delay',
  'links[0].queue',
  'links[0].loss',
  'links[1].loss.ab',
  'links[1].loss.ba',
  'links[1].arq.retries',
  'links[1].arq.retryDelay',
  'links[3].wavelengths',
  'links[3].rate',
  'links[3].delay',
  'links[5].burstLoss.data',
  'links[5].burstLoss.ack',
  'obs.assembly.maxTime',
  'obs.assembly.maxBytes',
  'obs.assembly.minBytes',
  'obs.controlProcessing',
  'obs.offset',
  'obs.burstLoss.data',
  'obs.burstLoss.ack',
  'flows[0].count',
  'flows[0].start',
  'flows[0].tcp.mss',
  'flows[0].tcp.maxWindow',
  'flows[0].tcp.initialCwnd',
  'flows[0].tcp.initialSsthresh',
  'flows[0].tcp.dupAckThreshold',
  'flows[0].tcp.rto.initial',
  'flows[0].tcp.rto.min',
  'flows[0].tcp.rto.max',
  'flows[0].tcp.rto.fixed',
  'flows[2].tcp.rto.fixed',
  'flows[1].app.bytes',
  'flows[2].app.rate',
  'background[0].load',
  'background[0].meanBytes',
  'background[0].hurst',
  'background[1].load',
  'background[1].meanBytes',
];

/** Every string field, for ids, kinds and names from outside. */
export const STRING_FIELDS = [
  'name',
  'nodes[0].id',
  'nodes[0].kind',
  'links[0].id',
  'links[0].a',
  'links[0].kind',
  'obs.assembly.policy',
  'obs.assembly.queues',
  'obs.reservation',
  'obs.scheduling',
  'flows[0].id',
  'flows[0].src',
  'flows[0].tcp.variant',
  'flows[2].tcp.recovery',
  'flows[0].app.kind',
  'background[0].model',
  'background[0].src',
];

/**
 * Numbers JSON.parse cannot give as such: a raw literal in the text. A value of the form
 * { [RAW]: "1e999" } is written as 1e999 (JSON.parse reads it as Infinity; the engine's
 * reader as it likes).
 */
export const RAW = '__raw_json_literal__';
/** @param {string} literal */
export const raw = (literal) => ({ [RAW]: literal });

/** Scenario (or any) JSON text with raw literals put in. @param {unknown} value @param {number | string} [space] */
export function toJsonText(value, space) {
  return JSON.stringify(value, null, space).replace(/\{\s*"__raw_json_literal__":\s*"([^"]*)"\s*\}/g, '$1');
}

/** Values every numeric field is given. */
export const NUMERIC_VALUES = /** @type {[string, unknown][]} */ ([
  ['zero', 0],
  ['minus-1', -1],
  ['1e-300', 1e-300],
  ['1e308', 1e308],
  ['string-NaN', 'NaN'],
  ['null', null],
]);

/** One of these per field, picked by the seed: type confusion and the edges of doubles. */
export const EXTRA_NUMERIC_VALUES = /** @type {[string, unknown][]} */ ([
  ['1e999', raw('1e999')],
  ['minus-1e999', raw('-1e999')],
  ['minus-zero', raw('-0')],
  ['1.5', 1.5],
  ['2pow53-plus-1', raw('9007199254740993')],
  ['2pow32', 4294967296],
  ['true', true],
  ['array', []],
  ['object', {}],
  ['string-1', '1'],
  ['denormal', 5e-324],
  ['minus-1e-300', -1e-300],
  ['1e15', 1e15],
  ['huge-exponent', raw('1e-99999')],
  ['many-digits', raw(`0.${'1'.repeat(2000)}`)],
  ['2pow63', 9223372036854775808],
]);

/** Strings that change how a message or a cell reads. */
export const HOSTILE_STRINGS = /** @type {[string, string][]} */ ([
  ['formula-hyperlink', '=HYPERLINK("http://evil.example","x")'],
  ['formula-plus', "+cmd|' /C calc'!A0"],
  ['formula-minus', '-2+3'],
  ['formula-at', '@SUM(1+1)'],
  ['formula-tab', '\t=1+1'],
  ['rlo', 'tcp\u202E1gnp.exe'],
  ['bidi-isolates', '\u2066abc\u2069\u2067def\u2069'],
  ['newline', 'a\nobs-sim: all good'],
  ['carriage-return', 'abc\rdef'],
  ['escape-sequence', '\u001b[31mred\u001b[0m\u0007'],
  ['nul', 'a\u0000b'],
  ['line-separator', 'a\u2028b\u2029c'],
  ['zero-width', 'tc\u200Bp1\uFEFF'],
  ['lone-surrogate', 'a\uD800b'],
  ['c1-control', 'a\u0085b\u009bc'],
  ['long-10k', 'x'.repeat(10000)],
  ['empty', ''],
  ['space', ' '],
  ['emoji', '\uD83D\uDE00'.repeat(50)],
  ['quote-backslash', '"\\"\\\\'],
]);

/**
 * A copy of `root` with `value` at `path` (dots and [index]); creates the last key.
 * @param {any} root @param {string} path @param {unknown} value @returns {any}
 */
export function setPath(root, path, value) {
  const copy = clone(root);
  const steps = path.match(/[^.[\]]+/g) ?? [];
  let here = copy;
  for (let i = 0; i < steps.length - 1; i++) here = here[/^[0-9]+$/.test(steps[i]) ? Number(steps[i]) : steps[i]];
  const last = steps[steps.length - 1];
  here[/^[0-9]+$/.test(last) ? Number(last) : last] = value;
  return copy;
}

/** `root` without the field at `path`. @param {any} root @param {string} path @returns {any} */
export function deletePath(root, path) {
  const copy = clone(root);
  const steps = path.match(/[^.[\]]+/g) ?? [];
  let here = copy;
  for (let i = 0; i < steps.length - 1; i++) here = here[/^[0-9]+$/.test(steps[i]) ? Number(steps[i]) : steps[i]];
  const last = steps[steps.length - 1];
  if (Array.isArray(here)) here.splice(Number(last), 1);
  else delete here[last];
  return copy;
}

/** A full mesh of `n` routers (n (n - 1) / 2 links), one flow across it. @param {number} n */
export function meshScenario(n) {
  const nodes = Array.from({ length: n }, (_, i) => ({ id: `r${i}`, kind: 'router', x: i, y: 0 }));
  nodes.push({ id: 'A', kind: 'host', x: 0, y: 10 }, { id: 'B', kind: 'host', x: n, y: 10 });
  const links = [
    { id: 'hA', a: 'A', b: 'r0', kind: 'packet', rate: 1e9, delay: 1e-5 },
    { id: 'hB', a: 'B', b: `r${n - 1}`, kind: 'packet', rate: 1e9, delay: 1e-5 },
  ];
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) links.push({ id: `${i}-${j}`, a: `r${i}`, b: `r${j}`, kind: 'packet', rate: 1e9, delay: 1e-3 });
  return {
    version: 1,
    name: `full mesh of ${n} routers`,
    seed: 1,
    duration: 1,
    sampleInterval: 0.01,
    nodes,
    links,
    obs: clone(fullScenario().obs),
    flows: [{ id: 'f', src: 'A', dst: 'B', count: 1, start: 0, tcp: { variant: 'reno', mss: 512, maxWindow: 64 }, app: { kind: 'bulk' } }],
    background: [],
  };
}

/** A small spec whose runs are quick: the full scenario at two burst-loss values, one seed. */
export function baseSpec() {
  return {
    sweep: 1,
    name: 'hostile corpus spec',
    base: { ...fullScenario(), duration: 0.05 },
    parameter: { path: 'obs.burstLoss.data', values: [0, 0.01] },
    seeds: 1,
    outputs: ['aggregate.goodput', 'bursts.data.dropped', 'flows[file].completionTime'],
  };
}

/**
 * A shard file (format 4, JSON Lines) of a small sweep with made-up results, as one object
 * to edit at will: the fields of its first line, and `runs`, its run lines (parsed, each
 * with its check). toShardText writes it back as lines. Merge does not care where the
 * numbers came from, only that they are well formed and covered by the hashes.
 * @param {{ index: number, count: number }} shard
 * @param {object} [specChanges]
 * @param {(run: { run: number, outputs: (number | null)[] }) => any} [outcome] each run's outcome (null: no line)
 * @returns {any}
 */
export function shardFileValue(shard, specChanges = {}, outcome = (r) => r) {
  const sweep = resolveSweepSpec({ ...baseSpec(), seeds: 3, ...specChanges });
  const indices = shardRunIndices(sweepRunCount(sweep), shard);
  const results = indices
    .map((run) => outcome({ run, outputs: sweep.outputs.map((_, o) => (o === 2 && run % 2 ? null : (run + 1) * 1000 + o)) }))
    .filter((r) => r !== null);
  const [header, ...runs] = makeShardText(sweep, shard, results, '0123456789abcdef')
    .split('\n')
    .slice(0, -1)
    .map((line) => JSON.parse(line));
  return { ...header, runs };
}

/**
 * The text of a shard file from shardFileValue's object: its fields but `runs` on the
 * first line, then each item of `runs` on a line of its own (a `runs` that is not a list
 * stays on the first line, an unknown field there).
 * @param {any} file
 */
export function toShardText(file) {
  if (file === null || typeof file !== 'object' || Array.isArray(file) || !Array.isArray(file.runs)) return `${toJsonText(file)}\n`;
  const { runs, ...header } = file;
  return [header, ...runs].map((line) => `${toJsonText(line)}\n`).join('');
}

/**
 * A shard file edited and then "signed" again: the sweep's hash and every run line's check
 * recomputed, as an attacker who read docs/sweeps.md would. Only the checks of the content
 * can refuse it.
 * @param {any} file
 */
export function reforge(file) {
  const copy = clone(file);
  try {
    copy.hash = sweepHash(copy.sweep);
  } catch {
    // a sweep too odd to hash: leave the hash as it is
  }
  if (!Array.isArray(copy.runs)) return copy;
  const context = { hash: String(copy.hash), engine: String(copy.engine), shard: String(copy.shard) };
  for (const line of copy.runs) {
    if (line === null || typeof line !== 'object' || Array.isArray(line)) continue;
    try {
      line.check = shardLineCheck(
        context,
        'failed' in line ? { run: line.run, reason: line.failed } : { run: line.run, outputs: line.outputs },
      );
    } catch {
      // a line too odd to hash
    }
  }
  return copy;
}

/** FNV-1a of any JSON value, for the corpus's own checksums. @param {unknown} value */
export function jsonHash(value) {
  const hasher = new Fnv1a64();
  canonicalJsonParts(value, (part) => hasher.update(part));
  return hasher.digest();
}

/** Base64url without padding, as share links use it. @param {Uint8Array} bytes */
export function base64url(bytes) {
  return Buffer.from(bytes).toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** `#s=1.<base64url(zlib(text))>` for any text, hostile or not (encodeShareHash refuses what breaks the limits). @param {string} text */
export function linkOfText(text) {
  return `#s=1.${base64url(deflateSync(Buffer.from(text, 'utf8'), { level: 9 }))}`;
}
