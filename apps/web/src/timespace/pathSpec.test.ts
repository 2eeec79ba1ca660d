import { describe, expect, it } from 'vitest';
import { ackPathElsewhere, choosePath, flowPath, optionFor, pathOptions, pathSpec } from './pathSpec';
import { LINE, LINE_ROUTES } from './testPath';

describe('pathSpec', () => {
  const spec = pathSpec(LINE, ['E1', 'C1', 'C2', 'E2'], LINE_ROUTES)!;

  it('makes the path’s nodes columns and its fibers hops, with the direction that runs left to right', () => {
    expect(spec.key).toBe('E1>C1>C2>E2');
    expect(spec.columns.map((c) => [c.id, c.node, c.kind, c.setupTime])).toEqual([
      ['E1', 1, 'edge', 0],
      ['C1', 2, 'core', 1e-6],
      ['C2', 3, 'core', 2e-6],
      ['E2', 4, 'edge', 0],
    ]);
    // fiber2 is drawn from C2 to C1: left to right is its direction 1.
    expect(spec.hops.map((h) => [h.id, h.link, h.forwardDir, h.delay])).toEqual([
      ['fiber1', 1, 0, 0.005],
      ['fiber2', 2, 1, 0.002],
      ['fiber3', 3, 0, 0.005],
    ]);
    expect([...spec.hopOfLink]).toEqual([
      [1, 0],
      [2, 1],
      [3, 2],
    ]);
    expect(spec.controlProcessing).toBe(0.001);
    expect(spec.reservation).toBe('jet');
  });

  it('knows the links that leave the path (where a deflected burst goes) and the paths that share a hop', () => {
    expect([...spec.sideLinks]).toEqual([
      [5, { column: 1, other: 'C3', awayDir: 0, delay: 0.003 }],
      [6, { column: 2, other: 'C3', awayDir: 1, delay: 0.003 }],
    ]);
    // The reverse path and the detour share fibers with it.
    expect([...spec.crossingPaths].sort()).toEqual([0, 1, 2]);
  });

  it('refuses a path the scenario cannot draw', () => {
    expect(pathSpec(LINE, ['E1'])).toBeNull();
    expect(pathSpec(LINE, ['E1', 'X'])).toBeNull();
    expect(pathSpec(LINE, ['E1', 'C2'])).toBeNull(); // no fiber between them
  });

  it('takes the engine’s defaults where the scenario is silent', () => {
    const bare = pathSpec({ nodes: LINE.nodes, links: LINE.links }, ['E1', 'C1'])!;
    expect(bare.controlProcessing).toBe(1e-5);
    expect(bare.reservation).toBe('jet');
    expect(pathSpec({ ...LINE, obs: { reservation: 'jit' } }, ['E1', 'C1'])!.reservation).toBe('jit');
  });
});

describe('path options', () => {
  it('lists each optical path once, a path and its reverse as one choice "and back"', () => {
    const options = pathOptions(LINE_ROUTES);
    expect(options.map((o) => [o.value, o.label])).toEqual([
      ['E1>C1>C2>E2', 'E1 → C1 → C2 → E2 and back'],
      ['E1>C1>C3>C2>E2', 'E1 → C1 → C3 → C2 → E2'],
    ]);
    expect(optionFor(options, 'E2>C2>C1>E1')?.value).toBe('E1>C1>C2>E2');
    expect(optionFor(options, 'E9>E1')).toBeNull();
    expect(pathOptions(null)).toEqual([]);
  });

  it('finds the path a flow’s data and ACKs cross', () => {
    expect(flowPath(LINE_ROUTES, 'tcp1')).toBe('E1>C1>C2>E2');
    expect(flowPath(LINE_ROUTES, 'tcp1', 'ack')).toBe('E2>C2>C1>E1');
    expect(flowPath(LINE_ROUTES, 'nope')).toBeNull();
  });

  it('shows what was asked for in its own direction, else the first flow’s data path', () => {
    const options = pathOptions(LINE_ROUTES);
    expect(choosePath(options, LINE_ROUTES, null)?.nodes).toEqual(['E1', 'C1', 'C2', 'E2']);
    const back = choosePath(options, LINE_ROUTES, 'E2>C2>C1>E1')!;
    expect(back.option.value).toBe('E1>C1>C2>E2');
    expect(back.nodes).toEqual(['E2', 'C2', 'C1', 'E1']);
    expect(choosePath(options, LINE_ROUTES, 'E1>C1>C3>C2>E2')?.nodes).toEqual(['E1', 'C1', 'C3', 'C2', 'E2']);
    expect(choosePath(options, LINE_ROUTES, 'gone')?.nodes).toEqual(['E1', 'C1', 'C2', 'E2']);
    expect(choosePath([], null, null)).toBeNull();
  });

  it('says when a flow’s ACKs come back another way', () => {
    expect(ackPathElsewhere(LINE_ROUTES, 'tcp1', ['E1', 'C1', 'C2', 'E2'])).toBeNull();
    const routes = {
      ...LINE_ROUTES,
      flows: [{ ...LINE_ROUTES.flows[0], ack: { nodes: ['Client', 'E2', 'C2', 'C3', 'C1', 'E1', 'Server'], links: [] } }],
    };
    routes.opticalPaths = [...LINE_ROUTES.opticalPaths, { ingress: 'E2', egress: 'E1', nodes: ['E2', 'C2', 'C3', 'C1', 'E1'], links: [] }];
    expect(ackPathElsewhere(routes, 'tcp1', ['E1', 'C1', 'C2', 'E2'])).toBe('E2>C2>C3>C1>E1');
  });
});
