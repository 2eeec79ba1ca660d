import { describe, expect, it } from 'vitest';
import { overlaps } from './labelLayout';
import {
  autoWindow,
  buildScene,
  burstAt,
  clipUpTo,
  columnXs,
  dropPlace,
  formatSpan,
  formatTick,
  sampledIn,
  stepCeil,
  stepWindow,
  timeTicks,
  timeToY,
  windowAt,
} from './geometry';
import { pathSpec } from './pathSpec';
import { LINE, LINE_ROUTES } from './testPath';
import { TEST_PLOT, testSceneInput } from './testScene';
import type { BurstStory } from './timeSpaceModel';

const spec = pathSpec(LINE, ['E1', 'C1', 'C2', 'E2'], LINE_ROUTES)!;
/** Pixels to a thousandth, so float noise does not matter (as Plot's snapshots round). */
const r = <T>(x: T): T => JSON.parse(JSON.stringify(x, (_, v) => (typeof v === 'number' ? Math.round(v * 1000) / 1000 : v)));
const [X0, X1, X2, X3] = [150, 316.667, 483.333, 650];

function story(id: number, patch: Partial<BurstStory> = {}): BurstStory {
  return {
    id,
    cls: 0,
    formed: null,
    bhps: [],
    bands: [],
    side: [],
    drop: null,
    deflections: [],
    cuts: [],
    delivered: null,
    last: 1,
    ...patch,
  };
}

/** Burst `id` sent by E1 at t, its BHP and band on fiber1 (5 ms), offset 2 ms. */
function sent(id: number, t: number, patch: Partial<BurstStory> = {}): BurstStory {
  return story(id, {
    formed: { t, column: 0, node: 1, offset: 0.002, segments: 2, bytes: 3000, mainFlow: 0, flows: 1, path: 0 },
    bhps: [{ hop: 0, back: false, t0: t, t1: t + 0.005 }],
    bands: [{ hop: 0, back: false, t0: t + 0.002, t1: t + 0.00204, lane: 0, fdl: 0 }],
    last: t + 0.008,
    ...patch,
  });
}

describe('time and columns', () => {
  it('maps time down the plot and spreads the columns between the insets', () => {
    expect(timeToY(0, 0, 0.02, TEST_PLOT)).toBe(50);
    expect(timeToY(0.01, 0, 0.02, TEST_PLOT)).toBe(250);
    expect(r(columnXs(4, TEST_PLOT, 50))).toEqual([X0, X1, X2, X3]);
    expect(columnXs(1, TEST_PLOT, 50)).toEqual([400]);
  });

  it('follows now near the bottom of the window, and fills from t = 0 at the start', () => {
    expect(windowAt(0.003, 0.012)).toEqual([0, 0.012]);
    const [from, to] = windowAt(0.1, 0.012);
    expect(to).toBeCloseTo(0.101, 12);
    expect(from).toBeCloseTo(0.089, 12);
  });

  it('chooses a window that holds a crossing of the longest hop, offset and burst, rounded up', () => {
    // 1.25 x (5 ms + 2 ms + 40 µs) = 8.8 ms → 10 ms.
    expect(autoWindow(spec, 0.002, 0.00004)).toBeCloseTo(0.01, 12);
    // Before any burst: two cores' processing stands for the offset (1.25 x 7 ms → 10 ms).
    expect(autoWindow(spec, 0, 0)).toBeCloseTo(0.01, 12);
    expect(stepCeil(0.0075)).toBeCloseTo(0.008, 12);
    expect(stepCeil(0.011)).toBeCloseTo(0.012, 12);
  });

  it('zooms by 1-2-5 steps', () => {
    expect(stepWindow(0.008, 1)).toBeCloseTo(0.01, 12);
    expect(stepWindow(0.008, -1)).toBeCloseTo(0.005, 12);
    expect(stepWindow(0.01, 1)).toBeCloseTo(0.02, 12);
    expect(stepWindow(0.01, -1)).toBeCloseTo(0.005, 12);
    expect(stepWindow(0.002, -1)).toBeCloseTo(0.001, 12);
  });

  it('ticks at a 1-2-5 step, in the window’s unit, as precise as the step', () => {
    const ticks = timeTicks(0.0032, 0.0112, TEST_PLOT, 60);
    expect(ticks.map((t) => t.text)).toEqual(['4 ms', '6 ms', '8 ms', '10 ms']);
    expect(ticks[0].y).toBeCloseTo(50 + (0.0008 / 0.008) * 400, 9);
    expect(formatTick(12.306, 0.002, 12.31)).toBe('12.306 s');
    expect(formatTick(0.0065, 0.0005, 0.01)).toBe('6.5 ms');
    expect(formatTick(0.00052, 0.00002, 0.0006)).toBe('520 µs');
    expect(formatSpan(0.001001512)).toBe('1.0015 ms');
    expect(formatSpan(11.512e-6)).toBe('11.512 µs');
    expect(formatSpan(0.0005)).toBe('500 µs');
    expect(formatSpan(1e-6)).toBe('1 µs');
  });
});

