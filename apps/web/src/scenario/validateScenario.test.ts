import { describe, expect, it } from 'vitest';
import { newFlow } from './scenarioEdits';
import { testScenario } from './testScenario';
import { checkId, checkNumber, genericPath, pathInMessage, ruleFor, validateScenario } from './validateScenario';
import type { Scenario } from './scenarioTypes';

const paths = (s: Scenario) => validateScenario(s).map((i) => i.path);
const why = (path: string, v: number) => checkNumber(v, ruleFor(path)!);

describe('field rules', () => {
  it('maps concrete paths to their rule', () => {
    expect(genericPath('flows[12].tcp.rto.min')).toBe('flows[].tcp.rto.min');
    expect(ruleFor('links[3].delay')?.label).toBe('Delay');
  });
  it('refuses out-of-range values with the reason, in friendly units', () => {
    expect(why('links[0].delay', -1e-3)).toBe('Delay must be ≥ 0');
    expect(why('links[0].delay', 0)).toBeNull();
    expect(why('links[0].rate', 0)).toBe('Rate must be ≥ 1 kbit/s');
    expect(why('links[0].rate', 2e13)).toBe('Rate must be at most 10 Tbit/s');
    expect(why('links[0].wavelengths', 2.5)).toBe('Wavelengths must be a whole number');
    expect(why('links[0].wavelengths', 0)).toBe('Wavelengths must be ≥ 1');
    expect(why('links[0].wavelengths', 1024)).toBeNull();
    expect(why('links[0].loss', 1.5)).toBe('Loss must be at most 100 %');
    expect(why('obs.assembly.maxTime', 0)).toBe('Assembly time must be ≥ 1 ns');
    expect(why('obs.assembly.maxTime', 11)).toBe('Assembly time must be at most 10 s');
    expect(why('flows[0].tcp.mss', 65496)).toBe('MSS must be at most 65.495 KB');
    expect(why('flows[0].tcp.initialSsthresh', 1)).toBe('Initial ssthresh must be ≥ 2 segments');
    expect(why('nodes[0].fdl.count', 65)).toBe('Fiber delay lines must be at most 64');
    expect(why('seed', 4294967296)).toBe('Seed must be at most 4294967295');
    expect(why('flows[0].tcp.rto.fixed', 0)).toBe('Fixed RTO must be ≥ 1 ns');
    expect(why('links[0].queue', NaN)).toBe('Queue must be a number');
  });
  it('checks ids', () => {
    expect(checkId('', [], 'node')).toMatch(/empty/);
    expect(checkId('x'.repeat(65), [], 'node')).toMatch(/64/);
    expect(checkId('E1', ['E1'], 'node')).toBe('"E1" is already used by another node');
    expect(checkId('a#1', [], 'flow', { noHash: true })).toMatch(/'#'/);
    expect(checkId('E3', ['E1'], 'node')).toBeNull();
  });
});

