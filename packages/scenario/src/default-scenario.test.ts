import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultScenario } from './default-scenario';
import { SCENARIO_VERSION } from './scenario';

describe('defaultScenario', () => {
  it('is the content of scenarios/default.json', () => {
    const file = JSON.parse(readFileSync(new URL('../scenarios/default.json', import.meta.url), 'utf8'));
    expect(defaultScenario).toEqual(file);
    expect(defaultScenario.version).toBe(SCENARIO_VERSION);
  });

  it('cannot be changed by one importer behind the others’ backs', () => {
    expect(() => {
      (defaultScenario.obs.burstLoss as { data: number }).data = 0.5;
    }).toThrow(TypeError);
    expect(() => {
      defaultScenario.flows.push(structuredClone(defaultScenario.flows[0]));
    }).toThrow(TypeError);
    expect(defaultScenario.obs.burstLoss.data).toBe(0.01);
  });

  it('gives an editable copy through structuredClone', () => {
    const copy = structuredClone(defaultScenario);
    copy.obs.burstLoss.data = 0;
    expect(copy.obs.burstLoss.data).toBe(0);
    expect(defaultScenario.obs.burstLoss.data).toBe(0.01);
  });
});
