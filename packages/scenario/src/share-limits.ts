// What a share link may ask for, checked before a scenario from a link reaches the
// engine or the app (docs/sharing.md). Anyone can write a link, so it is checked as
// hostile input:
//   - sizes that would freeze the tab or exhaust memory (a million flows, ten million
//     chart samples), with limits well above every preset and far below the engine's own;
//   - the shape the Scenario type promises (every field of format v1 present, with the
//     right JSON type), so the app never meets a missing object and draws a blank page;
//   - strings: no control or bidirectional-override characters, bounded lengths;
//   - numbers finite (JSON.parse reads 1e999 as Infinity).
//   - links, flows and background sources name nodes that exist (the topology view draws
//     a link between its two nodes before the engine has said anything).
// Value ranges (wavelengths >= 1, probabilities in [0, 1] ...) stay the engine's job: it
// names the field and the rule, and repeating its rules here would let the two drift.
// Fields this file does not know are kept as they are: a later minor addition to format
// v1 passes through to the engine, which knows it (or refuses it by name).

import { SCENARIO_VERSION } from './scenario';
import { escapeUnsafe, findUnsafe, quoteInput } from './safe-text.js';

export const SHARE_LIMITS = Object.freeze({
  /** Characters of the whole hash, '#s=1.' included. The presets need 0.9-1.2 K. */
  maxHashLength: 65536,
  /** Bytes of scenario JSON after inflating. The presets need 1.5-5 K. */
  maxJsonBytes: 1024 * 1024,
  /** Nesting of objects and arrays; the format needs 5 (flows[0].tcp.rto.fixed). */
  maxDepth: 12,
  maxNodes: 500,
  maxLinks: 2000,
  /** Entries in `flows`. */
  maxFlowEntries: 1000,
  /** `count` of one flow, and the sum of all counts (paper 003 uses 320). */
  maxFlowCount: 1000,
  maxTotalFlows: 1000,
  maxBackground: 500,
  /** Simulated seconds (the presets use 2-60). */
  maxDuration: 3600,
  /** Flows x duration / sampleInterval: chart samples kept per series (presets: <= 80 000). */
  maxTotalSamples: 5_000_000,
  maxIdLength: 64,
  maxNameLength: 200,
  /** Any other string (kinds, variants, fields added later). */
  maxStringLength: 200,
});

export interface ShareLinkError {
  /** One sentence for a person, naming the field and the rule when there is one. */
  message: string;
  /** Path of the field, e.g. `flows[0].count`, when one field is at fault. */
  field?: string;
}

class Refusal {
  constructor(readonly message: string, readonly field?: string) {}
}

/** null when the value may be handed to the app and the engine. */
export function checkSharedScenario(value: unknown): ShareLinkError | null {
  try {
    checkTree(value, '', 0);
    checkScenario(value);
    return null;
  } catch (error) {
    if (error instanceof Refusal) return error.field === undefined ? { message: error.message } : { message: error.message, field: error.field };
    throw error;
  }
}

// The characters safe-text.js escapes in messages are refused in a link's strings and
// field names: C0 and C1 controls, line and paragraph separators, the bidirectional
// marks, embeddings, overrides and isolates (which can make "tcp1" display as something
// else), the invisible format characters, unpaired surrogates.

function fail(field: string, rule: string): never {
  // The path is built from the link's own keys: shown escaped, whatever they hold.
  const shown = escapeUnsafe(field);
  throw new Refusal(`${field === '' ? 'the scenario' : shown} ${rule}`, field === '' ? undefined : shown);
}

const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

/** Everything in the tree, known fields or not: depth, numbers, strings, keys. */
function checkTree(value: unknown, path: string, depth: number): void {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) fail(path, `must be a finite number (the link has ${value})`);
  } else if (typeof value === 'string') {
    checkString(value, path, SHARE_LIMITS.maxStringLength);
  } else if (value !== null && typeof value === 'object') {
    if (depth >= SHARE_LIMITS.maxDepth) fail(path, `nests deeper than ${SHARE_LIMITS.maxDepth} levels`);
    if (Array.isArray(value)) {
      value.forEach((item, i) => checkTree(item, `${path}[${i}]`, depth + 1));
    } else {
      for (const [key, item] of Object.entries(value)) {
        if (key === '__proto__' || key.length > SHARE_LIMITS.maxStringLength || findUnsafe(key) !== null) {
          fail(path, `has a field named ${quoteInput(key, 40)}, which is not allowed`);
        }
        checkTree(item, join(path, key), depth + 1);
      }
    }
  }
}

