import { describe, expect, it } from 'vitest';
import { DEFAULT_PRESET_ID, PRESETS, ScenarioError, encodeShareHash, type Scenario } from '@obs-tcp-sim/scenario';
import { NoticeActions } from '../controls/noticeActions';
import { Opener, type OpenAction, type SessionLike } from './opener';
import { KEPT_KEY, readKept, readPrevious, readSavedScenario, recordText, STORAGE_KEY, type SavedRecord } from '../storage/savedScenario';
import { decideOpening } from './decideOpening';
import { memoryStorage } from '../storage/testStorage';
import { WorkKeeper } from '../storage/workKeeper';

const preset = (id: string) => structuredClone(PRESETS.find((p) => p.id === id)!.scenario) as Scenario;
const named = (name: string): Scenario => ({ ...preset('paper004'), name });
const record = (scenario: Scenario, extra: Partial<SavedRecord> = {}) =>
  recordText({ scenario, savedAt: 1000, stopped: null, fromLink: false, ...extra });

/**
 * The session as the page has it: start() runs the first scenario, loadScenario replaces
 * it unless the engine refuses it, and the editor store follows (keeper.changed), as
 * main.tsx wires it.
 */
class FakeSession implements SessionLike, OpenAction {
  phase = 'loading';
  error: string | null = null;
  notice: string | null = null;
  scenario: Scenario;
  calls: string[] = [];
  /** Names of scenarios the engine refuses. */
  refuse = new Set<string>();
  private listeners = new Set<() => void>();
  keeper: WorkKeeper | null = null;

