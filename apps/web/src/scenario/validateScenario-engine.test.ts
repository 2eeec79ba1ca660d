// The editor's inline rules and the engine's parser must agree where the engine's lower
// bounds are (wasm-core/src/scenario/limits.h): a value the editor accepts must not be
// refused by the engine, and one it refuses must be refused there too. (Issue 18 will make
// one schema of both; until then this test keeps the two from drifting at these edges.)
import { describe, expect, it } from 'vitest';
import { PRESETS, type Scenario } from '@obs-tcp-sim/scenario';
import { loadEngineNode } from '@obs-tcp-sim/engine/node';
import { validateScenario } from './validateScenario';

const engine = await loadEngineNode();
const base = () => structuredClone(PRESETS.find((p) => p.id === 'paper000')!.scenario) as Scenario;

function engineAccepts(s: Scenario): string | null {
  const sim = new engine.module.Simulation(JSON.stringify(s));
  try {
    return sim.ok() ? null : sim.error();
  } finally {
    sim.delete();
  }
}

type Edit = (s: Scenario, v: number) => void;
const fiber = (s: Scenario) => s.links.find((l) => l.kind === 'fiber')!;
const packet = (s: Scenario) => s.links.find((l) => l.kind === 'packet')!;
/** Sets one of the first flow's RTO times, with the minimum at 0 so that only it is in play. */
const rtoAlone =
  (field: 'initial' | 'max'): Edit =>
  (s, v) => {
    s.flows[0].tcp.rto[field] = v;
    s.flows[0].tcp.rto.min = 0;
  };

// [field, edit, the bound (accepted), a value just past it (refused)]
const EDGES: [string, Edit, number, number][] = [
  [
    'sampleInterval',
    (s, v) => {
      s.sampleInterval = v;
      s.duration = 1e-3;
    },
    1e-9,
    0.9e-9,
  ],
  [
    'obs.assembly.maxTime',
    (s, v) => {
      s.obs.assembly.maxTime = v;
    },
    1e-9,
    0.9e-9,
  ],
  ['flows[0].tcp.rto.initial', rtoAlone('initial'), 1e-9, 1e-300],
  ['flows[0].tcp.rto.max', rtoAlone('max'), 1e-9, 1e-12],
  [
    'flows[0].tcp.rto.fixed',
    (s, v) => {
      s.flows[0].tcp.rto.fixed = v;
    },
    1e-9,
    5e-10,
  ],
  [
    'a packet link rate',
    (s, v) => {
      packet(s).rate = v;
    },
    1e3,
    999,
  ],
  [
    'a fiber rate',
    (s, v) => {
      fiber(s).rate = v;
    },
    1e6,
    999_999,
  ],
  [
    'a CBR rate (mss 100: 8e11 bit/s)',
    (s, v) => {
      s.flows[0].tcp.mss = 100;
      s.flows[0].app = { kind: 'cbr', rate: v };
    },
    8e11,
    8.1e11,
  ],
  [
    'a CBR rate of at least 1 bit/s',
    (s, v) => {
      s.flows[0].app = { kind: 'cbr', rate: v };
    },
    1,
    1e-300,
  ],
  [
    'sample rows of the run (1e8)',
    (s, v) => {
      s.flows[0].count = v;
      s.duration = 1;
      s.sampleInterval = 0.01;
    },
    990_099,
    990_100,
  ],
];

describe('the editor and the engine agree at the engine lower bounds', () => {
  it.each(EDGES)('%s', (_, edit, atBound, pastBound) => {
    const ok = base();
    edit(ok, atBound);
    // The sample-row case is far above the editor's other limits on copies; only the
    // rule under test matters here.
    const okIssues = validateScenario(ok).filter((i) => !i.path.endsWith('.count'));
    expect(okIssues).toEqual([]);
    const okEngine = engineAccepts(ok);
    expect(okEngine === null || !/at least|at most one per nanosecond|sample rows/.test(okEngine)).toBe(true);

    const bad = base();
    edit(bad, pastBound);
    expect(validateScenario(bad).filter((i) => !i.path.endsWith('.count')).length).toBeGreaterThan(0);
    expect(engineAccepts(bad)).not.toBeNull();
  });
});
