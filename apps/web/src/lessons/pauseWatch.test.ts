import { describe, expect, it } from 'vitest';
import type { PauseMoment } from '@obs-tcp-sim/engine';
import type { FrameLike, Phase } from '../sim/controller';
import { EventKind, type VisualEvent } from '../sim/visualStore';
import { PauseWatch, type PauseHit, type WatchedSession } from './pauseWatch';
import { eventRows as rows, instantEvent as ev } from '../sim/visualEventFixtures';

const dataDrop = (t: number, id = 0) => ev(EventKind.BurstDropped, t, { node: 2, cls: 0, id });
const ackDrop = (t: number) => ev(EventKind.BurstDropped, t, { node: 2, cls: 1 });
const fastRetransmit = (t: number) => ev(EventKind.TcpEvent, t, { reason: 1 });
const burstOnLink = (t: number) => ev(EventKind.BurstOnLink, t);

/** A session whose frames the test sends; pause() is what the engine would do: stop playing. */
class FakeSession implements WatchedSession {
  phase: Phase = 'running';
  now = 0;
  visual = { generation: 1 };
  pauses = 0;
  private listeners = new Set<(f: FrameLike) => void>();
  onFrameReceived(l: (f: FrameLike) => void) {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }
  /** What the engine was last asked to pause at (undefined: never asked). */
  moment: PauseMoment | null | undefined = undefined;
  pause() {
    this.pauses++;
    this.phase = 'paused';
  }
  play() {
    this.phase = 'running';
  }
  pauseAt(moment: PauseMoment | null) {
    this.moment = moment;
  }
  getState() {
    return { phase: this.phase, flowIds: ['tcp1'] };
  }
  frame(now: number, events: VisualEvent[] = [], atMoment = false) {
    this.now = now;
    if (atMoment) this.phase = 'paused';
    const frame = { now, visual: rows(events), ...(atMoment ? { atMoment } : {}) } as unknown as FrameLike;
    for (const l of this.listeners) l(frame);
  }
  newRun() {
    this.visual.generation++;
    this.now = 0;
  }
}

function setup() {
  const session = new FakeSession();
  const watch = new PauseWatch(session, () => ['Server', 'E1', 'C1', 'E2', 'Client']);
  const hits: PauseHit[] = [];
  return { session, watch, hits, onHit: (h: PauseHit) => hits.push(h) };
}

