// The mesh extensions of format v1 (docs/mesh.md) in the schema: `conversion`, `deflection`
// and `segmentation` on core nodes, `obs.wavelengthChoice`, `obs.maxDeflections`, `traffic`
// and the extra offsets of background sources and traffic, each refused where the engine
// refuses it (scenario_parser.cc readNodes, readConversion, readObs, readBackground,
// readTraffic; the engine's own cases are
// wasm-core/tests/mesh_test.cc), held together by packages/engine/src/schema-engine.contract.test.ts,
// and absent from a scenario that does not use them.
import { describe, expect, it } from 'vitest';
import meshFeatures from '../../scenarios/mesh-features.json';
import { defaultScenario } from '../default-scenario';
import { checkSharedScenario } from '../share-limits';
import { MAX_DEFLECTIONS, MAX_TRAFFIC_PAIRS } from './limits';
import { NUMBER_RULES, labelOf, numericPaths, scenarioSchema, validateScenario } from './index';

const change = (edit: (s: any) => void) => {
  const s = structuredClone(meshFeatures) as any;
  edit(s);
  return s;
};
const first = (edit: (s: any) => void) => validateScenario(change(edit))[0];
/** E1, E2 and E3 made cores (the flow to H2, its link and the background sources removed): E0 is the only edge node. */
const oneEdge = (s: any) => {
  s.nodes = s.nodes.filter((n: any) => n.id !== 'H2');
  s.links = s.links.filter((l: any) => l.id !== 'h2');
  s.flows = [];
  s.background = [];
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

/** Indices in mesh-features: cores C0, C1, C2 (C3 is 3), the first edge E0, the first host H0. */
const [C0, C1, C2, E0, H0] = [0, 1, 2, 4, 8];

describe('deflection, segmentation and extra offsets (docs/mesh.md sections 6 to 8)', () => {
  it("are absent unless written, kept as written, and the engine's defaults are false, 1 and 0", () => {
    const plain = scenarioSchema.parse(structuredClone(defaultScenario));
    expect(plain.obs.maxDeflections).toBeUndefined();
    for (const n of plain.nodes) {
      expect('deflection' in n).toBe(false);
      expect('segmentation' in n).toBe(false);
    }
    for (const b of plain.background) expect('extraOffset' in b).toBe(false);
    const parsed = scenarioSchema.parse(structuredClone(meshFeatures));
    const cores = parsed.nodes.filter((n) => n.kind === 'core');
    expect(cores.map((n) => [n.id, n.deflection, n.segmentation])).toEqual([
      ['C0', undefined, undefined],
      ['C1', undefined, true],
      ['C2', true, true],
      ['C3', true, undefined],
    ]);
    expect(parsed.obs.maxDeflections).toBe(2);
    expect(parsed.background.map((b) => b.extraOffset)).toEqual([2e-4, 0]);
    expect(parsed.traffic?.extraOffset).toBe(1e-4);
    // The defaults, for the editor and the sweep picker.
    expect(NUMBER_RULES['obs.maxDeflections']).toMatchObject({ min: 1, max: MAX_DEFLECTIONS, integer: true, default: 1 });
    expect(MAX_DEFLECTIONS).toBe(16);
    for (const g of ['background[].extraOffset', 'traffic.extraOffset'])
      expect(NUMBER_RULES[g]).toMatchObject({ quantity: 'time', min: 0, max: 1, default: 0 });
    expect(labelOf('nodes[0].deflection')).toBe('Deflection routing');
    expect(labelOf('nodes[0].segmentation')).toBe('Burst segmentation');
  });

  it('accept every value in range, true and false, and an extra offset of 0 with enterAssembly', () => {
    const ok = (edit: (s: any) => void) => expect(validateScenario(change(edit))).toEqual([]);
    for (const v of [true, false]) {
      ok((s) => {
        s.nodes[C0].deflection = v;
        s.nodes[C0].segmentation = v;
      });
    }
    for (const m of [1, 7, MAX_DEFLECTIONS]) ok((s) => (s.obs.maxDeflections = m));
    // maxDeflections without any core deflecting: the engine reads it and uses it nowhere.
    ok((s) => {
      for (const n of s.nodes) delete n.deflection;
      s.obs.maxDeflections = 3;
    });
    for (const x of [0, 1e-9, 0.5, 1]) {
      ok((s) => (s.background[0].extraOffset = x));
      ok((s) => (s.traffic.extraOffset = x));
    }
    ok((s) => {
      s.background[1].enterAssembly = true;
      s.background[1].extraOffset = 0;
    });
    ok((s) => {
      s.background[0].enterAssembly = false;
      s.background[0].extraOffset = 1;
    });
  });

  it('refuse what the engine refuses, naming the field and the rule (scenario_parser.cc)', () => {
    const cases: [(s: any) => void, string, string | RegExp][] = [
      [(s) => (s.nodes[C0].deflection = 1), 'nodes[0].deflection', 'Deflection routing must be true or false, not a number'],
      [(s) => (s.nodes[C0].deflection = 'true'), 'nodes[0].deflection', 'Deflection routing must be true or false, not a string'],
      [(s) => (s.nodes[C0].deflection = null), 'nodes[0].deflection', /must be true or false/],
      [(s) => (s.nodes[C1].segmentation = 'yes'), 'nodes[1].segmentation', 'Burst segmentation must be true or false, not a string'],
      [(s) => (s.nodes[E0].deflection = true), 'nodes[4].deflection', 'Deflection routing applies to core nodes only'],
      [(s) => (s.nodes[E0].deflection = false), 'nodes[4].deflection', 'Deflection routing applies to core nodes only'],
      [(s) => (s.nodes[H0].segmentation = false), 'nodes[8].segmentation', 'Burst segmentation applies to core nodes only'],
      [(s) => (s.obs.maxDeflections = 0), 'obs.maxDeflections', /Deflections per burst must be ≥ 1/],
      [(s) => (s.obs.maxDeflections = 17), 'obs.maxDeflections', /Deflections per burst must be at most 16/],
      [(s) => (s.obs.maxDeflections = 1.5), 'obs.maxDeflections', /whole number/],
      [(s) => (s.obs.maxDeflections = '2'), 'obs.maxDeflections', /must be a number, not a string/],
      [(s) => (s.background[0].extraOffset = -1e-9), 'background[0].extraOffset', /Extra offset must be ≥ 0/],
      [(s) => (s.background[0].extraOffset = 1.001), 'background[0].extraOffset', /Extra offset must be at most 1 s/],
      [(s) => (s.background[0].extraOffset = null), 'background[0].extraOffset', /must be a number/],
      [
        (s) => (s.background[0].enterAssembly = true),
        'background[0].extraOffset',
        "Extra offset cannot apply with enterAssembly (its bytes ride in the edge's TCP bursts)",
      ],
      [
        (s) => (s.background[1].extraOffset = 1e-6),
        'background[1].extraOffset',
        "Extra offset cannot apply with enterAssembly (its bytes ride in the edge's TCP bursts)",
      ],
      [(s) => (s.traffic.extraOffset = -0.1), 'traffic.extraOffset', /Extra offset must be ≥ 0/],
      [(s) => (s.traffic.extraOffset = 2), 'traffic.extraOffset', /at most 1 s/],
      [(s) => (s.traffic.extraOffset = '0'), 'traffic.extraOffset', /must be a number, not a string/],
    ];
    for (const [edit, path, message] of cases) {
      const issue = first(edit);
      expect([path, issue?.path]).toEqual([path, path]);
      if (typeof message === 'string') expect(issue.message).toBe(message);
      else expect(issue.message).toMatch(message);
    }
  });

  it("name the engine's first refusal, in its order", () => {
    // A core reads deflection and segmentation after conversion, before assembly and unknown fields.
    expect(
      first((s) => {
        s.nodes[C0].deflection = 1;
        s.nodes[C0].conversion = 'partial';
      })?.path,
    ).toBe('nodes[0].conversion');
    expect(
      first((s) => {
        s.nodes[C0].segmentation = 1;
        s.nodes[C0].deflection = 1;
      })?.path,
    ).toBe('nodes[0].deflection');
    expect(
      first((s) => {
        s.nodes[C0].segmentation = 1;
        s.nodes[C0].bogus = 1;
      })?.path,
    ).toBe('nodes[0].segmentation');
    // Another kind: setupTime, fdl, conversion, deflection, segmentation, then assembly.
    expect(
      first((s) => {
        s.nodes[H0].segmentation = true;
        s.nodes[H0].deflection = true;
      })?.path,
    ).toBe('nodes[8].deflection');
    expect(
      first((s) => {
        s.nodes[H0].segmentation = true;
        s.nodes[H0].conversion = 'none';
      })?.path,
    ).toBe('nodes[8].conversion');
    expect(
      first((s) => {
        s.nodes[E0].segmentation = true;
        s.nodes[E0].assembly = { maxTime: -1 };
      })?.path,
    ).toBe('nodes[4].segmentation');
    // obs reads maxDeflections last, after wavelengthChoice, before unknown fields.
    expect(
      first((s) => {
        s.obs.maxDeflections = 0;
        s.obs.wavelengthChoice = 'best-fit';
      })?.path,
    ).toBe('obs.wavelengthChoice');
    expect(
      first((s) => {
        s.obs.maxDeflections = 0;
        s.obs.bogus = 1;
      })?.path,
    ).toBe('obs.maxDeflections');
    // A source's extra offset after enterAssembly, before unknown fields; traffic's after hurst.
    expect(
      first((s) => {
        s.background[0].extraOffset = 2;
        s.background[0].enterAssembly = 'yes';
      })?.path,
    ).toBe('background[0].enterAssembly');
    expect(
      first((s) => {
        s.background[0].enterAssembly = true;
        s.background[0].bogus = 1;
      })?.path,
    ).toBe('background[0].extraOffset');
    expect(
      first((s) => {
        s.traffic.extraOffset = 2;
        s.traffic.hurst = 1;
      })?.path,
    ).toBe('traffic.hurst');
    expect(
      first((s) => {
        s.traffic.extraOffset = 2;
        s.traffic.bogus = 1;
      })?.path,
    ).toBe('traffic.extraOffset');
  });

  it('offer maxDeflections and the extra offsets to sweeps', () => {
    const paths = numericPaths(meshFeatures).map((p) => p.idPath);
    expect(paths).toEqual(expect.arrayContaining(['obs.maxDeflections', 'traffic.extraOffset']));
    expect(paths.some((p) => /^background\[.*\]\.extraOffset$/.test(p))).toBe(true);
  });

  it('pass the share check, and the shape check names a wrong type', () => {
    expect(checkSharedScenario(structuredClone(meshFeatures))).toBeNull();
    expect(checkSharedScenario(change((s) => (s.nodes[C2].deflection = 'yes')))).toMatchObject({ field: 'nodes[2].deflection' });
    expect(checkSharedScenario(change((s) => (s.traffic.extraOffset = '1')))).toMatchObject({ field: 'traffic.extraOffset' });
    // Values are the engine's to judge: a link may carry them, the engine names them.
    expect(checkSharedScenario(change((s) => (s.obs.maxDeflections = 99)))).toBeNull();
  });
});
