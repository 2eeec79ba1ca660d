// The mesh extensions of format v1 (docs/mesh.md) in the schema: `conversion` on core
// nodes, `obs.wavelengthChoice` and `traffic`, each refused where the engine refuses it
// (scenario_parser.cc readConversion, readObs, readTraffic; the engine's own cases are
// wasm-core/tests/mesh_test.cc), held together by apps/web/src/editor/schema-contract.test.ts,
// and absent from a scenario that does not use them.
import { describe, expect, it } from 'vitest';
import meshFeatures from '../../scenarios/mesh-features.json';
import { defaultScenario } from '../default-scenario';
import { checkSharedScenario } from '../share-limits';
import { MAX_TRAFFIC_PAIRS } from './limits';
import { numericPaths, scenarioSchema, validateScenario } from './index';

const change = (edit: (s: any) => void) => {
  const s = structuredClone(meshFeatures) as any;
  edit(s);
  return s;
};
const first = (edit: (s: any) => void) => validateScenario(change(edit))[0];
/** E1, E2 and E3 made cores (the flow to H2 and its link removed): E0 is the only edge node. */
const oneEdge = (s: any) => {
  s.nodes = s.nodes.filter((n: any) => n.id !== 'H2');
  s.links = s.links.filter((l: any) => l.id !== 'h2');
  s.flows = [];
  for (const n of s.nodes) if (n.id !== 'E0' && n.kind === 'edge') n.kind = 'core';
};

