import type { Scenario } from './scenario';
import defaultScenarioJson from '../scenarios/default.json';

/**
 * The scenario the app opens on (LOBS testbed, data-burst vs ACK-burst loss).
 * Deeply frozen because it is shared by every importer: `structuredClone` it to edit.
 */
export const defaultScenario: Scenario = deepFreeze(defaultScenarioJson as Scenario);

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
