// The order in which the engine's parser reads a scenario (scenario_parser.cc), field by
// field, with its checks across fields in their places ('#...'). The engine stops at the
// first rule a scenario breaks; the schema finds them all, and sorts them in this order so
// that its first issue is the one the engine names.

/** By the generic path of an object: its fields and checks as the engine meets them. */
const ORDER: Readonly<Record<string, readonly string[]>> = {
  '': [
    'version',
    'name',
    'seed',
    'duration',
    'sampleInterval',
    '#samplesPerFlow',
    'obs',
    'nodes',
    'links',
    'flows',
    '#rows',
    '#accessIds',
    'background',
    'traffic',
    'liveChanges',
    'drops',
    'measure',
    '#finish',
    '#routes',
  ],
  // The load, after the parser: flows' routes, then background sources'.
  '#routes': ['flows', 'background'],
  obs: [
    'assembly',
    'reservation',
    'scheduling',
    'controlProcessing',
    'offset',
    'burstLoss',
    'wavelengthChoice',
    'maxDeflections',
    '#finish',
  ],
  'obs.assembly': ['policy', 'maxTime', 'maxBytes', 'minBytes', 'queues', '#finish'],
  'obs.burstLoss': ['data', 'ack', '#finish'],
  'nodes[]': ['id', '#dupId', 'kind', 'x', 'y', 'setupTime', 'fdl', 'conversion', 'deflection', 'segmentation', 'assembly', '#finish'],
  'nodes[].fdl': ['count', 'unit', '#finish', '#unitPositive'],
  'nodes[].conversion': ['range', '#finish'],
  'nodes[].assembly': ['policy', 'maxTime', 'maxBytes', 'minBytes', 'queues', '#finish'],
  'links[]': [
    'id',
    '#dupId',
    'a',
    'b',
    '#aEqualsB',
    'kind',
    'rate',
    'delay',
    'cost',
    '#ends',
    'queue',
    'loss',
    'arq',
    '#fiberOnly',
    'wavelengths',
    'burstLoss',
    '#packetOnly',
    '#finish',
  ],
  'links[].loss': ['ab', 'ba', '#finish'],
  'links[].arq': ['retries', 'retryDelay', '#finish'],
  'links[].cost': ['ab', 'ba', '#finish'],
  'links[].burstLoss': ['data', 'ack', '#finish'],
  // `access` is read first: it decides what kind of node src and dst must be.
  'flows[]': [
    'id',
    '#dupId',
    'access',
    'src',
    'dst',
    '#srcKind',
    '#dstKind',
    '#sameEnds',
    'count',
    'start',
    'startSpread',
    'route',
    'ackRoute',
    'tcp',
    'app',
    '#finish',
    '#instances',
  ],
  'flows[].access': ['src', 'dst', '#finish', '#needsSide'],
  'flows[].access.src': ['rate', 'delay', 'queue', '#finish'],
  'flows[].access.dst': ['rate', 'delay', 'queue', '#finish'],
  'flows[].tcp': [
    'variant',
    'recovery',
    'mss',
    'maxWindow',
    'initialCwnd',
    'initialSsthresh',
    'dupAckThreshold',
    'delayedAck',
    'rto',
    '#finish',
  ],
  'flows[].tcp.rto': ['initial', 'min', 'max', 'fixed', '#finish', '#minAboveMax'],
  'flows[].app': ['kind', 'bytes', 'rate', '#finish'],
  'background[]': [
    'src',
    'dst',
    '#srcKind',
    '#dstKind',
    '#sameEnds',
    'model',
    'load',
    'meanBytes',
    'hurst',
    'enterAssembly',
    'extraOffset',
    '#finish',
  ],
  // The matrix against the edge nodes first (how many, then each row and weight, then the pairs), then the rest.
  traffic: ['#edges', 'matrix', '#pairs', 'load', 'model', 'meanBytes', 'hurst', 'extraOffset', '#finish'],
  'liveChanges[]': ['at', 'path', 'value', '#finish'],
  measure: ['from', 'to', '#finish'],
  // One refusal per entry at most (schema.ts dropIssue stops at the first, as the engine).
  'drops[]': ['flow', 'edge', 'class', 'segments', 'packets', 'bursts', 'after', 'transmission', '#finish'],
};

/** Where the engine refuses a field that belongs to another kind of element (fields.ts KIND_ONLY); absent: at the field's own place. */
export const KIND_ONLY_SLOTS: Readonly<Record<string, string>> = {
  'links[].wavelengths': '#fiberOnly',
  'links[].burstLoss': '#fiberOnly',
  'links[].queue': '#packetOnly',
  'links[].loss': '#packetOnly',
  'links[].arq': '#packetOnly',
};

export type RankKey = string | number;

/**
 * Where a check sits in the engine's order: the path, its last key replaced by
 * `slot` (a check across fields: '#ends'), and under `top` when the check belongs to a
 * later stage ('#routes').
 */
export function rankOf(path: readonly RankKey[], slot?: string, top?: string): RankKey[] {
  const rank: RankKey[] = slot === undefined || path.length === 0 ? [...path] : [...path.slice(0, -1), slot];
  return top === undefined ? rank : [top, ...rank];
}

/** Numbers to sort by: per object, the key's place in ORDER (unknown keys where it finishes). */
function positions(rank: readonly RankKey[]): number[] {
  const out: number[] = [];
  let generic = '';
  for (const key of rank) {
    if (typeof key === 'number') {
      out.push(key);
      generic += '[]';
      continue;
    }
    const order = ORDER[generic] ?? [];
    const at = order.indexOf(key);
    out.push(at >= 0 ? at : order.indexOf('#finish') >= 0 ? order.indexOf('#finish') : order.length);
    generic = generic === '' ? key : `${generic}.${key}`;
  }
  return out;
}

/** Sorts items by their ranks in the engine's order; ties keep their order. */
export function inEngineOrder<T>(items: readonly T[], rankOfItem: (item: T) => readonly RankKey[]): T[] {
  const keyed = items.map((item, i) => ({ item, i, at: positions(rankOfItem(item)) }));
  keyed.sort((x, y) => {
    const n = Math.min(x.at.length, y.at.length);
    for (let k = 0; k < n; k++) if (x.at[k] !== y.at[k]) return x.at[k] - y.at[k];
    return x.at.length - y.at.length || x.i - y.i;
  });
  return keyed.map((k) => k.item);
}
