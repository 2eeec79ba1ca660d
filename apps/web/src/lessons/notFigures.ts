/**
 * Figures a guide's text may quote that no words on the page need state, each with why:
 * the sentence's own reckoning from the settings it names, a theory the run is set beside,
 * a change it invites, a reading the class makes off a chart's curve. By place:
 * "burst-and-offset step 5" (a lesson's step, from 1), "paper004 point 1" (a preset's
 * "What to look for" point, from 1).
 *
 * Two readers: e2e/lesson-figures.spec.ts, which holds every other figure a text quotes to
 * be on screen when its step pauses, and the lesson panel's strip of quoted settings
 * (quotedSettings.ts), which shows none of these as a setting ("0.2 s" of a reckoned round
 * trip is not the minimum RTO, though the two are equal).
 *
 * Not here: a setting a text quotes (the strip shows it), a moment of the run (the status
 * line, the log, the time-space diagram's words show it).
 */

export interface NotFigures {
  /** As written in the text. */
  figures: string[];
  why: string;
}

export const NOT_FIGURES: Readonly<Record<string, NotFigures>> = {
  'burst-and-offset step 5': {
    figures: ['0.5 µs', '35 ms'],
    why:
      'the control packet’s transmission time (64 B at the fiber’s 1 Gbit/s), the sentence’s own reckoning of a term of the ' +
      'auto offset; and the round trip, "about 35 ms", read off the RTT chart’s curve beside it (no label gives the RTT)',
  },
  'paper004 point 1': {
    figures: ['0.2 s', '0.58 Mbit/s'],
    why: 'the cap reckoned in the sentence: the round trip it takes (0.2 s) and the bound it gives (0.58 Mbit/s), which the run stays under',
  },
  'paper004 point 2': { figures: ['1 ms'], why: 'a change the sentence invites (start Tahoe 1 ms later), not a figure of this run' },
  'contention-resolution point 1': { figures: ['2.6 %'], why: 'Erlang-B for the load, a theory the run is set beside' },
  'contention-resolution point 4': { figures: ['0.30 %'], why: 'Erlang-B for the class’s own load, a theory the run is set beside' },
};

/** A lesson step's place, `index` from 0. */
export function stepPlace(lessonId: string, index: number): string {
  return `${lessonId} step ${index + 1}`;
}

/** A preset point's place, `index` from 0. */
export function pointPlace(presetId: string, index: number): string {
  return `${presetId} point ${index + 1}`;
}

/** The figures of the text at `place` that are not figures of its run. */
export function notFiguresAt(place: string): readonly string[] {
  return NOT_FIGURES[place]?.figures ?? [];
}
