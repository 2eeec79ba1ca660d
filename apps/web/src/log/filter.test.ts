import { describe, expect, it } from 'vitest';
import { defaultScenario } from '@obs-tcp-sim/scenario';
import { EventKind, EVENT_COLUMNS } from '../sim/visualStore';
import { networkFeaturesScenario, record } from '../sim/testRecording';
import { DEFAULT_FILTER, LogModel, categoryOf, entryText, filterEntries, focusOf, matches, showingKind, type LogFilter } from './filter';
import { makeNames } from '@obs-tcp-sim/engine';
import { ringOf, visualEvent as ev } from '../sim/visualEventFixtures';

const names = makeNames(defaultScenario, ['tcp1', 'tcp2']);

const formed = ev({
  kind: EventKind.BurstFormed,
  t0: 0.5,
  id: 7,
  node: 1,
  link: 0,
  lane: 1,
  dir: 1,
  segments: 10,
  bytes: 5520,
  value: 2e-5,
});
const dropped = ev({ kind: EventKind.BurstDropped, t0: 0.6, id: 7, node: 2, link: 2, dir: 0, reason: 1, segments: 10 });
const pktDrop = ev({ kind: EventKind.PacketDropped, t0: 0.7, id: 0, link: 0, dir: 0, reason: 0, segments: 99 });
const rto = ev({ kind: EventKind.TcpEvent, t0: 0.8, id: 0, reason: 0, value: 1 });
const all = [formed, dropped, pktDrop, rto];

const everything: LogFilter = { ...DEFAULT_FILTER, categories: { formed: true, drops: true, tcp: true, changes: true, contention: true } };

describe('log model', () => {
  it('reads the ring incrementally and joins a drop to its burst formed event', () => {
    const ring = ringOf(all.slice(0, 2));
    const model = new LogModel();
    expect(model.sync(ring, 0)).toBe(true);
    expect(model.entries).toHaveLength(2);
    expect(model.entries[1].origin).toEqual({ mainFlow: 1, flows: 1, path: 0 });
    expect(entryText(model.entries[1], names)).toBe(
      'burst 7 (data, 10 segments of tcp2) dropped at C1 on its way to E2: no free wavelength (contention)',
    );
    expect(model.sync(ring, 0)).toBe(false);
    for (const e of all.slice(2)) ring.push(Object.fromEntries(EVENT_COLUMNS.map((c) => [c, [e[c]]])) as never, 0);
    expect(model.sync(ring, 0)).toBe(true);
    expect(model.entries.map((x) => x.seq)).toEqual([0, 1, 2, 3]);
    // A new run (generation) starts over.
    model.sync(ringOf([rto]), 1);
    expect(model.entries).toHaveLength(1);
  });

  it('counts the rows the ring overwrote before the log read them', () => {
    const events = Array.from({ length: 10 }, (_, i) => ev({ kind: EventKind.TcpEvent, t0: i, id: 0 }));
    const ring = ringOf(events, 4);
    const model = new LogModel();
    model.sync(ring, 0);
    expect(model.entries).toHaveLength(4);
    expect(model.missed).toBe(6);
    expect(model.entries[0].event.t0).toBe(6);
  });

  it('skips the rows a sync would cut at once, but still names the flows of their bursts', () => {
    const events = [
      ev({ kind: EventKind.BurstFormed, t0: 0, id: 42, link: 5, lane: 3, dir: 2, cls: 0 }),
      ...Array.from({ length: 8 }, (_, i) => ev({ kind: EventKind.TcpEvent, t0: 1 + i, id: 0 })),
      ev({ kind: EventKind.BurstDropped, t0: 9, id: 42, cls: 0 }),
    ];
    const model = new LogModel(4);
    expect(model.sync(ringOf(events, 16), 0)).toBe(true);
    expect(model.entries.map((e) => e.seq)).toEqual([6, 7, 8, 9]);
    expect(model.missed).toBe(6);
    expect(model.entries.at(-1)!.origin).toEqual({ mainFlow: 3, flows: 2, path: 5 });
    expect(model.counts).toEqual({ formed: 0, drops: 1, tcp: 3, changes: 0, contention: 0 });
  });

  it('keeps at most its capacity', () => {
    const model = new LogModel(100);
    for (let i = 0; i < 1000; i++) model.add(ev({ kind: EventKind.TcpEvent, t0: i }));
    expect(model.entries.length).toBeLessThanOrEqual(125);
    expect(model.entries.at(-1)!.event.t0).toBe(999);
    expect(model.missed + model.entries.length).toBe(1000);
  });
});

