import { describe, expect, it } from 'vitest';
import { PRESETS, type Scenario } from '@obs-tcp-sim/scenario';
import {
  KEPT_KEY,
  PREVIOUS_KEY,
  readKept,
  readPrevious,
  readSavedScenario,
  recordText,
  STORAGE_KEY,
  type SavedRecord,
} from './savedScenario';
import { memoryStorage } from './testStorage';
import { WorkKeeper } from './workKeeper';

const preset = (id: string) => structuredClone(PRESETS.find((p) => p.id === id)!.scenario) as Scenario;
const named = (name: string, base = 'paper004'): Scenario => ({ ...preset(base), name });
const record = (scenario: Scenario, extra: Partial<SavedRecord> = {}): string =>
  recordText({ scenario, savedAt: 1000, stopped: null, fromLink: false, ...extra });

/** A keeper on a memory storage, with a clock and a timer the test moves by hand. */
function setup(initial: Record<string, string> = {}) {
  const storage = memoryStorage(initial);
  let timer: (() => void) | null = null;
  let now = 10_000;
  const problems: string[] = [];
  const keeper = new WorkKeeper(storage, {
    now: () => now,
    timers: {
      set: (f) => ((timer = f), 1),
      clear: () => {
        timer = null;
      },
    },
  });
  keeper.reportProblem = (message) => problems.push(message);
  return {
    storage,
    keeper,
    problems,
    /** The throttle's delay passes. */
    tick() {
      now += 500;
      const f = timer;
      timer = null;
      f?.();
    },
    main: () => readSavedScenario(storage),
  };
}

describe('the saved work is written only after the user changed the scenario', () => {
  it('what the app shows by itself (the default after a refused link) is never written', () => {
    const work = record(named('my work'));
    const t = setup({ [STORAGE_KEY]: work });
    const fallback = preset('paper000');
    t.keeper.showByApp(fallback);
    t.keeper.settle(); // the opening at start-up is over
    t.keeper.changed(fallback); // the editor store adopting the session's scenario
    t.tick();
    t.keeper.flush();
    expect(t.storage.data.get(STORAGE_KEY)).toBe(work);
    expect(t.storage.writes).toBe(0);
  });

  it('an edit, a slider, a preset picked: written, at most once per interval', () => {
    const t = setup({ [STORAGE_KEY]: record(named('my work')) });
    t.keeper.showByApp(preset('paper000'));
    t.keeper.settle(); // the opening at start-up is over
    t.keeper.changed(named('edit 1'));
    t.keeper.changed(named('edit 2'));
    expect(t.storage.writes).toBe(0);
    t.tick();
    expect(t.storage.writes).toBe(1);
    expect(t.main()).toMatchObject({ kind: 'saved', scenario: { name: 'edit 2' }, savedAt: 10_500, fromLink: false, stopped: null });
  });

  it('the saved work shown as it was: nothing written until it changes', () => {
    const t = setup({ [STORAGE_KEY]: record(named('my work')) });
    const saved = t.keeper.saved;
    if (saved.kind !== 'saved') throw new Error('expected saved work');
    t.keeper.showSaved(saved);
    t.keeper.changed(saved.scenario);
    t.keeper.flush();
    expect(t.storage.writes).toBe(0);
    t.keeper.changed({ ...saved.scenario, seed: 9 });
    t.keeper.flush();
    expect(t.main()).toMatchObject({ scenario: { seed: 9 } });
  });

  it('pending edits are written when the page goes away', () => {
    const t = setup();
    t.keeper.showByApp(preset('paper000'));
    t.keeper.settle(); // the opening at start-up is over
    expect(t.keeper.pending).toBe(false);
    t.keeper.changed(named('edited'));
    expect(t.keeper.pending).toBe(true); // what the page's __obsWritten waits out
    t.keeper.flush();
    expect(t.keeper.pending).toBe(false);
    expect(t.main()).toMatchObject({ scenario: { name: 'edited' } });
  });
});

