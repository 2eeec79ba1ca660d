/**
 * Which scenario the page opens on: a link in the address (#s=... or #preset=...) first,
 * else the scenario saved in this browser, else the default preset. A link that cannot be
 * opened gives its reason and the default preset (never the saved work: the person who
 * clicked a link expects that link, and is told it failed).
 */
import { DEFAULT_PRESET_ID, PRESETS, decodeShareHash, type Scenario } from '@obs-tcp-sim/scenario';
import { canonical } from '../editor/syncPlan';
import type { SavedRead } from './savedScenario';

export interface StartChoice {
  scenario: Scenario;
  /** The preset it is, unchanged, or '' for any other scenario. */
  presetId: string;
  source: 'link' | 'preset-link' | 'saved' | 'default';
  /** Why the link or the saved scenario was not opened, for a notice; null if all went well. */
  problem: string | null;
}

export function defaultPresetScenario(): { scenario: Scenario; presetId: string } {
  const preset = PRESETS.find((p) => p.id === DEFAULT_PRESET_ID) ?? PRESETS[0];
  // A copy: presets are frozen and shared.
  return { scenario: structuredClone(preset.scenario) as Scenario, presetId: preset.id };
}

/** The id of the preset this scenario is exactly (field order aside), else ''. */
export function presetIdOf(scenario: Scenario): string {
  const text = canonical(scenario);
  return PRESETS.find((p) => canonical(p.scenario) === text)?.id ?? '';
}

export function chooseStart(hash: string, saved: SavedRead): StartChoice {
  const link = decodeShareHash(hash);
  if (link.ok && link.source === 'link') {
    return { scenario: link.scenario, presetId: presetIdOf(link.scenario), source: 'link', problem: null };
  }
  if (link.ok && link.source === 'preset') {
    return { scenario: link.scenario, presetId: link.presetId, source: 'preset-link', problem: null };
  }
  if (!link.ok) {
    return { ...defaultPresetScenario(), source: 'default', problem: `This link could not be opened: ${link.error.message}. Showing the default scenario instead.` };
  }
  if (saved.kind === 'saved') {
    return { scenario: saved.scenario, presetId: presetIdOf(saved.scenario), source: 'saved', problem: null };
  }
  const problem = saved.kind === 'unreadable' ? `Your last scenario could not be restored: ${saved.message}. Showing the default scenario instead.` : null;
  return { ...defaultPresetScenario(), source: 'default', problem };
}
