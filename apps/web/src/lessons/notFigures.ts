/**
 * Figures a guide's text may quote that no words on the page need state, each with why:
 * the sentence's own reckoning from a rule or a theory, a change it invites; not a
 * reading of the run. By place: "paper004 point 1" (a preset's "What to look for" point,
 * from 1), "burst-and-offset step 5" (a lesson's step, from 1).
 *
 * Read by e2e/lesson-figures.spec.ts, which holds every other figure a text quotes to be on
 * screen when its step pauses. In the app, so that what the app reads of a text's figures
 * knows them too.
 */

export interface NotFigures {
  /** As written in the text. */
  figures: string[];
  why: string;
}

export const NOT_FIGURES: Readonly<Record<string, NotFigures>> = {
  'paper004 point 1': {
    figures: ['10 segments', '1460 B', '0.2 s', '0.58 Mbit/s'],
    why: 'the cap reckoned in the sentence (10 segments of 1460 B per 0.2 s round trip), the bound the run stays under',
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
