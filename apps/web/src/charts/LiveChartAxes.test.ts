import { describe, expect, it } from 'vitest';
import { timeAxisTitle } from './LiveChartAxes';

describe('timeAxisTitle', () => {
  it('says "simulated time (s)" where it fits under the plot, "time (s)" in a narrow one', () => {
    expect(timeAxisTitle(400, 1)).toBe('simulated time (s)');
    expect(timeAxisTitle(120, 1)).toBe('time (s)');
    // Larger text (presenter mode) needs more room for the long one.
    expect(timeAxisTitle(200, 1.6)).toBe('time (s)');
  });
});