  constructor(first: Scenario) {
    this.scenario = first;
  }
  async loadScenario(scenario: Scenario, options: { play?: boolean }) {
    this.calls.push(`load ${scenario.name}${options.play ? ' playing' : ' paused'}`);
    if (this.refuse.has(scenario.name)) throw new ScenarioError(`the engine refused "${scenario.name}"`);
    this.scenario = scenario;
    this.keeper?.changed(scenario); // the editor store adopts it
    this.set(options.play ? 'running' : 'paused');
  }
  /** The scenario store's open: a load, then the store hands the scenario to the keeper. */
  open(scenario: Scenario, options: { play?: boolean }) {
    return this.loadScenario(scenario, { play: options.play ?? true });
  }
  getState = () => ({ phase: this.phase, error: this.error });
  subscribe(listener: () => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  notify(message: string) {
    this.notice = message;
  }
  set(phase: string, error: string | null = null) {
    this.phase = phase;
    this.error = error;
    for (const l of this.listeners) l();
  }
}

/** The page opening on `hash` with `initial` in storage: what main.tsx does. */
async function openPage(hash: string, initial: Record<string, string> = {}, refuse: string[] = []) {
  const storage = memoryStorage(initial);
  const keeper = new WorkKeeper(storage, { timers: { set: (f) => (queueMicrotask(f), 1), clear: () => {} } });
  const start = decideOpening(hash, keeper.saved);
  const session = new FakeSession(start.scenario!);
  session.keeper = keeper;
  for (const name of refuse) session.refuse.add(name);
  const downloads: Array<{ fileName: string; text: string }> = [];
  const actions = new NoticeActions();
  const opener = new Opener(session, session, keeper, (fileName, text) => downloads.push({ fileName, text }), actions);
  await opener.openAtStart({ ...start, scenario: start.scenario! });
  await Promise.resolve();
  const press = async (testId: string) => {
    const action = actions.for(session.notice).find((a) => a.testId === testId);
    if (!action) throw new Error(`no ${testId} in the notice "${session.notice}"`);
    action.run();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { storage, keeper, session, opener, downloads, actions, press };
}

describe('the page opening', () => {
  it('a refused link: the default runs, the saved work is untouched, and the notice offers it', async () => {
    const work = record(named('my work'));
    const page = await openPage('#s=1.AAAA', { [STORAGE_KEY]: work });
    expect(page.session.calls).toEqual([`load ${preset(DEFAULT_PRESET_ID).name} playing`]);
    expect(page.session.notice).toMatch(
      /^This link could not be opened: .*Showing the default scenario instead\. Your saved work is kept\.$/,
    );
    await new Promise((r) => setTimeout(r, 0));
    expect(page.storage.data.get(STORAGE_KEY)).toBe(work);
    expect(page.storage.writes).toBe(0);
    await page.press('notice-open-saved');
    expect(page.session.calls.at(-1)).toBe('load my work playing');
    expect(page.storage.data.get(STORAGE_KEY)).toBe(work);
  });

  it('a valid link: opened running; the saved work is backed up, then replaced', async () => {
    const page = await openPage(encodeShareHash(named('shared')), { [STORAGE_KEY]: record(named('my work')) });
    expect(page.session.calls).toEqual(['load shared playing']);
    expect(readSavedScenario(page.storage)).toMatchObject({ scenario: { name: 'shared' }, fromLink: true });
    expect(readPrevious(page.storage)?.scenario.name).toBe('my work');
    // "Restore previous work": saved, and said at once (the address bar follows then, not
    // after its delay, or a reload in between reopened the link over the restored work).
    const saidSaved: string[] = [];
    page.opener.workSaved = () => saidSaved.push(readSavedScenario(page.storage).kind === 'saved' ? 'saved' : 'not yet');
    await page.opener.restorePrevious();
    expect(page.session.calls.at(-1)).toBe('load my work playing');
    expect(readSavedScenario(page.storage)).toMatchObject({ scenario: { name: 'my work' } });
    expect(readPrevious(page.storage)?.scenario.name).toBe('shared');
    expect(saidSaved).toEqual(['saved']);
  });

  it('a valid link the engine refuses: the default, storage untouched, the saved work offered', async () => {
    const work = record(named('my work'));
    const page = await openPage(encodeShareHash(named('too much')), { [STORAGE_KEY]: work }, ['too much']);
    expect(page.session.calls).toEqual(['load too much playing', `load ${preset(DEFAULT_PRESET_ID).name} playing`]);
    expect(page.session.notice).toBe(
      'This link could not be opened: the engine refused "too much". Showing the default scenario instead. Your saved work is kept.',
    );
    expect(page.actions.for(page.session.notice).map((a) => a.testId)).toEqual(['notice-open-saved']);
    await new Promise((r) => setTimeout(r, 0));
    expect(page.storage.data.get(STORAGE_KEY)).toBe(work);
    expect(page.storage.data.has('obs-tcp-sim.previous')).toBe(false);
  });

  it('a record of a newer version: the default, the record kept and offered for download, untouched until the user acts', async () => {
    const newer = JSON.stringify({ format: 2, scenario: { name: 'from the future' } });
    const page = await openPage('', { [STORAGE_KEY]: newer });
    expect(page.session.notice).toMatch(
      /^The scenario saved in this browser could not be opened: it was saved by a newer version .*It is kept as it was/,
    );
    expect(page.storage.data.get(STORAGE_KEY)).toBe(newer);
    await page.press('notice-download-kept');
    expect(page.downloads).toEqual([{ fileName: 'saved-scenario.json', text: '{\n  "name": "from the future"\n}\n' }]);
    // The user edits: the main key is written, the record stays set aside.
    page.keeper.changed(named('mine'));
    await new Promise((r) => setTimeout(r, 0));
    expect(readSavedScenario(page.storage)).toMatchObject({ scenario: { name: 'mine' } });
    expect(readKept(page.storage).map((r) => r.text)).toEqual([newer]);
  });

  it('a saved scenario the engine refuses: the default, the record set aside and offered', async () => {
    const work = record(named('not any more'));
    const page = await openPage('', { [STORAGE_KEY]: work }, ['not any more']);
    expect(page.session.notice).toMatch(
      /^The scenario saved in this browser could not be opened: the engine refused "not any more"\. It is kept as it was/,
    );
    expect(JSON.parse(page.storage.data.get(KEPT_KEY)!).records[0].text).toBe(work);
    expect(page.storage.data.get(STORAGE_KEY)).toBe(work);
  });

  it('a saved scenario whose last run the engine stopped: loaded paused, never started, with why', async () => {
    const page = await openPage('', {
      [STORAGE_KEY]: record(named('crashes'), { stopped: { reason: 'memory access out of bounds', at: 5 } }),
    });
    expect(page.session.calls).toEqual(['load crashes paused']);
    expect(page.session.phase).toBe('paused');
    expect(page.session.notice).toBe(
      'The last run of this scenario was stopped: memory access out of bounds. It is loaded but not started: press Play to run it anyway.',
    );
  });

  it('a lesson link at start: its scenario paused, then the lesson; a broken one: the default, the work kept and offered', async () => {
    const work = record(named('my work'));
    const started: string[] = [];
    const storage = memoryStorage({ [STORAGE_KEY]: work });
    const keeper = new WorkKeeper(storage, { timers: { set: (f) => (queueMicrotask(f), 1), clear: () => {} } });
    const start = decideOpening('#lesson=burst-and-offset', keeper.saved);
    const session = new FakeSession(start.scenario!);
    const opener = new Opener(session, session, keeper, () => {}, new NoticeActions());
    opener.lessonOpened = ({ lesson, step }) => started.push(`${lesson.id} step ${step + 1}`);
    await opener.openAtStart({ ...start, scenario: start.scenario! });
    expect(session.calls).toEqual([`load ${preset('first-lesson').name} paused`]);
    expect(started).toEqual(['burst-and-offset step 1']);

    const broken = await openPage('#lesson=burst-and-offset&step=0', { [STORAGE_KEY]: work });
    expect(broken.session.calls).toEqual([`load ${preset(DEFAULT_PRESET_ID).name} playing`]);
    expect(broken.session.notice).toBe(
      'This link could not be opened: the lesson "burst-and-offset" has steps 1 to 5; the link asks for step "0". Showing the default scenario instead. Your saved work is kept.',
    );
    await new Promise((r) => setTimeout(r, 0));
    expect(broken.storage.data.get(STORAGE_KEY)).toBe(work);
  });

  it('a run the engine stops afterwards is recorded with the saved work; a refused link run is not', async () => {
    const page = await openPage('', { [STORAGE_KEY]: record(named('my work')) });
    page.session.set('error', 'the run passed its budget of 1e9 events');
    expect(readSavedScenario(page.storage)).toMatchObject({
      scenario: { name: 'my work' },
      stopped: { reason: 'the run passed its budget of 1e9 events' },
    });
    page.session.set('finished');
    expect(readSavedScenario(page.storage)).toMatchObject({ stopped: null });

    const work = record(named('my work'));
    const other = await openPage('#preset=nope', { [STORAGE_KEY]: work });
    other.session.set('error', 'crash');
    expect(other.storage.data.get(STORAGE_KEY)).toBe(work);
  });
});

describe('a link pasted into the open page', () => {
  it('goes through the same decision: valid opens and backs up; bad keeps the screen; none does nothing', async () => {
    const page = await openPage('', { [STORAGE_KEY]: record(named('my work')) });
    expect(page.opener.openPasted('')).toBeNull();
    await page.opener.openPasted('#s=1.AAAA');
    expect(page.session.notice).toMatch(/^This link could not be opened: .*Your scenario is unchanged\.$/);
    expect(page.session.calls).toEqual(['load my work playing']);
    await page.opener.openPasted(encodeShareHash(named('pasted')));
    expect(page.session.calls.at(-1)).toBe('load pasted playing');
    expect(readSavedScenario(page.storage)).toMatchObject({ scenario: { name: 'pasted' }, fromLink: true });
    expect(readPrevious(page.storage)?.scenario.name).toBe('my work');
  });

  it('a lesson link opens its scenario paused, backs up the work, and hands the lesson over', async () => {
    const page = await openPage('', { [STORAGE_KEY]: record(named('my work')) });
    const started: string[] = [];
    page.opener.lessonOpened = ({ lesson, step }) => started.push(`${lesson.id} step ${step + 1}`);
    await page.opener.openPasted('#lesson=data-vs-ack-loss&step=4');
    expect(page.session.calls.at(-1)).toBe(`load ${preset('first-lesson').name} paused`);
    expect(started).toEqual(['data-vs-ack-loss step 4']);
    expect(readPrevious(page.storage)?.scenario.name).toBe('my work');
    await page.opener.openPasted('#lesson=nope');
    expect(page.session.notice).toMatch(/^This link could not be opened: there is no lesson "nope"; .* Your scenario is unchanged\.$/);
    expect(started).toHaveLength(1);
  });

  it('a valid link the engine refuses leaves the work and the backup as they were', async () => {
    const work = record(named('my work'));
    const page = await openPage('', { [STORAGE_KEY]: work }, ['refused']);
    await page.opener.openPasted(encodeShareHash(named('refused')));
    expect(page.session.notice).toBe('This link could not be opened: the engine refused "refused". Your scenario is unchanged.');
    expect(page.storage.data.get(STORAGE_KEY)).toBe(work);
    expect(page.storage.data.has('obs-tcp-sim.previous')).toBe(false);
  });
});
