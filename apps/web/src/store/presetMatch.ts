/**
 * Whether a scenario is a preset exactly (field order aside). The presets' canonical texts
 * are made once: the store asks on every change of the scenario (a slider being dragged
 * included), the opening on every link and saved record.
 */
import { PRESETS, type Scenario } from '@obs-tcp-sim/scenario';
import { canonical } from './syncPlan';

let texts: Map<string, string> | null = null;

function presetTexts(): Map<string, string> {
  texts ??= new Map(PRESETS.map((p) => [p.id, canonical(p.scenario)]));
  return texts;
}

/** The id of the preset this scenario is exactly, else ''. */
export function presetIdOf(scenario: Scenario): string {
  const text = canonical(scenario);
  for (const [id, t] of presetTexts()) if (t === text) return id;
  return '';
}

/** True when the scenario is preset `presetId` exactly. */
export function isPresetScenario(scenario: Scenario, presetId: string | null): boolean {
  const text = presetId === null ? undefined : presetTexts().get(presetId);
  return text !== undefined && text === canonical(scenario);
}

/**
 * The preset a scenario comes from: the one it is exactly, else the one whose name it
 * still has (a preset edited, then saved to a file: a link to it says its preset, and so
 * does the file), else ''. The page then shows "Paper 000 (edited)", not "(own scenario)".
 */
export function presetOrigin(scenario: Scenario): string {
  const exact = presetIdOf(scenario);
  if (exact) return exact;
  const named = PRESETS.find((p) => p.scenario.name !== undefined && p.scenario.name === scenario.name);
  return named?.id ?? '';
}
