// The order of a question's choices: a shuffle per student that stays put for that student,
// and that moves the right answer (written first in every lesson file today) around.
import { describe, expect, it } from 'vitest';
import { LESSONS } from './catalog';
import { choiceOrder, questionKey } from './choiceOrder';

/** Every question of every lesson: its key, how many choices, and which is right. */
const QUESTIONS = LESSONS.flatMap((lesson) =>
  lesson.steps.flatMap((step, i) =>
    step.question ? [{ key: questionKey(lesson.id, i), count: step.question.choices.length, correct: step.question.correct }] : [],
  ),
);

/** Where a student with this seed sees the right answer of each question. */
const rightPositions = (seed: number) => QUESTIONS.map((q) => choiceOrder(q.count, q.key, seed).indexOf(q.correct));

describe('choiceOrder', () => {
  it('is a permutation of the choices, the same for the same seed and question', () => {
    for (const count of [2, 3, 4, 6]) {
      for (let seed = 0; seed < 50; seed++) {
        const order = choiceOrder(count, 'lesson#1', seed);
        expect([...order].sort()).toEqual(Array.from({ length: count }, (_, i) => i));
        expect(choiceOrder(count, 'lesson#1', seed)).toEqual(order);
      }
    }
  });

  it('gives each order of three choices about as often over many students', () => {
    const seen = new Map<string, number>();
    for (let seed = 0; seed < 6000; seed++) {
      const order = choiceOrder(3, 'data-vs-ack-loss#0', seed).join('');
      seen.set(order, (seen.get(order) ?? 0) + 1);
    }
    expect(seen.size).toBe(6);
    // 1000 expected each; a fair shuffle stays within 15 % of it (about 5 standard deviations).
    for (const n of seen.values()) expect(Math.abs(n - 1000)).toBeLessThan(150);
  });

  it('shuffles the questions of one student independently', () => {
    const a = choiceOrder(6, 'x#1', 7).join('');
    const others = ['x#2', 'x#3', 'y#1', 'z#4'].map((k) => choiceOrder(6, k, 7).join(''));
    expect(others.some((o) => o !== a)).toBe(true);
  });

  it(`puts the right answer of the ${QUESTIONS.length} lesson questions in more than one place for every student`, () => {
    // Seventeen today, every one with the right answer written first.
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(17);
    for (let seed = 0; seed < 2000; seed++) expect(new Set(rightPositions(seed)).size, `seed ${seed}`).toBeGreaterThan(1);
  });

  it('puts the right answer of one question at each position for some students', () => {
    for (const q of QUESTIONS) {
      const positions = new Set(Array.from({ length: 200 }, (_, seed) => choiceOrder(q.count, q.key, seed).indexOf(q.correct)));
      expect(positions.size, q.key).toBe(q.count);
    }
  });
});
