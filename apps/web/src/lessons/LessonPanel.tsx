/**
 * The open lesson (or *Show me*), as a column on the right of the page: never a dialog
 * over the network the class is looking at, and it takes width, which a 16:9 screen has
 * to spare, rather than height. A bar with the step count, Back, Next, a switch that
 * folds the column down to its buttons, and Close; under it what the run waits for or
 * where it paused (the status line, announced to screen readers), the step's text, and
 * the question (LessonQuestion.tsx) with its choices in this student's order.
 *
 * Keys: every control is a button in tab order; PageDown and PageUp (what a presentation
 * clicker sends) go to the next and previous step unless a field has the focus.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { useController, useSimState } from '../sim/simContext';
import { keyBelongsToTarget } from '../controls/keyboard';
import { useView } from '../view/viewStore';
import { BUTTON_NAMES } from '../view/controlNames';
import { useLessonPlayer, useLessonState } from './lessonPlayerContext';
import { Counters } from '../controls/Counters';
import { LessonQuestion } from './LessonQuestion';
import { QuotedSettings } from './QuotedSettings';
import { pointPlace, stepPlace } from './notFigures';
import type { LessonPlayer, PlayerState } from './player';
import { statusText } from './statusText';
import { choiceOrder, questionKey } from './choiceOrder';
import { choiceSeed } from './choiceSeed';
import './lessons.css';

export function LessonPanel() {
  const player = useLessonPlayer();
  const state = useLessonState(player);
  const { embed } = useView();
  // Embedded in another page, the page around it does the teaching.
  if (!player || !state?.guide || embed) return null;
  return <OpenLesson player={player} state={state} />;
}

function OpenLesson({ player, state }: { player: LessonPlayer; state: PlayerState }) {
  const controller = useController();
  // Re-renders on the phase and on the summary a pause brings (the clock it stopped at).
  const { phase } = useSimState();
  const [folded, setFolded] = useState(false);
  const { presenter } = useView();
  const titleId = useId();
  const bodyId = useId();
  const readId = useId();
  const guide = state.guide!;
  const index = state.step;
  const step = guide.steps[index];
  const count = guide.steps.length;
  const isLesson = guide.kind === 'lesson';
  useClickerKeys(player, isLesson);
  const status = statusText(state.status, phase, controller.now);
  const hit = state.status.kind === 'paused' ? state.status.hit : null;
  // This student's order of the choices, the same each time the step is shown.
  const choices = step.question?.choices.length ?? 0;
  const key = questionKey(isLesson ? guide.lesson.id : guide.presetId, index);
  const order = useMemo(() => choiceOrder(choices, key, choiceSeed()), [choices, key]);

  return (
    <aside
      className={`lesson-panel${folded ? ' folded' : ''}`}
      aria-labelledby={titleId}
      data-testid="lesson-panel"
      data-guide={isLesson ? guide.lesson.id : 'show-me'}
      data-step={index + 1}
    >
      <div className="lesson-bar">
        <div className="lesson-top">
          <h2 id={titleId} className="lesson-heading">
            <span className="lesson-kind">{isLesson ? 'Lesson' : 'Show me'}</span>
            {/* Folded, or projected, the column keeps its room for the step: the title goes to screen readers only. */}
            <span className={folded || presenter ? 'visually-hidden' : undefined}> {guide.title}</span>
          </h2>
          <div className="lesson-tools">
            <button
              type="button"
              aria-expanded={!folded}
              aria-controls={bodyId}
              aria-label={folded ? 'Show the text of the step' : 'Hide the text of the step'}
              data-testid="lesson-fold"
              title={folded ? 'Show the text of the step' : 'Fold the text away: more room for the network and the charts'}
              onClick={() => setFolded(!folded)}
            >
              {folded ? 'Show' : 'Hide'}
            </button>
            <button
              type="button"
              data-testid="lesson-close"
              aria-label={isLesson ? 'Close the lesson' : 'Close Show me'}
              title="Close"
              onClick={() => player.close()}
            >
              ✕
            </button>
          </div>
        </div>
        {isLesson && (
          <div className="lesson-nav">
            <span className="lesson-count" data-testid="lesson-count">
              Step {index + 1} of {count}
            </span>
            <button
              type="button"
              data-testid="lesson-back"
              disabled={index === 0}
              onClick={() => void player.back()}
              title="Previous step (Page Up)"
            >
              ◀ {BUTTON_NAMES.lessonBack}
            </button>
            <button
              type="button"
              className="primary"
              data-testid="lesson-next"
              disabled={index === count - 1}
              onClick={() => void player.next()}
              title="Next step (Page Down)"
            >
              {BUTTON_NAMES.lessonNext} ▶
            </button>
          </div>
        )}
      </div>
      <div className="lesson-body" id={bodyId} hidden={folded}>
        {/* What the teacher reads scrolls by itself when the column is short (a projector at
            24 px): the question under it stays whole on screen, for the class to answer. */}
        <div className="lesson-read" tabIndex={0} role="group" aria-labelledby={readId} data-testid="lesson-read">
          <p
            className="lesson-status"
            role="status"
            aria-live="polite"
            data-testid="lesson-status"
            data-kind={state.status.kind}
            data-at={hit ? hit.at : undefined}
            data-event-kind={hit?.event ? hit.event.kind : undefined}
            data-event-id={hit?.event ? hit.event.id : undefined}
            hidden={status === null}
          >
            {status && (
              <>
                <span className="lesson-status-main">{status.main}</span>
                {status.detail && <span className="lesson-status-detail"> {status.detail}</span>}
              </>
            )}
          </p>
          <div className="lesson-step">
            <h3 className="lesson-step-title" id={readId} data-testid="lesson-step-title">
              {step.title}
            </h3>
            {step.text.split(/\n\s*\n/).map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
          {/* The settings the text quotes, as they are now, under it (lessons.css says where
              it stays when the column is short). */}
          <QuotedSettings text={step.text} place={isLesson ? stepPlace(guide.lesson.id, index) : pointPlace(guide.presetId, guide.point)} />
        </div>
        {/* Presenter mode hides the sidebar's counters: a step that sends the class to them
            shows them here, under the text (which scrolls) and above the question. */}
        {presenter && mentionsCounters(step.text) && <Counters className="lesson-counters" />}
        {step.question && (
          <LessonQuestion
            key={`${index}`}
            question={step.question}
            order={order}
            chosen={state.answers[index]}
            onChoose={(choice) => player.answer(choice)}
            onRetry={() => player.answer(null)}
          />
        )}
      </div>
    </aside>
  );
}

/** Whether a step's text sends the class to the counters ("the counters say how many"). */
export function mentionsCounters(text: string): boolean {
  return /\bcounters\b/i.test(text);
}

/** PageDown / PageUp step through the lesson, as a presentation clicker does, unless a field takes the key. */
function useClickerKeys(player: LessonPlayer, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key !== 'PageDown' && event.key !== 'PageUp') return;
      if (keyBelongsToTarget(event.target, event.key)) return;
      event.preventDefault();
      void (event.key === 'PageDown' ? player.next() : player.back());
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [player, active]);
}
