/**
 * Lesson links: `#lesson=<id>` opens a lesson at its first step, `#lesson=<id>&step=N` at
 * step N (1-based, as the panel counts). While a lesson is open the address bar shows
 * such a link, so a reload or a copied address opens the same lesson at the same step.
 *
 * Anyone can write a link: it is read strictly and never throws. A link naming no lesson,
 * or a step the lesson does not have, gives one sentence saying what is wrong, which the
 * page shows as it shows a broken `#s=` link (startup/decideOpening.ts).
 */
import { SHARE_LIMITS, quoteInput } from '@obs-tcp-sim/scenario';
import { LESSONS } from './catalog';
import type { Lesson } from './lessonFormat';

export type LessonLink = { ok: true; lesson: Lesson; /** 0-based */ step: number } | { ok: false; message: string };

/** The hash for a lesson at a step (0-based), '#' included. */
export function lessonHash(id: string, step: number): string {
  return `#lesson=${encodeURIComponent(id)}&step=${step + 1}`;
}

/** Null when the hash is no lesson link (it has no `lesson` key); else the lesson and step, or why not. */
export function readLessonLink(hash: string, lessons: readonly Lesson[] = LESSONS): LessonLink | null {
  if (typeof hash !== 'string') return null;
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  const params = new Map<string, string>();
  for (const part of body.split('&')) {
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    if (!params.has(key)) params.set(key, eq < 0 ? '' : part.slice(eq + 1));
  }
  const raw = params.get('lesson');
  if (raw === undefined) return null;
  if (hash.length > SHARE_LIMITS.maxHashLength) {
    return { ok: false, message: `the link is too long (${hash.length} characters, at most ${SHARE_LIMITS.maxHashLength})` };
  }
  const id = decode(raw);
  const names = lessons.map((l) => l.id).join(', ');
  if (id === null || id === '')
    return { ok: false, message: `the link names no lesson (#lesson= is empty or damaged); the lessons are ${names}` };
  const lesson = lessons.find((l) => l.id === id);
  if (!lesson) return { ok: false, message: `there is no lesson ${quoteInput(id, 40)}; the lessons are ${names}` };
  const stepText = params.get('step');
  if (stepText === undefined) return { ok: true, lesson, step: 0 };
  const n = /^[0-9]{1,4}$/.test(stepText) ? Number(stepText) : NaN;
  const count = lesson.steps.length;
  if (!(n >= 1 && n <= count)) {
    return {
      ok: false,
      message: `the lesson "${lesson.id}" has steps 1 to ${count}; the link asks for step ${quoteInput(decode(stepText) ?? stepText, 20)}`,
    };
  }
  return { ok: true, lesson, step: n - 1 };
}

function decode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
