import { describe, expect, it } from 'vitest';
import { barSpan, computeGeometry, fractionAlong, laneOffset, pointAt } from './geometry';
import { laneBandHalfWidth } from '../topology/laneBand';
import { identity, lineScenario } from './testSupport';

describe('link geometry', () => {
  const geom = computeGeometry(lineScenario(), identity, 1);
  const fiber = geom.links[0]!;

  it('cuts the link where the node glyphs end', () => {
    // edge radius 17 + 2, core radius 21 + 2
    expect(fiber.ax).toBeCloseTo(19);
    expect(fiber.bx).toBeCloseTo(977);
    expect(fiber.len).toBeCloseTo(958);
    expect(fiber.fiber).toBe(true);
    expect(geom.links[1]!.fiber).toBe(false);
  });

  it('puts the control channel nearest the cable and wavelengths outwards, each direction on its right-hand side', () => {
    expect(fiber.controlOffset).toBe(8);
    expect(laneOffset(fiber, 0)).toBe(13);
    expect(laneOffset(fiber, 1)).toBe(18);
    // a -> b runs left to right: its right-hand side is below (screen y down).
    expect(pointAt(fiber, 0, 0, 13)).toEqual([19, 13]);
    expect(pointAt(fiber, 0, 1, 13)[0]).toBeCloseTo(977);
    // b -> a starts at b, above the cable.
    const [x, y] = pointAt(fiber, 1, 0, 13);
    expect(x).toBeCloseTo(977);
    expect(y).toBeCloseTo(-13);
    expect(pointAt(fiber, 1, 0.5, 0)[0]).toBeCloseTo(498);
  });

  it('squeezes many wavelengths into the same width; lane lines drawn at least 1.5 px apart', () => {
    const s = lineScenario();
    (s.links[0] as { wavelengths: number }).wavelengths = 14;
    expect(computeGeometry(s, identity, 1).links[0]!.laneSpacing).toBeCloseTo(2);
    expect(computeGeometry(s, identity, 1).links[0]!.laneStride).toBe(1);
    (s.links[0] as { wavelengths: number }).wavelengths = 64;
    const dense = computeGeometry(s, identity, 1).links[0]!;
    // The band stays 28 px wide: 64 lanes 0.4375 px apart, every 4th line drawn (1.75 px).
    expect(dense.laneSpacing * 64).toBeCloseTo(28);
    expect(dense.laneStride).toBe(4);
    expect(laneBandHalfWidth('fiber', 64)).toBeCloseTo(8 + 65 * (28 / 64));
  });

  it('grows lanes with the size factor, within bounds', () => {
    expect(computeGeometry(lineScenario(), identity, 2).links[0]!.laneSpacing).toBe(10);
    expect(computeGeometry(lineScenario(), identity, 10).links[0]!.laneSpacing).toBe(12.5);
  });
});

describe('positions along a link in time', () => {
  it('moves from the near end at t0 to the far end one propagation delay later', () => {
    expect(fractionAlong(1.0, 1.0, 0.002)).toBe(0);
    expect(fractionAlong(1.001, 1.0, 0.002)).toBeCloseTo(0.5);
    expect(fractionAlong(1.003, 1.0, 0.002)).toBe(1);
    expect(fractionAlong(0.9, 1.0, 0.002)).toBe(0);
    // zero delay: there at once
    expect(fractionAlong(1.0, 1.0, 0)).toBe(1);
  });

  it('makes a burst bar as long as its duration at the propagation speed', () => {
    // 0.1 ms burst on a 1 ms fiber: a tenth of the link.
    const span = barSpan(0.0005, 0, 0.0001, 0.001, 0.001)!;
    expect(span.head).toBeCloseTo(0.5);
    expect(span.tail).toBeCloseTo(0.4);
  });

  it('clips the bar to the link as it enters and leaves', () => {
    const entering = barSpan(0.00005, 0, 0.0001, 0.001, 0.001)!;
    expect(entering.head).toBeCloseTo(0.05);
    expect(entering.tail).toBe(0);
    const leaving = barSpan(0.00105, 0, 0.0001, 0.001, 0.001)!;
    expect(leaving.head).toBe(1);
    expect(leaving.tail).toBeCloseTo(0.95);
    // A burst longer than the link fills it.
    const long = barSpan(0.0015, 0, 0.003, 0.001, 0.001)!;
    expect(long).toEqual({ head: 1, tail: 0 });
  });

  it('keeps a very short burst visible (the minimum length), and is off the link before t0 and after t1 + delay', () => {
    // Grown about its true middle (0.5), so it moves at its true speed.
    const tiny = barSpan(0.0005, 0, 1e-9, 0.001, 0.01)!;
    expect(tiny.head).toBeCloseTo(0.505);
    expect(tiny.tail).toBeCloseTo(0.495);
    // At either end it stays on the link: its head never passes the far end.
    const start = barSpan(0, 0, 1e-9, 0.001, 0.01)!;
    expect(start).toEqual({ head: 0.01, tail: 0 });
    const end = barSpan(0.001, 0, 1e-9, 0.001, 0.01)!;
    expect(end.head).toBe(1);
    expect(end.tail).toBeCloseTo(0.99);
    // A minimum longer than the link: the whole link, no more.
    expect(barSpan(0.0005, 0, 1e-9, 0.001, 1.5)).toEqual({ head: 1, tail: 0 });
    expect(barSpan(-0.0001, 0, 0.0001, 0.001, 0.01)).toBeNull();
    expect(barSpan(0.00111, 0, 0.0001, 0.001, 0.01)).toBeNull();
  });
});
