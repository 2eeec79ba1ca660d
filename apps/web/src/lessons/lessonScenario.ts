/**
 * The scenario in force at a step of a lesson: the last preset opened by this step or an
 * earlier one, with every `set` from there on applied in order. A link to step N opens
 * this scenario (from t = 0), so a lesson opened in the middle shows what its steps build.
 */
import { applyScenarioSet, findPreset, type Scenario } from '@obs-tcp-sim/scenario';
import type { Lesson } from './lessonFormat';

export interface StepScenario {
  scenario: Scenario;
  /** The preset it comes from (the picker shows it, "(edited)" when changed). */
  presetId: string;
}

/**
 * The scenario at step `index` (0-based). Throws Error for a lesson whose first step opens
 * no preset or names an unknown one: validateLesson refuses those, so a lesson from the
 * catalog never throws here.
 */
export function scenarioAtStep(lesson: Lesson, index: number): StepScenario {
  let current: StepScenario | null = null;
  for (let i = 0; i <= index && i < lesson.steps.length; i++) {
    const change = lesson.steps[i].scenario;
    if (!change) continue;
    if (change.preset !== undefined) {
      const preset = findPreset(change.preset);
      if (!preset) throw new Error(`steps[${i}].scenario.preset names no preset: ${change.preset}`);
      current = { scenario: structuredClone(preset.scenario) as Scenario, presetId: preset.id };
    }
    if (!current) throw new Error(`steps[${i}].scenario changes fields before any step opened a preset`);
    if (change.set) current = { ...current, scenario: applyScenarioSet(current.scenario, change.set) };
  }
  if (!current) throw new Error('the lesson opens no preset in its first step');
  return current;
}
