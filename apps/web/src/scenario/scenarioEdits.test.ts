import { describe, expect, it } from 'vitest';
import {
  allowedLinkKinds,
  blankScenario,
  deleteNodeEdit,
  dependentsOf,
  dependentsText,
  linkKindFor,
  newFlow,
  newNode,
  nextId,
  removeNode,
  renameNode,
  whyNoLink,
  withNodeAdded,
  withNodeKind,
} from './scenarioEdits';
import { testScenario } from './testScenario';
import { validateScenario } from './validateScenario';

describe('linkKindFor', () => {
  it('chooses packet between electronic nodes and fiber between optical ones', () => {
    expect(linkKindFor('host', 'router')).toBe('packet');
    expect(linkKindFor('host', 'host')).toBe('packet');
    expect(linkKindFor('host', 'edge')).toBe('packet');
    expect(linkKindFor('router', 'edge')).toBe('packet');
    expect(linkKindFor('edge', 'core')).toBe('fiber');
    expect(linkKindFor('core', 'core')).toBe('fiber');
    expect(linkKindFor('edge', 'edge')).toBe('fiber');
  });
  it('refuses electronic nodes on a core node', () => {
    expect(linkKindFor('host', 'core')).toBeNull();
    expect(linkKindFor('core', 'router')).toBeNull();
  });
  it('agrees with the validator for every pair', () => {
    const kinds = ['host', 'router', 'edge', 'core'] as const;
    for (const a of kinds)
      for (const b of kinds) {
        for (const k of ['packet', 'fiber'] as const) {
          const s = testScenario();
          s.nodes = [
            { id: 'A', kind: a, x: 0, y: 0, ...(a === 'core' ? { setupTime: 0, fdl: { count: 0, unit: 0 } } : {}) } as never,
            { id: 'B', kind: b, x: 1, y: 0, ...(b === 'core' ? { setupTime: 0, fdl: { count: 0, unit: 0 } } : {}) } as never,
          ];
          s.links = [{ ...testScenario().links[k === 'packet' ? 0 : 1], a: 'A', b: 'B' }];
          s.flows = [];
          const valid = validateScenario(s).length === 0;
          expect(valid, `${a}-${b} ${k}`).toBe(allowedLinkKinds(a, b).includes(k));
        }
        const chosen = linkKindFor(a, b);
        if (chosen) expect(allowedLinkKinds(a, b)).toContain(chosen);
        else expect(allowedLinkKinds(a, b)).toEqual([]);
      }
  });
  it('explains why two nodes cannot be linked', () => {
    const s = testScenario();
    expect(whyNoLink(s.nodes[0], s.nodes[2])).toMatch(/host cannot attach to a core node/);
    expect(whyNoLink(s.nodes[0], s.nodes[0])).toMatch(/two different nodes/);
    expect(whyNoLink(s.nodes[0], s.nodes[1])).toBeNull();
  });
});

