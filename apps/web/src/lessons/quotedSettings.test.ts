import { describe, expect, it } from 'vitest';
import { applyScenarioSet, findPreset, type Scenario } from '@obs-tcp-sim/scenario';
import { quotedFigures } from './quotedFigures';
import { quotedSettings, quotesValue, settingText } from './quotedSettings';
import { NOT_FIGURES, notFiguresAt, stepPlace } from './notFigures';
import { scenarioAtStep } from './lessonScenario';
import burstAndOffset from './data/burst-and-offset.json';
import type { Lesson } from './lessonFormat';

const firstLesson = findPreset('first-lesson')!.scenario;
const paper004 = findPreset('paper004')!.scenario;
const edit = (s: Scenario, set: Record<string, number>) => applyScenarioSet(structuredClone(s), set);
/** "Label (owners) now (preset was)", as the strip reads. */
const shown = (text: string, scenario: Scenario, preset: Scenario | null = null, excluded: string[] = []) =>
  quotedSettings(text, scenario, preset, excluded).map(
    (s) => `${s.label}${s.owners.length ? ` (${s.owners.join(', ')})` : ''} ${s.now}${s.preset ? ` (preset ${s.preset})` : ''}`,
  );
const figure = (text: string) => quotedFigures(text)[0];

describe('quotesValue: a field (exact) against a figure as written', () => {
  it('matches within half the last digit written, of one kind', () => {
    expect(quotesValue(figure('2 ms'), figure('2 ms'))).toBe(true);
    expect(quotesValue(figure('9.2 ms'), figure('9.2005 ms'))).toBe(true);
    expect(quotesValue(figure('0.2 s'), figure('200 ms'))).toBe(true);
    expect(quotesValue(figure('4000 B'), figure('4 KB'))).toBe(true);
    expect(quotesValue(figure('10 segments'), figure('10 segments'))).toBe(true);
  });
  it('does not take a value the text would write otherwise', () => {
    expect(quotesValue(figure('2 ms'), figure('20 ms'))).toBe(false);
    expect(quotesValue(figure('2 ms'), figure('200 µs'))).toBe(false);
    // Halfway is written as it is: "1.5 ms", not "2 ms".
    expect(quotesValue(figure('2 ms'), figure('1.5 ms'))).toBe(false);
    expect(quotesValue(figure('9.2 ms'), figure('9.3 ms'))).toBe(false);
  });
  it('keeps kinds and counted things apart', () => {
    expect(quotesValue(figure('10 segments'), figure('10 bursts'))).toBe(false);
    expect(quotesValue(figure('10 Mbit/s'), figure('10 MB'))).toBe(false);
    expect(quotesValue(figure('50 %'), figure('50 ms'))).toBe(false);
  });
});

describe('settingText: as the editor formats the field', () => {
  it('uses the schema rule, and says what a plain number counts', () => {
    const scenario = firstLesson as Scenario;
    expect(settingText(scenario.obs.assembly.maxTime!, { label: 'x', quantity: 'time', min: 0, max: 1 })).toBe('2 ms');
    expect(settingText(10, { label: 'x', quantity: 'plain', min: 1, max: 1e6, suffix: 'segments' })).toBe('10 segments');
    expect(settingText(0.005, { label: 'x', quantity: 'percent', min: 0, max: 1 })).toBe('0.5 %');
  });
});