function checkString(value: string, path: string, maxLength: number): void {
  if (value.length > maxLength) fail(path, `must be at most ${maxLength} characters (the link has ${value.length})`);
  const bad = findUnsafe(value);
  if (bad) {
    const code = bad.char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    fail(path, `must not contain control, format or bidirectional characters (found U+${code} at character ${bad.index + 1})`);
  }
}

type Obj = Record<string, unknown>;

function object(value: unknown, path: string): Obj {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail(path, `must be an object, not ${typeName(value)}`);
  return value as Obj;
}

function field(o: Obj, path: string, key: string): unknown {
  if (!Object.prototype.hasOwnProperty.call(o, key)) fail(join(path, key), 'is missing');
  return o[key];
}

function num(o: Obj, path: string, key: string): number {
  const v = field(o, path, key);
  if (typeof v !== 'number') fail(join(path, key), `must be a number, not ${typeName(v)}`);
  return v;
}

function str(o: Obj, path: string, key: string): string {
  const v = field(o, path, key);
  if (typeof v !== 'string') fail(join(path, key), `must be a string, not ${typeName(v)}`);
  return v;
}

function bool(o: Obj, path: string, key: string): void {
  const v = field(o, path, key);
  if (typeof v !== 'boolean') fail(join(path, key), `must be true or false, not ${typeName(v)}`);
}

function obj(o: Obj, path: string, key: string, keys: { num?: string[]; str?: string[] }): Obj {
  const child = object(field(o, path, key), join(path, key));
  for (const k of keys.num ?? []) num(child, join(path, key), k);
  for (const k of keys.str ?? []) str(child, join(path, key), k);
  return child;
}

function id(o: Obj, path: string, key: string): string {
  const v = str(o, path, key);
  checkString(v, join(path, key), SHARE_LIMITS.maxIdLength);
  return v;
}

function list(o: Obj, path: string, key: string, max: number, noun: string): Obj[] {
  const v = field(o, path, key);
  if (!Array.isArray(v)) fail(join(path, key), `must be an array, not ${typeName(v)}`);
  if (v.length > max) fail(join(path, key), `must list at most ${max} ${noun} (the link has ${v.length})`);
  return v.map((item, i) => object(item, `${join(path, key)}[${i}]`));
}

function oneOf(o: Obj, path: string, key: string, choices: readonly string[]): string {
  const v = str(o, path, key);
  if (!choices.includes(v)) fail(join(path, key), `must be one of ${choices.map((c) => `"${c}"`).join(', ')} (the link has ${quoteInput(v)})`);
  return v;
}

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (v === undefined) return 'nothing';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  return `a ${typeof v}`;
}

