// A question's markup, rendered to a string (the app's tests run in node, without a DOM):
// the choices in the order given with the letters of their places, and the feedback that
// names the right answer by the letter the student sees.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LessonQuestion } from './LessonQuestion';
import type { LessonQuestion as Question } from './lessonFormat';

const question: Question = {
  prompt: 'Which one?',
  choices: ['Right one.', 'Wrong one.', 'Other wrong one.'],
  correct: 0,
  explanation: 'Because.',
};

const render = (order: number[], chosen?: number) =>
  renderToStaticMarkup(createElement(LessonQuestion, { question, order, chosen, onChoose: () => {}, onRetry: () => {} }));

/** The buttons' file indices, letters and texts, in document order. */
function choicesOf(html: string): Array<[number, string, string]> {
  return [
    ...html.matchAll(
      /data-testid="lesson-choice-(\d)".*?<span class="choice-letter" aria-hidden="true">(\w)<\/span><span class="choice-text">([^<]*)</g,
    ),
  ].map((m) => [Number(m[1]), m[2], m[3]]);
}

describe('LessonQuestion', () => {
  it('shows the choices in the order given, lettered by their place', () => {
    expect(choicesOf(render([2, 0, 1]))).toEqual([
      [2, 'A', 'Other wrong one.'],
      [0, 'B', 'Right one.'],
      [1, 'C', 'Wrong one.'],
    ]);
  });

  it('keeps the choices buttons in a list, each saying whether it is the one chosen, its letter hidden from screen readers', () => {
    const html = render([1, 2, 0]);
    expect(html).toMatch(
      /^<section class="lesson-question" aria-labelledby="([^"]+)".*<p id="\1" class="lesson-prompt">Which one\?<\/p><ol class="lesson-choices"><li>/,
    );
    expect(html.match(/<button type="button" class="lesson-choice"[^>]*aria-pressed="false" aria-disabled="false">/g)).toHaveLength(3);
  });

  it('checks the answer by the file’s index and names the right one by the letter shown', () => {
    const wrong = render([1, 2, 0], 1);
    expect(wrong).toContain('data-correct="false"');
    expect(wrong).toContain('Not quite: the answer is C.');
    expect(wrong).toMatch(/data-testid="lesson-choice-1"[^>]*aria-pressed="true"[^>]*>.*?✗ your answer/);
    expect(wrong).toMatch(/data-testid="lesson-choice-0"[^>]*aria-pressed="false"[^>]*>.*?✓ right answer/);
    const right = render([1, 0, 2], 0);
    expect(right).toContain('data-correct="true"');
    expect(right).toContain('<strong>Right.</strong> Because.');
  });
});
