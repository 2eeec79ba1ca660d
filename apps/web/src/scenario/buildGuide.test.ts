import { describe, expect, it } from 'vitest';
import { nextBuildStep } from './buildGuide';
import { blankScenario, newFlow, newLink, newNode } from './scenarioEdits';
import { testScenario } from './testScenario';
import { validateScenario } from './validateScenario';

describe('what to add next', () => {
  it('walks a network from empty to runnable: nodes, hosts, the OBS nodes, links, a flow', () => {
    let s = blankScenario();
    expect(nextBuildStep(s)?.step).toBe('nodes');
    s = { ...s, nodes: [newNode('host', 'H1', 0, 0)] };
    expect(nextBuildStep(s)).toMatchObject({ step: 'hosts', text: expect.stringContaining('second host') });
    s = { ...s, nodes: [...s.nodes, newNode('host', 'H2', 200, 0)] };
    // Two hosts alone: the OBS nodes between them first, as the empty network's sentence says.
    expect(nextBuildStep(s)).toMatchObject({ step: 'obs', text: expect.stringContaining('OBS edge node beside each host') });
    s = { ...s, nodes: [s.nodes[0], newNode('edge', 'E1', 100, 0), s.nodes[1]] };
    expect(nextBuildStep(s)).toMatchObject({ step: 'links', text: expect.stringContaining('Link H1, E1, H2') });
    s = { ...s, links: [newLink('l1', 'H1', 'E1', 'packet')] };
    expect(nextBuildStep(s)).toMatchObject({ step: 'links', text: expect.stringMatching(/^Link H2:/) });
    s = { ...s, links: [...s.links, newLink('l2', 'E1', 'H2', 'packet')] };
    expect(nextBuildStep(s)?.step).toBe('flow');
    s = { ...s, flows: [newFlow('tcp1', 'H1', 'H2')] };
    expect(nextBuildStep(s)).toBeNull();
    expect(validateScenario(s)).toEqual([]);
  });

  it('has nothing to say about a complete network, and names a few lone nodes only', () => {
    expect(nextBuildStep(testScenario())).toBeNull();
    const many = { ...testScenario(), nodes: [...testScenario().nodes, ...[1, 2, 3, 4, 5].map((i) => newNode('router', `R${i}`, i, i))] };
    expect(nextBuildStep(many)?.text).toMatch(/^Link R1, R2, R3 and 2 more:/);
    expect(nextBuildStep({ ...testScenario(), flows: [] })?.step).toBe('flow');
  });

  it('counts a flow’s per-copy access hosts as the hosts that side needs', () => {
    // Paper 003 with each copy's own link at E1: one host (the sinks) is enough.
    const base = testScenario();
    const sink = base.nodes.find((n) => n.kind === 'host')!;
    const oneHost = { ...base, nodes: base.nodes.filter((n) => n.kind !== 'host' || n.id === sink.id) };
    const linked = new Set(oneHost.nodes.map((n) => n.id));
    const s = { ...oneHost, links: oneHost.links.filter((l) => linked.has(l.a) && linked.has(l.b)) };
    const edge = s.nodes.find((n) => n.kind === 'edge')!;
    const flow = { ...base.flows[0], src: edge.id, dst: sink.id, access: { src: { rate: 1e8, delay: 1e-3 } } };
    expect(nextBuildStep({ ...s, flows: [flow] })).toBeNull();
    expect(nextBuildStep({ ...s, flows: [] })?.step).toBe('hosts');
  });
});