describe('ids and node edits', () => {
  it('nextId takes the first free number', () => {
    expect(nextId('C', [])).toBe('C1');
    expect(nextId('C', ['C1', 'C2', 'C4'])).toBe('C3');
  });
  it('removing a node removes its links and flows', () => {
    const s = removeNode(testScenario(), 'E1');
    expect(s.nodes.map((n) => n.id)).toEqual(['H1', 'C1', 'E2', 'H2']);
    expect(s.links.map((l) => l.id)).toEqual(['f2', 'l2']);
    expect(s.flows.map((f) => f.id)).toEqual(['tcp1']);
    expect(removeNode(testScenario(), 'H2').flows).toEqual([]);
  });
  it('says what deleting a node takes with it, flows first, and names that in the history', () => {
    const s = { ...testScenario(), flows: [newFlow('tcp1', 'H1', 'H2'), newFlow('tcp2', 'H2', 'H1')] };
    expect(dependentsOf(s, 'H1')).toEqual({ links: ['l1'], flows: ['tcp1', 'tcp2'], background: 0 });
    expect(dependentsText(dependentsOf(s, 'H1'))).toBe('flows tcp1 and tcp2, link l1');
    expect(dependentsText(dependentsOf(s, 'C1'))).toBe('links f1 and f2');
    expect(dependentsText({ links: [], flows: [], background: 0 })).toBe('');
    expect(dependentsText({ links: [], flows: ['a', 'b', 'c', 'd', 'e', 'f'], background: 2 })).toBe(
      'flows a, b, c, d and 2 more, 2 background sources',
    );
    const del = deleteNodeEdit(s, 'H1')!;
    expect(del.label).toBe('delete host H1 with flows tcp1 and tcp2');
    expect(del.took).toBe('flows tcp1 and tcp2, link l1');
    expect(del.apply(s).flows).toEqual([]);
    // A node without flows: the history names only the node.
    expect(deleteNodeEdit(s, 'C1')!.label).toBe('delete core C1');
    expect(deleteNodeEdit(s, 'nope')).toBeNull();
  });
  it('a blank scenario has nothing in it and says what it lacks', () => {
    const b = blankScenario();
    expect([b.nodes, b.links, b.flows, b.background]).toEqual([[], [], [], []]);
    expect(b.obs.burstLoss).toEqual({ data: 0, ack: 0 });
    expect(validateScenario(b).map((i) => i.path)).toEqual(['nodes']);
    expect(blankScenario()).not.toBe(b);
  });
  it('renaming a node follows its references', () => {
    const s = renameNode(testScenario(), 'H1', 'Server');
    expect(s.links[0].a).toBe('Server');
    expect(s.flows[0].src).toBe('Server');
    expect(validateScenario(s)).toEqual([]);
  });
  it('changing a kind adds or drops the core fields and fixes link kinds', () => {
    const s = withNodeKind(testScenario(), 'C1', 'edge');
    expect(s.nodes[2]).toEqual({ id: 'C1', kind: 'edge', x: 200, y: 0 });
    expect(validateScenario(s)).toEqual([]);
    const r = withNodeKind(testScenario(), 'E1', 'router');
    // E1-C1 can no longer be anything: it stays fiber and the validator says why.
    expect(r.links[1].kind).toBe('fiber');
    expect(validateScenario(r).some((i) => i.path === 'links[1].kind')).toBe(true);
    const c = withNodeKind(testScenario(), 'E2', 'core');
    expect(c.nodes[3]).toMatchObject({ kind: 'core', setupTime: 1e-7, fdl: { count: 0, unit: 1e-4 } });
  });
  it("a core's conversion, deflection and segmentation go when it stops being a core (docs/mesh.md)", () => {
    const s = testScenario();
    s.nodes[2] = { ...s.nodes[2], conversion: { range: 2 }, deflection: true, segmentation: false } as (typeof s.nodes)[number];
    expect(validateScenario(s)).toEqual([]);
    for (const kind of ['edge', 'router', 'host'] as const) {
      const e = withNodeKind(s, 'C1', kind);
      for (const key of ['conversion', 'deflection', 'segmentation']) expect([kind, key, key in e.nodes[2]]).toEqual([kind, key, false]);
    }
  });
  it('a traffic matrix keeps a row and a column per edge node through node edits (docs/mesh.md)', () => {
    const s = {
      ...testScenario(),
      traffic: {
        matrix: [
          [0, 2],
          [3, 0],
        ],
        load: 0.2,
      },
    };
    expect(validateScenario(s)).toEqual([]);
    // A new edge: a row and a column of 0, at its place in the node list (the end).
    const added = withNodeAdded(s, newNode('edge', 'E3', 500, 0));
    expect(added.traffic?.matrix).toEqual([
      [0, 2, 0],
      [3, 0, 0],
      [0, 0, 0],
    ]);
    // Removed, or no longer an edge: its row and column go, the others keep their weights.
    expect(removeNode(added, 'E1').traffic?.matrix).toEqual([
      [0, 0],
      [0, 0],
    ]);
    expect(withNodeKind(added, 'E3', 'router').traffic?.matrix).toEqual([
      [0, 2],
      [3, 0],
    ]);
    // Other nodes, and uniform traffic, change nothing.
    expect(withNodeAdded(s, newNode('host', 'H3', 0, 100)).traffic).toBe(s.traffic);
    const uniform = { ...s, traffic: { load: 0.2 } };
    expect(removeNode(withNodeAdded(uniform, newNode('edge', 'E3', 0, 0)), 'E3').traffic).toBe(uniform.traffic);
    // A renamed edge keeps its place.
    expect(renameNode(s, 'E1', 'Ingress').traffic).toBe(s.traffic);
  });
});
