import { describe, expect, it } from 'vitest';
import { erlangB } from './erlang';
import { reducedLoadFixedPoint } from './fixed-point';
import { dir, network, ring } from './test-networks';

describe('erlangB', () => {
  it('matches the closed form on small cases and stays finite on large ones', () => {
    expect(erlangB(1, 0.5)).toBeCloseTo(0.5 / 1.5, 15);
    // B(2, 1) = (1/2) / (1 + 1 + 1/2)
    expect(erlangB(2, 1)).toBeCloseTo(0.2, 15);
    expect(erlangB(1000, 900)).toBeGreaterThan(0);
    expect(erlangB(1000, 900)).toBeLessThan(0.01);
  });
});

describe('reducedLoadFixedPoint', () => {
  it('on a single link is Erlang-B', () => {
    const r = reducedLoadFixedPoint(network([dir('l', 8)], [[['l'], 5]]));
    expect(r.converged).toBe(true);
    expect(r.linkBlocking[0]).toBeCloseTo(erlangB(8, 5), 14);
    expect(r.routeLoss[0]).toBeCloseTo(erlangB(8, 5), 14);
    expect(r.networkLoss).toBeCloseTo(erlangB(8, 5), 14);
  });

  it('on a tandem of two links with one route thins the load of the second', () => {
    const r = reducedLoadFixedPoint(network([dir('a', 4), dir('b', 6)], [[['a', 'b'], 3]]));
    const b1 = erlangB(4, 3);
    const b2 = erlangB(6, 3 * (1 - b1));
    expect(r.linkBlocking[0]).toBeCloseTo(b1, 14);
    expect(r.linkBlocking[1]).toBeCloseTo(b2, 14);
    expect(r.linkOffered[1]).toBeCloseTo(3 * (1 - b1), 14);
    expect(r.routeLoss[0]).toBeCloseTo(1 - (1 - b1) * (1 - b2), 14);
  });

  it('a buffered link (an edge add hop) loses nothing', () => {
    const add = { ...dir('add', 1), buffered: true };
    const r = reducedLoadFixedPoint(network([add, dir('l', 4)], [[['add', 'l'], 2]]));
    expect(r.linkBlocking[0]).toBe(0);
    expect(r.routeLoss[0]).toBeCloseTo(erlangB(4, 2), 14);
  });

  it('converges on a ring, to a symmetric solution that satisfies the fixed-point equations', () => {
    const net = ring(6, 8, 2.5);
    const r = reducedLoadFixedPoint(net);
    expect(r.converged).toBe(true);
    const b = r.linkBlocking[0];
    for (const x of r.linkBlocking) expect(x).toBeCloseTo(b, 12);
    // Each direction: one-hop 2.5, two-hop first hop 2.5, two-hop second hop 2.5·(1 − b).
    expect(b).toBeCloseTo(erlangB(8, 2.5 * (3 - b)), 12);
    const total = 4 * 2.5;
    expect(r.networkLoss).toBeCloseTo((2 * 2.5 * b + 2 * 2.5 * (1 - (1 - b) ** 2)) / total, 12);
  });

  it('is monotone in the load', () => {
    let last = 0;
    for (const a of [0.5, 1, 2, 3, 4, 6, 8]) {
      const r = reducedLoadFixedPoint(ring(5, 8, a));
      expect(r.converged).toBe(true);
      expect(r.networkLoss).toBeGreaterThan(last);
      last = r.networkLoss;
    }
  });
});
