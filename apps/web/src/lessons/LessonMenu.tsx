/**
 * "Lessons" in the header: the guided lessons, each with its one-line summary and how many
 * steps it has. Choosing one opens it at its first step (its scenario is an action of the
 * scenario store: Undo brings back what was on screen). The link to a lesson is the
 * address bar's while it is open: `#lesson=<id>`.
 */
import { usePopover } from '../usePopover';
import { LESSONS } from './catalog';
import { useLessonPlayer, useLessonState } from './lessonPlayerContext';
import './lessons.css';
import { PopoverToggle } from '../PopoverToggle';

export function LessonMenu() {
  const player = useLessonPlayer();
  const state = useLessonState(player);
  const { open, setOpen, panelId } = usePopover();

  if (!player || LESSONS.length === 0) return null;
  const current = state?.guide?.kind === 'lesson' ? state.guide.lesson.id : null;

  return (
    <div className="lesson-menu">
      <PopoverToggle className="lesson-menu-toggle" testId="lessons-toggle" open={open} setOpen={setOpen} controls={panelId}>
        Lessons
      </PopoverToggle>
      {open && (
        <nav id={panelId} className="lesson-menu-panel" aria-label="Guided lessons" data-testid="lessons-menu">
          <ul>
            {LESSONS.map((lesson, i) => (
              <li key={lesson.id}>
                <button
                  type="button"
                  data-testid={`lesson-open-${lesson.id}`}
                  aria-current={lesson.id === current ? 'true' : undefined}
                  onClick={() => {
                    setOpen(false);
                    void player.openLesson(lesson);
                  }}
                >
                  {i + 1}. {lesson.title}
                </button>
                <p>
                  {lesson.summary} <span className="lesson-menu-steps">{lesson.steps.length} steps.</span>
                </p>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
