// The scenario schema (packages/scenario/src/schema) against the engine's parser, the
// judge: a few thousand scenarios made from the presets by changing one thing each (a
// value past a bound, a wrong type, a missing or unknown field, a bad id or reference, a
// kind swapped, a live change), fed to both. They must agree on accepting or refusing,
// and on the field the refusal names. The only refusals skipped are the engine-only rules
// (ENGINE_ONLY, with their reasons).
//
// Seeded: a failure prints its seed and case; rerun it with CONTRACT_SEED=<seed>. Here,
// beside the engine, rather than in packages/scenario because it loads the engine (the
// scenario package never imports the engine).
import { describe, expect, it } from 'vitest';
import {
  defaultScenario,
  engineOnlyRuleOf,
  genericPath,
  LIMITS,
  livePathsOf,
  liveRuleOf,
  liveValueReason,
  PRESETS,
  rateRule,
  ruleFor,
  validateScenario,
  type NumberRule,
} from '@obs-tcp-sim/scenario';
import meshFeatures from '../../scenario/scenarios/mesh-features.json';
import { loadEngineNode } from './node-engine';
import { seededRandom } from '@obs-tcp-sim/theory';

const engine = await loadEngineNode();
const SEED = Number(process.env.CONTRACT_SEED ?? 18);
/** Cases drawn from all the mutations (after the targeted ones, which always run). */
const SAMPLE = Number(process.env.CONTRACT_CASES ?? 3000);

/** Scenarios as plain JSON, changed in every way a file could. */
type Json = any;

/** An edit of the first flow: its route (or ACK route) set to these nodes, from its own ends. */
const setFirstFlow = (field: 'route' | 'ackRoute', nodes: (f: { src: string; dst: string }) => string[]) => (s: Json) => {
  s.flows[0][field] = nodes(s.flows[0]);
};

type Key = string | number;

/** The engine's verdict: null if it accepts, else its message. */
function engineVerdict(text: string): string | null {
  const sim = new engine.module.Simulation(text, -1, -1);
  try {
    return sim.ok() ? null : sim.error();
  } finally {
    sim.delete();
  }
}

/** The field an engine message names: its first word ("links[3].wavelengths must ..."). */
function enginePath(message: string): string {
  if (message.startsWith('the scenario')) return '';
  const m = /^([^\s:]+)(:?)/.exec(message)!;
  return m[2] === ':' && /no path of links/.test(message) ? `${m[1]}.dst` : m[1];
}

const pathText = (path: readonly Key[]) =>
  path.reduce<string>((p, k) => (typeof k === 'number' ? `${p}[${k}]` : p === '' ? k : `${p}.${k}`), '');
const parentOf = (root: Json, path: readonly Key[]) => path.slice(0, -1).reduce((o, k) => o[k], root);
const setAt = (root: Json, path: readonly Key[], value: unknown) => {
  parentOf(root, path)[path[path.length - 1]] = value;
};
const deleteAt = (root: Json, path: readonly Key[]) => {
  const parent = parentOf(root, path);
  if (Array.isArray(parent)) parent.splice(path[path.length - 1] as number, 1);
  else delete parent[path[path.length - 1]];
};

interface Case {
  base: string;
  what: string;
  /** Duplicates (the same change to another element of the same kind) are dropped. */
  key: string;
  apply: (s: Json) => void;
}

/**
 * Bases: the presets, the default, two presets with every optional field set, and a small
 * mesh with the mesh fields (docs/mesh.md: conversion none, range and full, random
 * wavelength choice, a traffic matrix of rows, deflection and segmentation on some cores,
 * maxDeflections, extra offsets on a source and on the traffic, a source entering assembly).
 */