describe('a valid link replaces the saved work, which is backed up first', () => {
  it('the work goes to the backup slot, the link is saved and marked as a link', () => {
    const t = setup({ [STORAGE_KEY]: record(named('my work')) });
    const link = named('from a link');
    t.keeper.beginOpen(link);
    t.keeper.changed(link); // the store adopts it: not an edit, linkOpened writes it
    expect(t.storage.writes).toBe(0);
    t.keeper.linkOpened(link);
    expect(t.main()).toMatchObject({ scenario: { name: 'from a link' }, fromLink: true });
    expect(readPrevious(t.storage)).toMatchObject({ scenario: { name: 'my work' }, savedAt: 1000, replacedAt: 10_000 });
    expect(t.keeper.getView().previous).toEqual({ name: 'my work', savedAt: 1000, replacedAt: 10_000 });
  });

  it('a second link does not push the real work out of the backup slot', () => {
    const t = setup({ [STORAGE_KEY]: record(named('my work')) });
    t.keeper.linkOpened(named('link 1'));
    t.keeper.linkOpened(named('link 2'));
    expect(readPrevious(t.storage)?.scenario.name).toBe('my work');
    // Once the link is edited, it is the user's work, and the next link backs it up.
    t.keeper.changed(named('link 2, edited'));
    t.tick();
    expect(t.main()).toMatchObject({ fromLink: false });
    t.keeper.linkOpened(named('link 3'));
    expect(readPrevious(t.storage)?.scenario.name).toBe('link 2, edited');
  });

  it('a link the engine refuses at start-up: copies of it and of the default from the store write nothing (found with the hostile links)', () => {
    const work = record(named('my work'));
    const t = setup({ [STORAGE_KEY]: work });
    const link = named('refused by the engine');
    t.keeper.beginOpen(link);
    t.keeper.changed(structuredClone(link)); // the store adopting the scenario being loaded
    t.keeper.openFailed();
    const fallback = preset('paper000');
    t.keeper.showByApp(fallback); // the app's opening goes on until settle()
    t.keeper.changed(structuredClone(link)); // late: the store adopts what the session held
    t.keeper.changed({ ...structuredClone(link), obs: { ...link.obs, burstLoss: { data: 0.5, ack: 0.5 } } }); // ... patched by the sliders
    t.keeper.changed(structuredClone(fallback));
    t.keeper.settle();
    t.tick();
    t.keeper.flush();
    expect(t.storage.data.get(STORAGE_KEY)).toBe(work);
    expect(t.storage.writes).toBe(0);
    // After the app's opening, an edit of the user's is saved as usual.
    t.keeper.changed(named('my edit of the default', 'paper000'));
    t.tick();
    expect(t.main()).toMatchObject({ scenario: { name: 'my edit of the default' } });
  });

  it('a fresh copy of the link from the editor store is not an edit: the link stays marked (found with the hostile links)', () => {
    const t = setup({ [STORAGE_KEY]: record(named('my work')) });
    const link = named('link 1');
    t.keeper.linkOpened(link);
    t.keeper.changed(structuredClone(link)); // the store adopting the loaded scenario
    t.tick();
    t.keeper.flush();
    expect(t.main()).toMatchObject({ scenario: { name: 'link 1' }, fromLink: true });
    t.keeper.linkOpened(named('link 2'));
    expect(readPrevious(t.storage)?.scenario.name).toBe('my work');
  });

  it('the last edits before the link are saved, then backed up', () => {
    const t = setup({ [STORAGE_KEY]: record(named('my work')) });
    t.keeper.showByApp(preset('paper000'));
    t.keeper.settle(); // the opening at start-up is over
    t.keeper.changed(named('edited a moment ago'));
    const link = named('link');
    t.keeper.beginOpen(link);
    t.keeper.linkOpened(link);
    expect(readPrevious(t.storage)?.scenario.name).toBe('edited a moment ago');
  });

  it('a link equal to the saved work backs nothing up; a link the engine refused writes nothing', () => {
    const work = named('my work');
    const t = setup({ [STORAGE_KEY]: record(work) });
    t.keeper.beginOpen(named('refused'));
    t.keeper.openFailed();
    t.keeper.flush();
    expect(t.storage.writes).toBe(0);
    t.keeper.linkOpened(structuredClone(work));
    expect(t.storage.data.has(PREVIOUS_KEY)).toBe(false);
  });

  it('"Restore previous work": the two change places, so nothing is lost either way', () => {
    const t = setup({ [STORAGE_KEY]: record(named('my work')) });
    t.keeper.linkOpened(named('link'));
    const previous = t.keeper.previousRecord()!;
    t.keeper.beginOpen(previous.scenario);
    t.keeper.changed(previous.scenario);
    t.keeper.restored(previous);
    expect(t.main()).toMatchObject({ scenario: { name: 'my work' }, fromLink: false });
    expect(readPrevious(t.storage)).toMatchObject({ scenario: { name: 'link' }, fromLink: true });
  });
});

