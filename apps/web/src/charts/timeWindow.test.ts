import { describe, expect, it } from 'vitest';
import { clampDomain, panDomain, TimeWindowStore, zoomDomain } from './timeWindow';

describe('zoomDomain and panDomain', () => {
  it('zooms in around the centre, keeping the centre at the same place', () => {
    const d = zoomDomain([0, 20], 5, 0.5, [0, 20]);
    expect(d[1] - d[0]).toBeCloseTo(10);
    // 5 s was a quarter of the way across; still is.
    expect((5 - d[0]) / (d[1] - d[0])).toBeCloseTo(0.25);
  });

  it('never zooms out past the run nor in past the minimum span', () => {
    expect(zoomDomain([5, 15], 10, 4, [0, 20])).toEqual([0, 20]);
    const tiny = zoomDomain([10, 10.002], 10.001, 0.01, [0, 20], 0.001);
    expect(tiny[1] - tiny[0]).toBeCloseTo(0.001, 9);
  });

  it('pans and stops at the ends', () => {
    expect(panDomain([5, 10], 2, [0, 20])).toEqual([7, 12]);
    expect(panDomain([5, 10], 100, [0, 20])).toEqual([15, 20]);
    expect(panDomain([5, 10], -100, [0, 20])).toEqual([0, 5]);
    expect(clampDomain([-5, 30], [0, 20])).toEqual([0, 20]);
  });
});

describe('TimeWindowStore', () => {
  it('follows the run until zoomed, and again after reset', () => {
    const w = new TimeWindowStore();
    w.setBounds(0, 20);
    expect(w.following).toBe(true);
    expect(w.visible()).toEqual([0, 20]);
    w.zoom(10, 0.5);
    expect(w.following).toBe(false);
    expect(w.visible()).toEqual([5, 15]);
    w.pan(1);
    expect(w.visible()).toEqual([6, 16]);
    w.reset();
    expect(w.following).toBe(true);
    expect(w.visible()).toEqual([0, 20]);
  });

  it('tells every subscriber (all charts share it) and bumps its version', () => {
    const w = new TimeWindowStore();
    w.setBounds(0, 20);
    let calls = 0;
    const off = w.subscribe(() => calls++);
    const v = w.version;
    w.zoom(10, 0.5);
    w.setHover(3);
    w.setHover(3); // no change, no call
    expect(calls).toBe(2);
    expect(w.version).toBe(v + 2);
    off();
    w.reset();
    expect(calls).toBe(2);
  });

  it('zooming back out to the whole run follows the run again', () => {
    const w = new TimeWindowStore();
    w.setBounds(0, 20);
    w.zoom(10, 0.5);
    w.zoom(10, 3);
    expect(w.following).toBe(true);
  });

  it('a new duration drops the zoom; panning the whole run does nothing', () => {
    const w = new TimeWindowStore();
    w.setBounds(0, 20);
    w.pan(5);
    expect(w.following).toBe(true);
    w.set(2, 4);
    expect(w.visible()).toEqual([2, 4]);
    w.setBounds(0, 60);
    expect(w.following).toBe(true);
    expect(w.visible()).toEqual([0, 60]);
  });
});