function bases(): { id: string; scenario: Json }[] {
  const out = PRESETS.map((p) => ({ id: p.id, scenario: structuredClone(p.scenario) as Json }));
  out.push({ id: 'default', scenario: structuredClone(defaultScenario) });
  for (const id of ['first-lesson', 'paper000']) {
    const s: Json = structuredClone(PRESETS.find((p) => p.id === id)!.scenario);
    const edges = s.nodes.filter((n: Json) => n.kind === 'edge');
    edges[0].assembly = { maxTime: 0.002, maxBytes: 20000, minBytes: 100, policy: 'hybrid', queues: 'mixed' };
    const packet = s.links.find((l: Json) => l.kind === 'packet');
    packet.loss = { ab: 0.001, ba: 0 };
    packet.arq = { retries: 2, retryDelay: 0.001 };
    s.flows[0].tcp.recovery = 'sack';
    s.flows[0].tcp.rto.fixed = 0.5;
    s.flows.push({ ...structuredClone(s.flows[0]), id: 'file1', app: { kind: 'file', bytes: 1e6 } });
    s.flows.push({ ...structuredClone(s.flows[0]), id: 'cbr1', app: { kind: 'cbr', rate: 1e6 } });
    // Deterministic losses: each kind of rule (docs/deterministic-loss.md).
    s.drops = [
      { flow: s.flows[0].id, segments: [5, 6], transmission: 2 },
      { flow: 'file1', packets: [3] },
      { edge: edges[0].id, class: 'data', bursts: [2] },
      { edge: edges[edges.length - 1].id, class: 'ack', after: 1 },
    ];
    // The routing extensions (docs/routing.md): a cost each way, a spread, and a group
    // of copies each with its own access links, hanging from the first flow's first hop.
    packet.cost = { ab: 0.5, ba: 0.25 };
    s.links.find((l: Json) => l.kind === 'fiber').cost = 0.001;
    s.flows[0].startSpread = 0.5;
    s.flows.push({ ...accessGroup(s), id: 'group1' });
    if (id === 'first-lesson') {
      s.background = [
        { src: edges[0].id, dst: edges[1].id, model: 'poisson', load: 0.1, meanBytes: 20000 },
        { src: edges[1].id, dst: edges[0].id, model: 'self-similar', load: 0.1, meanBytes: 20000, hurst: 0.7, enterAssembly: true },
      ];
    }
    out.push({ id: `${id}+optional`, scenario: s });
  }
  out.push({ id: 'mesh-features', scenario: structuredClone(meshFeatures) as Json });
  return out;
}

/**
 * A copy of the first flow as a group of 3 between the nodes its hosts hang from, each copy
 * with its own access links at both sides.
 */
function accessGroup(s: Json): Json {
  const hangsFrom = (host: string) => {
    const l = s.links.find((x: Json) => x.a === host || x.b === host);
    return l.a === host ? l.b : l.a;
  };
  return {
    ...structuredClone(s.flows[0]),
    src: hangsFrom(s.flows[0].src),
    dst: hangsFrom(s.flows[0].dst),
    count: 3,
    access: { src: { rate: 1e7, delay: 0.001, queue: 20 }, dst: { rate: 1e8, delay: 0 } },
  };
}

function boundaryValues(rule: NumberRule): [string, number][] {
  const tiny = (v: number) => Math.max(Math.abs(v) * 1e-3, 1e-12);
  const out: [string, number][] = [
    ['min', rule.min],
    ['max', rule.max],
    ['below min', rule.min - tiny(rule.min)],
    ['above max', rule.max + tiny(rule.max)],
    ['-1', -1],
    ['0', 0],
    ['0.5', 0.5],
    ['1', 1],
    ['1e300', 1e300],
  ];
  if (rule.minExclusive) out.push(['just above min', rule.min + tiny(rule.min)]);
  if (rule.integer) out.push(['min - 1', rule.min - 1], ['max + 1', rule.max + 1], ['min + 0.5', rule.min + 0.5]);
  return out;
}

const WRONG_TYPES: [string, unknown][] = [
  ['a string', '1'],
  ['null', null],
  ['a boolean', true],
  ['an array', []],
  ['an object', {}],
];

