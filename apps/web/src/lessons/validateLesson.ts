/**
 * Checks a lesson file (lessonFormat.ts, docs/lessons.md) and says what is wrong in sentences
 * that name the field: `steps[2].pauseAt.event must be one of burst-sent, ...`. Every
 * step is checked against the scenario it will run (its preset and changes), so a pause
 * at node "E9" of a network without E9, or a change to a path that leads nowhere, is
 * refused here rather than found in class as a lesson that never pauses; a text naming a
 * button or a tab the page does not have is refused too (controlMentions.ts).
 */
import {
  checkConditionNames,
  checkGuideSpeed,
  checkGuideView,
  checkPauseCondition,
  checkScenarioSet,
  findPreset,
  PRESETS,
  quoteInput,
  scenarioAfterSet,
  type PauseCondition,
  type Scenario,
} from '@obs-tcp-sim/scenario';
import { LESSON_FORMAT, type Lesson } from './lessonFormat';
import { controlMentionProblem } from './controlMentions';

export type LessonCheck = { ok: true; lesson: Lesson } | { ok: false; problems: string[] };

/** Lengths that stay readable when projected: a step is read aloud, not studied. */
export const LESSON_LIMITS = {
  title: 90,
  summary: 200,
  text: 900,
  prompt: 300,
  choice: 200,
  explanation: 600,
  steps: 20,
  choices: 6,
} as const;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const got = (v: unknown) => (v === undefined ? 'it is missing' : `got ${quoteInput(v, 40)}`);

const LESSON_KEYS = ['format', 'id', 'title', 'summary', 'steps'];
const STEP_KEYS = ['title', 'text', 'scenario', 'speed', 'view', 'pauseAt', 'play', 'question'];
const QUESTION_KEYS = ['prompt', 'choices', 'correct', 'explanation'];

function unknownKeys(value: Json, allowed: readonly string[], at: string): string[] {
  return Object.keys(value)
    .filter((k) => !allowed.includes(k))
    .map((k) => `${at} has an unknown field ${quoteInput(k, 40)} (allowed: ${allowed.join(', ')})`);
}

function text(value: unknown, at: string, max: number): string | null {
  if (typeof value !== 'string' || value.trim() === '') return `${at} must be a non-empty text (${got(value)})`;
  if (value.length > max) return `${at} is ${value.length} characters long, at most ${max} (a step is read to a class)`;
  // "Press Run comparison" sends a class looking for a button the page does not have.
  return controlMentionProblem(value, at);
}

export function validateLesson(input: unknown): LessonCheck {
  const problems: string[] = [];
  const say = (p: string | null) => {
    if (p) problems.push(p);
  };
  if (!isObject(input)) return { ok: false, problems: [`a lesson must be a JSON object (${got(input)})`] };
  if (typeof input.format === 'number' && input.format > LESSON_FORMAT) {
    return {
      ok: false,
      problems: [
        `format is ${input.format}: the lesson was made for a newer version of the simulator (this one reads lesson format ${LESSON_FORMAT})`,
      ],
    };
  }
  if (input.format !== LESSON_FORMAT) say(`format must be ${LESSON_FORMAT} (${got(input.format)})`);
  problems.push(...unknownKeys(input, LESSON_KEYS, 'the lesson'));
  if (typeof input.id !== 'string' || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(input.id) || input.id.length > 60) {
    say(`id must be lower-case letters and digits joined by single dashes, at most 60 characters, as in "jet-offset" (${got(input.id)})`);
  }
  say(text(input.title, 'title', LESSON_LIMITS.title));
  say(text(input.summary, 'summary', LESSON_LIMITS.summary));
  const steps = input.steps;
  if (!Array.isArray(steps) || steps.length === 0 || steps.length > LESSON_LIMITS.steps) {
    say(`steps must be a list of 1 to ${LESSON_LIMITS.steps} steps (${Array.isArray(steps) ? `it has ${steps.length}` : got(steps)})`);
    return { ok: false, problems };
  }
  // The scenario each step runs, to check its pause and changes against.
  let scenario: Scenario | null = null;
  steps.forEach((step, i) => {
    const result = checkStep(step, `steps[${i}]`, i === 0, scenario);
    problems.push(...result.problems);
    scenario = result.scenario;
  });
  return problems.length === 0 ? { ok: true, lesson: input as unknown as Lesson } : { ok: false, problems };
}

