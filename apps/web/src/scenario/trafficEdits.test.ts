import { describe, expect, it } from 'vitest';
import { validateScenario } from '@obs-tcp-sim/scenario';
import mesh from '../../../../packages/scenario/scenarios/mesh-features.json';
import { newTraffic, readWeight, trafficEdges, uniformRows, withTrafficModel, withWeight } from './trafficEdits';

describe('traffic edits', () => {
  it('lists the edges in node order, the order of the matrix rows', () => {
    expect(trafficEdges(mesh as never)).toEqual(['E0', 'E1', 'E2', 'E3']);
  });

  it('uniform rows: 1 off the diagonal, 0 on it', () => {
    expect(uniformRows(3)).toEqual([
      [0, 1, 1],
      [1, 0, 1],
      [1, 1, 0],
    ]);
  });

  it('sets one weight and leaves the others', () => {
    const rows = uniformRows(3);
    const next = withWeight(rows, 0, 2, 5);
    expect(next[0]).toEqual([0, 1, 5]);
    expect(next[1]).toBe(rows[1]);
    expect(rows[0]).toEqual([0, 1, 1]);
  });

  it('adds a Hurst parameter for self-similar traffic and takes it away for Poisson', () => {
    const ss = withTrafficModel(newTraffic(), 'self-similar');
    expect(ss).toMatchObject({ model: 'self-similar', hurst: 0.8 });
    expect(withTrafficModel({ ...ss, hurst: 0.7 }, 'self-similar').hurst).toBe(0.7);
    expect(withTrafficModel(ss, 'poisson')).not.toHaveProperty('hurst');
  });

  it('refuses a weight naming the cell and the rule', () => {
    expect(readWeight('2.5', 'E0', 'E1')).toEqual({ ok: true, value: 2.5 });
    expect(readWeight('x', 'E0', 'E1')).toEqual({ ok: false, reason: 'The weight from "E0" to "E1" must be a number' });
    expect(readWeight('-1', 'E0', 'E1')).toEqual({ ok: false, reason: 'The weight from "E0" to "E1" must be from 0 to 1e9 (it is -1)' });
    expect(readWeight('', 'E0', 'E1').ok).toBe(false);
  });

  it('what the panel writes passes the schema', () => {
    const base = mesh as never as Parameters<typeof validateScenario>[0];
    for (const traffic of [newTraffic(), { ...newTraffic(), matrix: uniformRows(4) }, withTrafficModel(newTraffic(), 'self-similar')])
      expect(validateScenario({ ...(base as object), traffic } as never)).toEqual([]);
  });
});