describe('clipping and sampling', () => {
  it('cuts a band at now', () => {
    const band: Array<[number, number]> = [
      [0, 0],
      [10, 5],
      [10, 6],
      [0, 1],
    ];
    expect(clipUpTo(band, 10)).toEqual(band);
    expect(clipUpTo(band, 3)).toEqual([
      [0, 0],
      [6, 3],
      [4, 3],
      [0, 1],
    ]);
    expect(clipUpTo(band, -1)).toEqual([]);
  });

  it('samples by a hash of the id, not every k-th (which could keep one class only)', () => {
    const kept = Array.from({ length: 1000 }, (_, i) => i).filter((i) => sampledIn(i, 4));
    expect(kept.length).toBeGreaterThan(200);
    expect(kept.length).toBeLessThan(300);
    const even = kept.filter((i) => i % 2 === 0).length;
    expect(even / kept.length).toBeGreaterThan(0.35);
    expect(even / kept.length).toBeLessThan(0.65);
    expect(sampledIn(5, 1)).toBe(true);
  });
});

describe('buildScene', () => {
  it('draws a BHP and its burst, the offset at the ingress, and nothing later than now', () => {
    const scene = buildScene(testSceneInput(spec, [sent(3, 0.004)], { now: 0.007 }));
    expect(scene.columns.map((c) => c.id)).toEqual(['E1', 'C1', 'C2', 'E2']);
    const y = (t: number) => timeToY(t, 0, 0.02, TEST_PLOT);
    // The BHP has gone 3/5 of the way to C1 by now.
    expect(scene.lines).toHaveLength(1);
    const l = scene.lines[0];
    expect([l.x0, l.y0]).toEqual([150, y(0.004)]);
    expect(l.x1).toBeCloseTo(150 + 0.6 * (X1 - 150), 2);
    expect(l.y1).toBeCloseTo(y(0.007), 9);
    expect(l.arrived).toBe(false);
    for (const b of scene.bands) for (const [, py] of b.points) expect(py).toBeLessThanOrEqual(y(0.007) + 1e-9);
    expect(r(scene.offsets)).toEqual(r([{ id: 3, cls: 0, x: 141, y0: y(0.004), y1: y(0.006), offset: 0.002, side: -1 }]));
    expect(scene.featured).toBe(3);
    expect(scene.labels.map((x) => x.text)).toEqual(expect.arrayContaining(['offset 2 ms', 'BHP', 'data burst 3']));
    // Not yet at C1: no processing.
    expect(scene.intervals.filter((i) => i.kind === 'processing')).toEqual([]);
  });

  it('marks a core’s processing and set-up when the BHP gets there, and the wavelength JET holds', () => {
    const b = sent(3, 0.004, {
      bands: [
        { hop: 0, back: false, t0: 0.006, t1: 0.00604, lane: 0, fdl: 0 },
        { hop: 1, back: false, t0: 0.011, t1: 0.01104, lane: 0, fdl: 0 },
      ],
    });
    const scene = buildScene(testSceneInput(spec, [b], { now: 0.0115 }));
    const y = (t: number) => timeToY(t, 0, 0.02, TEST_PLOT);
    const kinds = scene.intervals.map((i) => [i.kind, i.column]);
    expect(kinds).toEqual([
      ['processing', 1],
      ['setup', 1],
      ['hold', 1],
    ]);
    const [proc, setup, hold] = scene.intervals;
    expect(r([proc.y0, proc.y1])).toEqual(r([y(0.009), y(0.01)]));
    // 1 µs is thinner than a pixel: drawn 4 px tall.
    expect(setup.y0).toBeCloseTo(y(0.01), 9);
    expect(setup.y1).toBeCloseTo(y(0.01) + 4, 9);
    expect(hold.y0).toBeCloseTo(y(0.011), 9); // JET: from the burst's arrival
    expect(hold.busyFrom).toBeCloseTo(y(0.011), 9);
    expect(scene.labels.map((x) => x.text)).toEqual(expect.arrayContaining(['processing 1 ms', 'set-up 1 µs', 'λ held (JET)']));
  });

  it('gives the moments at a core after every other word: from the BHP’s arrival to the end of its processing', () => {
    const b = sent(3, 0.004, { bands: [{ hop: 0, back: false, t0: 0.006, t1: 0.00604, lane: 0, fdl: 0 }] });
    const labels = (now: number) => buildScene(testSceneInput(spec, [b], { now })).labels;
    const done = labels(0.0115);
    expect(done.map((x) => x.text)).toContain('9 ms → 10 ms');
    // Placed last, in the room the other words leave.
    const first = done.findIndex((x) => x.key.startsWith('moments:'));
    expect(done.slice(first).every((x) => x.key.startsWith('moments:'))).toBe(true);
    // Still processing: only where it began.
    expect(labels(0.0095).map((x) => x.text)).toContain('from 9 ms');
  });

  it('under JIT holds the wavelength from the end of the BHP’s processing', () => {
    const jit = { ...spec, reservation: 'jit' as const };
    const b = sent(3, 0.004, {
      bands: [
        { hop: 0, back: false, t0: 0.006, t1: 0.00604, lane: 0, fdl: 0 },
        { hop: 1, back: false, t0: 0.011, t1: 0.01104, lane: 0, fdl: 0 },
      ],
    });
    const scene = buildScene(testSceneInput(jit, [b], { now: 0.0115 }));
    const hold = scene.intervals.find((i) => i.kind === 'hold')!;
    const y = (t: number) => timeToY(t, 0, 0.02, TEST_PLOT);
    expect(hold.y0).toBeCloseTo(y(0.01), 9);
    expect(hold.busyFrom).toBeCloseTo(y(0.011), 9);
    expect(scene.labels.map((x) => x.text)).toContain('λ held (JIT)');
  });

  it('puts a late drop where the burst reached the core, beside its column, inside the BHP’s processing', () => {
    const b = sent(3, 0.004, {
      bands: [{ hop: 0, back: false, t0: 0.0045, t1: 0.00454, lane: 0, fdl: 0 }],
      drop: { column: 1, node: 2, t: 0.01, reason: 2, link: 2, dir: 1 },
    });
    const place = dropPlace(b, spec)!;
    expect(place).toMatchObject({ column: 1, from: 1 });
    expect(place.t).toBeCloseTo(0.0095, 12);
    const scene = buildScene(testSceneInput(spec, [b], { now: 0.0101 }));
    expect(r(scene.marks)).toEqual(r([{ id: 3, cls: 0, kind: 'drop', x: X1 - 18, y: timeToY(0.0095, 0, 0.02, TEST_PLOT), reason: 2 }]));
    expect(scene.labels[0].text).toBe('dropped: late');
    // The core never switched for it: no set-up, no hold.
    expect(scene.intervals.map((i) => i.kind)).toEqual(['processing']);
  });

  it('draws a deflection as a dashed way round from the column it left to the one it rejoined', () => {
    const b = sent(3, 0.004, {
      side: [
        { column: 1, other: 'C3', leaving: true, t0: 0.011, t1: 0.01104, delay: 0.003 },
        { column: 2, other: 'C3', leaving: false, t0: 0.017, t1: 0.01704, delay: 0.003 },
      ],
      deflections: [{ column: 1, t: 0.01, link: 5 }],
    });
    const scene = buildScene(testSceneInput(spec, [b], { now: 0.02 }));
    const detour = scene.bands.find((x) => x.detour)!;
    expect(r(detour.points.slice(0, 2))).toEqual(
      r([
        [X1, timeToY(0.011, 0, 0.02, TEST_PLOT)],
        [X2, timeToY(0.017, 0, 0.02, TEST_PLOT)],
      ]),
    );
    expect(scene.labels.map((x) => x.text)).toContain('deflected via C3');
  });

  it('draws an FDL delay on the column where the burst waited', () => {
    const b = sent(3, 0.004, {
      bands: [
        { hop: 0, back: false, t0: 0.006, t1: 0.00604, lane: 0, fdl: 0 },
        { hop: 1, back: false, t0: 0.0115, t1: 0.01154, lane: 0, fdl: 0.0005 },
      ],
    });
    const scene = buildScene(testSceneInput(spec, [b], { now: 0.015 }));
    const fdl = scene.intervals.find((i) => i.kind === 'fdl')!;
    expect(fdl.column).toBe(1);
    expect(fdl.y0).toBeCloseTo(timeToY(0.011, 0, 0.02, TEST_PLOT), 9);
    expect(fdl.y1).toBeCloseTo(timeToY(0.0115, 0, 0.02, TEST_PLOT), 9);
    expect(scene.labels.map((x) => x.text)).toContain('FDL 500 µs');
  });

  it('draws an ACK burst right to left, its offset bracket at the right of its edge', () => {
    const ack = story(8, {
      cls: 1,
      formed: { t: 0.004, column: 3, node: 4, offset: 0.002, segments: 1, bytes: 40, mainFlow: 0, flows: 1, path: 1 },
      bhps: [{ hop: 2, back: true, t0: 0.004, t1: 0.009 }],
      bands: [{ hop: 2, back: true, t0: 0.006, t1: 0.00604, lane: 0, fdl: 0 }],
    });
    const scene = buildScene(testSceneInput(spec, [ack], { now: 0.02 }));
    expect(r([scene.lines[0].x0, scene.lines[0].x1])).toEqual([X3, X2]);
    expect(scene.offsets[0].side).toBe(1);
    expect(scene.bands[0].points[0][0]).toBe(650);
  });

  it('with more bursts than fit, draws a sample and keeps every drop; labels never overlap', () => {
    const many = Array.from({ length: 200 }, (_, i) => sent(i, 0.0001 * i));
    many[101] = sent(101, 0.0101, { drop: { column: 1, node: 2, t: 0.016, reason: 1, link: 2, dir: 1 } });
    const scene = buildScene(testSceneInput(spec, many, { maxShown: 20 }));
    expect(scene.every).toBe(10);
    expect(scene.shown + scene.hidden).toBe(200);
    expect(scene.shown).toBeLessThan(40);
    expect(scene.marks.some((m) => m.id === 101 && m.kind === 'drop')).toBe(true);
    for (let i = 0; i < scene.labels.length; i++)
      for (let j = i + 1; j < scene.labels.length; j++) expect(overlaps(scene.labels[i].box, scene.labels[j].box)).toBe(false);
  });

  it('labels the burst asked for, and finds the burst under the pointer', () => {
    const scene = buildScene(testSceneInput(spec, [sent(3, 0.004), sent(4, 0.008)], { featured: 3, now: 0.012 }));
    expect(scene.featured).toBe(3);
    const band = scene.bands.find((b) => b.id === 4)!;
    const [cx, cy] = band.points.reduce((a, p) => [a[0] + p[0] / band.points.length, a[1] + p[1] / band.points.length], [0, 0]);
    expect(burstAt(scene, cx, cy)).toBe(4);
    const line = scene.lines.find((l) => l.id === 3)!;
    expect(burstAt(scene, (line.x0 + line.x1) / 2, (line.y0 + line.y1) / 2 + 2)).toBe(3);
    expect(burstAt(scene, 5, 5)).toBe(-1);
    // Without asking, the latest burst sent from the first column.
    expect(buildScene(testSceneInput(spec, [sent(3, 0.004), sent(4, 0.008)], { now: 0.012 })).featured).toBe(4);
  });
});