function checkScenario(value: unknown): void {
  const s = object(value, '');
  const version = field(s, '', 'version');
  if (typeof version === 'number' && Number.isInteger(version) && version > SCENARIO_VERSION) {
    fail('version', `is ${version}: the link was made by a newer version of the simulator (this one reads scenario format ${SCENARIO_VERSION})`);
  }
  if (version !== SCENARIO_VERSION) fail('version', `must be ${SCENARIO_VERSION} (the link has ${quoteInput(version)})`);

  const name = str(s, '', 'name');
  checkString(name, 'name', SHARE_LIMITS.maxNameLength);
  num(s, '', 'seed');
  const duration = num(s, '', 'duration');
  if (!(duration > 0 && duration <= SHARE_LIMITS.maxDuration)) {
    fail('duration', `must be a number of seconds above 0 and at most ${SHARE_LIMITS.maxDuration} (the link asks for ${duration})`);
  }
  const sampleInterval = num(s, '', 'sampleInterval');
  if (!(sampleInterval > 0)) fail('sampleInterval', `must be a number of seconds above 0 (the link asks for ${sampleInterval})`);

  const nodeIds = new Set<string>();
  const nodeRef = (o: Obj, path: string, key: string) => {
    const ref = id(o, path, key);
    if (!nodeIds.has(ref)) fail(join(path, key), `refers to an unknown node ${quoteInput(ref)}`);
  };
  for (const [i, n] of list(s, '', 'nodes', SHARE_LIMITS.maxNodes, 'nodes').entries()) {
    const path = `nodes[${i}]`;
    nodeIds.add(id(n, path, 'id'));
    num(n, path, 'x');
    num(n, path, 'y');
    if (oneOf(n, path, 'kind', ['host', 'router', 'edge', 'core']) === 'core') {
      num(n, path, 'setupTime');
      obj(n, path, 'fdl', { num: ['count', 'unit'] });
    }
  }

  for (const [i, l] of list(s, '', 'links', SHARE_LIMITS.maxLinks, 'links').entries()) {
    const path = `links[${i}]`;
    id(l, path, 'id');
    for (const k of ['a', 'b']) nodeRef(l, path, k);
    num(l, path, 'delay');
    num(l, path, 'rate');
    if (oneOf(l, path, 'kind', ['packet', 'fiber']) === 'packet') {
      num(l, path, 'queue');
      const loss = field(l, path, 'loss');
      if (typeof loss !== 'number') obj(l, path, 'loss', { num: ['ab', 'ba'] });
      obj(l, path, 'arq', { num: ['retries', 'retryDelay'] });
    } else {
      num(l, path, 'wavelengths');
      obj(l, path, 'burstLoss', { num: ['data', 'ack'] });
    }
  }

  const obs = obj(s, '', 'obs', { num: ['controlProcessing'], str: ['reservation', 'scheduling'] });
  obj(obs, 'obs', 'assembly', { num: ['maxTime', 'maxBytes', 'minBytes'], str: ['policy', 'queues'] });
  obj(obs, 'obs', 'burstLoss', { num: ['data', 'ack'] });
  const offset = field(obs, 'obs', 'offset');
  if (typeof offset !== 'number' && offset !== 'auto') fail('obs.offset', `must be "auto" or a number of seconds (the link has ${quoteInput(offset)})`);

  let totalFlows = 0;
  for (const [i, f] of list(s, '', 'flows', SHARE_LIMITS.maxFlowEntries, 'flows').entries()) {
    const path = `flows[${i}]`;
    id(f, path, 'id');
    for (const k of ['src', 'dst']) nodeRef(f, path, k);
    const count = num(f, path, 'count');
    if (!Number.isInteger(count) || count < 1 || count > SHARE_LIMITS.maxFlowCount) {
      fail(`${path}.count`, `must be an integer from 1 to ${SHARE_LIMITS.maxFlowCount} (the link asks for ${count})`);
    }
    totalFlows += count;
    num(f, path, 'start');
    const tcp = obj(f, path, 'tcp', {
      num: ['mss', 'maxWindow', 'initialCwnd', 'initialSsthresh', 'dupAckThreshold'],
      str: ['variant'],
    });
    bool(tcp, `${path}.tcp`, 'delayedAck');
    const rto = obj(tcp, `${path}.tcp`, 'rto', { num: ['initial', 'min', 'max'] });
    const fixed = field(rto, `${path}.tcp.rto`, 'fixed');
    if (fixed !== null && typeof fixed !== 'number') fail(`${path}.tcp.rto.fixed`, `must be null or a number of seconds, not ${typeName(fixed)}`);
    if (Object.prototype.hasOwnProperty.call(tcp, 'recovery')) str(tcp, `${path}.tcp`, 'recovery');
    const app = obj(f, path, 'app', {});
    const kind = oneOf(app, `${path}.app`, 'kind', ['bulk', 'file', 'cbr']);
    if (kind === 'file') num(app, `${path}.app`, 'bytes');
    if (kind === 'cbr') num(app, `${path}.app`, 'rate');
  }
  if (totalFlows > SHARE_LIMITS.maxTotalFlows) {
    fail('flows', `must add up to at most ${SHARE_LIMITS.maxTotalFlows} flows, counting each flow's count (the link asks for ${totalFlows})`);
  }
  const samples = (totalFlows * duration) / sampleInterval;
  if (samples > SHARE_LIMITS.maxTotalSamples) {
    fail('sampleInterval', `is too small for ${totalFlows} flows over ${duration} s: the link asks for ${Math.round(samples)} chart samples (flows x duration / sampleInterval), at most ${SHARE_LIMITS.maxTotalSamples}`);
  }

  for (const [i, b] of list(s, '', 'background', SHARE_LIMITS.maxBackground, 'sources').entries()) {
    const path = `background[${i}]`;
    for (const k of ['src', 'dst']) nodeRef(b, path, k);
    str(b, path, 'model');
    num(b, path, 'load');
    num(b, path, 'meanBytes');
    if (Object.prototype.hasOwnProperty.call(b, 'hurst')) num(b, path, 'hurst');
    if (Object.prototype.hasOwnProperty.call(b, 'enterAssembly')) bool(b, path, 'enterAssembly');
  }
}
