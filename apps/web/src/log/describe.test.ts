import { describe, expect, it } from 'vitest';
import { LIVE_TARGETS, defaultScenario, genericPath, liveTargetOf } from '@obs-tcp-sim/scenario';
import { EventKind, type VisualEvent } from '../sim/visualStore';
import {
  describeBurstDropped,
  describeBurstFormed,
  describeEvent,
  describePacketDropped,
  describeTcpEvent,
  formatBytes,
  formatDuration,
  livePathOfEvent,
  logLine,
} from './describe';
import { makeNames } from '@obs-tcp-sim/engine';
import { visualEvent as ev } from '../sim/visualEventFixtures';

// Default scenario: nodes Server 0, E1 1, C1 2, E2 3, Client 4; links fe1 0, f1 1, f2 2, fe2 3.
const names = makeNames(defaultScenario, ['tcp1', 'tcp2']);

// Burst 77 of data formed at E1 at 0.512 s: 61 segments, 31.2 KB, its offset 30 µs.
const formed = {
  kind: EventKind.BurstFormed,
  t0: 0.512,
  id: 77,
  node: 1,
  cls: 0,
  bytes: 31_200,
  segments: 61,
  lane: 0,
  dir: 1,
  value: 3e-5,
};

describe('units', () => {
  it('bytes and durations read naturally', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(31_200)).toBe('31.2 KB');
    expect(formatBytes(2_500_000)).toBe('2.5 MB');
    expect(formatDuration(3e-5)).toBe('30 µs');
    expect(formatDuration(1.5e-3)).toBe('1.5 ms');
    expect(formatDuration(2)).toBe('2 s');
    expect(formatDuration(0)).toBe('0 µs');
    expect(formatDuration(5e-8)).toBe('50 ns');
  });
});

