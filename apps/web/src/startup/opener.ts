/**
 * Carries out what `decideOpening` chose (decideOpening.ts), with the engine's verdict, and the
 * other ways to open saved work: "Open my saved work" after a refused link, "Restore
 * previous work" in the Share & files menu. It tells the WorkKeeper what happened, so
 * storage changes only for what the user did.
 */
import { oneLine, ScenarioError, type Scenario } from '@obs-tcp-sim/scenario';
import { keptDownload } from '../storage/savedScenario';
import { noticeActions as pageNoticeActions, type NoticeAction, type NoticeActions } from '../controls/noticeActions';
import {
  decideOpening,
  defaultPresetScenario,
  presetIdOf,
  refusedLinkAtStart,
  refusedLinkOnScreen,
  savedNotOpened,
  stoppedNotice,
  type Offer,
  type Opening,
} from './decideOpening';
import type { WorkKeeper } from '../storage/workKeeper';

/** What the opener needs from the session (SimController's public API). */
export interface SessionLike {
  getState(): { phase: string; error: string | null };
  subscribe(listener: () => void): () => void;
  notify(message: string): void;
}

/** What opens a scenario: the engine loads it, then the scenario store takes it (store/engineSync.ts `open`). */
export interface OpenAction {
  open(scenario: Scenario, options: { label?: string; presetId?: string | null; play?: boolean }): Promise<void>;
}

export type Download = (fileName: string, text: string, type: string) => void;

export class Opener {
  /** A lesson link was opened and its scenario is on screen: the lesson starts at its step (main.tsx sets it). */
  lessonOpened: (lesson: NonNullable<Opening['lesson']>) => void = () => {};
  /**
   * Work opened on purpose (a link, the saved work, the previous work) is on screen and
   * saved: main.tsx writes the address bar at once. Its usual write waits out a delay, and
   * a reload within it opened the address's old link over what was just restored.
   */
  workSaved: () => void = () => {};

  constructor(
    private readonly session: SessionLike,
    private readonly sync: OpenAction,
    private readonly keeper: WorkKeeper,
    private readonly download: Download,
    private readonly actions: NoticeActions = pageNoticeActions,
  ) {
    keeper.reportProblem = (message) => this.say(message, []);
  }

  /**
   * The page opens on `opening` (decideOpening with what storage held), already given to
   * the session as its first scenario. If the engine refuses it, the default is shown and
   * the storage left as it was.
   */
  /** Resolves to true when what was asked for is on screen (false: refused, the default shown). */
  async openAtStart(opening: Opening & { scenario: Scenario }): Promise<boolean> {
    const { scenario, source } = opening;
    const isLink = source === 'link' || source === 'preset-link';
    if (isLink) this.keeper.beginOpen(scenario);
    else if (source === 'saved' && this.keeper.saved.kind === 'saved') this.keeper.showSaved(this.keeper.saved);
    else this.keeper.showByApp(scenario);
    const refusal = await this.firstLoad(scenario, opening.play, opening.presetId === '' ? null : opening.presetId);
    if (refusal === null) {
      if (isLink) this.keeper.linkOpened(scenario);
      if (opening.notice) this.say(opening.notice, opening.offers);
      if (opening.lesson) this.lessonOpened(opening.lesson);
    } else if (source === 'default') {
      this.say(`The default scenario could not be opened: ${oneLine(refusal, 300)}.`, []);
    } else {
      this.keeper.openFailed();
      let told: Pick<Opening, 'notice' | 'offers'>;
      if (source === 'saved') {
        this.keeper.savedRefused(refusal);
        told = savedNotOpened(refusal);
      } else {
        told = refusedLinkAtStart(refusal, this.keeper.saved);
      }
      const fallback = defaultPresetScenario();
      this.keeper.showByApp(fallback.scenario);
      await this.sync.open(fallback.scenario, { play: true, presetId: fallback.presetId }).catch(() => {});
      this.say(told.notice!, told.offers);
    }
    this.keeper.settle();
    this.watchRuns();
    return refusal === null;
  }

  /**
   * A link pasted into the open page (only the hash changed). Returns null at once if the
   * hash holds no link (nothing to do), else the opening under way.
   */
  openPasted(hash: string): Promise<void> | null {
    const opening = decideOpening(hash, null);
    if (!opening.scenario) {
      if (opening.notice === null) return null;
      this.say(opening.notice, opening.offers);
      return Promise.resolve();
    }
    return this.openLink(opening.scenario, opening);
  }

