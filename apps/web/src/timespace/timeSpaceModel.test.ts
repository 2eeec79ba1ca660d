import { describe, expect, it } from 'vitest';
import { EventKind, VisualStore } from '../sim/visualStore';
import { eventRows, visualEvent } from '../sim/visualEventFixtures';
import { pathSpec } from './pathSpec';
import { LINE, LINE_ROUTES } from './testPath';
import { TimeSpaceModel } from './timeSpaceModel';

const spec = pathSpec(LINE, ['E1', 'C1', 'C2', 'E2'], LINE_ROUTES)!;
const K = EventKind;

/** Burst 7 along the path, and what does not concern it. */
function events() {
  return [
    visualEvent({
      kind: K.BurstFormed,
      t0: 0.004,
      t1: 0.004,
      id: 7,
      node: 1,
      link: 0,
      value: 0.002,
      segments: 3,
      bytes: 4500,
      lane: 0,
      dir: 1,
    }),
    visualEvent({ kind: K.ControlPacket, t0: 0.004, t1: 0.009, id: 7, link: 1, dir: 0 }),
    visualEvent({ kind: K.BurstOnLink, t0: 0.006, t1: 0.00604, id: 7, link: 1, dir: 0, lane: 1 }),
    // fiber2 runs left to right in its direction 1.
    visualEvent({ kind: K.ControlPacket, t0: 0.01, t1: 0.012, id: 7, link: 2, dir: 1 }),
    visualEvent({ kind: K.BurstOnLink, t0: 0.011, t1: 0.01104, id: 7, link: 2, dir: 1, lane: 0, value: 0.0001 }),
    // An ACK burst coming back on fiber3 (direction 1: right to left).
    visualEvent({ kind: K.BurstFormed, t0: 0.02, t1: 0.02, id: 8, cls: 1, node: 4, link: 1, value: 0.002 }),
    visualEvent({ kind: K.ControlPacket, t0: 0.02, t1: 0.025, id: 8, cls: 1, link: 3, dir: 1 }),
    // Off the path: packets, a burst formed at a column for a path that shares nothing.
    visualEvent({ kind: K.PacketOnLink, t0: 0.001, t1: 0.002, id: 0, link: 0, dir: 0 }),
    visualEvent({ kind: K.BurstFormed, t0: 0.005, t1: 0.005, id: 9, node: 1, link: 5 }),
    // A drop at C1 of a burst never seen here, on its way elsewhere: not this path's.
    visualEvent({ kind: K.BurstDropped, t0: 0.005, t1: 0.005, id: 10, node: 2, link: 5, dir: 0 }),
  ];
}

function synced() {
  const store = new VisualStore();
  store.append(eventRows(events()));
  const model = new TimeSpaceModel();
  model.watch(spec);
  model.sync(store.recent, store.generation);
  return { store, model };
}

describe('TimeSpaceModel', () => {
  it('keeps the story of each burst on the path: where it was sent, its BHP and its bands, hop by hop', () => {
    const { model } = synced();
    expect([...model.stories.keys()]).toEqual([7, 8]);
    const b = model.stories.get(7)!;
    expect(b.formed).toMatchObject({ column: 0, offset: 0.002, segments: 3, bytes: 4500, mainFlow: 0, flows: 1, path: 0 });
    expect(b.bhps).toEqual([
      { hop: 0, back: false, t0: 0.004, t1: 0.009 },
      { hop: 1, back: false, t0: 0.01, t1: 0.012 },
    ]);
    expect(b.bands.map((x) => [x.hop, x.back, x.lane, x.fdl])).toEqual([
      [0, false, 1, 0],
      [1, false, 0, 0.0001],
    ]);
    // It lasts until its last bit reaches C2.
    expect(b.last).toBeCloseTo(0.01104 + 0.002, 12);
    expect(model.largestOffset).toBe(0.002);
    expect(model.longestBurst).toBeCloseTo(0.00004, 12);
  });

  it('draws the ACK burst right to left, sent from the last column', () => {
    const { model } = synced();
    const ack = model.stories.get(8)!;
    expect(ack.formed?.column).toBe(3);
    expect(ack.bhps).toEqual([{ hop: 2, back: true, t0: 0.02, t1: 0.025 }]);
  });

  it('reads only what the ring gained since, and starts over on a new run', () => {
    const { store, model } = synced();
    store.append(eventRows([visualEvent({ kind: K.BurstDropped, t0: 0.013, t1: 0.013, id: 7, node: 3, link: 3, dir: 0, reason: 1 })]));
    expect(model.sync(store.recent, store.generation)).toBe(true);
    expect(model.stories.get(7)!.drop).toEqual({ column: 2, node: 3, t: 0.013, reason: 1, link: 3, dir: 0 });
    expect(model.stories.get(7)!.bhps).toHaveLength(2); // not read twice
    store.clear();
    model.sync(store.recent, store.generation);
    expect(model.stories.size).toBe(0);
  });

  it('follows a deflection off the path and back, and notes cuts and deliveries', () => {
    const store = new VisualStore();
    store.append(
      eventRows([
        ...events().slice(0, 3),
        visualEvent({ kind: K.BurstDeflected, t0: 0.01, t1: 0.01, id: 7, node: 2, link: 2, dir: 1, lane: 5 }),
        visualEvent({ kind: K.BurstOnLink, t0: 0.011, t1: 0.01104, id: 7, link: 5, dir: 0 }),
        visualEvent({ kind: K.BurstOnLink, t0: 0.014, t1: 0.01404, id: 7, link: 6, dir: 0 }),
        visualEvent({ kind: K.BurstSegmented, t0: 0.016, t1: 0.016, id: 7, node: 3, link: 3, dir: 0, bytes: 1500, segments: 1 }),
        visualEvent({ kind: K.BurstDelivered, t0: 0.022, t1: 0.022, id: 7, node: 4 }),
      ]),
    );
    const model = new TimeSpaceModel();
    model.watch(spec);
    model.sync(store.recent, store.generation);
    const b = model.stories.get(7)!;
    expect(b.deflections).toEqual([{ column: 1, t: 0.01, link: 5 }]);
    // Out of C1 towards C3 as it leaves; into C2 from C3 when it arrives (3 ms later).
    expect(b.side).toEqual([
      { column: 1, other: 'C3', leaving: true, t0: 0.011, t1: 0.01104, delay: 0.003 },
      { column: 2, other: 'C3', leaving: false, t0: 0.017, t1: expect.closeTo(0.01704, 12), delay: 0.003 },
    ]);
    expect(b.cuts).toEqual([{ column: 2, t: 0.016, bytes: 1500, segments: 1 }]);
    expect(b.delivered).toEqual({ column: 3, t: 0.022 });
  });

  it('lets go of stories that ended before a time, and of the oldest past its capacity', () => {
    const { model } = synced();
    model.prune(0.02);
    expect([...model.stories.keys()]).toEqual([8]);
    const small = new TimeSpaceModel(1);
    small.watch(spec);
    const store = new VisualStore();
    store.append(eventRows(events()));
    small.sync(store.recent, store.generation);
    expect([...small.stories.keys()]).toEqual([8]);
  });

  it('watching another path reads the ring again for it; watching none keeps nothing', () => {
    const { store, model } = synced();
    model.watch(pathSpec(LINE, ['E1', 'C1'], LINE_ROUTES));
    model.sync(store.recent, store.generation);
    expect([...model.stories.keys()]).toEqual([7]);
    expect(model.stories.get(7)!.bhps).toHaveLength(1);
    model.watch(null);
    model.sync(store.recent, store.generation);
    expect(model.stories.size).toBe(0);
  });
});
