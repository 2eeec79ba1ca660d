import { describe, expect, it } from 'vitest';
import { createFocusStore } from './focusStore';

describe('focus store', () => {
  it('starts empty, fills defaults, notifies subscribers, unsubscribes', () => {
    const store = createFocusStore();
    expect(store.get()).toBeNull();
    const seen: Array<number | undefined> = [];
    const off = store.subscribe(() => seen.push(store.get()?.time));
    store.set({ time: 1.5, flow: 0, source: 'log' });
    expect(store.get()).toMatchObject({ time: 1.5, flow: 0, node: -1, link: -1, dir: -1, kind: -1, burst: -1, source: 'log' });
    const first = store.get()!.serial;
    store.set({ time: 1.5, flow: 0, source: 'log' });
    expect(store.get()!.serial).toBeGreaterThan(first); // same focus again still moves
    off();
    store.set(null);
    expect(store.get()).toBeNull();
    expect(seen).toEqual([1.5, 1.5]);
  });
});
