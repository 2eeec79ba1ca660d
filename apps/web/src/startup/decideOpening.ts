/**
 * What a link in the address, or the work saved in this browser, puts on screen: one
 * function, `decideOpening`, for the page being opened and for a link pasted into an open
 * page, so the two cannot disagree.
 *
 * - A valid link (#s=... or #preset=...) opens, replacing what is on screen; the saved
 *   work it replaces is backed up first (storage/workKeeper.ts).
 * - A link that cannot be opened changes nothing the user owns: an open page keeps its
 *   scenario; a page being opened shows the default scenario (whoever clicked a link
 *   expects that link, not their old work, and is told it failed), leaves storage as it
 *   is, and offers to open the saved work instead.
 * - No link: the saved work, paused if the engine stopped its last run; else the default.
 *
 * Every message quotes outside text through `oneLine`: a link can hold anything.
 */
import { DEFAULT_PRESET_ID, PRESETS, decodeShareHash, oneLine, type Scenario, type ShareHashResult } from '@obs-tcp-sim/scenario';
import type { Lesson } from '../lessons/lessonFormat';
import { readLessonLink } from '../lessons/lessonLink';
import { scenarioAtStep } from '../lessons/lessonScenario';
import { canonical } from '../store/syncPlan';
import type { SavedRead, StopMark } from '../storage/savedScenario';

/** What a notice may offer to do, as a button. */
export type Offer = 'open-saved' | 'download-kept';

export interface Opening {
  /** What to show; null leaves the scenario on screen as it is. */
  scenario: Scenario | null;
  /** The preset it is or comes from (an edited preset's link names it), or ''. */
  presetId: string;
  /** Where it comes from ('none': nothing opens). */
  source: 'link' | 'preset-link' | 'saved' | 'default' | 'none';
  /** Run at once (the app opens running), or load paused (the engine stopped its last run). */
  play: boolean;
  /** What the page says about it, or null. */
  notice: string | null;
  offers: Offer[];
  /** A lesson link (#lesson=): the lesson to open at this step (0-based) once its scenario is on screen. */
  lesson?: { lesson: Lesson; step: number };
}

/** Outside text (an engine's or a decoder's message) inside one of our sentences. */
const REASON_MAX = 300;
const reason = (text: string) => oneLine(text, REASON_MAX);

export function defaultPresetScenario(): { scenario: Scenario; presetId: string } {
  const preset = PRESETS.find((p) => p.id === DEFAULT_PRESET_ID) ?? PRESETS[0];
  // A copy: presets are frozen and shared.
  return { scenario: structuredClone(preset.scenario) as Scenario, presetId: preset.id };
}

import { presetIdOf } from '../store/presetMatch';

export { presetIdOf };

/**
 * @param hash `location.hash`
 * @param saved what storage holds, for a page being opened; null for a link pasted into an
 *   open page (its scenario on screen is the user's work).
 */
export function decideOpening(hash: string, saved: SavedRead | null): Opening {
  // A lesson link opens like a preset link, on the scenario of the step it names, paused
  // for the lesson to arm the step's pause first; a broken one is refused like a broken #s=.
  const lesson = readLessonLink(hash);
  if (lesson?.ok) {
    const { scenario, presetId } = scenarioAtStep(lesson.lesson, lesson.step);
    return {
      scenario,
      presetId,
      source: 'preset-link',
      play: false,
      notice: null,
      offers: [],
      lesson: { lesson: lesson.lesson, step: lesson.step },
    };
  }
  const link: ShareHashResult = lesson ? { ok: false, error: { message: lesson.message } } : decodeShareHash(hash);
  if (link.ok && link.source === 'link') {
    const presetId = presetIdOf(link.scenario) || (link.fromPreset ?? '');
    // The page's own address (a reload) links to the saved work: if the engine stopped its
    // last run, it opens paused, as the saved work would.
    const stopped =
      saved?.kind === 'saved' && saved.stopped && canonical(saved.scenario) === canonical(link.scenario) ? saved.stopped : null;
    if (stopped) return { scenario: link.scenario, presetId, source: 'link', play: false, notice: stoppedNotice(stopped), offers: [] };
    return { scenario: link.scenario, presetId, source: 'link', play: true, notice: null, offers: [] };
  }
  if (link.ok && link.source === 'preset') {
    return { scenario: link.scenario, presetId: link.presetId, source: 'preset-link', play: true, notice: null, offers: [] };
  }
  if (!link.ok) {
    if (saved === null) return keepScreen(refusedLinkOnScreen(link.error.message));
    return { ...defaultOpening(), ...refusedLinkAtStart(link.error.message, saved) };
  }
  if (saved === null) return keepScreen(null);
  if (saved.kind === 'saved') {
    return {
      scenario: saved.scenario,
      presetId: presetIdOf(saved.scenario),
      source: 'saved',
      play: !saved.stopped,
      notice: saved.stopped ? stoppedNotice(saved.stopped) : null,
      offers: [],
    };
  }
  if (saved.kind === 'unreadable') return { ...defaultOpening(), ...savedNotOpened(saved.message) };
  return defaultOpening();
}

function defaultOpening(): Opening {
  return { ...defaultPresetScenario(), source: 'default', play: true, notice: null, offers: [] };
}

function keepScreen(notice: string | null): Opening {
  return { scenario: null, presetId: '', source: 'none', play: true, notice, offers: [] };
}

/** A pasted link that cannot be opened (the decoder's or the engine's reason). */
export function refusedLinkOnScreen(why: string): string {
  return `This link could not be opened: ${reason(why)}. Your scenario is unchanged.`;
}

/**
 * A link that could not be opened as the page opened (the decoder's or the engine's
 * reason): the default is shown, and the saved work is said to be kept, with a way to it.
 */
export function refusedLinkAtStart(why: string, saved: SavedRead): Pick<Opening, 'notice' | 'offers'> {
  const base = `This link could not be opened: ${reason(why)}. Showing the default scenario instead.`;
  if (saved.kind === 'saved') return { notice: `${base} Your saved work is kept.`, offers: ['open-saved'] };
  if (saved.kind === 'unreadable') {
    return {
      notice: `${base} The scenario saved in this browser cannot be read by this version (${reason(saved.message)}); it is kept as it was.`,
      offers: ['download-kept'],
    };
  }
  return { notice: base, offers: [] };
}

/** The saved scenario could not be opened (unreadable, or the engine refused it): it is kept. */
export function savedNotOpened(why: string): Pick<Opening, 'notice' | 'offers'> {
  return {
    notice: `The scenario saved in this browser could not be opened: ${reason(why)}. It is kept as it was (you can download it); showing the default scenario instead.`,
    offers: ['download-kept'],
  };
}

/** The engine stopped the last run of the saved scenario: it opens paused. */
export function stoppedNotice(stop: StopMark): string {
  return `The last run of this scenario was stopped: ${reason(stop.reason)}. It is loaded but not started: press Play to run it anyway.`;
}