describe('PauseWatch', () => {
  it('pauses in the frame that holds the first matching event, with the event and its own time', () => {
    const { session, watch, hits, onHit } = setup();
    expect(watch.arm({ event: 'burst-dropped', class: 'data' }, onHit)).toBe(false);
    session.frame(0.1, [burstOnLink(0.05), ackDrop(0.08)]);
    expect(hits).toEqual([]);
    session.frame(0.2, [burstOnLink(0.12), dataDrop(0.15, 7), dataDrop(0.18, 8)]);
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ at: 0.15, noticedAt: 0.2, event: { id: 7 } });
    expect(session.pauses).toBe(1);
    expect(watch.isArmed).toBe(false);
  });

  it('holds a match logged ahead of its time until the clock reaches it, keeping what came meanwhile', () => {
    const { session, watch, hits, onHit } = setup();
    watch.arm({ event: 'fast-retransmit' }, onHit);
    // As a packet lost after its retries: logged when sent, stamped with its last try.
    session.frame(0.1, [fastRetransmit(0.12), dataDrop(0.09)]);
    expect(hits).toEqual([]);
    expect(session.pauses).toBe(0);
    session.frame(0.11, [dataDrop(0.105, 4)]);
    expect(hits).toEqual([]);
    session.frame(0.13, [dataDrop(0.125, 5)]);
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ at: 0.12, noticedAt: 0.13 });
    expect(session.pauses).toBe(1);
    // The next step finds the drops that came while the hit waited, in order.
    expect(watch.arm({ event: 'burst-dropped', class: 'data' }, onHit)).toBe(true);
    expect(hits[1]).toMatchObject({ at: 0.09 });
    expect(watch.arm({ event: 'burst-dropped', class: 'data' }, onHit)).toBe(true);
    expect(hits[2]).toMatchObject({ event: { id: 4 } });
  });

  it('finds the next condition in the overshoot: the events after the hit, and frames that came while paused', () => {
    const { session, watch, hits, onHit } = setup();
    watch.arm({ event: 'burst-dropped', class: 'data' }, onHit);
    session.frame(0.2, [dataDrop(0.15, 7), dataDrop(0.18, 8)]);
    // The engine ran on before the pause reached it.
    session.frame(0.25, [fastRetransmit(0.22)]);
    // The next step: the second drop (same frame as the first) and then the fast retransmit.
    expect(watch.arm({ event: 'burst-dropped', class: 'data' }, onHit)).toBe(true);
    expect(hits[1]).toMatchObject({ at: 0.18, event: { id: 8 }, noticedAt: 0.25 });
    expect(watch.arm({ event: 'fast-retransmit' }, onHit)).toBe(true);
    expect(hits[2]).toMatchObject({ at: 0.22 });
    // Nothing more in the backlog: wait for new frames.
    expect(watch.arm({ event: 'fast-retransmit' }, onHit)).toBe(false);
    session.phase = 'running';
    session.frame(0.3, [fastRetransmit(0.29)]);
    expect(hits[3]).toMatchObject({ at: 0.29 });
  });

  it('forgets the overshoot once the run plays on without a condition, or a new run starts', () => {
    const { session, watch, hits, onHit } = setup();
    watch.arm({ event: 'burst-dropped', class: 'data' }, onHit);
    session.frame(0.2, [dataDrop(0.15), fastRetransmit(0.19)]);
    session.phase = 'running';
    session.frame(0.3, []);
    expect(watch.arm({ event: 'fast-retransmit' }, onHit)).toBe(false);

    watch.disarm();
    session.phase = 'paused';
    session.frame(0.4, [fastRetransmit(0.35)]); // kept: paused, nothing armed
    session.newRun();
    expect(watch.arm({ event: 'fast-retransmit' }, onHit)).toBe(false);
    expect(hits).toHaveLength(1);
  });

  it('pauses at a time when a frame passes it, keeping only what came after it', () => {
    const { session, watch, hits, onHit } = setup();
    expect(watch.arm({ event: 'time', at: 1 }, onHit)).toBe(false);
    session.frame(0.9, [fastRetransmit(0.85)]);
    expect(hits).toEqual([]);
    session.frame(1.02, [fastRetransmit(0.95), fastRetransmit(1.01)]);
    expect(hits).toEqual([{ condition: { event: 'time', at: 1 }, event: null, at: 1, noticedAt: 1.02 }]);
    expect(watch.arm({ event: 'fast-retransmit' }, onHit)).toBe(true);
    expect(hits[1].at).toBe(1.01);
  });

  it('starts afresh in a new run (a Show me after another): the old run’s clock and overshoot do not count', () => {
    const { session, watch, hits, onHit } = setup();
    watch.arm({ event: 'rto' }, onHit);
    session.frame(6, [ev(EventKind.TcpEvent, 5.9, { reason: 0 })]);
    session.frame(6.1, [fastRetransmit(6.05)]); // the overshoot, kept for a next step of this run
    expect(hits).toHaveLength(1);
    session.newRun();
    // t = 5 of the new run is still ahead, and its first fast retransmit is yet to come.
    expect(watch.arm({ event: 'time', at: 5 }, onHit)).toBe(false);
    session.phase = 'running';
    session.frame(4.99, [fastRetransmit(1)]);
    expect(hits).toHaveLength(1);
    session.frame(5.01, []);
    expect(hits[1]).toMatchObject({ event: null, at: 5, noticedAt: 5.01 });
    session.newRun();
    session.phase = 'running';
    expect(watch.arm({ event: 'fast-retransmit' }, onHit)).toBe(false);
    session.frame(0.5, [fastRetransmit(0.4)]);
    expect(hits[2]).toMatchObject({ at: 0.4 });
  });

  it('says at once when the clock is already past the time asked for', () => {
    const { session, watch, hits, onHit } = setup();
    session.frame(2, []);
    expect(watch.arm({ event: 'time', at: 1.5 }, onHit)).toBe(true);
    expect(hits).toEqual([{ condition: { event: 'time', at: 1.5 }, event: null, at: 1.5, noticedAt: 2 }]);
  });

  it('tells what a dropped burst carried, from its "formed" event, even in the same frame', () => {
    const { session, watch, hits, onHit } = setup();
    watch.arm({ event: 'burst-dropped' }, onHit);
    session.frame(0.1, [ev(EventKind.BurstFormed, 0.09, { id: 7, lane: 0, dir: 1, segments: 2 }), dataDrop(0.095, 7)]);
    expect(hits[0]).toMatchObject({ event: { id: 7 }, origin: { mainFlow: 0, flows: 1 } });
  });

  it('remembers the latest bursts of a long run, not all of them', () => {
    const { session, watch, hits, onHit } = setup();
    const formed = (id: number) => ev(EventKind.BurstFormed, id * 1e-3, { id, lane: id % 3, dir: 1 });
    // 100,000 bursts in frames of 1,000, as a long run at full speed delivers them.
    for (let f = 0; f < 100; f++)
      session.frame(
        (f + 1) * 1,
        Array.from({ length: 1000 }, (_, i) => formed(f * 1000 + i)),
      );
    watch.arm({ event: 'burst-dropped' }, onHit);
    session.frame(101, [dataDrop(100.5, 99_999)]);
    expect(hits[0].origin).toEqual({ mainFlow: 99_999 % 3, flows: 1 });
    session.phase = 'running';
    watch.arm({ event: 'burst-dropped' }, onHit);
    session.frame(102, [dataDrop(101.5, 3)]);
    expect(hits[1].event?.id).toBe(3);
    expect(hits[1].origin).toBeUndefined();
  });

  it('stops listening when disposed', () => {
    const { session, watch, hits, onHit } = setup();
    watch.arm({ event: 'fast-retransmit' }, onHit);
    watch.dispose();
    session.frame(0.1, [fastRetransmit(0.05)]);
    expect(hits).toEqual([]);
  });
});

