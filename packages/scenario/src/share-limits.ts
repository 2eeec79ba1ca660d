// What a share link may ask for, checked before a scenario from a link reaches the
// engine or the app (docs/sharing.md). Files and saved work go through the same check.
// Anyone can write a link, so it is checked as hostile input:
//   - sizes that would freeze the tab or exhaust memory (a million flows, ten million
//     chart samples), with limits well above every preset and far below the engine's own;
//   - the shape the Scenario type promises (every field of format v1 present, with the
//     right JSON type), so the app never meets a missing object and draws a blank page:
//     the schema's shape check (schema/schema.ts, scenarioShapeSchema);
//   - strings: no control or bidirectional-override characters, bounded lengths;
//   - numbers finite (JSON.parse reads 1e999 as Infinity).
//   - links, flows and background sources name nodes that exist (the topology view draws
//     a link between its two nodes before the engine has said anything).
// Value ranges (wavelengths >= 1, probabilities in [0, 1] ...) stay the engine's job: it
// names the field and the rule when the scenario is loaded.
// Fields this file does not know are kept as they are: a later minor addition to format
// v1 passes through to the engine, which knows it (or refuses it by name).

import type { z } from 'zod';
import { SCENARIO_VERSION } from './scenario';
import { escapeUnsafe, findUnsafe, quoteInput } from './safe-text';
import { genericPath } from './schema/fields';
import { scenarioShapeSchema } from './schema/schema';
import { branchOfType, formatPath, typeName, valueAt } from './schema/validate';

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
  /** `count` of one flow, and the sum of all counts (paper 003 uses 320); also bounds the hosts `access` draws. */
  maxFlowCount: 1000,
  maxTotalFlows: 1000,
  maxBackground: 500,
  /**
   * Ordered pairs of edge nodes a `traffic` matrix gives traffic (docs/mesh.md), a
   * background source each: NSFNET's uniform matrix has 182, a 50-edge mesh 2450.
   */
  maxTrafficPairs: 2500,
  /** Entries in `liveChanges` (a lesson scripts a handful). */
  maxLiveChanges: 1000,
  /** Entries in `drops` (a lesson lists a few losses). */
  maxDrops: 1000,
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
  constructor(
    readonly message: string,
    readonly field?: string,
  ) {}
}

/** null when the value may be handed to the app and the engine. */
export function checkSharedScenario(value: unknown): ShareLinkError | null {
  try {
    checkTree(value, '', 0);
    checkScenario(value);
    return null;
  } catch (error) {
    if (error instanceof Refusal)
      return error.field === undefined ? { message: error.message } : { message: error.message, field: error.field };
    throw error;
  }
}

// The characters safe-text.ts escapes in messages are refused in a link's strings and
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

const LISTS: [key: string, max: number, noun: string][] = [
  ['nodes', SHARE_LIMITS.maxNodes, 'nodes'],
  ['links', SHARE_LIMITS.maxLinks, 'links'],
  ['flows', SHARE_LIMITS.maxFlowEntries, 'flows'],
  ['background', SHARE_LIMITS.maxBackground, 'sources'],
  ['liveChanges', SHARE_LIMITS.maxLiveChanges, 'changes'],
  ['drops', SHARE_LIMITS.maxDrops, 'rules'],
];

function checkScenario(value: unknown): void {
  const s = object(value, '');
  const version = s.version;
  if (typeof version === 'number' && Number.isInteger(version) && version > SCENARIO_VERSION) {
    fail(
      'version',
      `is ${version}: the link was made by a newer version of the simulator (this one reads scenario format ${SCENARIO_VERSION})`,
    );
  }
  if (!Object.prototype.hasOwnProperty.call(s, 'version')) fail('version', 'is missing');
  if (version !== SCENARIO_VERSION) fail('version', `must be ${SCENARIO_VERSION} (the link has ${quoteInput(version)})`);
  // Sizes before the shape check walks the lists, and ids before it resolves references.
  if (typeof s.name === 'string') checkString(s.name, 'name', SHARE_LIMITS.maxNameLength);
  for (const [key, max, noun] of LISTS) {
    const list = s[key];
    if (!Array.isArray(list)) continue;
    if (list.length > max) fail(key, `must list at most ${max} ${noun} (the link has ${list.length})`);
    list.forEach((item: unknown, i) => {
      const id = item !== null && typeof item === 'object' ? (item as Obj).id : undefined;
      if (typeof id === 'string') checkString(id, `${key}[${i}].id`, SHARE_LIMITS.maxIdLength);
      if (key === 'flows') checkRouteLengths(item, i);
    });
  }
  checkMatrixSize(s.traffic);

  const shape = scenarioShapeSchema.safeParse(value);
  if (!shape.success) {
    let issue = shape.error.issues[0];
    const path = [...issue.path];
    // links[].loss: a number or an object; an object's own fields are named.
    for (let branch = branchOfType(issue); branch; branch = branchOfType(issue)) {
      issue = branch[0];
      path.push(...issue.path);
    }
    fail(formatPath(path), shapeRule({ ...issue, path } as z.core.$ZodIssue, value));
  }

  // The shape holds: the share limits on values.
  const scenario = value as {
    duration: number;
    sampleInterval: number;
    flows: { count: number }[];
    nodes: { kind: string }[];
    traffic?: { matrix?: unknown };
  };
  const { duration, sampleInterval } = scenario;
  if (!(duration > 0 && duration <= SHARE_LIMITS.maxDuration)) {
    fail('duration', `must be a number of seconds above 0 and at most ${SHARE_LIMITS.maxDuration} (the link asks for ${duration})`);
  }
  if (!(sampleInterval > 0)) fail('sampleInterval', `must be a number of seconds above 0 (the link asks for ${sampleInterval})`);
  let totalFlows = 0;
  scenario.flows.forEach(({ count }, i) => {
    if (!Number.isInteger(count) || count < 1 || count > SHARE_LIMITS.maxFlowCount) {
      fail(`flows[${i}].count`, `must be an integer from 1 to ${SHARE_LIMITS.maxFlowCount} (the link asks for ${count})`);
    }
    totalFlows += count;
  });
  // `access` draws one host and link per copy and side: bounded by the counts above
  // (at most 2 x maxTotalFlows), so it needs no limit of its own.
  if (totalFlows > SHARE_LIMITS.maxTotalFlows) {
    fail(
      'flows',
      `must add up to at most ${SHARE_LIMITS.maxTotalFlows} flows, counting each flow's count (the link asks for ${totalFlows})`,
    );
  }
  if (scenario.traffic !== undefined) {
    const pairs = trafficPairs(scenario);
    if (pairs > SHARE_LIMITS.maxTrafficPairs) {
      fail(
        'traffic.matrix',
        `must give at most ${SHARE_LIMITS.maxTrafficPairs} pairs of edge nodes traffic, a background source each (the link asks for ${pairs})`,
      );
    }
  }
  const samples = (totalFlows * duration) / sampleInterval;
  if (samples > SHARE_LIMITS.maxTotalSamples) {
    fail(
      'sampleInterval',
      `is too small for ${totalFlows} flows over ${duration} s: the link asks for ${Math.round(samples)} chart samples (flows x duration / sampleInterval), at most ${SHARE_LIMITS.maxTotalSamples}`,
    );
  }
}

