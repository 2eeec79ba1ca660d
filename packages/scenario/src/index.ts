export type * from './scenario';
export { SCENARIO_VERSION } from './scenario';
export type * from './summary';
export { ScenarioError } from './scenario-error.js';
export { parseScenarioText } from './parse-scenario-text.js';
export { defaultScenario } from './default-scenario';
export type { Preset } from './presets';
export { PRESETS, DEFAULT_PRESET_ID, findPreset } from './presets';