/** Every one-change mutation of a base, walking its JSON. */
function mutations(baseId: string, base: Json): Case[] {
  const cases: Case[] = [];
  const elementKind = (path: readonly Key[]) => {
    if (typeof path[1] !== 'number') return '';
    const item = base[path[0]]?.[path[1]];
    return item?.kind ?? item?.app?.kind ?? item?.model ?? '';
  };
  const push = (path: readonly Key[], label: string, apply: (s: Json) => void) => {
    const where = pathText(path);
    cases.push({ base: baseId, what: `${where}: ${label}`, key: `${baseId}|${genericPath(where)}|${elementKind(path)}|${label}`, apply });
  };
  const nodeOfKind = new Map<string, string>();
  for (const n of base.nodes) if (!nodeOfKind.has(n.kind)) nodeOfKind.set(n.kind, n.id);

  const walk = (value: Json, path: Key[]) => {
    const where = pathText(path);
    const g = genericPath(where);
    const last = path[path.length - 1];
    if (path.length > 0) {
      push(path, 'removed', (s) => deleteAt(s, path));
      for (const [label, v] of WRONG_TYPES) {
        if (typeof v === typeof value && Array.isArray(v) === Array.isArray(value) && (v === null) === (value === null)) continue;
        push(path, label, (s) => setAt(s, path, structuredClone(v)));
      }
    }
    if (typeof value === 'number') {
      const rule = g === 'links[].rate' ? rateRule(elementKind(path)) : ruleFor(where);
      if (rule) {
        for (const [label, v] of boundaryValues(rule)) {
          // An accepted flow count of 100000 would build 100000 flows: the refusals are enough.
          if (g === 'flows[].count' && v > 1000 && v <= rule.max) continue;
          push(path, label, (s) => setAt(s, path, v));
        }
      }
      if (g === 'version') for (const v of [0, 2, 1.5]) push(path, String(v), (s) => setAt(s, path, v));
    } else if (typeof value === 'string') {
      if (last === 'id') {
        for (const [label, v] of [
          ['empty', ''],
          ['65 bytes', 'x'.repeat(65)],
          ['64 bytes', 'x'.repeat(64)],
          ['33 two-byte letters', 'é'.repeat(33)],
          ['32 two-byte letters', 'é'.repeat(32)],
          ['a bidi override', 'a\u202eb'],
          ['a space', ' '],
          ['a #', 'a#1'],
        ] as const) {
          push(path, `id ${label}`, (s) => setAt(s, path, v));
        }
        const list = base[path[0]] as Json[];
        const other = list.find((item, i) => i !== path[1] && typeof item.id === 'string');
        if (other) push(path, 'id of another element', (s) => setAt(s, path, other.id));
      } else if (['a', 'b', 'src', 'dst'].includes(String(last))) {
        push(path, 'an unknown node', (s) => setAt(s, path, 'Nowhere'));
        for (const [kind, id] of nodeOfKind) push(path, `a ${kind} node`, (s) => setAt(s, path, id));
        const element = base[path[0]][path[1] as number];
        const other = element[last === 'a' ? 'b' : last === 'b' ? 'a' : last === 'src' ? 'dst' : 'src'];
        push(path, 'the other end', (s) => setAt(s, path, other));
      } else if (g === 'name') {
        for (const [label, v] of [
          ['200 bytes', 'n'.repeat(200)],
          ['201 bytes', 'n'.repeat(201)],
          ['101 two-byte letters', 'é'.repeat(101)],
          ['a newline', 'a\nb'],
          ['empty', ''],
        ] as const) {
          push(path, `name ${label}`, (s) => setAt(s, path, v));
        }
      } else {
        push(path, 'an unknown word', (s) => setAt(s, path, 'bogus'));
        for (const v of choicesAt(g)) if (v !== value) push(path, `"${v}"`, (s) => setAt(s, path, v));
      }
    } else if (typeof value === 'boolean') {
      push(path, 'the other boolean', (s) => setAt(s, path, !value));
    } else if (Array.isArray(value)) {
      push(path, 'empty', (s) => setAt(s, path, []));
      if (value.length > 0) {
        push(path, 'first removed', (s) => parentOf(s, [...path, 0]).splice(0, 1));
        push(path, 'first repeated', (s) => parentOf(s, [...path, 0]).push(structuredClone(value[0])));
      }
      value.forEach((item, i) => walk(item, [...path, i]));
    } else if (value !== null && typeof value === 'object') {
      push(path, 'an unknown field', (s) => setAt(s, [...path, 'bogus'], 1));
      for (const key of OPTIONAL_KEYS[g] ?? []) {
        if (!(key in value)) push(path, `with ${key}`, (s) => setAt(s, [...path, key], structuredClone(SAMPLE_VALUES[key])));
      }
      for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
    }
  };
  walk(base, []);

  // Changes across fields, which one-field mutations rarely reach.
  const core = base.nodes.findIndex((n: Json) => n.kind === 'core');
  const across: [string, (s: Json) => void][] = [
    ['rto.min above rto.max', (s) => Object.assign(s.flows[0].tcp.rto, { min: 5, max: 2 })],
    [
      'rto.max below the default rto.min',
      (s) => {
        s.flows[0].tcp.rto = { max: 0.1 };
      },
    ],
    [
      'cbr at 8.1e11 bit/s with mss 100',
      (s) => {
        s.flows[0].tcp.mss = 100;
        s.flows[0].app = { kind: 'cbr', rate: 8.1e11 };
      },
    ],
    [
      'cbr at 8e11 bit/s with mss 100',
      (s) => {
        s.flows[0].tcp.mss = 100;
        s.flows[0].app = { kind: 'cbr', rate: 8e11 };
      },
    ],
    [
      'cbr without tcp: mss 512 by default',
      (s) => {
        delete s.flows[0].tcp;
        s.flows[0].app = { kind: 'cbr', rate: 4.097e12 };
      },
    ],
    [
      'samples per flow: 2e6',
      (s) => {
        s.duration = 2e4;
        s.sampleInterval = 0.01;
      },
    ],
    [
      'samples per flow: above 2e6',
      (s) => {
        s.duration = 2.0001e4;
        s.sampleInterval = 0.01;
      },
    ],
    [
      'sample rows above 1e8',
      (s) => {
        s.flows[0].count = 1000;
        s.duration = 1e4;
        s.sampleInterval = 0.1;
      },
    ],
    [
      'flow instances above 1e5',
      (s) => {
        s.flows[0].count = 99999;
        s.flows.push({ ...structuredClone(s.flows[0]), id: 'more', count: 2 });
      },
    ],
    [
      'a flow into its own host',
      (s) => {
        s.flows[0].dst = s.flows[0].src;
      },
    ],
    [
      'every link removed',
      (s) => {
        s.links = [];
      },
    ],
    [
      'the first link removed',
      (s) => {
        s.links.splice(0, 1);
      },
    ],
    [
      'the last link removed',
      (s) => {
        s.links.pop();
      },
    ],
    [
      'a host between two hosts',
      (s) => {
        s.nodes.push({ id: 'Hx', kind: 'host', x: 0, y: 0 });
        s.links.push({ id: 'hx1', a: s.flows[0].src, b: 'Hx', kind: 'packet', rate: 1e6, delay: 0.001 });
      },
    ],
    ...(core >= 0
      ? ([
          [
            'fdl lines without a unit',
            (s) => {
              s.nodes[core].fdl = { count: 2, unit: 0 };
            },
          ],
          [
            'fdl lines, unit by default',
            (s) => {
              s.nodes[core].fdl = { count: 2 };
            },
          ],
        ] as [string, (s: Json) => void][])
      : []),
    [
      'an offset of "manual"',
      (s) => {
        s.obs.offset = 'manual';
      },
    ],
    [
      'an offset of 0.5 s',
      (s) => {
        s.obs.offset = 0.5;
      },
    ],
    [
      'an offset of 2 s',
      (s) => {
        s.obs.offset = 2;
      },
    ],
    [
      'obs removed',
      (s) => {
        delete s.obs;
      },
    ],
    [
      'obs.assembly removed',
      (s) => {
        delete s.obs.assembly;
      },
    ],
    // The routing extensions (docs/routing.md).
    [
      'a cost in words',
      (s) => {
        s.links[0].cost = 'cheap';
      },
    ],
    [
      'a cost with an unknown direction',
      (s) => {
        s.links[0].cost = { up: 1 };
      },
    ],
    [
      'a cost each way',
      (s) => {
        s.links[0].cost = { ab: 1, ba: 0 };
      },
    ],
    [
      'a start spread past the last accepted time',
      (s) => {
        s.flows[0].start = 5e5;
        s.flows[0].startSpread = 6e5;
      },
    ],
    ['a route of one node', setFirstFlow('route', (f) => [f.src])],
    ['a route from the destination', setFirstFlow('route', (f) => [f.dst, f.src])],
    ['a route jumping from source to destination', setFirstFlow('route', (f) => [f.src, f.dst])],
    ['a route to nowhere', setFirstFlow('route', (f) => [f.src, 'Nowhere'])],
    ['a route that loops', setFirstFlow('route', (f) => [f.src, f.src])],
    ['an ACK route from the source', setFirstFlow('ackRoute', (f) => [f.src, f.dst])],
    [
      'access from a host',
      (s) => {
        s.flows[0].access = { src: { rate: 1e8, delay: 0 } };
      },
    ],
    [
      'access with no side',
      (s) => {
        s.flows[0].access = {};
      },
    ],
    [
      'a group with access',
      (s) => {
        s.flows.push({ ...accessGroup(s), id: 'group2' });
      },
    ],
    [
      'a group with access, its source link too slow',
      (s) => {
        const g = accessGroup(s);
        g.access.src.rate = 10;
        s.flows.push({ ...g, id: 'group2' });
      },
    ],
    [
      'a group whose access takes a node id',
      (s) => {
        s.flows.push({ ...accessGroup(s), id: 'group2' });
        s.nodes.push({ id: 'group2#1.dst', kind: 'router', x: 0, y: 0 });
      },
    ],
    // The mesh extensions (docs/mesh.md): a traffic matrix over whatever edges the base has.
    ['a traffic matrix with weight on the diagonal', trafficMatrix((i, j) => (i === j ? 1 : 1))],
    ['a traffic matrix with a negative weight', trafficMatrix((i, j) => (i === 0 && j === 1 ? -1 : i === j ? 0 : 1))],
    ['a traffic matrix with a weight of 1e9', trafficMatrix((i, j) => (i === 1 && j === 0 ? 1e9 : i === j ? 0 : 1))],
    ['a traffic matrix with a weight above 1e9', trafficMatrix((i, j) => (i === 1 && j === 0 ? 1.5e9 : i === j ? 0 : 1))],
    ['a traffic matrix of zeros', trafficMatrix(() => 0)],
    ['a traffic matrix with one pair', trafficMatrix((i, j) => (i === 0 && j === 1 ? 2 : 0))],
    ['a traffic matrix with a string weight', trafficMatrix((i, j) => (i === 0 && j === 1 ? '1' : i === j ? 0 : 1))],
    ['a traffic matrix one row short', trafficMatrix((i, j) => (i === j ? 0 : 1), -1)],
    ['a traffic matrix one column short', trafficMatrix((i, j) => (i === j ? 0 : 1), 0, -1)],
    ['a traffic matrix of rows that are numbers', (s) => setTraffic(s, { matrix: edgesOf(s).map(() => 1), load: 0.1 })],
    ['a traffic matrix "gravity"', (s) => setTraffic(s, { matrix: 'gravity', load: 0.1 })],
    ['a traffic matrix null', (s) => setTraffic(s, { matrix: null, load: 0.1 })],
    ['a traffic matrix of one number', (s) => setTraffic(s, { matrix: 3, load: 0.1 })],
    ['uniform traffic without a load', (s) => setTraffic(s, { matrix: 'uniform' })],
    ['uniform traffic at load 10', (s) => setTraffic(s, { load: 10 })],
    ['uniform traffic with a hurst but no model', (s) => setTraffic(s, { load: 0.1, hurst: 0.7 })],
    ['self-similar traffic, hurst by default', (s) => setTraffic(s, { load: 0.1, model: 'self-similar' })],
    ['traffic null', (s) => setTraffic(s, null)],
    [
      'traffic with one edge node',
      (s) => {
        s.nodes = [
          { id: 'E', kind: 'edge' },
          { id: 'C', kind: 'core' },
        ];
        s.links = [{ id: 'f', a: 'E', b: 'C', kind: 'fiber', rate: 1e9, delay: 1e-3 }];
        s.flows = [];
        s.background = [];
        delete s.drops;
        delete s.liveChanges;
        s.traffic = { load: 0.1 };
      },
    ],
    ['uniform traffic over 100 edges (9900 pairs)', (s) => addEdges(s, 100)],
    ['uniform traffic over 101 edges (10100 pairs)', (s) => addEdges(s, 101)],
    ...(core >= 0
      ? ([
          [
            'conversion range 1000',
            (s) => {
              s.nodes[core].conversion = { range: 1000 };
            },
          ],
          [
            'conversion range 1001',
            (s) => {
              s.nodes[core].conversion = { range: 1001 };
            },
          ],
          [
            'conversion without its range',
            (s) => {
              s.nodes[core].conversion = {};
            },
          ],
          [
            'conversion in capitals',
            (s) => {
              s.nodes[core].conversion = 'NONE';
            },
          ],
          [
            'conversion as a list',
            (s) => {
              s.nodes[core].conversion = ['none'];
            },
          ],
        ] as [string, (s: Json) => void][])
      : []),
    [
      'conversion on every kind of node',
      (s) => {
        for (const n of s.nodes) n.conversion = 'none';
      },
    ],
    [
      'a wavelength choice of "best-fit"',
      (s) => {
        s.obs.wavelengthChoice = 'best-fit';
      },
    ],
    // Deflection, segmentation and extra offsets (docs/mesh.md sections 6 to 8).
    [
      'deflection and segmentation on every kind of node',
      (s) => {
        for (const n of s.nodes) Object.assign(n, { deflection: true, segmentation: true });
      },
    ],
    [
      'segmentation false on every kind of node',
      (s) => {
        for (const n of s.nodes) n.segmentation = false;
      },
    ],
    [
      'every core deflecting, at most 16 times',
      (s) => {
        for (const n of s.nodes) if (n.kind === 'core') n.deflection = true;
        s.obs.maxDeflections = 16;
      },
    ],
    [
      'every core deflecting, at most 17 times',
      (s) => {
        for (const n of s.nodes) if (n.kind === 'core') n.deflection = true;
        s.obs.maxDeflections = 17;
      },
    ],
    [
      'maxDeflections without deflection',
      (s) => {
        for (const n of s.nodes) delete n.deflection;
        s.obs.maxDeflections = 4;
      },
    ],
    [
      'every background source entering assembly with an extra offset of 1e-300',
      (s) => {
        for (const b of s.background) Object.assign(b, { enterAssembly: true, extraOffset: 1e-300 });
      },
    ],
    [
      'every background source entering assembly with an extra offset of 0',
      (s) => {
        for (const b of s.background) Object.assign(b, { enterAssembly: true, extraOffset: 0 });
      },
    ],
    [
      'every background source with an extra offset of 1, not entering assembly',
      (s) => {
        for (const b of s.background) Object.assign(b, { enterAssembly: false, extraOffset: 1 });
      },
    ],
    ['uniform traffic with an extra offset of 1', (s) => setTraffic(s, { load: 0.1, extraOffset: 1 })],
    ['uniform traffic with an extra offset above 1', (s) => setTraffic(s, { load: 0.1, extraOffset: 1.0001 })],
    [
      'a 10001st node',
      (s) => {
        for (let i = s.nodes.length; i <= LIMITS.MAX_NODES; i++) s.nodes.push({ id: `n${i}`, kind: 'router' });
      },
    ],
  ];
  for (const [what, apply] of across)
    cases.push({ base: baseId, what: `across: ${what}`, key: `${baseId}|across|${what}`, apply: (s) => apply(s) });
  for (const c of liveChangeCases(baseId, base)) cases.push(c);
  return cases;
}

