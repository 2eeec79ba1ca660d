import { describe, expect, it } from 'vitest';
import { defaultScenario } from '@obs-tcp-sim/scenario';
import { resolveSweepSpec, SweepSpecError } from './index';
import { genericOfPath } from './checkValues';

const base = () => structuredClone(defaultScenario) as unknown as Record<string, unknown>;
const spec = (parameter: unknown, extra: Record<string, unknown> = {}) => ({
  sweep: 1,
  base: base(),
  parameter,
  seeds: 1,
  outputs: ['aggregate.goodput'],
  ...extra,
});

function refusal(s: unknown): { field: string; message: string } {
  try {
    resolveSweepSpec(s);
  } catch (error) {
    if (error instanceof SweepSpecError) return { field: error.field, message: error.message };
    throw error;
  }
  throw new Error('accepted');
}

describe('swept values against the scenario rules', () => {
  it('turns paths with ids and indices into the keys the rules are written under', () => {
    expect(genericOfPath('links[f1].wavelengths')).toBe('links[].wavelengths');
    expect(genericOfPath('flows[0].tcp.mss')).toBe('flows[].tcp.mss');
    expect(genericOfPath('obs.burstLoss.data')).toBe('obs.burstLoss.data');
  });

  it("refuses a range's end at its place, in the panel's words and units", () => {
    const r = refusal(spec({ path: 'obs.burstLoss.data', values: { from: 0, to: -0.03, steps: 4 } }));
    expect(r.field).toBe('parameter.values.to');
    expect(r.message).toMatch(/^parameter\.values\.to: .*must be ≥ 0$/);
    expect(refusal(spec({ path: 'obs.burstLoss.data', values: { from: 0, to: 1.5, steps: 4 } })).message).toMatch(/must be at most 100 %$/);
  });

  it('refuses a middle value of a range that the rule refuses (a whole number), saying which', () => {
    const r = refusal(spec({ path: 'links[f1].wavelengths', values: { from: 1, to: 8, steps: 6 } }));
    expect(r.field).toBe('parameter.values.steps');
    expect(r.message).toContain('must be a whole number (2.4 is value 2 of 6 from the range)');
  });

  it('refuses a listed value at its index', () => {
    const r = refusal(spec({ path: 'links[f1].wavelengths', values: [2, 4, 0] }));
    expect(r.field).toBe('parameter.values[2]');
  });

  it('names an override that breaks the base, and accepts a sweep within the rules', () => {
    expect(refusal(spec({ path: 'obs.burstLoss.data', values: [0, 0.01] }, { overrides: { duration: -1 } })).field).toBe(
      'overrides.duration',
    );
    expect(resolveSweepSpec(spec({ path: 'obs.burstLoss.data', values: { from: 0, to: 0.01, steps: 3 } })).axes[0].values).toEqual([
      0, 0.005, 0.01,
    ]);
  });
});