describe('a record this version cannot read is never written over', () => {
  const newer = JSON.stringify({ format: 2, scenarios: [{ name: 'from the future' }] });

  it("a newer version's record is set aside word for word at once, and the main key left as it is", () => {
    const t = setup({ [STORAGE_KEY]: newer });
    expect(t.keeper.saved).toMatchObject({ kind: 'unreadable', message: expect.stringMatching(/newer version/) });
    expect(readKept(t.storage)).toEqual([{ text: newer, why: expect.stringMatching(/newer version/), keptAt: 10_000 }]);
    expect(t.storage.data.get(STORAGE_KEY)).toBe(newer);
    expect(t.keeper.keptAtOpening()?.text).toBe(newer);
  });

  it("the user's first change writes the main key only once the record is safe elsewhere", () => {
    const t = setup({ [STORAGE_KEY]: newer });
    t.storage.data.delete(KEPT_KEY); // as if setting it aside at opening had failed
    t.keeper.showByApp(preset('paper000'));
    t.keeper.settle(); // the opening at start-up is over
    t.keeper.changed(named('mine'));
    t.tick();
    expect(readKept(t.storage).map((r) => r.text)).toEqual([newer]);
    expect(t.main()).toMatchObject({ scenario: { name: 'mine' } });
  });

  it('if it cannot be set aside (storage full), the main key is not written, and that is said once', () => {
    const t = setup({ [STORAGE_KEY]: newer });
    t.storage.data.delete(KEPT_KEY);
    t.storage.full.add(KEPT_KEY);
    t.keeper.showByApp(preset('paper000'));
    t.keeper.settle(); // the opening at start-up is over
    t.keeper.changed(named('mine'));
    t.tick();
    t.keeper.changed(named('mine again'));
    t.tick();
    expect(t.storage.data.get(STORAGE_KEY)).toBe(newer);
    expect(t.problems).toHaveLength(1);
    expect(t.problems[0]).toMatch(
      /^Your changes are not saved in this browser: the scenario saved there cannot be read by this version and could not be set aside .*QuotaExceededError/,
    );
  });

  it('damaged records and records with a scenario of a newer format are set aside too', () => {
    for (const text of ['{"format":1,"scenario":{"version":1,', JSON.stringify({ format: 1, scenario: { ...named('v2'), version: 2 } })]) {
      const t = setup({ [STORAGE_KEY]: text });
      t.keeper.changed(named('mine'));
      t.tick();
      expect(readKept(t.storage).map((r) => r.text)).toEqual([text]);
    }
  });

  it('a record written meanwhile by another tab of a newer version is set aside before the next write', () => {
    const t = setup({ [STORAGE_KEY]: record(named('my work')) });
    t.keeper.changed(named('mine'));
    t.tick();
    t.storage.data.set(STORAGE_KEY, newer);
    t.keeper.changed(named('mine, edited'));
    t.tick();
    expect(readKept(t.storage).map((r) => r.text)).toEqual([newer]);
    expect(t.main()).toMatchObject({ scenario: { name: 'mine, edited' } });
  });

  it('a saved scenario the engine refused is set aside like an unreadable one', () => {
    const work = record(named('refused by the engine'));
    const t = setup({ [STORAGE_KEY]: work });
    t.keeper.savedRefused('flows[0].foo is not a known field');
    expect(readKept(t.storage)).toEqual([{ text: work, why: 'the engine refused it: flows[0].foo is not a known field', keptAt: 10_000 }]);
    t.storage.data.delete(KEPT_KEY);
    t.keeper.changed(named('mine'));
    t.tick();
    expect(readKept(t.storage).map((r) => r.text)).toEqual([work]);
  });

  it('a kept list this version cannot read becomes one more kept record, not lost', () => {
    const t = setup({ [KEPT_KEY]: 'something else', [STORAGE_KEY]: newer });
    expect(readKept(t.storage).map((r) => r.text)).toEqual(['something else', newer]);
  });

  it('a kept record can be forgotten; the same text is never kept twice', () => {
    const t = setup({ [STORAGE_KEY]: newer });
    t.keeper.savedRefused('x'); // not saved work: no effect
    t.keeper.changed(named('mine'));
    t.tick();
    expect(t.keeper.getView().kept).toHaveLength(1);
    t.keeper.forget(newer);
    expect(t.keeper.getView().kept).toEqual([]);
    expect(t.storage.data.has(KEPT_KEY)).toBe(false);
  });
});