/** One step's problems, and the scenario in force after it (null once it cannot be known). */
function checkStep(step: unknown, at: string, first: boolean, before: Scenario | null): { problems: string[]; scenario: Scenario | null } {
  if (!isObject(step)) return { problems: [`${at} must be an object with a title and a text (${got(step)})`], scenario: before };
  const problems = unknownKeys(step, STEP_KEYS, at);
  const say = (p: string | null) => {
    if (p) problems.push(p);
  };
  say(text(step.title, `${at}.title`, LESSON_LIMITS.title));
  say(text(step.text, `${at}.text`, LESSON_LIMITS.text));
  let scenario = before;
  if (step.scenario !== undefined) {
    const change = checkScenarioChange(step.scenario, `${at}.scenario`, before);
    problems.push(...change.problems);
    scenario = change.scenario;
  } else if (first) {
    say(`${at}.scenario is missing: a lesson's first step must open a preset, so the lesson does not depend on what was on screen`);
  }
  if (first && isObject(step.scenario) && step.scenario.preset === undefined) {
    say(`${at}.scenario.preset is missing: a lesson's first step must open a preset, so the lesson does not depend on what was on screen`);
  }
  if (step.speed !== undefined) say(checkGuideSpeed(step.speed, `${at}.speed`));
  if (step.view !== undefined) say(checkGuideView(step.view, `${at}.view`));
  if (step.pauseAt !== undefined) {
    const shape = checkPauseCondition(step.pauseAt, `${at}.pauseAt`);
    say(shape);
    if (!shape && scenario) say(checkConditionNames(step.pauseAt as PauseCondition, scenario, `${at}.pauseAt`));
  }
  if (step.play !== undefined && typeof step.play !== 'boolean') say(`${at}.play must be true or false (${got(step.play)})`);
  if (step.question !== undefined) problems.push(...checkQuestion(step.question, `${at}.question`));
  return { problems, scenario };
}

function checkScenarioChange(value: unknown, at: string, before: Scenario | null): { problems: string[]; scenario: Scenario | null } {
  if (!isObject(value)) return { problems: [`${at} must be an object with a preset and/or set (${got(value)})`], scenario: null };
  const problems = unknownKeys(value, ['preset', 'set'], at);
  if (value.preset === undefined && value.set === undefined) problems.push(`${at} must name a preset, or fields to set, or both`);
  let base = before;
  if (value.preset !== undefined) {
    const preset = typeof value.preset === 'string' ? findPreset(value.preset) : undefined;
    if (!preset) {
      problems.push(
        `${at}.preset names no preset: ${quoteInput(value.preset, 40)} (the presets are ${PRESETS.map((p) => p.id).join(', ')})`,
      );
      return { problems, scenario: null };
    }
    base = structuredClone(preset.scenario) as Scenario;
  }
  if (value.set === undefined) return { problems, scenario: base };
  const shape = checkScenarioSet(value.set, `${at}.set`);
  if (shape) return { problems: [...problems, shape], scenario: null };
  if (!base) return { problems, scenario: null };
  const after = scenarioAfterSet(base, value.set as Json, `${at}.set`);
  if ('error' in after) return { problems: [...problems, after.error], scenario: null };
  return { problems, scenario: after.scenario };
}

function checkQuestion(value: unknown, at: string): string[] {
  if (!isObject(value)) return [`${at} must be an object with prompt, choices, correct and explanation (${got(value)})`];
  const problems = unknownKeys(value, QUESTION_KEYS, at);
  const say = (p: string | null) => {
    if (p) problems.push(p);
  };
  say(text(value.prompt, `${at}.prompt`, LESSON_LIMITS.prompt));
  say(text(value.explanation, `${at}.explanation`, LESSON_LIMITS.explanation));
  const choices = value.choices;
  if (!Array.isArray(choices) || choices.length < 2 || choices.length > LESSON_LIMITS.choices) {
    say(
      `${at}.choices must be a list of 2 to ${LESSON_LIMITS.choices} answers (${Array.isArray(choices) ? `it has ${choices.length}` : got(choices)})`,
    );
  } else {
    choices.forEach((c, k) => say(text(c, `${at}.choices[${k}]`, LESSON_LIMITS.choice)));
    const seen = new Set<unknown>();
    choices.forEach((c, k) => {
      if (seen.has(c)) say(`${at}.choices[${k}] repeats an earlier answer`);
      seen.add(c);
    });
  }
  const n = Array.isArray(choices) ? choices.length : 0;
  if (!Number.isInteger(value.correct) || (value.correct as number) < 0 || (value.correct as number) >= Math.max(n, 1)) {
    say(`${at}.correct must be the index of the right answer, a whole number from 0 to ${Math.max(n - 1, 0)} (${got(value.correct)})`);
  }
  return problems;
}
