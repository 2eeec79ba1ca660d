export type * from './scenario';
export { SCENARIO_VERSION } from './scenario';
export type * from './summary';
export { ScenarioError } from './scenario-error.js';
export { parseScenarioText } from './parse-scenario-text.js';
export { defaultScenario } from './default-scenario';
