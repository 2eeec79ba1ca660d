import { describe, expect, it } from 'vitest';
import { getPath, parsePath, setPath } from './fieldPaths';
import { testScenario } from './testScenario';

describe('paths', () => {
  it('parses engine paths', () => {
    expect(parsePath('links[3].delay')).toEqual(['links', 3, 'delay']);
    expect(parsePath('flows[0].tcp.rto.min')).toEqual(['flows', 0, 'tcp', 'rto', 'min']);
    expect(parsePath('seed')).toEqual(['seed']);
  });
  it('reads and writes without touching the original', () => {
    const s = testScenario();
    const t = setPath(s, 'flows[0].tcp.rto.min', 0.5);
    expect(getPath(t, 'flows[0].tcp.rto.min')).toBe(0.5);
    expect(getPath(s, 'flows[0].tcp.rto.min')).toBe(0.2);
    expect(t.links).toBe(s.links); // untouched branches are shared
    expect(t.flows[0].app).toBe(s.flows[0].app);
  });
  it('creates missing objects and deletes with undefined', () => {
    const s = testScenario();
    const t = setPath(s, 'nodes[1].assembly.maxTime', 0.002);
    expect(getPath(t, 'nodes[1].assembly')).toEqual({ maxTime: 0.002 });
    const u = setPath(t, 'nodes[1].assembly.maxTime', undefined);
    expect(getPath(u, 'nodes[1].assembly')).toEqual({});
    expect(getPath(s, 'nodes[9].id')).toBeUndefined();
  });
});
