import type { Scenario } from './scenario';
import defaultScenarioJson from '../scenarios/default.json';
import { deepFreeze } from './deep-freeze';
import { presetScenario } from './preset-scenario';

/**
 * The scenario the app opens on (LOBS testbed, data-burst vs ACK-burst loss), through the
 * schema as the presets are (preset-scenario.ts: typed by it, no cast; a field it refuses
 * stops the import). Deeply frozen because it is shared by every importer: `structuredClone` it to edit.
 */
export const defaultScenario: Scenario = deepFreeze(presetScenario('default', defaultScenarioJson));
