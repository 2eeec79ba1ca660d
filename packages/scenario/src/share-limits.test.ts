import { describe, expect, it } from 'vitest';
import { defaultScenario } from './default-scenario';
import { SHARE_LIMITS, checkSharedScenario } from './share-limits';
import { set } from './test-edits';

/** The default scenario (mutable copy) after `change`. */
function withChange(change: (s: any) => void): unknown {
  const s = structuredClone(defaultScenario) as any;
  change(s);
  return s;
}

describe('checkSharedScenario', () => {
  it('accepts the default scenario', () => {
    expect(checkSharedScenario(defaultScenario)).toBeNull();
  });

  it.each<[string, (s: any) => void, string, string | undefined]>([
    [
      'a million flows',
      set('flows[0].count', 1_000_000),
      'flows[0].count must be an integer from 1 to 1000 (the link asks for 1000000)',
      'flows[0].count',
    ],
    [
      'a fractional count',
      set('flows[0].count', 1.5),
      'flows[0].count must be an integer from 1 to 1000 (the link asks for 1.5)',
      'flows[0].count',
    ],
    [
      'too many flows in all',
      (s) => {
        s.flows[0].count = 600;
        s.flows[1] = { ...s.flows[0], id: 'tcp2' };
      },
      "flows must add up to at most 1000 flows, counting each flow's count (the link asks for 1200)",
      'flows',
    ],
    [
      'too many nodes',
      set(
        'nodes',
        Array.from({ length: 501 }, (_, i) => ({ id: `h${i}`, kind: 'host', x: 0, y: 0 })),
      ),
      'nodes must list at most 500 nodes (the link has 501)',
      'nodes',
    ],
    [
      'a year of simulated time',
      set('duration', 31_536_000),
      'duration must be a number of seconds above 0 and at most 3600 (the link asks for 31536000)',
      'duration',
    ],
    [
      'samples that would fill the memory',
      (s) => {
        s.flows[0].count = 1000;
        s.duration = 3600;
        s.sampleInterval = 0.001;
      },
      'sampleInterval is too small for 1000 flows over 3600 s: the link asks for 3600000000 chart samples (flows x duration / sampleInterval), at most 5000000',
      'sampleInterval',
    ],
    [
      'an infinite number (JSON.parse reads 1e999 so)',
      set('links[0].rate', Infinity),
      'links[0].rate must be a finite number (the link has Infinity)',
      'links[0].rate',
    ],
    [
      'a control character in a name',
      set('name', 'LOBS\u0007'),
      'name must not contain control, format or bidirectional characters (found U+0007 at character 5)',
      'name',
    ],
    [
      'a right-to-left override in an id',
      set('nodes[0].id', 'S\u202e1'),
      'nodes[0].id must not contain control, format or bidirectional characters (found U+202E at character 2)',
      'nodes[0].id',
    ],
    [
      'an absurdly long id',
      set('nodes[0].id', 'x'.repeat(65)),
      'nodes[0].id must be at most 64 characters (the link has 65)',
      'nodes[0].id',
    ],
    [
      'a __proto__ field',
      (s) => {
        Object.defineProperty(s.obs, '__proto__', { value: { polluted: true }, enumerable: true });
      },
      'obs has a field named "__proto__", which is not allowed',
      'obs',
    ],
    [
      'a missing object',
      (s) => {
        delete s.obs;
      },
      'obs is missing',
      'obs',
    ],
    ['a field of the wrong type', set('flows[0].tcp.rto', 'fast'), 'flows[0].tcp.rto must be an object, not a string', 'flows[0].tcp.rto'],
    [
      'an unknown node kind',
      set('nodes[0].kind', 'satellite'),
      'nodes[0].kind must be one of "host", "router", "edge", "core" (the link has "satellite")',
      'nodes[0].kind',
    ],
    [
      'a core node without fiber delay lines',
      (s) => {
        delete s.nodes.find((n: any) => n.kind === 'core').fdl;
      },
      'nodes[2].fdl is missing',
      'nodes[2].fdl',
    ],
    [
      'a newer scenario format',
      set('version', 2),
      'version is 2: the link was made by a newer version of the simulator (this one reads scenario format 1)',
      'version',
    ],
    ['a field with no value', set('seed', undefined), 'seed must be a number, not nothing', 'seed'],
    ['a link to a node that does not exist', set('links[1].b', 'Nowhere'), 'links[1].b refers to an unknown node "Nowhere"', 'links[1].b'],
    [
      'a flow from a node that does not exist',
      set('flows[0].src', 'server'),
      'flows[0].src refers to an unknown node "server"',
      'flows[0].src',
    ],
    ['no version', set('version', '1'), 'version must be 1 (the link has "1")', 'version'],
    [
      'background sharing bursts said in words',
      set('background', [{ src: 'E1', dst: 'E2', model: 'poisson', load: 0.3, meanBytes: 2000, enterAssembly: 'yes' }]),
      'background[0].enterAssembly must be true or false, not a string',
      'background[0].enterAssembly',
    ],
    // The routing extensions (docs/routing.md).
    [
      'a forced route longer than the node limit',
      set(
        'flows[0].route',
        Array.from({ length: 501 }, (_, i) => `n${i}`),
      ),
      'flows[0].route must list at most 500 nodes (the link has 501)',
      'flows[0].route',
    ],
    [
      'an ACK route of numbers',
      set('flows[0].ackRoute', [1, 2]),
      'flows[0].ackRoute[0] must be a string, not a number',
      'flows[0].ackRoute[0]',
    ],
    [
      'a forced route through a node that does not exist',
      set('flows[0].route', ['Server', 'Nowhere']),
      'flows[0].route[1] refers to an unknown node "Nowhere"',
      'flows[0].route[1]',
    ],
    [
      'an infinite routing cost',
      set('links[0].cost', { ab: -Infinity }),
      'links[0].cost.ab must be a finite number (the link has -Infinity)',
      'links[0].cost.ab',
    ],
    [
      'a routing cost in words',
      set('links[0].cost', 'cheap'),
      'links[0].cost must be a number or an object, not a string',
      'links[0].cost',
    ],
    [
      'a start spread in words',
      set('flows[0].startSpread', 'wide'),
      'flows[0].startSpread must be a number, not a string',
      'flows[0].startSpread',
    ],
    [
      'an access link without its rate',
      set('flows[0].access', { src: { delay: 0.001 } }),
      'flows[0].access.src.rate is missing',
      'flows[0].access.src.rate',
    ],
    [
      'copies whose access would draw more hosts than flows allowed',
      (s) => {
        s.flows[0].count = 1001;
        s.flows[0].access = { src: { rate: 1e8, delay: 0 } };
      },
      'flows[0].count must be an integer from 1 to 1000 (the link asks for 1001)',
      'flows[0].count',
    ],
    // The mesh extensions (docs/mesh.md).
    [
      'a uniform traffic matrix over more pairs than the limit',
      (s) => {
        for (let i = 0; i < 51; i++) s.nodes.push({ id: `X${i}`, kind: 'edge', x: 0, y: 0 });
        s.traffic = { load: 0.5 };
      },
      'traffic.matrix must give at most 2500 pairs of edge nodes traffic, a background source each (the link asks for 2756)',
      'traffic.matrix',
    ],
    [
      'a traffic matrix with more rows than nodes may be',
      set('traffic', { matrix: Array.from({ length: 501 }, () => []), load: 0.5 }),
      'traffic.matrix must list at most 500 rows or weights, one per edge node (the link has 501)',
      'traffic.matrix',
    ],
    [
      'a traffic matrix row longer than nodes may be',
      set('traffic', { matrix: [[0, 1], Array.from({ length: 501 }, () => 1)], load: 0.5 }),
      'traffic.matrix[1] must list at most 500 rows or weights, one per edge node (the link has 501)',
      'traffic.matrix[1]',
    ],
    [
      'a traffic matrix that is a number',
      set('traffic', { matrix: 1, load: 0.5 }),
      'traffic.matrix must be "uniform" or an array of rows of weights, not a number',
      'traffic.matrix',
    ],
    [
      'a weight in words',
      set('traffic', {
        matrix: [
          [0, 'lots'],
          [1, 0],
        ],
        load: 0.5,
      }),
      'traffic.matrix[0][1] must be a number, not a string',
      'traffic.matrix[0][1]',
    ],
    ['traffic without its load', set('traffic', { model: 'poisson' }), 'traffic.load is missing', 'traffic.load'],
    ['a traffic load in words', set('traffic', { load: 'high' }), 'traffic.load must be a number, not a string', 'traffic.load'],
    [
      'a conversion that is a number',
      set('nodes[2].conversion', 2),
      'nodes[2].conversion must be "full", "none" or { "range": d }, not a number',
      'nodes[2].conversion',
    ],
    [
      'a conversion range in words',
      set('nodes[2].conversion', { range: 'two' }),
      'nodes[2].conversion.range must be a number, not a string',
      'nodes[2].conversion.range',
    ],
    [
      'a wavelength choice that is a number',
      set('obs.wavelengthChoice', 1),
      'obs.wavelengthChoice must be a string, not a number',
      'obs.wavelengthChoice',
    ],
    [
      'deflection said in words',
      set('nodes[2].deflection', 'on'),
      'nodes[2].deflection must be true or false, not a string',
      'nodes[2].deflection',
    ],
    [
      'segmentation as 1',
      set('nodes[2].segmentation', 1),
      'nodes[2].segmentation must be true or false, not a number',
      'nodes[2].segmentation',
    ],
    [
      'deflections per burst in words',
      set('obs.maxDeflections', 'two'),
      'obs.maxDeflections must be a number, not a string',
      'obs.maxDeflections',
    ],
    [
      'an extra offset in words',
      set('background', [{ src: 'E1', dst: 'E2', model: 'poisson', load: 0.3, meanBytes: 2000, extraOffset: '1ms' }]),
      'background[0].extraOffset must be a number, not a string',
      'background[0].extraOffset',
    ],
    [
      "traffic's extra offset as null",
      set('traffic', { load: 0.1, extraOffset: null }),
      'traffic.extraOffset must be a number, not null',
      'traffic.extraOffset',
    ],
  ])('refuses %s, naming the field', (_what, change, message, field) => {
    expect(checkSharedScenario(withChange(change))).toEqual(field === undefined ? { message } : { message, field });
  });

  it('refuses a scenario that is not an object', () => {
    expect(checkSharedScenario([])).toEqual({ message: 'the scenario must be an object, not an array' });
  });

  it('refuses nesting deeper than the limit anywhere, even in an unknown field', () => {
    let deep: unknown = 1;
    for (let i = 0; i < SHARE_LIMITS.maxDepth; i++) deep = [deep];
    expect(checkSharedScenario(withChange(set('extra', deep)))?.message).toBe(
      `extra${'[0]'.repeat(SHARE_LIMITS.maxDepth - 1)} nests deeper than 12 levels`,
    );
  });

  it('keeps fields it does not know (added to format v1 later) and optional ones', () => {
    const s = withChange((s) => {
      s.addedLater = { anything: [1, 'two', null] };
      s.flows[0].tcp.recovery = 'sack';
      s.flows[0].app = { kind: 'file', bytes: 1e6 };
      s.links[0].loss = { ab: 0.1, ba: 0 };
      s.links[0].cost = { ab: 1, ba: 0 };
      s.links[1].cost = 2;
      s.flows[0].startSpread = 0.5;
      s.flows[0].route = ['Server', 'E1', 'C1', 'E2', 'Client'];
      s.flows[0].ackRoute = ['Client', 'E2', 'C1', 'E1', 'Server'];
      s.flows[0].access = { src: { rate: 1e8, delay: 1e-3, queue: 100 }, dst: { rate: 1e8, delay: 1e-3 } };
      s.nodes[2].conversion = { range: 2 };
      s.obs.wavelengthChoice = 'random';
      s.traffic = {
        matrix: [
          [0, 1],
          [2, 0],
        ],
        load: 0.5,
        model: 'self-similar',
        meanBytes: 1e4,
        hurst: 0.7,
      };
    });
    expect(checkSharedScenario(s)).toBeNull();
  });

  it("takes markup in names as plain data: rendering it as text is the app's job", () => {
    expect(checkSharedScenario(withChange(set('name', '<script>alert(1)</script><img src=x onerror=alert(2)>')))).toBeNull();
  });
});
