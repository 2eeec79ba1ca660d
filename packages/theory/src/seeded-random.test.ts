import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random';

const draw = (seed: number, n: number) => Array.from({ length: n }, seededRandom(seed));

describe('seededRandom', () => {
  it('gives the same numbers for the same seed, in [0, 1)', () => {
    const numbers = draw(18, 1000);
    expect(draw(18, 1000)).toEqual(numbers);
    for (const x of numbers) expect(x >= 0 && x < 1).toBe(true);
  });

  it('is mulberry32: its first numbers for seed 18, exact on every machine', () => {
    expect(draw(18, 3)).toEqual([0.39816198823973536, 0.6033986730035394, 0.5262760161422193]);
  });

  it('gives other numbers for another seed', () => {
    expect(draw(19, 3)).not.toEqual(draw(18, 3));
  });
});
