import { describe, expect, it } from 'vitest';
import { EventKind, type VisualEvent } from '../sim/visualStore';
import { stepFocus } from './stepFocus';

const event = (over: Partial<VisualEvent>): VisualEvent => ({
  kind: EventKind.BurstOnLink,
  t0: 1.5,
  t1: 1.6,
  id: 7,
  node: -1,
  link: -1,
  dir: -1,
  lane: 0,
  cls: 0,
  reason: 0,
  bytes: 0,
  segments: 0,
  value: 0,
  ...over,
});
const names = { flowSource: (i: number) => 10 + i };

describe('the moment a step highlights', () => {
  it('a burst step points at the edge that formed the burst, even when later events follow', () => {
    const formed = event({ kind: EventKind.BurstFormed, node: 3, id: 512, t0: 1.25 });
    const control = event({ kind: EventKind.ControlPacket, link: 2, dir: 0, id: 512 });
    expect(stepFocus('burst', [formed, control], names)).toMatchObject({ node: 3, link: -1, burst: 512, time: 1.25, source: 'step' });
  });

  it('an event step points at the last event: a burst on a link marks that link and direction', () => {
    const f = stepFocus('event', [event({ kind: EventKind.BurstFormed, node: 3 }), event({ link: 4, dir: 1, id: 9 })], names);
    expect(f).toMatchObject({ link: 4, dir: 1, node: -1, burst: 9, kind: EventKind.BurstOnLink });
  });

  it('a TCP event marks the sending host of its flow', () => {
    expect(stepFocus('event', [event({ kind: EventKind.TcpEvent, id: 2 })], names)).toMatchObject({
      node: 12,
      flow: 2,
      link: -1,
      burst: -1,
    });
  });

  it('nothing to highlight for an internal event or an empty step', () => {
    expect(stepFocus('event', [], names)).toBeNull();
    expect(stepFocus('event', [event({ kind: EventKind.BurstOnLink, link: -1 })], names)).toBeNull();
  });
});