/** The edge nodes of a scenario, in their order: the rows and columns of a traffic matrix. */
const edgesOf = (s: Json): Json[] => s.nodes.filter((n: Json) => n.kind === 'edge');
const setTraffic = (s: Json, traffic: unknown) => {
  s.traffic = traffic;
};
/** An edit setting a traffic matrix of weight(i, j) over the base's edges, with rows or columns added or cut. */
function trafficMatrix(weight: (i: number, j: number) => unknown, moreRows = 0, moreColumns = 0) {
  return (s: Json) => {
    const n = edgesOf(s).length;
    const rows = Array.from({ length: n + moreRows }, (_, i) => Array.from({ length: n + moreColumns }, (_, j) => weight(i, j)));
    setTraffic(s, { matrix: rows, load: 0.1 });
  };
}
/** Edge nodes (unlinked) added up to `total`, and uniform traffic between them all. */
function addEdges(s: Json, total: number): void {
  for (let i = edgesOf(s).length; i < total; i++) s.nodes.push({ id: `Ex${i}`, kind: 'edge' });
  setTraffic(s, { load: 0.1 });
}

/** Fields a base may lack, by the generic path of their object, and a value to add. */
const OPTIONAL_KEYS: Record<string, string[]> = {
  '': ['traffic'],
  obs: ['wavelengthChoice', 'maxDeflections'],
  'nodes[]': ['assembly', 'setupTime', 'fdl', 'conversion', 'deflection', 'segmentation'],
  'links[]': ['wavelengths', 'burstLoss', 'queue', 'loss', 'arq', 'cost'],
  'flows[]': ['startSpread', 'access'],
  'flows[].tcp': ['recovery'],
  'flows[].app': ['bytes', 'rate'],
  'background[]': ['hurst', 'enterAssembly', 'extraOffset'],
  traffic: ['matrix', 'model', 'meanBytes', 'hurst', 'extraOffset'],
  'drops[]': ['transmission', 'class', 'after', 'packets'],
};
const SAMPLE_VALUES: Record<string, unknown> = {
  assembly: { maxTime: 0.002 },
  setupTime: 1e-6,
  fdl: { count: 1, unit: 1e-5 },
  wavelengths: 4,
  burstLoss: { data: 0.01, ack: 0 },
  queue: 10,
  loss: 0.01,
  arq: { retries: 1, retryDelay: 0.001 },
  recovery: 'newreno',
  bytes: 1000,
  rate: 1e6,
  hurst: 0.7,
  enterAssembly: false,
  transmission: 2,
  class: 'data',
  after: 1,
  packets: [1],
  cost: 2,
  startSpread: 0.1,
  access: { dst: { rate: 1e8, delay: 0 } },
  traffic: { load: 0.2 },
  wavelengthChoice: 'random',
  conversion: { range: 1 },
  matrix: 'uniform',
  model: 'poisson',
  meanBytes: 10000,
  deflection: true,
  segmentation: true,
  maxDeflections: 3,
  // With enterAssembly true the engine refuses it; without, it takes it.
  extraOffset: 0.001,
};