  private async openLink(scenario: Scenario, { presetId, play, lesson }: Opening): Promise<void> {
    this.keeper.beginOpen(scenario);
    try {
      await this.sync.open(scenario, {
        label: lesson ? 'open lesson link' : 'open link',
        play,
        presetId: presetId === '' ? null : presetId,
      });
    } catch (error) {
      this.keeper.openFailed();
      this.say(refusedLinkOnScreen(error instanceof Error ? error.message : String(error)), []);
      return;
    }
    this.keeper.linkOpened(scenario);
    this.workSaved();
    if (lesson) this.lessonOpened(lesson);
  }

  /** "Open my saved work": what storage holds now, after a link that could not be opened. */
  async openSaved(): Promise<void> {
    const saved = this.keeper.readSaved();
    if (saved.kind !== 'saved') {
      this.say('There is no saved work this version can open any more (another tab may have changed it).', []);
      return;
    }
    if (!(await this.openKept(saved, 'open saved work'))) return;
    this.keeper.openFailed();
    this.keeper.showSaved(saved);
    this.workSaved();
    if (saved.stopped) this.say(stoppedNotice(saved.stopped), []);
  }

  /**
   * Opens kept work (saved in this browser, or replaced by a link) as the edit `label`,
   * playing unless it had stopped. False when the engine refused it: the session says why,
   * and the scenario on screen stays.
   */
  private async openKept(kept: { scenario: Scenario; stopped?: unknown }, label: string): Promise<boolean> {
    this.keeper.beginOpen(kept.scenario);
    try {
      await this.sync.open(kept.scenario, { label, play: !kept.stopped, presetId: presetIdOf(kept.scenario) || null });
    } catch {
      this.keeper.openFailed();
      return false;
    }
    return true;
  }

  /** "Restore previous work": the work a link replaced comes back, and the two change places. */
  async restorePrevious(): Promise<void> {
    const record = this.keeper.previousRecord();
    if (!record) return;
    if (!(await this.openKept(record, 'restore previous work'))) return;
    this.keeper.restored(record);
    this.workSaved();
    if (record.stopped) this.say(stoppedNotice(record.stopped), []);
  }

  /** Downloads a record set aside (the one from the page's opening if no text is given). */
  downloadKept(text?: string): void {
    const record = text === undefined ? this.keeper.keptAtOpening() : (this.keeper.getView().kept.find((r) => r.text === text) ?? null);
    if (!record) return;
    const file = keptDownload(record);
    this.download(file.fileName, file.text, file.type);
  }

  /** A notice with its buttons. */
  say(text: string, offers: Offer[]): void {
    this.actions.set(
      text,
      offers.map((offer) => this.action(offer)),
    );
    this.session.notify(text);
  }

  private action(offer: Offer): NoticeAction {
    switch (offer) {
      case 'open-saved':
        return { label: 'Open my saved work', testId: 'notice-open-saved', run: () => void this.openSaved() };
      case 'download-kept':
        return { label: 'Download it', testId: 'notice-download-kept', run: () => this.downloadKept() };
    }
  }

  /** The first load: running at once, or paused after a run the engine stopped. Returns the refusal, else null. */
  private async firstLoad(scenario: Scenario, play: boolean, presetId: string | null): Promise<string | null> {
    try {
      // Not an undo step: the page opening.
      await this.sync.open(scenario, { play, presetId });
      return null;
    } catch (error) {
      // The engine failed, not the scenario (its code did not load): the session's banner
      // says so and Reset tries again; nothing is refused, and the saved work stays as it is.
      if (!(error instanceof ScenarioError)) return null;
      return error instanceof Error ? error.message : String(error);
    }
  }

  /** From now on a run the engine stops (phase 'error') or that finishes is told to the keeper. */
  private watchRuns(): void {
    let phase = this.session.getState().phase;
    this.session.subscribe(() => {
      const state = this.session.getState();
      if (state.phase === phase) return;
      phase = state.phase;
      if (phase === 'error') this.keeper.runStopped(state.error ?? 'the engine stopped without a message');
      else if (phase === 'finished') this.keeper.runFinished();
    });
  }
}
