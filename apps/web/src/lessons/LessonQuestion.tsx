/**
 * A step's question: its choices as buttons A, B, C… in the order given (each student's
 * own: choiceOrder.ts), and once one is chosen, right or wrong in words (never by colour
 * alone), the right answer marked, and the explanation, which takes the focus.
 *
 * Choices are named by their index in the lesson file everywhere but on screen: the
 * answer the player keeps, the check against `correct`, the test ids. The letters are the
 * positions shown, so "the answer is B" names what the student sees.
 */
import { useEffect, useId, useRef } from 'react';
import type { LessonQuestion as Question } from './lessonFormat';

const LETTERS = 'ABCDEF';

export interface LessonQuestionProps {
  question: Question;
  /** `order[position]`: the index in the file of the choice shown at that position. */
  order: readonly number[];
  /** The chosen choice's index in the file, or undefined. */
  chosen: number | undefined;
  onChoose: (choice: number) => void;
  onRetry: () => void;
}

export function LessonQuestion({ question, order, chosen, onChoose, onRetry }: LessonQuestionProps) {
  const promptId = useId();
  const feedback = useRef<HTMLDivElement>(null);
  const answered = chosen !== undefined;
  useEffect(() => {
    // The explanation is what to read next: the focus goes there (a screen reader reads it).
    if (answered) feedback.current?.focus();
  }, [answered]);
  return (
    <section className="lesson-question" aria-labelledby={promptId} data-testid="lesson-question">
      <p id={promptId} className="lesson-prompt">
        {question.prompt}
      </p>
      <ol className="lesson-choices">
        {order.map((i, position) => {
          const verdict = !answered ? '' : i === question.correct ? ' correct' : i === chosen ? ' wrong' : '';
          return (
            <li key={i}>
              <button
                type="button"
                className={`lesson-choice${verdict}`}
                data-testid={`lesson-choice-${i}`}
                data-position={position}
                aria-pressed={chosen === i}
                aria-disabled={answered}
                onClick={() => {
                  if (!answered) onChoose(i);
                }}
              >
                <span className="choice-letter" aria-hidden="true">
                  {LETTERS[position]}
                </span>
                <span className="choice-text">{question.choices[i]}</span>
                {verdict === ' correct' && <span className="choice-mark"> ✓ right answer</span>}
                {verdict === ' wrong' && <span className="choice-mark"> ✗ your answer</span>}
              </button>
            </li>
          );
        })}
      </ol>
      {answered && (
        <div
          className="lesson-feedback"
          ref={feedback}
          tabIndex={-1}
          data-testid="lesson-feedback"
          data-correct={chosen === question.correct}
        >
          <p>
            <strong>
              {chosen === question.correct ? 'Right.' : `Not quite: the answer is ${LETTERS[order.indexOf(question.correct)]}.`}
            </strong>{' '}
            {question.explanation}
          </p>
          <button type="button" data-testid="lesson-retry" onClick={onRetry}>
            Ask again
          </button>
        </div>
      )}
    </section>
  );
}