function choicesAt(generic: string): readonly string[] {
  const table: Record<string, readonly string[]> = {
    'nodes[].kind': ['host', 'router', 'edge', 'core'],
    'links[].kind': ['packet', 'fiber'],
    'flows[].app.kind': ['bulk', 'file', 'cbr'],
    'nodes[].conversion': ['full', 'none'],
    'obs.wavelengthChoice': ['first-fit', 'random'],
    'traffic.model': ['poisson', 'self-similar'],
    'traffic.matrix': ['uniform'],
  };
  return table[generic] ?? [];
}

function liveChangeCases(baseId: string, base: Json): Case[] {
  const cases: Case[] = [];
  const add = (what: string, changes: unknown) =>
    cases.push({
      base: baseId,
      what: `liveChanges: ${what}`,
      key: `${baseId}|live|${what}`,
      apply: (s) => {
        s.liveChanges = changes;
      },
    });
  const paths = livePathsOf(base);
  const byGeneric = new Map<string, string>();
  for (const p of paths) if (!byGeneric.has(genericPath(p))) byGeneric.set(genericPath(p), p);
  for (const [g, path] of byGeneric) {
    const rule = liveRuleOf(path)!;
    for (const [label, v] of boundaryValues(rule)) add(`${g} = ${label}`, [{ at: 1, path, value: v }]);
  }
  const first = paths[0];
  add('none', []);
  add('at the duration', [{ at: base.duration, path: first, value: 0 }]);
  add('after the duration', [{ at: base.duration * 1.001, path: first, value: 0 }]);
  add('before 0', [{ at: -1, path: first, value: 0 }]);
  add('an unknown path', [{ at: 1, path: 'obs.controlProcessing', value: 0 }]);
  add('a link past the last', [{ at: 1, path: `links[${base.links.length}].loss`, value: 0 }]);
  add('a node past the last', [{ at: 1, path: `nodes[${base.nodes.length}].assembly.maxTime`, value: 0.001 }]);
  add('a flow past the last', [{ at: 1, path: `flows[${base.flows.length}].tcp.variant`, value: 1 }]);
  add('obs.assembly.policy', [{ at: 1, path: 'obs.assembly.policy', value: 1 }]);
  const fiber = base.links.findIndex((l: Json) => l.kind === 'fiber');
  const packet = base.links.findIndex((l: Json) => l.kind === 'packet');
  if (fiber >= 0) add('loss of a fiber', [{ at: 1, path: `links[${fiber}].loss`, value: 0 }]);
  if (packet >= 0) add('wavelengths of a packet link', [{ at: 1, path: `links[${packet}].wavelengths`, value: 2 }]);
  const notEdge = base.nodes.findIndex((n: Json) => n.kind !== 'edge');
  add('assembly of a node that is not an edge', [{ at: 1, path: `nodes[${notEdge}].assembly.maxTime`, value: 0.001 }]);
  add('an unknown field', [{ at: 1, path: first, value: 0, why: 'test' }]);
  add('no value', [{ at: 1, path: first }]);
  add('no time', [{ path: first, value: 0 }]);
  add('a path that is a number', [{ at: 1, path: 3, value: 0 }]);
  add('a value that is a string', [{ at: 1, path: first, value: '0' }]);
  add('not a list', { at: 1, path: first, value: 0 });
  add('an entry that is not an object', [1]);
  add('many, the second bad', [
    { at: 1, path: first, value: 0 },
    { at: 2, path: first, value: 7 },
  ]);
  add(
    `${LIMITS.MAX_LIVE_CHANGES} entries`,
    Array.from({ length: LIMITS.MAX_LIVE_CHANGES }, (_, i) => ({
      at: (i / LIMITS.MAX_LIVE_CHANGES) * base.duration,
      path: first,
      value: 0,
    })),
  );
  add(
    `${LIMITS.MAX_LIVE_CHANGES + 1} entries`,
    Array.from({ length: LIMITS.MAX_LIVE_CHANGES + 1 }, () => ({ at: 0, path: first, value: 0 })),
  );
  return cases;
}

