import { describe, expect, it } from 'vitest';
import { LESSON_FILES, LESSONS } from './catalog';
import type { Lesson } from './lessonFormat';
import { validateLesson } from './validateLesson';

/** A small valid lesson to break one field at a time. */
function lesson(): Lesson {
  return {
    format: 1,
    id: 'a-lesson',
    title: 'A lesson',
    summary: 'One line.',
    steps: [
      {
        title: 'First',
        text: 'Some text.',
        scenario: { preset: 'first-lesson', set: { 'obs.burstLoss.data': 0.01 } },
        speed: 1,
        view: { tab: 'charts', chart: 'cwnd' },
        pauseAt: { event: 'burst-dropped', class: 'data', node: 'C1' },
        question: { prompt: 'Why?', choices: ['Because.', 'No.'], correct: 0, explanation: 'So.' },
      },
      { title: 'Second', text: 'More.', pauseAt: { event: 'fast-retransmit', flow: 'tcp1' } },
    ],
  };
}

/** The lesson with `change` applied to a copy, checked; its problems. */
function problemsOf(change: (l: Record<string, any>) => void): string[] {
  const copy = structuredClone(lesson()) as unknown as Record<string, any>;
  change(copy);
  const check = validateLesson(copy);
  return check.ok ? [] : check.problems;
}

