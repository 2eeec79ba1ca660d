import { describe, expect, it } from 'vitest';
import { copyId, drawnAccess, makeNames } from '@obs-tcp-sim/engine';
import routingFeatures from '../../../../wasm-core/tests/scenarios/routing-features.json';
import { record } from '../sim/testRecording';
import { EventKind } from '../sim/visualStore';
import { describeEvent } from './describe';
import { DEFAULT_FILTER, LogModel, entryText, matches, type LogFilter } from './filter';

describe('drawnAccess: the hosts and links the engine draws for access', () => {
  it('lists, per group with access and copy by copy, the source side then the sink side', () => {
    const drawn = drawnAccess(routingFeatures.flows);
    // "group": 4 copies, both sides; "forced": no access.
    expect(drawn.map((d) => d.id)).toEqual([
      'group#0.src',
      'group#0.dst',
      'group#1.src',
      'group#1.dst',
      'group#2.src',
      'group#2.dst',
      'group#3.src',
      'group#3.dst',
    ]);
    expect(drawn[0]).toMatchObject({ copy: 'group#0', group: 0, side: 'src', a: 'group#0.src', b: 'R0' });
    expect(drawn[1]).toMatchObject({ side: 'dst', a: 'R2', b: 'group#0.dst' });
  });

  it('names a group of one copy without "#", and skips groups without access', () => {
    expect(copyId('tcp', 1, 0)).toBe('tcp');
    const flows = [
      { id: 'a', src: 'S', dst: 'D' },
      { id: 'tcp', src: 'R1', dst: 'D', count: 1, access: { src: { rate: 1e8, delay: 0 } } },
    ];
    expect(drawnAccess(flows).map((d) => d.id)).toEqual(['tcp.src']);
  });
});

describe('names of access links and hosts, against the real engine', async () => {
  // Every field at once; each copy's source access queue cut to 3 packets so slow start overflows it.
  const scenario = structuredClone(routingFeatures);
  scenario.flows[0].access!.src.queue = 3;
  const run = await record(scenario, 0.6, 6);
  const names = makeNames(scenario, run.flowIds, run.routes);
  const ring = run.store.recent;
  const ownLinks = scenario.links.length;

  it('every packet on a drawn link is on the link its copy owns, data leaving its host in direction 0', () => {
    let seen = 0;
    for (let i = 0; i < ring.length; i++) {
      const e = ring.event(i);
      if (e.kind !== EventKind.PacketOnLink || e.link < ownLinks) continue;
      seen++;
      const flow = run.flowIds[e.id];
      const name = names.link(e.link);
      expect([`${flow}.src`, `${flow}.dst`]).toContain(name);
      // Data crosses a drawn link a -> b: from the copy's own host at the source side, to it at the sink.
      if (e.cls === 0) {
        if (name.endsWith('.src')) expect(names.linkFrom(e.link, e.dir)).toBe(`${flow}.src`);
        else expect(names.linkTo(e.link, e.dir)).toBe(`${flow}.dst`);
      }
    }
    expect(seen).toBeGreaterThan(100);
  });

  it('the log never prints a raw index or "undefined", and bursts name their path', () => {
    const model = new LogModel();
    model.sync(run.store.notable, run.store.generation);
    let via = 0;
    for (const entry of model.entries) {
      const text = entryText(entry, names);
      expect(text).not.toMatch(/undefined|\blink \d|\bnode \d|node \?/);
      if (/ via C\d/.test(text)) via++;
    }
    expect(model.counts.drops + model.counts.tcp).toBeGreaterThan(0);
    // Bursts formed are notable; each says where it goes.
    const formed = model.entries.filter((x) => x.event.kind === EventKind.BurstFormed);
    expect(formed.length).toBeGreaterThan(0);
    expect(via).toBe(formed.length);
  });

  it('filtering by a copy keeps its packet drops on its own access links', () => {
    const drops = [];
    for (let i = 0; i < run.store.notable.length; i++) {
      const e = run.store.notable.event(i);
      if (e.kind === EventKind.PacketDropped && e.link >= ownLinks) drops.push(e);
    }
    expect(drops.length).toBeGreaterThan(0);
    const e = drops[0];
    const filter: LogFilter = { ...DEFAULT_FILTER, flow: e.id };
    expect(matches({ seq: 0, event: e }, filter, names)).toBe(true);
    expect(matches({ seq: 0, event: e }, { ...filter, flow: (e.id + 1) % run.flowIds.length }, names)).toBe(false);
    // ... and filtering by the node the copy's hosts hang from finds it too.
    const r0 = scenario.nodes.findIndex((n) => n.id === 'R0');
    const own = { ...DEFAULT_FILTER, node: r0 };
    expect(matches({ seq: 0, event: e }, own, names)).toBe(true);
    expect(matches({ seq: 0, event: e }, { ...own, node: scenario.nodes.findIndex((n) => n.id === 'C1') }, names)).toBe(false);
    expect(describeEvent(e, names)).toContain(`on link ${run.flowIds[e.id]}.src (${run.flowIds[e.id]}.src → R0)`);
  });
});

describe('a copy with its own source host', () => {
  it('is found at the node its host hangs from (the one the canvas shows)', () => {
    const names = makeNames(routingFeatures, ['group#0', 'group#1', 'group#2', 'group#3', 'forced']);
    const r0 = routingFeatures.nodes.findIndex((n) => n.id === 'R0');
    const s = routingFeatures.nodes.findIndex((n) => n.id === 'S');
    expect(names.flowSource(2)).toBe(r0);
    expect(names.flowSource(4)).toBe(s);
    // The drawn hosts have names too, past the scenario's nodes, in the engine's order.
    expect(names.node(routingFeatures.nodes.length)).toBe('group#0.src');
    expect(names.node(routingFeatures.nodes.length + 3)).toBe('group#1.dst');
    expect(names.linkEnds(routingFeatures.links.length + 1)).toEqual([
      routingFeatures.nodes.findIndex((n) => n.id === 'R2'),
      routingFeatures.nodes.length + 1,
    ]);
  });
});