function allCases(): { targeted: Case[]; sampled: Case[]; total: number } {
  const seen = new Set<string>();
  const targeted: Case[] = [];
  const pool: Case[] = [];
  for (const { id, scenario } of bases()) {
    for (const c of mutations(id, scenario)) {
      if (seen.has(c.key)) continue;
      seen.add(c.key);
      (c.what.startsWith('across') || c.what.startsWith('liveChanges') ? targeted : pool).push(c);
    }
  }
  const next = seededRandom(SEED);
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return { targeted, sampled: pool.slice(0, SAMPLE), total: targeted.length + pool.length };
}

describe('the schema and the engine parser agree', () => {
  it('on every base', () => {
    for (const { id, scenario } of bases()) {
      expect([id, engineVerdict(JSON.stringify(scenario))]).toEqual([id, null]);
      expect([id, validateScenario(scenario)]).toEqual([id, []]);
    }
  });

  it(`on one-change mutations (seed ${SEED})`, { timeout: 60_000 }, () => {
    const { targeted, sampled, total } = allCases();
    const baseOf = new Map(bases().map((b) => [b.id, b.scenario]));
    const disagreements: string[] = [];
    const skipped = new Map<string, number>();
    let accepted = 0;
    const started = performance.now();
    for (const c of [...targeted, ...sampled]) {
      const s = structuredClone(baseOf.get(c.base));
      c.apply(s);
      const text = JSON.stringify(s);
      const verdict = engineVerdict(text);
      const issues = validateScenario(JSON.parse(text));
      if (verdict !== null) {
        const only = engineOnlyRuleOf(verdict);
        if (only) {
          skipped.set(only.rule, (skipped.get(only.rule) ?? 0) + 1);
          continue;
        }
      } else accepted++;
      const schemaSays = issues.length === 0 ? 'accepts' : `refuses ${issues[0].path} (${issues[0].message})`;
      const engineSays = verdict === null ? 'accepts' : `refuses ${enginePath(verdict)} (${verdict})`;
      const agree = verdict === null ? issues.length === 0 : issues.length > 0 && issues[0].path === enginePath(verdict);
      if (!agree) disagreements.push(`${c.base} ${c.what}: the engine ${engineSays}; the schema ${schemaSays}`);
    }
    const ran = targeted.length + sampled.length;
    console.info(
      `schema contract (seed ${SEED}): ${ran} of ${total} cases (${targeted.length} targeted) in ${Math.round(performance.now() - started)} ms; ` +
        `${accepted} accepted by both; engine-only skipped: ${JSON.stringify(Object.fromEntries(skipped))}`,
    );
    expect(disagreements.slice(0, 30), `${disagreements.length} disagreements (CONTRACT_SEED=${SEED})`).toEqual([]);
  });
});

