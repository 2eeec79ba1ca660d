import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRESETS, decodeShareHash, type Scenario } from '@obs-tcp-sim/scenario';
import { followInAddressBar, shareHashOf, type AddressTarget } from './addressBar';
import type { StoreState } from './scenarioStore';

const preset = PRESETS[0];
const scenario = () => structuredClone(preset.scenario) as Scenario;

function state(patch: Partial<StoreState> = {}): StoreState {
  const s = scenario();
  return {
    scenario: s,
    presetId: preset.id,
    edited: false,
    undo: [],
    redo: [],
    sync: { kind: 'synced' },
    generation: 0,
    run: { start: s, changes: [], pending: [] },
    runGeneration: 0,
    restart: null,
    restartNotice: null,
    actions: 0,
    guided: 0,
    ...patch,
  };
}

/** A store of one state the test sets. */
function fakeStore(first: StoreState) {
  let current = first;
  const listeners = new Set<() => void>();
  return {
    getState: () => current,
    subscribe: (l: () => void) => (listeners.add(l), () => listeners.delete(l)),
    set(next: StoreState) {
      current = next;
      for (const l of listeners) l();
    },
  };
}

function address(initial = ''): AddressTarget & { writes: string[] } {
  const writes: string[] = [];
  let hash = initial;
  return {
    writes,
    get hash() {
      return hash;
    },
    replace(h) {
      hash = h;
      writes.push(h);
    },
  };
}

describe('the address bar', () => {
  afterEach(() => vi.useRealTimers());

  it('an unchanged preset is its short link; an edited one the scenario with the preset it comes from', () => {
    expect(shareHashOf(state())).toBe(`#preset=${preset.id}`);
    const edited = { ...scenario(), seed: 5 };
    const hash = shareHashOf(state({ scenario: edited, edited: true }));
    const back = decodeShareHash(hash);
    expect(back).toMatchObject({ ok: true, source: 'link', fromPreset: preset.id });
    expect(back.ok && back.source === 'link' && back.scenario.seed).toBe(5);
  });

  it('a run with live changes links to its start and the changes', () => {
    const s = scenario();
    const now = { ...s, obs: { ...s.obs, burstLoss: { ...s.obs.burstLoss, data: 0 } } };
    const hash = shareHashOf(
      state({
        scenario: now,
        edited: true,
        run: { start: s, changes: [{ at: 6.8, path: 'obs.burstLoss.data', value: 0, label: 'x' }], pending: [] },
      }),
    );
    const back = decodeShareHash(hash);
    expect(back.ok && back.source === 'link' && back.scenario.obs.burstLoss.data).toBe(s.obs.burstLoss.data);
    expect(back.ok && back.source === 'link' && back.scenario.liveChanges).toEqual([{ at: 6.8, path: 'obs.burstLoss.data', value: 0 }]);
  });

  it('follows the store at most every delay, and after the first action only when asked', () => {
    vi.useFakeTimers();
    const store = fakeStore(state());
    const bar = address();
    const follow = followInAddressBar(store, bar, { delayMs: 300, afterFirstAction: true });
    expect(bar.hash).toBe('');
    store.set(state({ scenario: { ...scenario(), seed: 2 }, edited: true }));
    vi.advanceTimersByTime(300);
    expect(bar.hash).toBe(''); // the app's own doing: the address stays bare
    store.set(state({ scenario: { ...scenario(), seed: 3 }, edited: true, actions: 1 }));
    store.set(state({ scenario: { ...scenario(), seed: 4 }, edited: true, actions: 2 }));
    expect(bar.writes).toEqual([]);
    expect(follow.pending).toBe(true); // what the page's __obsWritten waits out
    vi.advanceTimersByTime(300);
    expect(follow.pending).toBe(false);
    expect(bar.writes).toHaveLength(1);
    expect(decodeShareHash(bar.hash)).toMatchObject({ ok: true, source: 'link' });
    follow.stop();
  });

  it('shows what an override holds while it holds one (an open lesson), at once, and the scenario again after', () => {
    vi.useFakeTimers();
    const store = fakeStore(state());
    const bar = address();
    let lesson: string | null = null;
    const listeners = new Set<() => void>();
    const override = { get: () => lesson, subscribe: (l: () => void) => (listeners.add(l), () => listeners.delete(l)) };
    const setLesson = (hash: string | null) => {
      lesson = hash;
      for (const l of listeners) l();
    };
    const follow = followInAddressBar(store, bar, { delayMs: 300, override });
    expect(bar.hash).toBe(`#preset=${preset.id}`);
    setLesson('#lesson=a&step=1');
    expect(bar.hash).toBe('#lesson=a&step=1');
    // The lesson's own scenario changes leave the lesson's link in the address.
    store.set(state({ scenario: { ...scenario(), seed: 9 }, edited: true, actions: 1 }));
    vi.advanceTimersByTime(300);
    expect(bar.hash).toBe('#lesson=a&step=1');
    setLesson('#lesson=a&step=2');
    expect(bar.hash).toBe('#lesson=a&step=2');
    setLesson(null);
    expect(decodeShareHash(bar.hash)).toMatchObject({ ok: true, source: 'link', fromPreset: preset.id });
    follow.stop();
    setLesson('#lesson=b');
    expect(decodeShareHash(bar.hash)).toMatchObject({ ok: true, source: 'link' });
  });
});
