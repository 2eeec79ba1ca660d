/**
 * The lesson format (docs/lessons.md): a lesson is a JSON file of steps in
 * apps/web/src/lessons/data/. Each step has a title and a text, and may change the
 * scenario (a preset, then fields by path), set the speed and the view, name a moment of
 * the run to pause at, and ask a question with choices and an explanation. The
 * vocabulary of speed, view and pause is the presets' *Show me* one (packages/scenario
 * guide.ts). validateLesson (validateLesson.ts) checks a file against all of it.
 */
import type { GuideSpeed, GuideView, PauseCondition, ScenarioSet } from '@obs-tcp-sim/scenario';

/** The format this app reads; a file of a later format is refused as "made for a newer version". */
export const LESSON_FORMAT = 1;

export interface LessonScenario {
  /** Open this preset's scenario (a new run from t = 0). */
  preset?: string;
  /** Then change these fields, by path: `obs.burstLoss.data`, `flows[0].tcp.variant`. */
  set?: ScenarioSet;
}

export interface LessonQuestion {
  prompt: string;
  /** 2 to 6 answers, shown in this order. */
  choices: string[];
  /** Index of the right answer in `choices`. */
  correct: number;
  /** Shown once an answer is chosen, right or wrong: why the right one is right. */
  explanation: string;
}

export interface LessonStep {
  title: string;
  /** What the teacher reads; a blank line starts a new paragraph. */
  text: string;
  /**
   * The scenario of this step, run from t = 0: a preset and/or changes to the scenario of
   * the steps before. Without it the run goes on from where the last step left it.
   */
  scenario?: LessonScenario;
  speed?: GuideSpeed;
  view?: GuideView;
  /** Play until this moment, then pause; the first such moment after the step begins. */
  pauseAt?: PauseCondition;
  /**
   * Whether the run plays when the step begins. Default: true if the step has a scenario
   * or a pause condition, else the run stays as it is.
   */
  play?: boolean;
  question?: LessonQuestion;
}

export interface Lesson {
  format: typeof LESSON_FORMAT;
  /** Short and URL-safe: the link is `#lesson=<id>`. */
  id: string;
  title: string;
  /** One line for the list of lessons. */
  summary: string;
  steps: LessonStep[];
}
