import { describe, expect, it } from 'vitest';
import { differenceOf, differenceSentence, withinNoise } from './noise';
import { sideNames } from './sideNames';

const mbit = (x: number) => `${(x / 1e6).toFixed(1)} Mbit/s`;

describe('A against B, with the noise of their seeds', () => {
  it("gives Welch's 95 % interval of the difference", () => {
    // Means 10 and 12, sd 1 each, 5 seeds: se = sqrt(0.2 + 0.2), df = 8, t = 2.306.
    const d = differenceOf([8.5, 9.25, 10, 10.75, 11.5], [10.5, 11.25, 12, 12.75, 13.5])!;
    expect(d.diff).toBeCloseTo(2, 12);
    const sd = Math.sqrt(((1.5 ** 2 + 0.75 ** 2) * 2) / 4);
    const half = 2.306004135 * Math.sqrt((2 * sd * sd) / 5);
    expect(d.low).toBeCloseTo(2 - half, 6);
    expect(d.high).toBeCloseTo(2 + half, 6);
    expect(withinNoise(d)).toBe(false);
  });

  it('says when the interval holds 0, and when one seed cannot tell', () => {
    const close = differenceOf([10, 12, 11], [11, 10, 12])!;
    expect(withinNoise(close)).toBe(true);
    expect(differenceSentence('goodput', ['A', 'B'], [10e6, 12e6, 11e6], [11e6, 10e6, 12e6], mbit)).toMatch(
      /^With 3 seeds each, the goodput of B is the same as that of A, within the noise \(95 % interval of the difference: -?\d\.\d Mbit\/s to \d\.\d Mbit\/s, which holds 0\)\.$/,
    );
    expect(differenceSentence('goodput', ['A', 'B'], [10e6], [5e6], mbit)).toBe(
      'With 1 seed each, the goodput of B is 50 % lower than that of A: one seed cannot tell this from noise; run more seeds.',
    );
    expect(differenceSentence('goodput', ['A', 'B'], [10e6, 10.2e6, 9.8e6], [5e6, 5.1e6, 4.9e6], mbit)).toMatch(
      /^With 3 seeds each, the goodput of B is 50 % lower than that of A, more than the noise \(95 % interval of the difference: -5\.\d Mbit\/s to -4\.\d Mbit\/s\)\.$/,
    );
  });
});

describe('A and B named by what differs', () => {
  const base = { dataLoss: 0, ackLoss: 0, tcp: 'reno', seed: 1 };
  it('the loss class that differs, the TCP variant, the seed', () => {
    expect(
      sideNames([
        { ...base, dataLoss: 0.01 },
        { ...base, ackLoss: 0.01 },
      ]),
    ).toEqual(['A: data loss 1 %', 'B: ACK loss 1 %']);
    expect(sideNames([base, { ...base, tcp: 'cubic' }])).toEqual(['A: reno', 'B: cubic']);
    expect(sideNames([base, { ...base, seed: 2 }])).toEqual(['A: seed 1', 'B: seed 2']);
    expect(sideNames([base, { ...base, dataLoss: 0.02 }])).toEqual(['A: data loss 0 %', 'B: data loss 2 %']);
    expect(sideNames([base, base])).toEqual(['A', 'B']);
  });
});