describe('quotedSettings', () => {
  it('finds the fields a text quotes, by their editor names, one entry per value', () => {
    const text =
      'The segment crosses the 10 Mbit/s access link and waits at edge E1. E1 runs a timer: 2 ms after the first packet arrived it sends the whole queue as one burst.';
    expect(shown(text, firstLesson)).toEqual(['Assembly time 2 ms', 'Rate (access1, access2) 10 Mbit/s']);
  });

  it('shows the value in force now, and the preset’s where the text quotes the one a lesson changed', () => {
    const slowed = edit(firstLesson, { 'obs.controlProcessing': 0.001 });
    expect(shown("This lesson slows C1's processing of control packets from 10 µs to 1 ms.", slowed, firstLesson)).toEqual([
      'Control processing 1 ms (preset 10 µs)',
    ]);
    // An edit shows at once: the text's 2 ms is the preset's, the field now 5 ms.
    const edited = edit(firstLesson, { 'obs.assembly.maxTime': 0.005 });
    expect(shown('E1 closes a burst every 2 ms.', edited, firstLesson)).toEqual(['Assembly time 5 ms (preset 2 ms)']);
    expect(shown('E1 closes a burst every 2 ms.', edited)).toEqual([]);
  });

  it('does not match a figure to a field of another value or kind', () => {
    const slow = edit(firstLesson, { 'obs.assembly.maxTime': 0.02 });
    expect(shown('E1 closes a burst every 2 ms.', slow)).toEqual([]);
    expect(shown('The window is capped at 10 segments.', firstLesson)).toEqual([]);
    expect(shown('The window is capped at 10 segments.', paper004)).toEqual(['Maximum window 10 segments']);
    expect(shown('It lost 10 bursts.', paper004)).toEqual([]);
  });

  it('leaves out readings of the run and moments: figures rounded in words, times after "at"', () => {
    const text = 'The round trip of about 35 ms. The BHP reached C1 at 2 ms. Show me pauses at 0.2 s.';
    expect(shown(text, firstLesson)).toEqual([]);
    // "fixed at" gives a value.
    const fixed = edit(firstLesson, { 'obs.offset': 0.0005 });
    expect(shown('Now the offset is fixed at 0.5 ms.', fixed)).toEqual(['Offset 500 µs']);
  });

  it('leaves out the figures the caller names as the sentence’s own reckoning', () => {
    const text = 'At most 10 x 1460 B per 0.2 s round trip.';
    expect(shown(text, paper004)).toContain('Minimum RTO 200 ms');
    expect(shown(text, paper004, null, ['0.2 s'])).toEqual(['MSS 1.46 KB']);
    expect(NOT_FIGURES['paper004 point 1'].figures).toContain('0.2 s');
  });

  it('gives a figure two fields hold by chance to the one its sentence names, or to none', () => {
    const slowed = edit(firstLesson, { 'obs.controlProcessing': 0.001 });
    // 1 ms: the processing time and the access links' delay.
    expect(shown('C1 spent 1 ms processing it.', slowed)).toEqual(['Control processing 1 ms']);
    expect(shown('The access link takes 1 ms of delay.', slowed)).toEqual(['Delay (access1, access2) 1 ms']);
    expect(shown('The BHP stays 1 ms ahead of the burst.', slowed)).toEqual([]);
  });

  it('names the elements only where the others with the field differ', () => {
    const mss = edit(paper004, { 'flows[0].tcp.mss': 4000, 'flows[1].tcp.mss': 4000, 'flows[2].tcp.mss': 4000 });
    expect(shown('Set the packet size (MSS) to 4000 B.', mss, paper004)).toEqual(['MSS 4 KB (preset 1.46 KB)']);
    const one = edit(paper004, { 'flows[0].tcp.mss': 4000 });
    expect(shown('Set the packet size (MSS) to 4000 B.', one)).toEqual([`MSS (${(paper004 as Scenario).flows[0].id}) 4 KB`]);
  });

  it('leaves derived figures alone: the arithmetic of the text and readings of the run (burst-and-offset)', () => {
    const lesson = burstAndOffset as unknown as Lesson;
    const strip = (index: number) =>
      shown(lesson.steps[index].text, scenarioAtStep(lesson, index).scenario, firstLesson, [...notFiguresAt(stepPlace(lesson.id, index))]);
    // Step 3: 9.2 ms and 10.2005 ms are moments of the run, not settings.
    expect(strip(2)).toEqual(['Control processing 1 ms (preset 10 µs)', 'Switch setup time 1 µs']);
    // Step 5: 11.5 µs is the offset the run takes (a sum), 0.5 µs a term of it, 35 ms the round trip.
    expect(strip(4)).toEqual(['Assembly time 2 ms', 'Control processing 10 µs', 'Data-burst loss 0.5 %', 'Switch setup time 1 µs']);
  });
});
