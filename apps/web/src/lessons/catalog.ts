/**
 * The lessons the app offers, in the order the Lessons menu lists them: the JSON files of
 * data/, each checked by validateLesson as the page loads. A file that fails the check is
 * left out of the menu and named on the console (lessons.test.ts fails first, so this
 * only guards a file edited by hand after the tests ran).
 */
import burstAndOffset from './data/burst-and-offset.json';
import dataVsAckLoss from './data/data-vs-ack-loss.json';
import tahoeRenoNewReno from './data/tahoe-reno-newreno.json';
import wavelengthConversion from './data/wavelength-conversion.json';
import contentionResolution from './data/contention-resolution.json';
import type { Lesson } from './lessonFormat';
import { validateLesson } from './validateLesson';

/** The files, in menu order. */
export const LESSON_FILES: ReadonlyArray<{ file: string; content: unknown }> = [
  { file: 'burst-and-offset.json', content: burstAndOffset },
  { file: 'data-vs-ack-loss.json', content: dataVsAckLoss },
  { file: 'tahoe-reno-newreno.json', content: tahoeRenoNewReno },
  { file: 'wavelength-conversion.json', content: wavelengthConversion },
  { file: 'contention-resolution.json', content: contentionResolution },
];

function load(): Lesson[] {
  const lessons: Lesson[] = [];
  for (const { file, content } of LESSON_FILES) {
    const check = validateLesson(content);
    if (check.ok) lessons.push(check.lesson);
    else console.error(`lessons/data/${file} is not a valid lesson: ${check.problems.join('; ')}`);
  }
  return lessons;
}

export const LESSONS: readonly Lesson[] = load();

export function findLesson(id: string): Lesson | undefined {
  return LESSONS.find((l) => l.id === id);
}