describe('a run the engine stopped is not replayed', () => {
  it('the saved record carries the stop and its reason; an edit or a finished run clears it', () => {
    const t = setup({ [STORAGE_KEY]: record(named('my work')) });
    const saved = t.keeper.saved;
    if (saved.kind !== 'saved') throw new Error('expected saved work');
    t.keeper.showSaved(saved);
    t.keeper.runStopped('the engine crashed: memory access out of bounds');
    expect(t.main()).toMatchObject({
      scenario: { name: 'my work' },
      stopped: { reason: 'the engine crashed: memory access out of bounds', at: 10_000 },
    });
    t.keeper.runFinished();
    expect(t.main()).toMatchObject({ stopped: null });
    t.keeper.runStopped('stopped again');
    t.keeper.changed(named('changed'));
    t.tick();
    expect(t.main()).toMatchObject({ scenario: { name: 'changed' }, stopped: null });
  });

  it('the stop stays while the same scenario is written again (a saved work re-opened)', () => {
    const t = setup({ [STORAGE_KEY]: record(named('my work'), { stopped: { reason: 'budget', at: 1 } }) });
    const saved = t.keeper.saved;
    if (saved.kind !== 'saved') throw new Error('expected saved work');
    t.keeper.showSaved(saved);
    t.keeper.runFinished(); // a finished run of another scenario would not count; this one does
    expect(t.main()).toMatchObject({ stopped: null });
  });

  it('a stop of what the app showed by itself touches nothing (the saved work did not crash)', () => {
    const work = record(named('my work'));
    const t = setup({ [STORAGE_KEY]: work });
    t.keeper.showByApp(preset('paper000'));
    t.keeper.settle(); // the opening at start-up is over
    t.keeper.runStopped('crash');
    expect(t.storage.data.get(STORAGE_KEY)).toBe(work);
  });
});

describe('storage failures are non-fatal and said once', () => {
  it('a full storage', () => {
    const t = setup();
    t.storage.full.add('*');
    for (const name of ['a', 'b', 'c']) {
      t.keeper.changed(named(name));
      t.tick();
    }
    expect(t.problems).toEqual([
      expect.stringMatching(
        /^Your changes are not saved in this browser: the browser refused to store it \(QuotaExceededError.*Save the scenario as a file/,
      ),
    ]);
  });

  it('no storage at all (private mode)', () => {
    const problems: string[] = [];
    const keeper = new WorkKeeper(null, { timers: { set: (f) => (f(), 1), clear: () => {} } });
    keeper.reportProblem = (m) => problems.push(m);
    expect(keeper.saved).toEqual({ kind: 'none' });
    keeper.changed(named('a'));
    keeper.changed(named('b'));
    keeper.linkOpened(named('c'));
    expect(problems).toEqual([expect.stringMatching(/keeps no local storage/)]);
    expect(keeper.getView()).toEqual({ previous: null, kept: [] });
  });
});