describe('live paths: what the schema calls live, the engine changes while running', () => {
  // A valid value of each rule, and values past its bounds.
  const valid = (rule: NumberRule) => (rule.integer ? Math.floor((rule.min + rule.max) / 2) : (rule.min + rule.max) / 2);
  const invalid = (rule: NumberRule): number[] => [
    rule.minExclusive ? rule.min : rule.min - Math.max(Math.abs(rule.min) * 1e-3, 1e-12),
    rule.max + Math.max(Math.abs(rule.max) * 1e-3, 1e-12),
    Number.NaN,
    ...(rule.integer ? [rule.min + 0.5] : []),
  ];

  for (const { id, scenario } of bases()) {
    it(id, () => {
      const sim = new engine.module.Simulation(JSON.stringify(scenario), -1, -1);
      try {
        expect(sim.ok()).toBe(true);
        const refusedValid: string[] = [];
        const acceptedInvalid: string[] = [];
        const paths = livePathsOf(scenario);
        expect(paths.length).toBeGreaterThan(0);
        for (const path of paths) {
          const rule = liveRuleOf(path)!;
          for (const v of [valid(rule), ...(rule.minExclusive ? [] : [rule.min]), rule.max]) {
            const why = sim.setLive(path, v);
            if (why !== '') refusedValid.push(`${path} = ${v}: ${why}`);
          }
          for (const v of invalid(rule)) {
            if (liveValueReason(path, v) === null) acceptedInvalid.push(`${path} = ${v} (by the schema)`);
            if (sim.setLive(path, v) === '') acceptedInvalid.push(`${path} = ${v}`);
          }
        }
        // Paths the schema says are not live here: the engine refuses them too.
        const notLive = [
          `links[${scenario.links.length}].loss`,
          `flows[${scenario.flows.length}].tcp.variant`,
          'obs.controlProcessing',
          ...scenario.links.map((l: Json, i: number) => (l.kind === 'fiber' ? `links[${i}].loss` : `links[${i}].wavelengths`)),
          ...scenario.nodes.flatMap((n: Json, i: number) => (n.kind === 'edge' ? [] : [`nodes[${i}].assembly.maxTime`])),
        ];
        const acceptedNotLive = notLive.filter((p) => sim.setLive(p, 0.001) === '');
        expect({ refusedValid, acceptedInvalid, acceptedNotLive }).toEqual({ refusedValid: [], acceptedInvalid: [], acceptedNotLive: [] });
      } finally {
        sim.delete();
      }
    });
  }
});
