// The short form of docs/validation.md's mesh checks (npm run validate has the full sweeps):
// the engine, through its WebAssembly build, on NSFNET against the analytic models and the
// independent loss-network simulation of @obs-tcp-sim/theory, which share no
// code with it. Loss is counted over the bursts whose fate is known (sent minus those
// still in flight at the end: a long path holds milliseconds of them).
import { describe, expect, it } from 'vitest';
import { scenarioSchema, type Summary } from '@obs-tcp-sim/scenario';
import { backboneScenario, type BackboneScenarioOptions } from '@obs-tcp-sim/scenario/backbones';
import {
  continuityFixedPoint,
  networkFromTraffic,
  reducedLoadFixedPoint,
  simulateLossNetwork,
  summaryDifferences,
} from '@obs-tcp-sim/theory';
import { runScenarioNode } from './node-engine';

async function run(options: Omit<BackboneScenarioOptions, 'backbone'>) {
  const scenario = scenarioSchema.parse(backboneScenario({ backbone: 'nsfnet', duration: 0.25, ...options }));
  const summary = (await runScenarioNode(scenario)) as Summary;
  const bg = summary.bursts.background;
  if (!bg) throw new Error('no background bursts');
  const known = bg.sent - (summary.bursts.inFlight ?? 0);
  return { scenario, summary, loss: (bg.droppedContention ?? NaN) / known, late: bg.droppedLate };
}

/** Loss on one direction of a fiber: dropped wanting it / (got it + dropped). */
function linkLoss(summary: Summary, key: string): { loss: number; dropped: number; offered: number } {
  const [id, dir] = key.split(':');
  const d = (summary.links ?? []).find((l) => l.id === id)?.[dir as 'ab' | 'ba'] as
    { bursts: number; dropped: Record<string, { contention: number }> } | undefined;
  if (!d) throw new Error(`no link ${key} in the summary`);
  const dropped = d.dropped.background.contention;
  return { loss: dropped / (d.bursts + dropped), dropped, offered: d.bursts + dropped };
}

describe('NSFNET through wasm against the loss-network models', () => {
  it.each([
    [16, 0.1],
    [8, 0.15],
  ])(
    'full conversion, K = %i: network loss within %f of the reduced-load fixed point, and of the independent simulation',
    async (k, within) => {
      const { scenario, summary, loss, late } = await run({ wavelengths: k, load: 0.6 });
      // The engine's routes and offered loads are the models' (docs/mesh.md section 3).
      expect(summaryDifferences(scenario, summary.pairs ?? [])).toEqual([]);
      expect(late).toBe(0);
      const { network } = networkFromTraffic(scenario);
      const fixedPoint = reducedLoadFixedPoint(network);
      expect(fixedPoint.converged).toBe(true);
      expect(Math.abs(loss / fixedPoint.networkLoss - 1)).toBeLessThan(within);
      // The fixed point's independence assumption overestimates loss, more as K falls.
      expect(loss).toBeLessThan(fixedPoint.networkLoss);
      const sim = simulateLossNetwork(network, { arrivals: 500_000, seed: 1, coreChoice: 'lauc' });
      expect(Math.abs(loss - sim.network.loss)).toBeLessThan(3 * sim.network.halfWidth + 0.02 * sim.network.loss);

      // Per link, where the run saw enough drops to say: within three standard errors of the
      // independent simulation (the engine's binomial error doubled, as a burst's loss is
      // correlated with its neighbours'), and within 30 % of the fixed point, whose
      // independence assumption errs more per link than over the network (LIN-CHA:ba,
      // K = 16: the simulation and the engine agree, the fixed point is 29 % above both).
      let checked = 0;
      network.links.forEach((l, j) => {
        if (l.buffered || l.drop) return;
        const { loss: measured, dropped, offered } = linkLoss(summary, l.key);
        if (dropped < 300) return;
        checked++;
        const engineError = 2 * Math.sqrt((measured * (1 - measured)) / offered);
        const tolerance = 3 * Math.hypot(engineError, sim.links[j].halfWidth / 1.96);
        expect(Math.abs(measured - sim.links[j].loss), `${l.key} against the simulation`).toBeLessThan(tolerance);
        expect(Math.abs(measured / fixedPoint.linkBlocking[j] - 1), `${l.key} against the fixed point`).toBeLessThan(0.3);
      });
      expect(checked).toBeGreaterThan(10);
    },
  );

  it('without conversion loses more than with it, near the continuity model and the independent simulation', async () => {
    const full = await run({ wavelengths: 16, load: 0.5 });
    const none = await run({ wavelengths: 16, load: 0.5, conversion: 'none', wavelengthChoice: 'random' });
    expect(none.loss).toBeGreaterThan(2 * full.loss);
    const { network } = networkFromTraffic(none.scenario);
    const model = continuityFixedPoint(network, {});
    expect(Math.abs(none.loss / model.networkLoss - 1)).toBeLessThan(0.1);
    const sim = simulateLossNetwork(network, { arrivals: 300_000, seed: 1, wavelengthChoice: 'random', coreChoice: 'lauc' });
    expect(Math.abs(none.loss / sim.network.loss - 1)).toBeLessThan(0.1);
  });
});
