import { describe, expect, it } from 'vitest';
import { defaultScenario } from '@obs-tcp-sim/scenario';
import { scenarioHash } from '@obs-tcp-sim/scenario/scenario-hash';
import { ENGINE_BUILD, withProvenance } from './provenance';

describe('withProvenance', () => {
  it('adds what made the summary, last, leaving the rest as it was', () => {
    const summary = { scenario: 'x', seed: 7, simTime: 1 };
    const out = withProvenance(summary, defaultScenario);
    expect(Object.keys(out)).toEqual(['scenario', 'seed', 'simTime', 'provenance']);
    expect(out.provenance).toEqual({
      engine: ENGINE_BUILD,
      version: expect.any(String),
      scenario: scenarioHash(defaultScenario),
      seed: 7,
    });
    expect(summary).toEqual({ scenario: 'x', seed: 7, simTime: 1 });
  });

  it('names the build the page was made with: 16 hex digits under Vite, "unbuilt" where nothing defined it', () => {
    expect(ENGINE_BUILD).toMatch(/^([0-9a-f]{16}|unbuilt)$/);
  });
});
