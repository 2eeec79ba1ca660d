import { describe, expect, it } from 'vitest';
import { testScenario } from '../scenario/testScenario';
import type { Scenario } from '../scenario/scenarioTypes';
import { scheduleOf, valuesRunning, withoutSchedule } from './runRecord';

describe('the run record', () => {
  it('the values running are the start with every change applied, in order; a dropped burst sets no value', () => {
    const start = testScenario();
    const run = {
      start,
      changes: [
        { at: 1, path: 'obs.burstLoss.data', value: 0.05, label: 'a' },
        { at: 2, path: 'nodes[1].dropNext.data', value: 1, label: 'b' },
        { at: 3, path: 'obs.burstLoss.data', value: 0, label: 'c' },
        { at: 4, path: 'links[1].wavelengths', value: 4, label: 'd' },
      ],
      pending: [{ at: 9, path: 'obs.burstLoss.ack', value: 1 }],
    };
    const running = valuesRunning(run);
    expect(running.obs.burstLoss).toEqual({ data: 0, ack: 0 });
    const link = running.links[1];
    expect(link.kind === 'fiber' && link.wavelengths).toBe(4);
    expect(running.nodes).toBe(start.nodes);
    expect(valuesRunning(run)).toBe(running);
    expect(valuesRunning({ ...run, changes: [] })).toBe(start);
  });

  it('a schedule comes off the scenario in time order, ties in list order', () => {
    const s = {
      ...testScenario(),
      liveChanges: [
        { at: 2, path: 'b', value: 1 },
        { at: 1, path: 'a', value: 1 },
        { at: 2, path: 'c', value: 1 },
      ],
    } as Scenario;
    expect(scheduleOf(s).map((c) => c.path)).toEqual(['a', 'b', 'c']);
    expect('liveChanges' in withoutSchedule(s)).toBe(false);
    expect(withoutSchedule(testScenario())).toEqual(testScenario());
    expect(scheduleOf(testScenario())).toEqual([]);
  });
});
