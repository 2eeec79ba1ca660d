import { describe, expect, it } from 'vitest';
import { restartNotice } from './restartNotice';

const change = (at: number, label: string) => ({ at, path: 'obs.assembly.maxTime', value: 0.005, label });

describe('restartNotice', () => {
  it('says nothing of a run without a record', () => {
    expect(restartNotice({ applied: [], pending: [] })).toBeNull();
  });

  it('names two live changes and counts the rest, and counts the scheduled ones dropped', () => {
    const text = restartNotice({
      applied: [change(1, 'a 1 → 2'), change(2.5, 'b 3 → 4'), change(4, 'c 5 → 6')],
      pending: [{ at: 9, path: 'obs.burstLoss.data', value: 0.01 }],
    });
    expect(text).toContain('Its 3 live changes (a 1 → 2 at 1 s; b 3 → 4 at 2.5 s and 1 more) now hold from the start.');
    expect(text).toContain('A scheduled change not yet reached was dropped.');
  });

  it('speaks of scheduled changes alone when none was reached', () => {
    const text = restartNotice({
      applied: [],
      pending: [
        { at: 9, path: 'p', value: 1 },
        { at: 10, path: 'p', value: 2 },
      ],
    });
    expect(text).toBe(
      'The run started again from t = 0 on the values shown: this edit cannot be made during a run. 2 scheduled changes not yet reached were dropped.',
    );
  });
});
