import { describe, expect, it } from 'vitest';
import { layoutChangeFlags, FLAG_HEIGHT } from './changeFlags';

// 1 px a second, 6 px a character: flags as wide as their words.
const x = (t: number) => t * 100;
const measure = (text: string) => text.length * 6;
const change = (at: number, label = 'loss 1 → 2 %') => ({ at, label });
const covers = (a: { left: number; top: number; width: number }, b: { left: number; top: number; width: number }) =>
  a.top < b.top + FLAG_HEIGHT && b.top < a.top + FLAG_HEIGHT && a.left < b.left + b.width && b.left < a.left + a.width;

describe('live changes flags on a chart', () => {
  it('sit right of their line, in the top row, when apart', () => {
    const flags = layoutChangeFlags([change(1), change(5)], x, 0, 10, 1000, measure);
    expect(flags.map((f) => [f.left, f.top])).toEqual([
      [102, 2],
      [502, 2],
    ]);
  });

  it('flip left of the line rather than be cut at the right edge', () => {
    const [flag] = layoutChangeFlags([change(9.5)], x, 0, 10, 1000, measure);
    expect(flag.left + flag.width).toBeLessThanOrEqual(950);
  });

  it('take the next row when close, and join into a group past three rows: never one over another', () => {
    const flags = layoutChangeFlags([change(1), change(1.1), change(1.2), change(1.3), change(1.35)], x, 0, 10, 1000, measure);
    expect(flags.map((f) => f.top)).toEqual([2, 19, 36]);
    const group = flags.find((f) => f.count > 1)!;
    expect(group.text).toBe('3 changes, 1.2–1.35 s');
    expect(flags.reduce((n, f) => n + f.count, 0)).toBe(5);
    for (let i = 0; i < flags.length; i++) for (let j = i + 1; j < flags.length; j++) expect(covers(flags[i], flags[j])).toBe(false);
  });

  it('leave out changes outside the window', () => {
    expect(layoutChangeFlags([change(1), change(20)], x, 0, 10, 1000, measure)).toHaveLength(1);
  });
});
