import { describe, expect, it } from 'vitest';
import routingFeatures from '../../../../wasm-core/tests/scenarios/routing-features.json';
import { makeNames } from '@obs-tcp-sim/engine';
import { barWords, burstRouteWords } from './barWords';
import { BurstPathTable } from './burstPaths';
import { GANTT_MARGIN } from './drawGantt';
import { barAt, barCenter, type GanttGeometry } from './hitTest';
import { ChannelModel, LinkTrack } from './reservations';
import { layoutRows } from './rowLayout';
import { record } from '../sim/testRecording';

describe('BurstPathTable', () => {
  it('finds the path of a remembered burst, not of one a newer id overwrote, nothing after clear', () => {
    const t = new BurstPathTable(8);
    t.remember(3, 1);
    t.remember(4, 0);
    expect([t.find(3), t.find(4), t.find(5)]).toEqual([1, 0, -1]);
    t.remember(11, 2); // same slot as 3
    expect([t.find(3), t.find(11)]).toEqual([-1, 2]);
    t.clear();
    expect(t.find(11)).toBe(-1);
    expect(t.find(-1)).toBe(-1);
  });
});

describe('barAt: the bar under the pointer', () => {
  const track = new LinkTrack(0, 0);
  track.addReservation(7, 0, 0.001, 0.002, 0, 0);
  track.addReservation(8, 1, 0.004, 0.004001, 1, 0);
  const spec = { link: 0, dir: 0, label: 'f1: E1 → C1', wavelengths: 2 };
  const rows = layoutRows([spec], [2], 200);
  const g: GanttGeometry = {
    width: 1000 + GANTT_MARGIN.left + GANTT_MARGIN.right,
    rows,
    tracks: [track],
    wavelengths: [2],
    from: 0,
    to: 0.01,
  };
  // 1000 px of plot for 10 ms: 1 px = 10 µs.
  const x = (t: number) => GANTT_MARGIN.left + t * 1e5;
  const laneY = (lane: number) => {
    const r = rows.find((row) => row.type === 'lane' && row.lane === lane)!;
    return r.y + GANTT_MARGIN.top + r.h / 2;
  };

  it('finds a bar by time and wavelength', () => {
    expect(barAt(g, x(0.0015), laneY(0))?.reservation.id).toBe(7);
    expect(barAt(g, x(0.0015), laneY(1))).toBeNull(); // λ2 is empty there
    expect(barAt(g, x(0.003), laneY(0))).toBeNull(); // between bars
  });

  it('a 1 µs bar is drawn 2 px wide and can be hit within a few px', () => {
    expect(barAt(g, x(0.004) + 2, laneY(1))?.reservation.id).toBe(8);
    expect(barAt(g, x(0.004) - 3, laneY(1))?.reservation.id).toBe(8);
    expect(barAt(g, x(0.004) - 6, laneY(1))).toBeNull();
  });

  it('nothing outside the plot', () => {
    expect(barAt(g, GANTT_MARGIN.left - 5, laneY(0))).toBeNull();
    expect(barAt(g, x(0.0015), 1)).toBeNull();
  });
});

describe('the route of a burst on a watched fiber, against the real engine', async () => {
  const run = await record(routingFeatures, 0.8, 8);
  const names = makeNames(routingFeatures, run.flowIds, run.routes);
  const f1 = routingFeatures.links.findIndex((l) => l.id === 'f1');
  const f3 = routingFeatures.links.findIndex((l) => l.id === 'f3');

  it('every TCP burst on a fiber took an optical path over that fiber', () => {
    const model = new ChannelModel([
      { link: f1, dir: 0 },
      { link: f3, dir: 0 },
    ]);
    model.sync(run.store.recent, run.store.generation);
    for (const [link, id] of [
      [f1, 'f1'],
      [f3, 'f3'],
    ] as const) {
      const rs = model.track(link, 0)!.reservations.filter((r) => r.cls !== 2);
      expect(rs.length).toBeGreaterThan(10);
      for (const r of rs) {
        const path = model.paths.find(r.id);
        expect(path).toBeGreaterThanOrEqual(0);
        expect(run.routes.opticalPaths[path].links).toContain(id);
      }
    }
    // f3 carries only the forced flow's data (E1 → C2 → E2): say so.
    const r = model.track(f3, 0)!.reservations.find((x) => x.cls === 0)!;
    expect(barWords(r, model.paths.find(r.id), names)).toMatch(/^burst \d+ \(data\) on λ[12], [\d.]+ µs: E1 → C2 → E2$/);
    expect(burstRouteWords(r.id, model.paths.find(r.id), names)).toBe(`burst ${r.id}: E1 → C2 → E2`);
    expect(burstRouteWords(r.id, -1, names)).toBeNull();
  });
});

describe('barCenter: where barAt finds a bar', () => {
  const track = new LinkTrack(0, 0);
  const r = track.addReservation(9, 1, 0.002, 0.003, 0, 0);
  const spec = { link: 0, dir: 0, label: 'f1: E1 → C1', wavelengths: 2 };
  const g: GanttGeometry = {
    width: 1000 + GANTT_MARGIN.left + GANTT_MARGIN.right,
    rows: layoutRows([spec], [2], 200),
    tracks: [track],
    wavelengths: [2],
    from: 0,
    to: 0.01,
  };

  it('is the middle of the bar, and barAt finds the bar there', () => {
    const p = barCenter(g, 0, r)!;
    expect(p.x).toBeCloseTo(GANTT_MARGIN.left + 250);
    expect(barAt(g, p.x, p.y)?.reservation.id).toBe(9);
  });

  it('is null for a bar outside the window', () => {
    expect(barCenter({ ...g, from: 0.005 }, 0, r)).toBeNull();
  });
});