describe('mesh extensions', () => {
  it('are absent unless written, and kept as written', () => {
    const plain = scenarioSchema.parse(structuredClone(defaultScenario));
    expect(plain.traffic).toBeUndefined();
    expect(plain.obs.wavelengthChoice).toBeUndefined();
    expect(plain.nodes.map((n) => ('conversion' in n ? n.conversion : undefined))).toEqual(plain.nodes.map(() => undefined));
    expect(validateScenario(meshFeatures)).toEqual([]);
    const parsed = scenarioSchema.parse(structuredClone(meshFeatures));
    expect(parsed.nodes.slice(0, 4).map((n) => (n.kind === 'core' ? n.conversion : n.kind))).toEqual([
      'none',
      { range: 2 },
      'full',
      undefined,
    ]);
    expect(parsed.obs.wavelengthChoice).toBe('random');
    expect(parsed.traffic).toEqual(meshFeatures.traffic);
  });

  it('accept a uniform matrix, the default one, and the largest ranges and weights', () => {
    const ok = (edit: (s: any) => void) => expect(validateScenario(change(edit))).toEqual([]);
    ok((s) => {
      s.traffic = { load: 0.5 };
    });
    ok((s) => {
      s.traffic = { matrix: 'uniform', load: 10, model: 'poisson', meanBytes: 1e9 };
    });
    ok((s) => {
      s.traffic.matrix[0][1] = 1e9;
      s.traffic.load = 0;
      s.nodes[0].conversion = { range: 1000 };
      s.obs.wavelengthChoice = 'first-fit';
    });
    // One pair is enough.
    ok((s) => {
      s.traffic.matrix = [
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [1, 0, 0, 0],
      ];
    });
  });

  it('refuse what the engine refuses, naming the field (mesh_test.cc MeshRefusals)', () => {
    const cases: [(s: any) => void, string, RegExp][] = [
      [(s) => (s.nodes[0].conversion = 'partial'), 'nodes[0].conversion', /must be one of "full", "none"/],
      [(s) => (s.nodes[0].conversion = 2), 'nodes[0].conversion', /"full", "none" or \{ "range": d \}/],
      [(s) => (s.nodes[0].conversion = null), 'nodes[0].conversion', /"full", "none" or \{ "range": d \}/],
      [(s) => (s.nodes[0].conversion = { range: 0 }), 'nodes[0].conversion.range', /Conversion range must be ≥ 1/],
      [(s) => (s.nodes[0].conversion = { range: 1.5 }), 'nodes[0].conversion.range', /whole number/],
      [(s) => (s.nodes[0].conversion = { range: 1001 }), 'nodes[0].conversion.range', /at most 1000 channels/],
      [(s) => (s.nodes[0].conversion = {}), 'nodes[0].conversion.range', /Conversion range is required/],
      [(s) => (s.nodes[0].conversion = { range: 1, wrap: true }), 'nodes[0].conversion.wrap', /not a known field/],
      [(s) => (s.nodes[4].conversion = 'none'), 'nodes[4].conversion', /Wavelength conversion applies to core nodes only/],
      [(s) => (s.nodes[8].conversion = 'full'), 'nodes[8].conversion', /applies to core nodes only/],
      [(s) => (s.obs.wavelengthChoice = 'best-fit'), 'obs.wavelengthChoice', /must be one of "first-fit", "random"/],
      [(s) => (s.traffic = null), 'traffic', /must be an object/],
      [(s) => (s.traffic.matrix = 'gravity'), 'traffic.matrix', /must be "uniform" or an array of rows/],
      [(s) => (s.traffic.matrix = 3), 'traffic.matrix', /must be "uniform" or an array of rows of weights, not a number/],
      [(s) => s.traffic.matrix.pop(), 'traffic.matrix', /one row per edge node \(4\), not 3/],
      [(s) => s.traffic.matrix[1].pop(), 'traffic.matrix[1]', /The row of "E1" in the traffic matrix must list 4 numbers/],
      [(s) => (s.traffic.matrix[2] = 7), 'traffic.matrix[2]', /must list 4 numbers/],
      [(s) => (s.traffic.matrix[1][1] = 2), 'traffic.matrix[1][1]', /from "E1" to "E1" must be 0: an edge sends no traffic to itself/],
      [(s) => (s.traffic.matrix[0][1] = -1), 'traffic.matrix[0][1]', /from 0 to 1e9/],
      [(s) => (s.traffic.matrix[0][1] = 1.1e9), 'traffic.matrix[0][1]', /from 0 to 1e9/],
      [(s) => (s.traffic.matrix[0][1] = '1'), 'traffic.matrix[0][1]', /must be a number, not a string/],
      [(s) => (s.traffic.matrix = s.traffic.matrix.map((r: number[]) => r.map(() => 0))), 'traffic.matrix', /some pair a weight above 0/],
      [(s) => delete s.traffic.load, 'traffic.load', /Network load is required/],
      [(s) => (s.traffic.load = 10.5), 'traffic.load', /at most 10/],
      [(s) => (s.traffic.model = 'pareto'), 'traffic.model', /must be one of "poisson", "self-similar"/],
      [(s) => (s.traffic.meanBytes = 0), 'traffic.meanBytes', /must be > 0/],
      [(s) => (s.traffic.hurst = 0.995), 'traffic.hurst', /at most 0.99/],
      [(s) => (s.traffic.model = 'poisson'), 'traffic.hurst', /applies to the "self-similar" model only/],
      [(s) => (s.traffic.gravity = 1), 'traffic.gravity', /not a known field/],
      [
        (s) => {
          oneEdge(s);
          s.traffic = { load: 0.1 };
        },
        'traffic.matrix',
        /needs at least two edge nodes \(the network has 1\)/,
      ],
    ];
    for (const [edit, path, message] of cases) {
      const issue = first(edit);
      expect([path, issue?.path]).toEqual([path, path]);
      expect(issue.message).toMatch(message);
    }
  });

  it(`refuse a matrix that gives more than ${MAX_TRAFFIC_PAIRS} pairs traffic, uniform or not`, () => {
    const withEdges = (n: number, matrix?: unknown) =>
      change((s) => {
        for (let i = 4; i < n; i++) s.nodes.push({ id: `X${i}`, kind: 'edge' });
        s.traffic = matrix === undefined ? { load: 0.1 } : { matrix, load: 0.1 };
      });
    // 100 edges: 9900 pairs, accepted by the parser (the routes are the engine's: engine-only.ts).
    expect(validateScenario(withEdges(100)).filter((i) => i.path.startsWith('traffic'))).toEqual([]);
    expect(validateScenario(withEdges(101))[0]).toEqual({
      path: 'traffic.matrix',
      message: 'Traffic matrix gives 10,100 pairs of edges traffic, at most 10,000 (a background source each)',
    });
    const full = Array.from({ length: 101 }, (_, i) =>
      Array.from({ length: 101 }, (_, j) => (i === j || (i === 0 && j < 101 - 1) ? 0 : 1)),
    );
    const positive = full.flat().filter((w) => w > 0).length;
    expect(positive).toBe(10100 - 99);
    expect(validateScenario(withEdges(101, full))[0]?.path).toBe('traffic.matrix');
    full[1] = full[1].map(() => 0);
    expect(validateScenario(withEdges(101, full)).filter((i) => i.path.startsWith('traffic'))).toEqual([]);
  });

  it("names the engine's first refusal: the edges, then the matrix, then traffic's own fields", () => {
    // The matrix is read before the load, the model and unknown fields.
    expect(
      first((s) => {
        s.traffic = { matrix: 'gravity', model: 'pareto', bogus: 1 };
      })?.path,
    ).toBe('traffic.matrix');
    // With one edge the matrix is refused before anything else in `traffic`.
    expect(
      first((s) => {
        oneEdge(s);
        s.traffic = { load: -1, bogus: 1 };
      })?.path,
    ).toBe('traffic.matrix');
    // `traffic` after `background`, before `liveChanges`.
    expect(
      first((s) => {
        s.traffic.load = 11;
        s.background = [{ src: 'E0', dst: 'E0', load: 0.1 }];
        s.liveChanges = [{ at: 1, path: 'nowhere', value: 0 }];
      })?.path,
    ).toBe('background[0].dst');
    expect(
      first((s) => {
        s.traffic.load = 11;
        s.liveChanges = [{ at: 1, path: 'nowhere', value: 0 }];
      })?.path,
    ).toBe('traffic.load');
    // A node's conversion after its fdl, before its assembly; on other kinds, after setupTime and fdl.
    expect(
      first((s) => {
        s.nodes[0].conversion = 'partial';
        s.nodes[0].fdl = { count: -1 };
      })?.path,
    ).toBe('nodes[0].fdl.count');
    expect(
      first((s) => {
        s.nodes[4].conversion = 'none';
        s.nodes[4].assembly = { maxTime: -1 };
      })?.path,
    ).toBe('nodes[4].conversion');
    expect(
      first((s) => {
        s.nodes[4].conversion = 'none';
        s.nodes[4].fdl = { count: 1, unit: 1e-5 };
      })?.path,
    ).toBe('nodes[4].fdl');
    // obs reads wavelengthChoice after burstLoss.
    expect(
      first((s) => {
        s.obs.wavelengthChoice = 'best-fit';
        s.obs.burstLoss.data = 2;
      })?.path,
    ).toBe('obs.burstLoss.data');
  });

  it('offers the traffic load, its burst size and the conversion range to sweeps', () => {
    const paths = numericPaths(meshFeatures).map((p) => p.idPath);
    expect(paths).toEqual(expect.arrayContaining(['nodes[C1].conversion.range', 'traffic.load', 'traffic.meanBytes', 'traffic.hurst']));
  });

  it('pass the share check, with or without them', () => {
    expect(checkSharedScenario(structuredClone(meshFeatures))).toBeNull();
    expect(checkSharedScenario(change((s) => (s.traffic = { load: 0.2 })))).toBeNull();
    expect(checkSharedScenario(change((s) => (s.traffic.matrix = 'uniform')))).toBeNull();
    expect(checkSharedScenario(change((s) => (s.traffic.matrix = [[0, 'x']])))).toMatchObject({ field: 'traffic.matrix[0][1]' });
    expect(checkSharedScenario(change((s) => (s.nodes[1].conversion = { range: '2' })))).toMatchObject({
      field: 'nodes[1].conversion.range',
    });
    expect(checkSharedScenario(structuredClone(defaultScenario))).toBeNull();
  });
});
