import { describe, expect, it } from 'vitest';
import { testScenario } from '../scenario/testScenario';
import { planSync } from './syncPlan';

describe('planSync', () => {
  const base = testScenario();
  it('positions alone need nothing', () => {
    const moved = { ...base, nodes: base.nodes.map((n) => ({ ...n, x: n.x + 5 })) };
    expect(planSync(base, moved)).toEqual({ kind: 'none' });
  });
  it('live paths', () => {
    const t = structuredClone(base);
    t.obs.assembly.maxTime = 2e-3;
    const l = t.links[0];
    if (l.kind === 'packet') l.loss = 0.02;
    t.flows[0].tcp.variant = 'westwood';
    expect(planSync(base, t)).toEqual({
      kind: 'live',
      changes: [
        { path: 'obs.assembly.maxTime', value: 2e-3 },
        { path: 'links[0].loss', value: 0.02 },
        { path: 'flows[0].tcp.variant', value: 10 },
      ],
    });
  });
  it('a live change mixed with a network change is a load', () => {
    const t = structuredClone(base);
    t.obs.burstLoss.ack = 0.1;
    t.links[0].delay = 1;
    expect(planSync(base, t)).toEqual({ kind: 'load' });
  });
  it('obs.assembly is not live when an edge overrides it', () => {
    const a = structuredClone(base);
    a.nodes[1] = { ...a.nodes[1], assembly: { maxTime: 5e-3 } } as never;
    const t = structuredClone(a);
    t.obs.assembly.maxTime = 2e-3;
    expect(planSync(a, t)).toEqual({ kind: 'load' });
    const u = structuredClone(a);
    (u.nodes[1] as unknown as { assembly: { maxTime: number } }).assembly.maxTime = 7e-3;
    expect(planSync(a, u)).toEqual({ kind: 'live', changes: [{ path: 'nodes[1].assembly.maxTime', value: 7e-3 }] });
  });
  it('loss per direction, policy, a new node: loads', () => {
    const t = structuredClone(base);
    const l = t.links[0];
    if (l.kind === 'packet') l.loss = { ab: 0.1, ba: 0 };
    expect(planSync(base, t).kind).toBe('load');
    const p = structuredClone(base);
    p.obs.assembly.policy = 'hybrid';
    expect(planSync(base, p).kind).toBe('load');
  });
});
