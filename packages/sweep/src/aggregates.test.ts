import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { collectAll, parseOutputTerm, percentile, readOutput, reduceValues } from './index';

const summary = {
  aggregate: { goodput: 4 },
  flows: [
    { id: 'a', goodput: 1, completionTime: null },
    { id: 'b', goodput: 3, completionTime: 2.5 },
    { id: 'c', goodput: 0 },
  ],
  links: [
    { id: 'l1', directions: [{ drops: 2 }, { drops: 5 }] },
    { id: 'l2', directions: [{ drops: 1 }] },
  ],
};

describe('outputs over every element of a list (issue 39, item 3)', () => {
  it('reduces what [] reaches: sum, mean, min, max, median, 95th percentile, Jain, count', () => {
    const read = (fn: string) => readOutput(summary, `${fn}(flows[].goodput)`);
    expect(read('sum')).toBe(4);
    expect(read('mean')).toBe(4 / 3);
    expect(read('min')).toBe(0);
    expect(read('max')).toBe(3);
    expect(read('p50')).toBe(1);
    expect(read('p95')).toBeCloseTo(1 + 2 * 0.9, 12);
    expect(read('jain')).toBe((4 * 4) / (3 * 10));
    expect(read('count')).toBe(3);
  });

  it('leaves out nulls and elements without the field, and reaches through nested lists', () => {
    expect(collectAll(summary, 'flows[].completionTime')).toEqual([2.5]);
    expect(readOutput(summary, 'count(flows[].completionTime)')).toBe(1);
    expect(collectAll(summary, 'links[].directions[].drops')).toEqual([2, 5, 1]);
    expect(readOutput(summary, 'max(links[].directions[].drops)')).toBe(5);
    // A ratio of a reduction and a path: the share of the aggregate the flows account for.
    expect(readOutput(summary, 'sum(flows[].goodput) / aggregate.goodput')).toBe(1);
  });

  it('gives null when there is nothing to reduce, or Jain over zeros; count then 0', () => {
    const idle = { flows: [{ goodput: 0 }, { goodput: 0 }], links: [] };
    expect(readOutput(idle, 'jain(flows[].goodput)')).toBeNull();
    expect(readOutput(idle, 'sum(links[].drops)')).toBeNull();
    expect(readOutput(idle, 'count(links[].drops)')).toBe(0);
  });

  it('names what is wrong: a misspelt field, a [] not at a list, a value that is not a number', () => {
    expect(() => readOutput(summary, 'sum(flows[].goodpt)')).toThrow(/^no element has goodpt \(flows\[0\]: /);
    expect(() => readOutput(summary, 'sum(aggregate[].goodput)')).toThrow('aggregate is an object, not a list, so [] means nothing');
    expect(() => readOutput(summary, 'max(flows[].id)')).toThrow('flows[0].id is a string ("a"), not a number');
  });

  it('refuses, when the spec is read, a [] without a function, a function without [], an unknown function', () => {
    expect(() => parseOutputTerm('flows[].goodput')).toThrow('[] (every element) needs a function around it');
    expect(() => parseOutputTerm('sum(flows.goodput)')).toThrow('its path needs [] for every element');
    expect(() => parseOutputTerm('avg(flows[].goodput)')).toThrow('avg(...) is not a function of outputs');
    expect(() => parseOutputTerm('sum(flows[][].goodput)')).toThrow('[] must be followed by a field');
    expect(() => parseOutputTerm('sum(flows[].)')).toThrow();
    expect(parseOutputTerm('p95(links[].ab.utilisation)')).toEqual({ aggregate: 'p95', path: 'links[].ab.utilisation' });
    expect(parseOutputTerm('flows[tcp1].goodput')).toEqual({ path: 'flows[tcp1].goodput' });
  });

  it('percentiles as numpy.percentile (linear): between the closest ranks, within the values', () => {
    expect(percentile([10, 20, 30, 40], 0.5)).toBe(25);
    expect(percentile([40, 10, 30, 20], 0.95)).toBeCloseTo(38.5, 12);
    expect(percentile([7], 0.95)).toBe(7);
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 30 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (xs, q) => {
          const p = percentile(xs, q);
          return p >= Math.min(...xs) - 1e-9 && p <= Math.max(...xs) + 1e-9;
        },
      ),
    );
  });

  it("Jain's index lies in [1/n, 1], 1 exactly when all are equal", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1e9, noNaN: true }), { minLength: 1, maxLength: 30 }), (xs) => {
        const j = reduceValues('jain', xs);
        if (xs.every((x) => x === 0)) return j === null;
        return j !== null && j >= 1 / xs.length - 1e-12 && j <= 1 + 1e-12;
      }),
    );
    expect(reduceValues('jain', [5, 5, 5])).toBe(1);
    expect(reduceValues('jain', [9, 0, 0])).toBeCloseTo(1 / 3, 15);
  });
});