describe('validateLesson', () => {
  it('accepts a well-formed lesson', () => {
    expect(validateLesson(lesson())).toEqual({ ok: true, lesson: lesson() });
  });

  it.each(LESSON_FILES.map((f) => [f.file, f.content] as const))('accepts the lesson file %s', (_file, content) => {
    const check = validateLesson(content);
    expect(check.ok ? [] : check.problems).toEqual([]);
  });

  it('has the three lessons of issue 19, with unique ids, in the catalog', () => {
    expect(LESSONS.map((l) => l.id)).toEqual([
      'burst-and-offset',
      'data-vs-ack-loss',
      'tahoe-reno-newreno',
      'wavelength-conversion',
      'contention-resolution',
    ]);
  });

  it('refuses what is not a lesson', () => {
    expect(validateLesson(null)).toEqual({ ok: false, problems: ['a lesson must be a JSON object (got null)'] });
    expect(validateLesson([1])).toMatchObject({ ok: false });
  });

  it('says a lesson of a later format was made for a newer version', () => {
    expect(problemsOf((l) => (l.format = 2))).toEqual([
      'format is 2: the lesson was made for a newer version of the simulator (this one reads lesson format 1)',
    ]);
  });

  it.each<[string, (l: Record<string, any>) => void, string]>([
    ['an id that is not URL-safe', (l) => (l.id = 'A lesson'), 'id must be lower-case letters and digits joined by single dashes'],
    ['an empty title', (l) => (l.title = ' '), 'title must be a non-empty text (got " ")'],
    ['a misspelt field', (l) => (l.stpes = []), 'the lesson has an unknown field "stpes"'],
    ['no steps', (l) => (l.steps = []), 'steps must be a list of 1 to 20 steps (it has 0)'],
    [
      'a first step without a scenario',
      (l) => delete l.steps[0].scenario,
      "steps[0].scenario is missing: a lesson's first step must open a preset",
    ],
    ['a first step that opens no preset', (l) => delete l.steps[0].scenario.preset, 'steps[0].scenario.preset is missing'],
    [
      'an unknown preset',
      (l) => (l.steps[0].scenario.preset = 'paper999'),
      'steps[0].scenario.preset names no preset: "paper999" (the presets are first-lesson, paper000',
    ],
    [
      'a path that leads nowhere',
      (l) => (l.steps[0].scenario.set = { 'obs.burstLos.data': 0 }),
      'steps[0].scenario.set: the path "obs.burstLos.data" leads nowhere: obs.burstLos does not exist',
    ],
    [
      'a value the schema refuses',
      (l) => (l.steps[0].scenario.set = { 'obs.burstLoss.data': 2 }),
      'steps[0].scenario.set makes the scenario invalid: Data-burst loss must be at most 100 % (obs.burstLoss.data)',
    ],
    [
      'a speed the control does not offer',
      (l) => (l.steps[0].speed = 0.5),
      'steps[0].speed must be one of the speed control\'s choices, in simulated seconds per second: 0.00002, 0.001, 0.1, 1, 10 or "max" (got 0.5)',
    ],
    [
      'an unknown tab',
      (l) => (l.steps[0].view.tab = 'graphs'),
      'steps[0].view.tab must be one of charts, channels, timespace, loss, log, compare, sweep (got "graphs")',
    ],
    [
      'an unknown pause event',
      (l) => (l.steps[0].pauseAt = { event: 'drop' }),
      'steps[0].pauseAt.event must be one of burst-sent, burst-dropped, burst-deflected, burst-cut, packet-dropped, fast-retransmit, rto, recovery-exit, time (got "drop")',
    ],
    [
      'a filter the event does not take',
      (l) => (l.steps[1].pauseAt = { event: 'rto', node: 'C1' }),
      'steps[1].pauseAt has an unknown field "node" (allowed: event, flow, after)',
    ],
    [
      'a node the scenario does not have',
      (l) => (l.steps[0].pauseAt.node = 'C9'),
      'steps[0].pauseAt.node names no node of the scenario: "C9" (nodes are Server, E1, C1, E2, Client)',
    ],
    [
      'a flow the scenario does not have',
      (l) => (l.steps[1].pauseAt.flow = 'tcp9'),
      'steps[1].pauseAt.flow names no flow of the scenario: "tcp9" (flows are tcp1)',
    ],
    [
      'bursts sent by a core node',
      (l) => (l.steps[1].pauseAt = { event: 'burst-sent', node: 'C1' }),
      'steps[1].pauseAt.node must be an edge node (bursts are sent by edges): C1 is a core',
    ],
    [
      'a time after the run',
      (l) => (l.steps[1].pauseAt = { event: 'time', at: 30 }),
      'steps[1].pauseAt.at is 30 s, after the end of the run (20 s)',
    ],
    [
      'a negative time',
      (l) => (l.steps[1].pauseAt = { event: 'time', at: -1 }),
      'steps[1].pauseAt.at must be a time in seconds, 0 or more (got -1)',
    ],
    ['a play that is not a boolean', (l) => (l.steps[1].play = 'yes'), 'steps[1].play must be true or false (got "yes")'],
    [
      'one choice',
      (l) => (l.steps[0].question.choices = ['Only.']),
      'steps[0].question.choices must be a list of 2 to 6 answers (it has 1)',
    ],
    [
      'a repeated choice',
      (l) => (l.steps[0].question.choices = ['Same.', 'Same.']),
      'steps[0].question.choices[1] repeats an earlier answer',
    ],
    [
      'a correct index out of range',
      (l) => (l.steps[0].question.correct = 2),
      'steps[0].question.correct must be the index of the right answer, a whole number from 0 to 1 (got 2)',
    ],
    [
      'no explanation',
      (l) => delete l.steps[0].question.explanation,
      'steps[0].question.explanation must be a non-empty text (it is missing)',
    ],
    ['a text too long to read aloud', (l) => (l.steps[1].text = 'x'.repeat(901)), 'steps[1].text is 901 characters long, at most 900'],
  ])('refuses %s, naming the field', (_what, change, message) => {
    const problems = problemsOf(change);
    expect(problems.length, problems.join('\n')).toBeGreaterThan(0);
    expect(
      problems.some((p) => p.startsWith(message)),
      `${problems.join('\n')}\nshould start with: ${message}`,
    ).toBe(true);
  });

  it('checks a later step against the scenario the earlier ones built', () => {
    // The second step changes the first's scenario: its pause is checked against the result.
    const problems = problemsOf((l) => {
      l.steps[1].scenario = { set: { 'flows[0].id': 'other' } };
    });
    expect(problems).toEqual(['steps[1].pauseAt.flow names no flow of the scenario: "tcp1" (flows are other)']);
  });

  it('lists every problem, not only the first', () => {
    const problems = problemsOf((l) => {
      l.title = '';
      l.steps[1].speed = 3;
    });
    expect(problems).toHaveLength(2);
  });

  it('quotes hostile text instead of printing it', () => {
    const problems = problemsOf((l) => (l.steps[0].view.tab = 'a\u202Eb'));
    expect(problems[0]).toContain('\\u{202E}');
  });
});
