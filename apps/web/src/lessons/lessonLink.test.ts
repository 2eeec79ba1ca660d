import { describe, expect, it } from 'vitest';
import { LESSONS } from './catalog';
import { lessonHash, readLessonLink } from './lessonLink';

const first = LESSONS[0];

describe('lesson links', () => {
  it('is no lesson link without a lesson key', () => {
    expect(readLessonLink('')).toBeNull();
    expect(readLessonLink('#preset=paper000')).toBeNull();
    expect(readLessonLink('#s=1.abc')).toBeNull();
  });

  it('opens a lesson at its first step, or at the step named (1-based)', () => {
    expect(readLessonLink(`#lesson=${first.id}`)).toEqual({ ok: true, lesson: first, step: 0 });
    expect(readLessonLink(`lesson=${first.id}&step=2`)).toEqual({ ok: true, lesson: first, step: 1 });
    expect(readLessonLink(`#step=${first.steps.length}&lesson=${first.id}`)).toEqual({
      ok: true,
      lesson: first,
      step: first.steps.length - 1,
    });
  });

  it('round-trips the hash the address bar shows', () => {
    for (const lesson of LESSONS) {
      for (let step = 0; step < lesson.steps.length; step++) {
        expect(readLessonLink(lessonHash(lesson.id, step))).toEqual({ ok: true, lesson, step });
      }
    }
  });

  it('names what is wrong with a broken link', () => {
    const ids = LESSONS.map((l) => l.id).join(', ');
    expect(readLessonLink('#lesson=no-such-lesson')).toEqual({
      ok: false,
      message: `there is no lesson "no-such-lesson"; the lessons are ${ids}`,
    });
    expect(readLessonLink('#lesson=')).toEqual({
      ok: false,
      message: `the link names no lesson (#lesson= is empty or damaged); the lessons are ${ids}`,
    });
    expect(readLessonLink('#lesson=%E0%A4%A')).toMatchObject({ ok: false, message: expect.stringContaining('empty or damaged') });
    const n = first.steps.length;
    for (const step of ['0', String(n + 1), '-1', '1.5', 'two', '', '99999']) {
      expect(readLessonLink(`#lesson=${first.id}&step=${step}`), step).toEqual({
        ok: false,
        message: `the lesson "${first.id}" has steps 1 to ${n}; the link asks for step "${step}"`,
      });
    }
  });

  it('quotes hostile text and refuses an overlong link without reading it', () => {
    const bidi = readLessonLink('#lesson=%E2%80%AEevil');
    expect(bidi).toMatchObject({ ok: false });
    expect(bidi && !bidi.ok && bidi.message).toContain('\\u{202E}evil');
    expect(readLessonLink(`#lesson=${'x'.repeat(70_000)}`)).toEqual({
      ok: false,
      message: 'the link is too long (70008 characters, at most 65536)',
    });
  });
});
