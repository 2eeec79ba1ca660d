import { describe, expect, it } from 'vitest';
import type { SweepResults } from '@obs-tcp-sim/sweep';
import type { RunModels } from '../theory/sweepOverlay';
import { theoryOverlays } from './sweepTheory';

/** Two points, two seeds each: the first point's runs lost nothing. */
const results = {
  sweep: { seeds: [1, 2], outputs: ['aggregate.goodput'] },
  points: [
    { point: 0, values: [0.001], runs: 2, outputs: [{ mean: 8e7 }] },
    { point: 1, values: [0.01], runs: 2, outputs: [{ mean: 2e7 }] },
  ],
  runs: [],
} as unknown as SweepResults;

const models = new Map<number, RunModels>([
  [0, { mathis: 2e8, padhye: 1e8, p: 1e-4, rtt: 0.01 }],
  [1, { mathis: 4e8, padhye: 3e8, p: 3e-4, rtt: 0.03 }],
  [2, { mathis: 5e7, padhye: 4e7, p: 0.002, rtt: 0.02 }],
  [3, { mathis: null, padhye: null, p: 0, rtt: 0.02 }],
]);

describe('the closed forms over a sweep', () => {
  it('per point the mean of its runs, in the plot units, Padhye then Mathis', () => {
    const [padhye, mathis] = theoryOverlays(results, models, { normalised: false, xScale: 100, yDivide: 1e6, unit: 'Mbit/s' });
    expect(padhye.key).toBe('padhye');
    expect(padhye.points.map((p) => [p.x, p.y])).toEqual([
      [0.1, 200],
      [1, 40],
    ]);
    expect(mathis.points.map((p) => p.y)).toEqual([300, 50]);
    expect(padhye.points[0].title).toBe('Padhye: 200 Mbit/s at p = 0.02 %, RTT = 20 ms (means over 2 of 2 runs)');
    expect(padhye.points[1].title).toContain('1 of 2 runs');
    expect(padhye.label).toBe("Padhye at each point's measured p and RTT");
  });

  it('normalised like the points: by the first point’s measured mean', () => {
    const [padhye] = theoryOverlays(results, models, { normalised: true, xScale: 1, yDivide: 1e6, unit: '' });
    expect(padhye.points.map((p) => p.y)).toEqual([2.5, 0.5]);
    expect(padhye.points[0].title).toContain('(normalised)');
  });

  it('nothing without values', () => {
    expect(theoryOverlays(results, new Map(), { normalised: false, xScale: 1, yDivide: 1, unit: '' })).toEqual([]);
  });
});