describe('PauseWatch asks the engine to pause at the moment', () => {
  it('arms the engine with the condition as it matches it, and forgets it on the hit or a disarm', () => {
    const { session, watch, hits, onHit } = setup();
    expect(watch.arm({ event: 'burst-dropped', class: 'data', node: 'C1' }, onHit)).toBe(false);
    expect(session.moment).toEqual({ stop: { kind: EventKind.BurstDropped, node: 2, cls: 0 } });
    session.frame(0.5, [ackDrop(0.4), dataDrop(0.5)], true);
    expect(hits.map((h) => h.at)).toEqual([0.5]);
    expect(session.moment).toBeNull();

    expect(watch.arm({ event: 'fast-retransmit', flow: 'tcp1', after: 0.6 }, onHit)).toBe(false);
    expect(session.moment).toEqual({ stop: { kind: EventKind.TcpEvent, reason: 1, idFirst: 0, idLast: 0, after: 0.6 } });
    watch.disarm();
    expect(session.moment).toBeNull();

    expect(watch.arm({ event: 'time', at: 2 }, onHit)).toBe(false);
    expect(session.moment).toEqual({ time: 2 });
  });

  it('a node or flow the run does not have matches nothing in the engine either', () => {
    const { session, watch, onHit } = setup();
    watch.arm({ event: 'burst-sent', node: 'Nowhere' }, onHit);
    expect(session.moment).toEqual({ stop: { kind: EventKind.BurstFormed, node: 0x7fffffff } });
    watch.arm({ event: 'rto', flow: 'tcp9' }, onHit);
    expect(session.moment).toEqual({ stop: { kind: EventKind.TcpEvent, reason: 0, idFirst: 0, idLast: -1 } });
  });

  it('where the engine paused at an event the watch does not take, plays on with the moment armed again', () => {
    const { session, watch, hits, onHit } = setup();
    watch.arm({ event: 'burst-dropped', class: 'data' }, onHit);
    session.frame(0.3, [ackDrop(0.3)], true);
    expect(hits).toEqual([]);
    expect(session.phase).toBe('running');
    expect(session.moment).toEqual({ stop: { kind: EventKind.BurstDropped, cls: 0 } });
  });

  it('a match held for its time (logged ahead of the clock) asks the engine to pause at that time', () => {
    const { session, watch, hits, onHit } = setup();
    watch.arm({ event: 'burst-dropped', class: 'data' }, onHit);
    session.frame(0.5, [dataDrop(0.5)], true);
    expect(hits).toHaveLength(1);
    // The overshoot holds a second drop stamped after the clock: the next step waits for its time.
    session.frame(0.6, [dataDrop(0.7, 1)]);
    expect(watch.arm({ event: 'burst-dropped', class: 'data' }, onHit)).toBe(false);
    expect(session.moment).toEqual({ time: 0.7 });
  });
});