describe('sentences', () => {
  it('burst formed: edge, id, class, contents, size and offset', () => {
    const e = ev(formed);
    expect(describeBurstFormed(e, names)).toBe('E1 sends burst 77 (data, 61 segments of tcp1, 31.2 KB, offset 30 µs)');
    expect(logLine(e, names)).toBe('0.512 s: E1 sends burst 77 (data, 61 segments of tcp1, 31.2 KB, offset 30 µs)');
  });

  it('burst formed: ACK bursts count ACKs, several flows name the main one, background has no packets', () => {
    expect(describeBurstFormed(ev({ id: 3, node: 3, cls: 1, bytes: 480, segments: 12, lane: 0, dir: 1, value: 2e-5 }), names)).toBe(
      'E2 sends burst 3 (ACK, 12 ACKs of tcp1, 480 B, offset 20 µs)',
    );
    expect(describeBurstFormed(ev({ id: 4, node: 1, cls: 0, bytes: 40_000, segments: 70, lane: 1, dir: 2, value: 2e-5 }), names)).toBe(
      'E1 sends burst 4 (data, 70 segments of 2 flows, mostly tcp2, 40 KB, offset 20 µs)',
    );
    expect(describeBurstFormed(ev({ id: 5, node: 1, cls: 2, bytes: 20_100, segments: 0, lane: -1, dir: 0, value: 1e-5 }), names)).toBe(
      'E1 sends burst 5 (background, 20.1 KB, offset 10 µs)',
    );
    expect(describeBurstFormed(ev({ id: 6, node: 1, cls: 0, bytes: 552, segments: 1, lane: 0, dir: 1, value: 1e-5 }), names)).toBe(
      'E1 sends burst 6 (data, 1 segment of tcp1, 552 B, offset 10 µs)',
    );
  });

  it('burst dropped: every reason, where and where it was going', () => {
    const base = { kind: EventKind.BurstDropped, t0: 1.234, id: 512, node: 2, link: 2, dir: 0, cls: 0, segments: 61 };
    const origin = { mainFlow: 0, flows: 1 };
    expect(describeBurstDropped(ev({ ...base, reason: 1 }), names, origin)).toBe(
      'burst 512 (data, 61 segments of tcp1) dropped at C1 on its way to E2: no free wavelength (contention)',
    );
    expect(describeBurstDropped(ev({ ...base, reason: 0 }), names, origin)).toBe(
      'burst 512 (data, 61 segments of tcp1) dropped at C1 on its way to E2: injected loss',
    );
    expect(describeBurstDropped(ev({ ...base, reason: 2 }), names, origin)).toBe(
      'burst 512 (data, 61 segments of tcp1) dropped at C1 on its way to E2: arrived before its control packet was processed (late)',
    );
    // The ACK direction of f1 (dir 1: C1 -> E1); without the formed event the flow is unknown.
    expect(describeBurstDropped(ev({ ...base, cls: 1, segments: 5, link: 1, dir: 1, reason: 0 }), names)).toBe(
      'burst 512 (ACK, 5 ACKs) dropped at C1 on its way to E1: injected loss',
    );
    expect(describeBurstDropped(ev({ ...base, cls: 2, segments: 0, reason: 1 }), names)).toBe(
      'burst 512 (background) dropped at C1 on its way to E2: no free wavelength (contention)',
    );
  });

  it('packet dropped: flow, data segment or ACK, link and direction, reason', () => {
    expect(
      describePacketDropped(ev({ kind: EventKind.PacketDropped, id: 0, link: 0, dir: 0, cls: 0, segments: 1234, reason: 0 }), names),
    ).toBe('tcp1 data segment 1234 lost on link fe1 (Server → E1): queue full');
    expect(describePacketDropped(ev({ kind: EventKind.PacketDropped, id: 1, link: 3, dir: 1, cls: 1, reason: 1 }), names)).toBe(
      'tcp2 ACK lost on link fe2 (Client → E2): random loss',
    );
  });

  it('TCP events: RTO, fast retransmit, leaving fast recovery, with cwnd after', () => {
    const tcp = (reason: number, value: number) => describeTcpEvent(ev({ kind: EventKind.TcpEvent, id: 0, reason, value }), names);
    expect(tcp(0, 1)).toBe('tcp1 RTO, cwnd 1');
    expect(tcp(1, 8)).toBe('tcp1 fast retransmit, cwnd 8');
    expect(tcp(2, 5)).toBe('tcp1 leaves fast recovery, cwnd 5');
    expect(tcp(2, 5.25)).toBe('tcp1 leaves fast recovery, cwnd 5.3');
    expect(tcp(1, 64.6)).toBe('tcp1 fast retransmit, cwnd 65');
  });

  it('describeEvent dispatches on the kind and tolerates unknown indices', () => {
    expect(describeEvent(ev({ kind: EventKind.TcpEvent, id: 9, reason: 0, value: 1 }), names)).toBe('flow 9 RTO, cwnd 1');
    expect(describeEvent(ev({ kind: EventKind.BurstDropped, id: 1, node: 42, link: -1, reason: 1 }), names)).toBe(
      'burst 1 (data, 0 segments) dropped at node 42: no free wavelength (contention)',
    );
  });
});