describe('filters', () => {
  const model = new LogModel();
  model.sync(ringOf(all), 0);
  const shown = (f: Partial<LogFilter>) => filterEntries(model.entries, { ...everything, ...f }, names).map((e) => e.event.kind);

  it('kinds: bursts formed, drops (burst and packet), TCP', () => {
    expect(categoryOf(EventKind.BurstOnLink)).toBeNull();
    expect(shown({})).toEqual([0, 3, 5, 6]);
    expect(shown({ categories: { formed: false, drops: true, tcp: false, changes: false, contention: false } })).toEqual([3, 5]);
    expect(shown({ categories: { formed: false, drops: false, tcp: true, changes: false, contention: false } })).toEqual([6]);
    // The default hides the flood of bursts formed.
    expect(filterEntries(model.entries, DEFAULT_FILTER, names).map((e) => e.event.kind)).toEqual([3, 5, 6]);
  });

  it('a lesson paused at a burst formed shows that kind; a kind already shown, or not listed, leaves the filter as it is', () => {
    const withFormed = showingKind(DEFAULT_FILTER, EventKind.BurstFormed);
    expect(withFormed.categories).toEqual({ ...DEFAULT_FILTER.categories, formed: true });
    expect(filterEntries(model.entries, withFormed, names).map((e) => e.event.kind)).toEqual([0, 3, 5, 6]);
    expect(showingKind(DEFAULT_FILTER, EventKind.TcpEvent)).toBe(DEFAULT_FILTER);
    expect(showingKind(DEFAULT_FILTER, EventKind.PacketOnLink)).toBe(DEFAULT_FILTER);
  });

  it('flow: the burst main flow, the packet or TCP flow', () => {
    expect(shown({ flow: 1 })).toEqual([0, 3]);
    expect(shown({ flow: 0 })).toEqual([5, 6]);
  });

  it('node: where bursts form or drop, the ends of a packet link, the TCP sender', () => {
    expect(shown({ node: 1 })).toEqual([0, 5]); // E1: formed there; fe1 ends at E1
    expect(shown({ node: 2 })).toEqual([3]); // C1
    expect(shown({ node: 0 })).toEqual([5, 6]); // Server: fe1, and tcp1's sender
  });

  it('search: every word, case-insensitive, time included', () => {
    expect(shown({ search: 'RTO' })).toEqual([6]);
    expect(shown({ search: 'dropped c1' })).toEqual([3]);
    expect(shown({ search: '0.700' })).toEqual([5]);
    expect(shown({ search: 'nothing like this' })).toEqual([]);
    expect(matches(model.entries[0], { ...everything, search: '  ' }, names)).toBe(true);
  });
});

