import { describe, expect, it } from 'vitest';
import { EventKind, EVENT_COLUMNS, type VisualEvent } from '../sim/visualStore';
import { ChannelModel, LinkTrack, autoWindow, fdlMarker, niceCeil, niceStep, visibleByLane, voidsOf, windowBounds } from './reservations';
import { networkFeaturesScenario, record } from '../sim/testRecording';
import { ringOf, visualEvent as ev } from '../sim/visualEventFixtures';

const onLink = (id: number, lane: number, t0: number, t1: number, extra: Partial<VisualEvent> = {}) =>
  ev({ kind: EventKind.BurstOnLink, id, link: 1, dir: 0, lane, t0, t1, ...extra });

describe('void filling', () => {
  it('marks a burst that starts before the end of an earlier reservation on its wavelength', () => {
    const track = new LinkTrack(1, 0);
    track.addReservation(1, 0, 10, 12, 0, 0); // reserved first, far ahead
    const filled = track.addReservation(2, 0, 5, 7, 0, 0); // then placed in the void before it
    const after = track.addReservation(3, 0, 13, 14, 0, 0); // after the last end: no void used
    const other = track.addReservation(4, 1, 1, 2, 0, 0); // another wavelength: its own history
    expect([filled.voidFilled, after.voidFilled, other.voidFilled]).toEqual([true, false, false]);
    expect(track.voidFilled).toBe(1);
    expect(track.lanesSeen).toBe(2);
  });

  it('back-to-back reservations are not void filling (float tolerance)', () => {
    const track = new LinkTrack(1, 0);
    track.addReservation(1, 0, 0.1, 0.2, 0, 0);
    expect(track.addReservation(2, 0, 0.1 + 0.1, 0.3, 0, 0).voidFilled).toBe(false);
  });

  it('voids are the gaps between consecutive reservations of a wavelength', () => {
    const track = new LinkTrack(1, 0);
    for (const [t0, t1] of [
      [1, 2],
      [4, 5],
      [5, 6],
      [3, 3.5],
    ])
      track.addReservation(0, 0, t0, t1, 0, 0);
    const lanes = visibleByLane(track, 0, 10, 2);
    expect(lanes).toHaveLength(2);
    expect(lanes[0].map((r) => r.t0)).toEqual([1, 3, 4, 5]);
    expect(voidsOf(lanes[0])).toEqual([
      [2, 3],
      [3.5, 4],
    ]);
    expect(voidsOf(lanes[1])).toEqual([]);
    // Only what overlaps the window.
    expect(visibleByLane(track, 3.6, 4.5, 1)[0].map((r) => r.t0)).toEqual([4]);
  });
});

describe('FDL markers', () => {
  it('bracket from when the burst would have left to when it did', () => {
    const track = new LinkTrack(1, 0);
    const r = track.addReservation(1, 0, 1e-3, 1.03e-3, 0, 4e-5);
    expect(fdlMarker(r)).toEqual({ from: 1e-3 - 4e-5, to: 1e-3, delay: 4e-5 });
    expect(fdlMarker(track.addReservation(2, 1, 1e-3, 1.03e-3, 0, 0))).toBeNull();
    expect(track.fdlDelayed).toBe(1);
    // A delayed burst whose bar is just right of the window still shows its bracket.
    expect(visibleByLane(track, 0, 0.99e-3, 1)[0]).toHaveLength(1);
  });
});

describe('channel model', () => {
  it('files reservations and drops of watched link directions only, incrementally', () => {
    const ring = ringOf([
      onLink(1, 0, 1, 2),
      onLink(2, 0, 1, 2, { dir: 1 }),
      onLink(3, 1, 1, 2, { link: 2 }),
      ev({ kind: EventKind.BurstDropped, id: 4, link: 1, dir: 0, node: 2, t0: 1.5, reason: 1 }),
      ev({ kind: EventKind.BurstFormed, id: 5, node: 1 }),
    ]);
    const model = new ChannelModel([{ link: 1, dir: 0 }]);
    expect(model.sync(ring, 0)).toBe(true);
    const t = model.track(1, 0)!;
    expect(t.reservations.map((r) => r.id)).toEqual([1]);
    expect(t.drops).toEqual([{ id: 4, t: 1.5, cls: 0, reason: 1, node: 2 }]);
    expect(model.sync(ring, 0)).toBe(false);
    ring.push(Object.fromEntries(EVENT_COLUMNS.map((c) => [c, [onLink(6, 1, 3, 4)[c]]])) as never, 0);
    expect(model.sync(ring, 0)).toBe(true);
    expect(t.reservations.map((r) => r.id)).toEqual([1, 6]);
    // Watching something else re-reads the ring.
    model.watch([
      { link: 1, dir: 1 },
      { link: 2, dir: 0 },
    ]);
    model.sync(ring, 0);
    expect(model.track(1, 1)!.reservations.map((r) => r.id)).toEqual([2]);
    expect(model.track(2, 0)!.reservations.map((r) => r.id)).toEqual([3]);
    // A new run clears.
    model.sync(ringOf([]), 1);
    expect(model.track(2, 0)!.reservations).toEqual([]);
  });
});