describe('live changes', () => {
  const change = (patch: Partial<VisualEvent>) => ev({ kind: EventKind.LiveChange, id: 0, ...patch });
  it('names the field, the element and the new value', () => {
    expect(describeEvent(change({ reason: 0, cls: 0, value: 0 }), names)).toBe('live change: data-burst loss → 0 %');
    expect(describeEvent(change({ reason: 0, cls: 1, value: 0.02 }), names)).toBe('live change: ACK-burst loss → 2 %');
    expect(describeEvent(change({ reason: 5, lane: 1, link: 1, value: 4 }), names)).toBe('live change: wavelengths on f1 → 4');
    expect(describeEvent(change({ reason: 2, lane: 1, node: 1, dir: 0, value: 2e-3 }), names)).toBe(
      'live change: assembly time at E1 → 2 ms',
    );
    expect(describeEvent(change({ reason: 6, lane: 0, value: 7 }), names)).toBe('live change: TCP variant of tcp1 → cubic');
  });
  it('reads every target back to the engine path', () => {
    expect(livePathOfEvent(change({ reason: 1, dir: 2 }))).toBe('obs.assembly.minBytes');
    expect(livePathOfEvent(change({ reason: 3, lane: 0 }))).toBe('links[0].loss');
    expect(livePathOfEvent(change({ reason: 4, lane: 2, cls: 1 }))).toBe('links[2].burstLoss.ack');
    expect(livePathOfEvent(change({ reason: 7, lane: 1, cls: 1 }))).toBe('nodes[1].dropNext.ack');
    expect(livePathOfEvent(change({ reason: 6, lane: 0 }))).toBe('flows[0].tcp.variant');
  });
  it("reads each of the engine's target codes as a live path of that target", () => {
    LIVE_TARGETS.forEach((target, reason) => {
      for (const cls of [0, 1])
        for (const dir of [-1, 0, 1, 2]) {
          const path = livePathOfEvent(change({ reason, lane: 2, cls, dir }));
          expect(liveTargetOf(genericPath(path)), path).toBe(target);
        }
    });
  });
  it('says a dropped burst was asked for at its edge', () => {
    expect(describeEvent(change({ reason: 7, lane: 1, node: 1, cls: 0, value: 1 }), names)).toBe(
      'live change: E1 drops its next data burst',
    );
    expect(describeEvent(change({ reason: 7, lane: 1, node: 1, cls: 1, value: 3 }), names)).toBe(
      'live change: E1 drops its next 3 ACK bursts',
    );
  });
});

describe("which route a burst took (the engine's optical paths)", () => {
  const routes = {
    opticalPaths: [
      { ingress: 'E1', egress: 'E2', nodes: ['E1', 'C1', 'E2'], links: ['f1', 'f2'] },
      { ingress: 'E2', egress: 'E1', nodes: ['E2', 'E1'], links: ['fx'] },
      { ingress: 'E1', egress: 'E2', nodes: ['E1', 'C1', 'C3', 'E2'], links: ['f1', 'f5', 'f6'] },
    ],
  };
  const routed = makeNames(defaultScenario, ['tcp1', 'tcp2'], routes);

  it('burst formed: to its egress, via the cores between, or direct', () => {
    expect(describeBurstFormed(ev({ ...formed, link: 0 }), routed)).toBe(
      'E1 sends burst 77 to E2 via C1 (data, 61 segments of tcp1, 31.2 KB, offset 30 µs)',
    );
    expect(describeBurstFormed(ev({ ...formed, link: 2 }), routed)).toBe(
      'E1 sends burst 77 to E2 via C1, C3 (data, 61 segments of tcp1, 31.2 KB, offset 30 µs)',
    );
    expect(describeBurstFormed(ev({ ...formed, node: 3, link: 1 }), routed)).toBe(
      'E2 sends burst 77 to E1 direct (data, 61 segments of tcp1, 31.2 KB, offset 30 µs)',
    );
    // An index the routes do not have (a stale list) says nothing rather than something wrong.
    expect(describeBurstFormed(ev({ ...formed, link: 9 }), routed)).toBe(
      'E1 sends burst 77 (data, 61 segments of tcp1, 31.2 KB, offset 30 µs)',
    );
  });

  it('burst delivered: the path of the formed event; a drop keeps its sentence (lessons quote it)', () => {
    const drop = ev({ kind: EventKind.BurstDropped, t0: 1.234, id: 512, node: 2, link: 2, dir: 0, cls: 0, segments: 61, reason: 1 });
    expect(describeBurstDropped(drop, routed, { mainFlow: 0, flows: 1, path: 0 })).toBe(
      'burst 512 (data, 61 segments of tcp1) dropped at C1 on its way to E2: no free wavelength (contention)',
    );
    const delivered = ev({ kind: EventKind.BurstDelivered, t0: 1.3, id: 512, node: 3, cls: 0 });
    expect(describeEvent(delivered, routed, { mainFlow: 0, flows: 1, path: 0 })).toBe('burst 512 (data) delivered at E2 via C1');
    expect(describeEvent(delivered, routed)).toBe('burst 512 (data) delivered at E2');
  });
});