/** A traffic matrix has a row and a column per edge node: no more than the node list may hold. */
function checkMatrixSize(traffic: unknown): void {
  const matrix = traffic !== null && typeof traffic === 'object' ? (traffic as Obj).matrix : undefined;
  if (!Array.isArray(matrix)) return;
  const tooLong = (list: unknown[], path: string) => {
    if (list.length > SHARE_LIMITS.maxNodes)
      fail(path, `must list at most ${SHARE_LIMITS.maxNodes} rows or weights, one per edge node (the link has ${list.length})`);
  };
  tooLong(matrix, 'traffic.matrix');
  matrix.forEach((row, i) => Array.isArray(row) && tooLong(row, `traffic.matrix[${i}]`));
}

/** The pairs a traffic matrix gives traffic: every ordered pair of edges when uniform, else the weights above 0. */
function trafficPairs(scenario: { nodes: { kind: string }[]; traffic?: { matrix?: unknown } }): number {
  const matrix = scenario.traffic?.matrix;
  if (Array.isArray(matrix)) return matrix.flat().filter((w) => typeof w === 'number' && w > 0).length;
  const edges = scenario.nodes.filter((n) => n.kind === 'edge').length;
  return edges * (edges - 1);
}

/** A forced route (docs/routing.md) visits a node at most once: no longer than the node list may be. */
function checkRouteLengths(flow: unknown, i: number): void {
  if (flow === null || typeof flow !== 'object') return;
  for (const key of ['route', 'ackRoute']) {
    const list = (flow as Obj)[key];
    if (Array.isArray(list) && list.length > SHARE_LIMITS.maxNodes) {
      fail(`flows[${i}].${key}`, `must list at most ${SHARE_LIMITS.maxNodes} nodes (the link has ${list.length})`);
    }
  }
}

/** The shape check's first issue in a link's words ("nodes[2].fdl is missing"). */
function shapeRule(issue: z.core.$ZodIssue, root: unknown): string {
  if (issue.code === 'custom') return issue.message;
  const parent = valueAt(root, issue.path.slice(0, -1));
  const key = issue.path[issue.path.length - 1];
  const isObject = parent !== null && typeof parent === 'object';
  if (issue.path.length > 0 && isObject && !Object.prototype.hasOwnProperty.call(parent, key)) return 'is missing';
  const v = valueAt(root, issue.path);
  const generic = genericPath(formatPath(issue.path));
  if (issue.code === 'invalid_union' && 'options' in issue && Array.isArray(issue.options)) {
    return `must be one of ${issue.options.map((c) => `"${String(c)}"`).join(', ')} (the link has ${quoteInput(v)})`;
  }
  if (generic === 'obs.offset') return `must be "auto" or a number of seconds (the link has ${quoteInput(v)})`;
  if (generic === 'flows[].tcp.rto.fixed') return `must be null or a number of seconds, not ${typeName(v)}`;
  if (generic === 'links[].loss' || generic === 'links[].cost') return `must be a number or an object, not ${typeName(v)}`;
  if (generic === 'nodes[].conversion') return `must be "full", "none" or { "range": d }, not ${typeName(v)}`;
  if (generic === 'traffic.matrix') return `must be "uniform" or an array of rows of weights, not ${typeName(v)}`;
  if (issue.code === 'invalid_type') {
    const expected =
      issue.expected === 'boolean'
        ? 'true or false'
        : issue.expected === 'object' || issue.expected === 'array'
          ? `an ${issue.expected}`
          : `a ${issue.expected}`;
    return `must be ${expected}, not ${typeName(v)}`;
  }
  return `is not valid (${issue.message})`;
}