describe('time window', () => {
  it('1-2-5 steps', () => {
    expect(niceCeil(3e-3)).toBeCloseTo(5e-3, 15);
    expect(niceCeil(1e-3)).toBeCloseTo(1e-3, 15);
    expect(niceCeil(7)).toBe(10);
    expect(niceStep(1e-3, 1)).toBeCloseTo(2e-3, 15);
    expect(niceStep(5e-3, 1)).toBeCloseTo(1e-2, 15);
    expect(niceStep(1e-3, -1)).toBeCloseTo(5e-4, 15);
    expect(niceStep(2e-3, -2)).toBeCloseTo(5e-4, 15);
  });

  it('auto: shorter on a busier link, never thinner than a few pixels per bar on average', () => {
    const light = new LinkTrack(1, 0);
    const busy = new LinkTrack(2, 0);
    for (let i = 0; i < 200; i++) {
      light.addReservation(i, 0, i * 1e-3, i * 1e-3 + 27e-6, 0, 0); // one 27 µs burst per ms
      busy.addReservation(i, i % 2, i * 20e-6, i * 20e-6 + 27e-6, 0, 0); // both wavelengths nearly full
    }
    const wLight = autoWindow([light], 640);
    const wBusy = autoWindow([busy], 640);
    expect(wBusy).toBeLessThan(wLight);
    expect((27e-6 / wLight) * 640).toBeGreaterThanOrEqual(3);
    expect(autoWindow([new LinkTrack(3, 0)], 640)).toBeCloseTo(1e-2, 15); // nothing yet
  });

  it('following keeps now at 80 % so reservations made ahead show; holding fixes the end', () => {
    const [a, b] = windowBounds(1, 0.01, null);
    expect(a).toBeCloseTo(0.992, 12);
    expect(b).toBeCloseTo(1.002, 12);
    const [c, d] = windowBounds(1, 0.01, { t: 0.5, at: 0.5 }); // a focused moment in the middle
    expect(c).toBeCloseTo(0.495, 12);
    expect(d).toBeCloseTo(0.505, 12);
  });
});

describe('a recorded run of the real engine (network-features: contention, FDLs)', async () => {
  const run = await record(networkFeaturesScenario, 1);
  const links = networkFeaturesScenario.links;
  const f2 = links.findIndex((l) => l.id === 'f2'); // C1 -> C2, behind C1's FDLs
  const model = new ChannelModel([{ link: f2, dir: 0 }]);
  model.sync(run.store.recent, run.store.generation);
  const track = model.track(f2, 0)!;

  it('reservations stay on the link wavelengths and never overlap on one', () => {
    expect(track.reservations.length).toBeGreaterThan(1000);
    expect(track.lanesSeen).toBe(2);
    const lanes = visibleByLane(track, -Infinity, Infinity, 2);
    for (const lane of lanes) {
      for (let i = 1; i < lane.length; i++) expect(lane[i].t0).toBeGreaterThanOrEqual(lane[i - 1].t1 - 1e-12);
    }
  });

  it('FDL delays are whole multiples of C1 unit, at most count x unit', () => {
    const delayed = track.reservations.filter((r) => r.fdl > 0);
    expect(delayed.length).toBeGreaterThan(100);
    for (const r of delayed) {
      const k = r.fdl / 2e-5;
      expect(Math.abs(k - Math.round(k))).toBeLessThan(1e-6);
      expect(Math.round(k)).toBeGreaterThanOrEqual(1);
      expect(Math.round(k)).toBeLessThanOrEqual(3);
    }
  });

  it('void filling is detected, and each one really starts before an earlier reservation ends', () => {
    const filled = track.reservations.filter((r) => r.voidFilled);
    expect(filled.length).toBeGreaterThan(0);
    for (const r of filled) {
      const i = track.reservations.indexOf(r);
      expect(track.reservations.slice(0, i).some((p) => p.lane === r.lane && p.t1 > r.t0)).toBe(true);
    }
  });

  it('contention drops are charged to the link, at C1', () => {
    const c1 = networkFeaturesScenario.nodes.findIndex((n) => n.id === 'C1');
    const contention = track.drops.filter((d) => d.reason === 1);
    expect(contention.length).toBeGreaterThan(100);
    expect(contention.every((d) => d.node === c1)).toBe(true);
  });
});
