import { describe, expect, it } from 'vitest';
import { createFocusStore } from '../sim/focusStore';
import { followFocus, windowAround } from './followFocus';

describe('charts follow the log focus', () => {
  it('centres about 2 s on the moment, a tenth of a short run', () => {
    expect(windowAround(5, [0, 20])).toEqual([4, 6]);
    expect(windowAround(1, [0, 5])).toEqual([0.75, 1.25]);
  });

  it('applies each focus once, including one set before the charts opened', () => {
    const store = createFocusStore();
    store.set({ time: 1.26, flow: 0, source: 'log' });
    const shown: number[] = [];
    const stop = followFocus(store, (f) => shown.push(f.time));
    expect(shown).toEqual([1.26]);
    // Opened again (another mount): the same focus is not applied twice.
    followFocus(store, (f) => shown.push(f.time))();
    expect(shown).toEqual([1.26]);
    store.set({ time: 3.5, source: 'log' });
    expect(shown).toEqual([1.26, 3.5]);
    stop();
    store.set({ time: 4, source: 'log' });
    expect(shown).toEqual([1.26, 3.5]);
  });
});
