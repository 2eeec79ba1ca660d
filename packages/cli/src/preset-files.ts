// The presets as files, for `"base": { "preset": id }` in a sweep spec: the CLI reads the
// same JSON files presets.ts imports, without loading the scenario package's schema (zod)
// into every run. A test checks this table against PRESETS.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Scenario } from '@obs-tcp-sim/scenario';

/** Preset id -> file in packages/scenario/presets. */
export const PRESET_FILES: Readonly<Record<string, string>> = Object.freeze({
  'first-lesson': 'first-lesson.json',
  paper000: 'paper000-lobs.json',
  paper001: 'paper001-highspeed.json',
  paper002: 'paper002-wlan.json',
  'paper003-slow': 'paper003-slow.json',
  'paper003-fast': 'paper003-fast.json',
  paper004: 'paper004-dumbbell.json',
  nsfnet: 'nsfnet.json',
  'nsfnet-continuity': 'nsfnet-continuity.json',
  usnet: 'usnet.json',
  'contention-resolution': 'contention-resolution.json',
});

export function loadPresets(): { id: string; scenario: Scenario }[] {
  return Object.entries(PRESET_FILES).map(([id, file]) => ({
    id,
    scenario: JSON.parse(readFileSync(fileURLToPath(new URL(`../../scenario/presets/${file}`, import.meta.url)), 'utf8')) as Scenario,
  }));
}
