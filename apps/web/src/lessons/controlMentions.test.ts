// Texts that name a button or a tab name one the page has: every lesson's (validateLesson
// refuses the others) and every preset's, whose package cannot import the app's names.
import { describe, expect, it } from 'vitest';
import { PRESETS, lookForText } from '@obs-tcp-sim/scenario';
import { LESSON_FILES } from './catalog';
import { controlMentionProblem, unknownControls } from './controlMentions';
import { validateLesson } from './validateLesson';
import { BUTTON_NAMES, TAB_NAMES } from '../view/controlNames';

describe('unknownControls', () => {
  it('finds a button pressed or clicked that the page does not have', () => {
    expect(unknownControls('Press Run comparison. A falls to 5 Mbit/s.')).toEqual(['a button "Run comparison"']);
    expect(unknownControls('then click the Start button')).toEqual(['a button "Start button"']);
    expect(unknownControls('Pressing Fast forward skips ahead')).toEqual(['a button "Fast forward skips ahead"']);
  });

  it('accepts the page’s buttons, with what follows them, and keys', () => {
    for (const text of [
      'Press Run A and B.',
      'Pause, then press Next burst (B): the caption above the network gives each burst’s offset.',
      'press Play to go on',
      'Click Show me and watch.',
      'press the Reset run button',
      'press N for the next event, or Space to play',
      'press Page Down, as a clicker does',
    ])
      expect(unknownControls(text), text).toEqual([]);
  });

  it('leaves ordinary prose alone: lower-case words after press, a capital that only starts a sentence', () => {
    expect(unknownControls('the press of a key; click on the network. Pressing hard does nothing.')).toEqual([]);
  });

  it('holds a tab named with "the … tab" to the tab list', () => {
    expect(unknownControls('The Loss matrix tab’s table "Loss by class" gives the loss of each class.')).toEqual([]);
    expect(unknownControls('the Sweep tab runs either over a range; the Channels tab shows their delays')).toEqual([]);
    expect(unknownControls('the Results tab shows it')).toEqual(['a tab "Results"']);
    expect(unknownControls('open the Loss tab')).toEqual(['a tab "Loss"']);
    // Not a tab's name: words in lower case ("a new tab", "the browser tab").
    expect(unknownControls('in the browser tab or a new tab')).toEqual([]);
  });

  it('says in one sentence what is wrong, with the names there are', () => {
    const problem = controlMentionProblem('Press Run comparison.', 'steps[5].text')!;
    expect(problem).toMatch(
      /^steps\[5\]\.text names a button "Run comparison" the page does not have \(buttons: Play, .*Run A and B.*; tabs: Charts, .*\)$/,
    );
  });

  it('knows the names the components draw (one list: view/controlNames.ts)', () => {
    expect(BUTTON_NAMES.runCompare).toBe('Run A and B');
    expect(TAB_NAMES.loss).toBe('Loss matrix');
  });
});

describe('the texts of lessons and presets', () => {
  it.each(LESSON_FILES.map((f) => [f.file, f.content] as const))('%s names only controls the page has', (_, content) => {
    const check = validateLesson(content);
    expect(check.ok ? [] : check.problems.filter((p) => p.includes('the page does not have'))).toEqual([]);
  });

  it.each(PRESETS.map((p) => [p.id, p] as const))('preset %s names only controls the page has', (_, preset) => {
    const texts = [
      ['summary', preset.summary],
      ...preset.lookFor.map((point, i) => [`lookFor[${i}]`, lookForText(point)]),
      ...preset.assumptions.map((a, i) => [`assumptions[${i}]`, a]),
    ];
    expect(texts.map(([at, text]) => controlMentionProblem(text, at)).filter((p) => p !== null)).toEqual([]);
  });
});