describe('a recorded run of the real engine (network-features: contention, FDLs, late bursts)', async () => {
  const run = await record(networkFeaturesScenario, 1);
  const recNames = makeNames(networkFeaturesScenario, run.flowIds);
  const model = new LogModel(1 << 18);
  model.sync(run.store.notable, run.store.generation);
  const texts = model.entries.map((e) => entryText(e, recNames));

  it('says why bursts were dropped, where and where to', () => {
    expect(texts.some((t) => /^burst \d+ \(background\) dropped at C1 on its way to C2: no free wavelength \(contention\)$/.test(t))).toBe(
      true,
    );
    expect(texts.some((t) => /dropped at C2 on its way to E2: arrived before its control packet was processed \(late\)$/.test(t))).toBe(
      true,
    );
    expect(texts.some((t) => /: injected loss$/.test(t))).toBe(true);
  });

  it('names the flows inside bursts and the TCP reactions', () => {
    expect(texts.some((t) => /^E1 sends burst \d+ \(data, \d+ segments? of (\d+ flows, mostly )?(bulk#0|bulk#1|file)/.test(t))).toBe(true);
    expect(texts.some((t) => /^(bulk#0|bulk#1|file|wlan) (RTO|fast retransmit|leaves fast recovery), cwnd [\d.]+$/.test(t))).toBe(true);
    expect(texts).toContain('bulk#1 data segment 50 lost on link a1 (H1 → E1): queue full');
  });

  it('drops join the flows of their burst', () => {
    const dataDrops = model.entries.filter((e) => e.event.kind === EventKind.BurstDropped && e.event.cls === 0);
    expect(dataDrops.length).toBeGreaterThan(0);
    expect(dataDrops.every((e) => e.origin !== undefined && e.origin.mainFlow >= 0)).toBe(true);
  });
});

describe('focus of an entry', () => {
  const model = new LogModel();
  model.sync(ringOf(all), 0);
  it('time, flow, node, link and burst of what was clicked', () => {
    const [f, d, p, t] = model.entries.map((e) => focusOf(e, names));
    expect(f).toEqual({ time: 0.5, flow: 1, node: 1, link: -1, dir: -1, kind: 0, burst: 7, source: 'log' });
    expect(d).toEqual({ time: 0.6, flow: 1, node: 2, link: 2, dir: 0, kind: 3, burst: 7, source: 'log' });
    expect(p).toEqual({ time: 0.7, flow: 0, node: -1, link: 0, dir: 0, kind: 5, burst: -1, source: 'log' });
    expect(t).toEqual({ time: 0.8, flow: 0, node: 0, link: -1, dir: -1, kind: 6, burst: -1, source: 'log' });
    expect(model.counts).toEqual({ formed: 1, drops: 2, tcp: 1, changes: 0, contention: 0 });
  });
});

describe('reading a long ring in steps', () => {
  it('builds at most maxRows entries per sync and says it is behind until done', () => {
    const events = Array.from({ length: 10 }, (_, i) => ev({ kind: EventKind.TcpEvent, t0: i, id: 0 }));
    const ring = ringOf(events, 16);
    const model = new LogModel(100);
    expect(model.sync(ring, 0, 4)).toBe(true);
    expect(model.entries.map((e) => e.seq)).toEqual([0, 1, 2, 3]);
    expect(model.behind).toBe(true);
    model.sync(ring, 0, 4);
    model.sync(ring, 0, 4);
    expect(model.entries.map((e) => e.event.t0)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(model.behind).toBe(false);
    expect(model.sync(ring, 0, 4)).toBe(false);
  });
});

describe('a sync that finds more rows than it builds (full speed)', () => {
  it('lists every drop and TCP event, and the newest rows whole; older bursts formed are only counted', () => {
    const events = [
      ev({ kind: EventKind.BurstFormed, t0: 0, id: 42, link: 5, lane: 3, dir: 2 }),
      ev({ kind: EventKind.BurstFormed, t0: 1, id: 43, lane: 1, dir: 1 }),
      ev({ kind: EventKind.BurstDropped, t0: 2, id: 42 }),
      ev({ kind: EventKind.BurstFormed, t0: 3, id: 44, lane: 1, dir: 1 }),
      ev({ kind: EventKind.TcpEvent, t0: 4, id: 0 }),
      ev({ kind: EventKind.BurstFormed, t0: 5, id: 45, lane: 1, dir: 1 }),
      ev({ kind: EventKind.BurstFormed, t0: 6, id: 46, lane: 1, dir: 1 }),
    ];
    const model = new LogModel(100);
    expect(model.sync(ringOf(events, 16), 0, 2)).toBe(true);
    // Rows 0-4 are the surplus: their drop and TCP event are listed, which spends the
    // budget of 2; the newest rows (5-6) come whole at the next sync.
    expect(model.entries.map((e) => e.seq)).toEqual([2, 4]);
    expect(model.formedNotListed).toBe(3);
    expect(model.missed).toBe(0);
    expect(model.behind).toBe(true);
    expect(model.entries[0].origin).toEqual({ mainFlow: 3, flows: 2, path: 5 });
    model.sync(ringOf(events, 16), 0, 2);
    expect(model.entries.map((e) => e.seq)).toEqual([2, 4, 5, 6]);
    expect(model.behind).toBe(false);
    expect(model.sync(ringOf([], 16), 1, 2)).toBe(true);
    expect(model.formedNotListed).toBe(0);
  });
});
