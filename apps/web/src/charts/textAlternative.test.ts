import { describe, expect, it } from 'vitest';
import { latestValues, sampleTable, type DescribedLayer } from './textAlternative';

function layer(label: string, t: number[], v: number[], inTooltip = true): DescribedLayer {
  const times = Float64Array.from(t);
  return {
    label,
    inTooltip,
    source: { length: t.length, column: () => times },
    describe: (i) => `${v[i].toFixed(1)} segments`,
  };
}

describe('a chart in words', () => {
  it('names the latest value of each line shown, at the latest time', () => {
    const text = latestValues('cwnd', [
      layer('tcp1', [0, 1, 2], [1, 2, 4]),
      layer('tcp2', [0, 1], [1, 3]),
      layer('ssthresh', [0], [64], false),
    ]);
    expect(text).toBe('cwnd, latest at 2.000 s: tcp1 4.0 segments; tcp2 3.0 segments.');
  });

  it('says so when there is nothing yet', () => {
    expect(latestValues('RTT', [layer('tcp1', [], [])])).toBe('RTT: no samples yet.');
  });

  it('samples each line at evenly spaced times, with a dash before a line starts', () => {
    const table = sampleTable([layer('tcp1', [0, 1, 2, 3, 4], [1, 2, 4, 8, 16]), layer('tcp2', [3, 4], [1, 2])], 0, 4, 5);
    expect(table.head).toEqual(['time', 'tcp1', 'tcp2']);
    expect(table.rows.map((r) => r[0])).toEqual(['0.000 s', '1.000 s', '2.000 s', '3.000 s', '4.000 s']);
    expect(table.rows.map((r) => r[1])).toEqual(['1.0 segments', '2.0 segments', '4.0 segments', '8.0 segments', '16.0 segments']);
    expect(table.rows.map((r) => r[2])).toEqual(['–', '–', '–', '1.0 segments', '2.0 segments']);
  });

  it('stops at the latest sample: no values past now', () => {
    const table = sampleTable([layer('tcp1', [0, 1, 2], [1, 2, 4])], 0, 20, 3);
    expect(table.rows.map((r) => r[0])).toEqual(['0.000 s', '1.000 s', '2.000 s']);
  });

  it('has no rows for an empty window or no lines', () => {
    expect(sampleTable([], 0, 1).rows).toEqual([]);
    expect(sampleTable([layer('tcp1', [0], [1])], 2, 1).rows).toEqual([]);
  });
});
