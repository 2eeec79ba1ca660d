/** Scenarios for tests that come with scheduled live changes, as a replayed link does. */
import { testScenario } from '../scenario/testScenario';
import type { Scenario } from '../scenario/scenarioTypes';
import type { LiveChange } from './runRecord';

export function withSchedule(s: Scenario, liveChanges: LiveChange[]): Scenario {
  return { ...s, liveChanges } as Scenario;
}

/**
 * testScenario with two changes scheduled, written out of time order: wavelengths on f1
 * 2 → 4 at 1 s, data-burst loss 1 % → 0 % at 2 s.
 */
export function twoScheduled(): Scenario {
  return withSchedule(testScenario(), [
    { at: 2, path: 'obs.burstLoss.data', value: 0 },
    { at: 1, path: 'links[1].wavelengths', value: 4 },
  ]);
}