describe('validateScenario', () => {
  it('accepts the test scenario', () => {
    expect(validateScenario(testScenario())).toEqual([]);
  });
  it('needs a node', () => {
    const s = { ...testScenario(), nodes: [], links: [], flows: [] };
    expect(paths(s)).toEqual(['nodes']);
  });
  it('refuses duplicate ids and dangling references', () => {
    const s = testScenario();
    s.nodes = s.nodes.map((n, i) => (i === 4 ? { ...n, id: 'H1' } : n));
    const p = paths(s);
    expect(p).toContain('nodes[4].id');
    expect(p).toContain('links[3].b');
    expect(p).toContain('flows[0].dst');
  });
  it('refuses a host on a core node, fiber to a host, packet to a core', () => {
    const s = testScenario();
    s.links = [...s.links, { ...s.links[0], id: 'bad1', a: 'H1', b: 'C1' }, { ...s.links[1], id: 'bad2', a: 'H2', b: 'E2' }];
    const issues = validateScenario(s);
    expect(issues.find((i) => i.path === 'links[4].kind')?.message).toMatch(/cannot attach to a core node/);
    expect(issues.find((i) => i.path === 'links[5].kind')?.message).toMatch(/not a host/);
  });
  it('checks flow ends: hosts, distinct, connected', () => {
    const s = testScenario();
    s.flows = [newFlow('a', 'H1', 'E1'), newFlow('b', 'H1', 'H1'), newFlow('c#1', 'H1', 'H2')];
    const issues = validateScenario(s);
    expect(issues.find((i) => i.path === 'flows[0].dst')?.message).toBe('Destination must be a host ("E1" is a edge)');
    expect(issues.find((i) => i.path === 'flows[1].dst')?.message).toMatch(/differ/);
    expect(issues.some((i) => i.path === 'flows[2].id')).toBe(true);
    const cut = testScenario();
    cut.links = cut.links.filter((l) => l.id !== 'f2');
    expect(validateScenario(cut)).toEqual([{ path: 'flows[0].dst', message: 'No path of links leads from "H1" to "H2"' }]);
  });
  it('does not route through a host', () => {
    const s = testScenario();
    s.nodes.push({ id: 'H3', kind: 'host', x: 0, y: 0 });
    s.links = [s.links[0], { ...s.links[0], id: 'x', a: 'H1', b: 'H3' }];
    s.flows = [newFlow('t', 'H3', 'E1' as never)];
    s.flows[0].dst = 'H1';
    expect(validateScenario(s)).toEqual([]);
    s.nodes.push({ id: 'H4', kind: 'host', x: 0, y: 0 });
    s.links.push({ ...s.links[0], id: 'y', a: 'H1', b: 'H4' });
    s.flows[0].dst = 'H4'; // only via host H1
    expect(paths(s)).toEqual(['flows[0].dst']);
  });
  it('cross-field rules: rto.min <= rto.max, fdl unit with lines, samples per flow', () => {
    const s = testScenario();
    s.flows[0] = { ...s.flows[0], tcp: { ...s.flows[0].tcp, rto: { initial: 1, min: 5, max: 2, fixed: null } } };
    const core = s.nodes[2];
    if (core.kind === 'core') s.nodes[2] = { ...core, fdl: { count: 2, unit: 0 } };
    s.duration = 1e5;
    s.sampleInterval = 0.001;
    expect(paths(s).sort()).toEqual(['flows[0].tcp.rto.min', 'nodes[2].fdl.unit', 'sampleInterval']);
  });
  it('edge assembly overrides only on edges, in range', () => {
    const s = testScenario();
    s.nodes[1] = { ...s.nodes[1], assembly: { maxTime: 0 } } as never;
    s.nodes[0] = { ...s.nodes[0], assembly: { maxTime: 1e-3 } } as never;
    expect(paths(s).sort()).toEqual(['nodes[0].assembly', 'nodes[1].assembly.maxTime']);
  });
  it('app fields', () => {
    const s = testScenario();
    s.flows[0] = { ...s.flows[0], app: { kind: 'file', bytes: 0.5 } };
    expect(paths(s)).toEqual(['flows[0].app.bytes']);
  });
});

describe('pathInMessage', () => {
  it('finds the field an engine message names', () => {
    expect(pathInMessage('links[3].wavelengths must be an integer >= 1')).toBe('links[3].wavelengths');
    expect(pathInMessage('flows[0]: no path of links leads from "S" to "D"')).toBe('flows[0].dst');
    expect(pathInMessage('obs.assembly.maxTime must be a number > 0')).toBe('obs.assembly.maxTime');
    // The mesh extensions (docs/mesh.md): the matrix, a row or a weight of it, or the whole block.
    expect(pathInMessage('traffic.matrix[1][1] must be 0: an edge sends no traffic to itself')).toBe('traffic.matrix[1][1]');
    expect(pathInMessage('traffic.matrix: no path of links leads from "E1" to "E2"')).toBe('traffic.matrix');
    expect(pathInMessage('traffic.load is required')).toBe('traffic.load');
    expect(pathInMessage('traffic from "E1" to "E3" would generate 1.25e+09 bursts per second')).toBe('traffic');
    expect(pathInMessage('nodes[2].conversion.range must be an integer between 1 and 1000 (got 0)')).toBe('nodes[2].conversion.range');
    expect(pathInMessage('drops[1].bursts must list at least one number')).toBe('drops[1].bursts');
    expect(pathInMessage('something else')).toBeNull();
  });
});
