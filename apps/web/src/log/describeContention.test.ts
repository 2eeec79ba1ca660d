/**
 * The event log's sentences for a burst a core deflected or cut short (docs/mesh.md
 * sections 6 and 7), by hand on mesh-features' ring and against the real engine on a
 * triangle where C0 deflects and cuts (e2e/fixtures/mesh-contention.json).
 */
import { describe, expect, it } from 'vitest';
import meshFeatures from '../../../../packages/scenario/scenarios/mesh-features.json';
import contention from '../../../../e2e/fixtures/mesh-contention.json';
import { EventKind } from '../sim/visualStore';
import { visualEvent as ev } from '../sim/visualEventFixtures';
import { record } from '../sim/testRecording';
import { describeBurstDeflected, describeBurstSegmented, describeEvent, ordinal } from './describe';
import { categoryOf, focusOf, LogModel } from './filter';
import { makeNames } from '@obs-tcp-sim/engine';

// mesh-features: nodes C0 0, C1 1, C2 2, C3 3; links r01 0 (C0-C1), r12 1, r23 2 (C2-C3), r30 3 (C3-C0).
const names = makeNames(meshFeatures, ['tcp1']);

describe('ordinal', () => {
  it('reads as spoken', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
    ]);
  });
});

describe('a deflection in words', () => {
  it('names the core, the full direction, the hop taken instead and which deflection it was', () => {
    // At C2: C2 -> C1 (r12, dir 1) full, sent on r23 towards C3.
    const e = ev({ kind: EventKind.BurstDeflected, t0: 0.5, id: 123, node: 2, link: 1, dir: 1, lane: 2, cls: 0, reason: 1 });
    expect(describeBurstDeflected(e, names)).toBe('burst 123 deflected at C2: C2→C1 full, sent on C2→C3 (1st deflection)');
    // The taken link seen from its b end: r30 is C3-C0, taken at C0.
    const fromB = ev({ kind: EventKind.BurstDeflected, id: 9, node: 0, link: 0, dir: 0, lane: 3, cls: 2, reason: 2 });
    expect(describeEvent(fromB, names)).toBe('burst 9 deflected at C0: C0→C1 full, sent on C0→C3 (2nd deflection)');
    expect(categoryOf(EventKind.BurstDeflected)).toBe('contention');
  });
});

describe('a cut in words', () => {
  it('says how many segments and bytes were cut, and that the rest goes on', () => {
    const e = ev({ kind: EventKind.BurstSegmented, t0: 0.5, id: 123, node: 1, link: 1, dir: 0, cls: 0, bytes: 4500, segments: 3 });
    expect(describeBurstSegmented(e, names)).toBe('burst 123 segmented at C1: 3 segments (4.5 KB) cut on C1→C2, the rest goes on');
    expect(describeBurstSegmented({ ...e, segments: 1, bytes: 552 }, names)).toBe(
      'burst 123 segmented at C1: 1 segment (552 B) cut on C1→C2, the rest goes on',
    );
    expect(describeBurstSegmented({ ...e, cls: 1, segments: 2, bytes: 80 }, names)).toContain(': 2 ACKs (80 B) cut');
    // A background burst carries no packets: only its bytes.
    expect(describeEvent({ ...e, cls: 2, segments: 0, bytes: 12_345 }, names)).toBe(
      'burst 123 segmented at C1: 12.3 KB cut on C1→C2, the rest goes on',
    );
    expect(categoryOf(EventKind.BurstSegmented)).toBe('contention');
  });
});

describe('against the real engine (the triangle of e2e/fixtures/mesh-contention.json)', () => {
  it('deflections and cuts arrive at C0 and C2 and are described in words', async () => {
    const run = await record(contention, 0.3, 10);
    const real = makeNames(contention, run.flowIds, run.routes);
    const ring = run.store.notable;
    const lines = { deflected: [] as string[], segmented: [] as string[] };
    for (let i = 0; i < ring.length; i++) {
      const kind = ring.get(i, 'kind');
      if (kind === EventKind.BurstDeflected) lines.deflected.push(describeEvent(ring.event(i), real));
      if (kind === EventKind.BurstSegmented) lines.segmented.push(describeEvent(ring.event(i), real));
    }
    expect(lines.deflected.length).toBeGreaterThan(20);
    expect(lines.segmented.length).toBeGreaterThan(3);
    // C0 -> C1 is the short way; when it is full C0 sends the burst to C2 (maxDeflections 1).
    for (const line of lines.deflected) expect(line).toMatch(/^burst \d+ deflected at C0: C0→C1 full, sent on C0→C2 \(1st deflection\)$/);
    for (const line of lines.segmented)
      expect(line).toMatch(/^burst \d+ segmented at C[02]: (\d+ segments? \()?[\d.]+ K?B\)? cut on C[02]→C[012], the rest goes on$/);
    // The TCP flow's data burst cut at C0 loses whole segments.
    expect(lines.segmented.some((l) => / \d+ segments? \(/.test(l))).toBe(true);
  });
});

describe('a deflection in the log model', () => {
  it('is listed under “Deflections & cuts”, keeps its burst’s flow, and points at the core and the full direction', () => {
    const model = new LogModel(100);
    model.add(ev({ kind: EventKind.BurstFormed, t0: 0.1, id: 7, node: 4, lane: 0, dir: 1, link: 0 }));
    model.add(ev({ kind: EventKind.BurstDeflected, t0: 0.2, id: 7, node: 0, link: 0, dir: 0, lane: 3, reason: 1 }));
    const entry = model.entries[1];
    expect(entry.origin?.mainFlow).toBe(0);
    expect(model.counts.contention).toBe(1);
    expect(focusOf(entry, names)).toMatchObject({ node: 0, link: 0, dir: 0, burst: 7, flow: 0 });
  });
});
