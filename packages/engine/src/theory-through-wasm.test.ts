// The engine's key theory checks, run through the WebAssembly build (the C++ suite runs
// them natively): what the browser and the CLI compute must obey the same laws.
import { describe, expect, it } from 'vitest';
import { defaultScenario, scenarioSchema } from '@obs-tcp-sim/scenario';
import { erlangB } from '@obs-tcp-sim/theory';
import { runScenarioNode } from './node-engine';

describe('theory through wasm', () => {
  it.each([
    [2, 0.7],
    [4, 0.5],
  ])('Poisson bursts on %i wavelengths at load %f lose Erlang-B of them (within 5 %%)', async (k, load) => {
    const expected = erlangB(k, load * k);
    const meanDuration = (40000 * 8) / 1e9;
    const duration = 4000 / expected / ((load * k) / meanDuration); // ~4000 expected drops
    const scenario = scenarioSchema.parse({
      version: 1,
      seed: 7,
      duration,
      sampleInterval: duration / 10,
      nodes: [
        { id: 'E1', kind: 'edge' },
        { id: 'C1', kind: 'core' },
        { id: 'E2', kind: 'edge' },
      ],
      links: [
        { id: 'in', a: 'E1', b: 'C1', kind: 'fiber', wavelengths: 64, rate: 1e9, delay: 1e-4 },
        { id: 'out', a: 'C1', b: 'E2', kind: 'fiber', wavelengths: k, rate: 1e9, delay: 1e-4 },
      ],
      obs: { scheduling: 'lauc' },
      background: [{ src: 'E1', dst: 'E2', model: 'poisson', load, meanBytes: 40000 }],
    });
    const bg = (await runScenarioNode(scenario)).bursts.background;
    expect(bg).toBeDefined();
    const measured = (bg?.droppedContention ?? NaN) / (bg?.sent ?? NaN);
    expect(measured / expected).toBeGreaterThan(0.95);
    expect(measured / expected).toBeLessThan(1.05);
  });

  it('drops each class of burst with its own injected probability', async () => {
    const scenario = structuredClone(defaultScenario);
    scenario.obs.burstLoss = { data: 0.02, ack: 0.05 };
    const { bursts } = await runScenarioNode(scenario);
    for (const [cls, p] of [
      ['data', 0.02],
      ['ack', 0.05],
    ] as const) {
      const { sent, droppedInjected = NaN } = bursts[cls];
      const sd = Math.sqrt(sent * p * (1 - p));
      expect(Math.abs(droppedInjected - sent * p)).toBeLessThan(5 * sd);
    }
  });
});
