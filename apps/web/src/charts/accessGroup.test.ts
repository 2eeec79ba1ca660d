// Issue 21: a group with `access` (each copy its own host and link) is one flow per copy
// for the charts, as any group: the legend and the picker read the engine's flow ids.
import { describe, expect, it } from 'vitest';
import { loadEngineNode } from '@obs-tcp-sim/engine/node';
import routingPanel from '../../../../e2e/fixtures/routing-panel.json';
import { defaultSelection, searchFlows, SHOW_ALL_MAX, toggleFlow } from './flowPicker';

describe('a 320-copy group with access in the charts', async () => {
  const scenario = structuredClone(routingPanel);
  scenario.duration = 0.05;
  scenario.flows[1].count = 320;
  const { module } = await loadEngineNode();
  const sim = new module.Simulation(JSON.stringify(scenario));
  expect(sim.error()).toBe('');
  sim.advanceTo(0.05);
  const flowIds = JSON.parse(sim.flowIdsJson()) as string[];
  const samples = sim.drainSamples();
  const summary = JSON.parse(sim.summaryJson()) as { flows: { id: string }[] };
  sim.delete();

  it('has one flow id, one summary entry and samples per copy', () => {
    expect(flowIds).toHaveLength(321);
    expect(flowIds.slice(0, 3)).toEqual(['tcp1', 'tcp2#0', 'tcp2#1']);
    expect(summary.flows.map((f) => f.id)).toEqual(flowIds);
    const sampled = new Set(samples.flow);
    expect(sampled.size).toBe(321);
    expect(Math.max(...sampled)).toBe(320);
  });

  it('the legend shows the aggregate and a few; the picker finds a copy by its id', () => {
    expect(flowIds.length).toBeGreaterThan(SHOW_ALL_MAX);
    const sel = defaultSelection(flowIds.length);
    expect(sel.aggregate).toBe(true);
    expect(sel.flows).toEqual([0, 1, 2]);
    const found = searchFlows(flowIds, 'tcp2#300');
    expect(found.map((i) => flowIds[i])).toEqual(['tcp2#300']);
    const more = toggleFlow(sel, found[0], flowIds.length);
    expect(more.flows).toEqual([0, 1, 2, found[0]]);
    expect(new Set(more.colors.values()).size).toBe(4);
  });
});
