import { describe, expect, it } from 'vitest';
import type { VisualStop } from '@obs-tcp-sim/engine';
import type { PauseCondition } from '@obs-tcp-sim/scenario';
import { EventKind, type VisualEvent } from '../sim/visualStore';
import { compileCondition, type RunNames } from './condition';
import { visualEvent } from '../sim/visualEventFixtures';

// Every event here is at t = 1 about flow or burst 0 unless it says otherwise.
const ev = (patch: Partial<VisualEvent>) => visualEvent({ t0: 1, t1: 1, id: 0, ...patch });

const names: RunNames = { nodes: ['Server', 'E1', 'C1', 'E2', 'Client'], flowIds: ['tcp1', 'bulk#0', 'bulk#1'] };

const dataDrop = ev({ kind: EventKind.BurstDropped, node: 2, cls: 0, reason: 0 });
const ackDrop = ev({ kind: EventKind.BurstDropped, node: 2, cls: 1, reason: 0 });
const lateDrop = ev({ kind: EventKind.BurstDropped, node: 2, cls: 0, reason: 2 });
const sentByE1 = ev({ kind: EventKind.BurstFormed, node: 1, cls: 0 });
const ackSentByE2 = ev({ kind: EventKind.BurstFormed, node: 3, cls: 1 });
const rtoOfTcp1 = ev({ kind: EventKind.TcpEvent, id: 0, reason: 0 });
const fastRetransmitOfBulk1 = ev({ kind: EventKind.TcpEvent, id: 2, reason: 1 });
const exitOfTcp1 = ev({ kind: EventKind.TcpEvent, id: 0, reason: 2 });
const queueDropOfBulk0 = ev({ kind: EventKind.PacketDropped, id: 1, reason: 0 });
const randomDropOfTcp1 = ev({ kind: EventKind.PacketDropped, id: 0, reason: 1 });
const burstOnLink = ev({ kind: EventKind.BurstOnLink, node: 2, cls: 0 });
const dataDeflectedAtC1 = ev({ kind: EventKind.BurstDeflected, node: 2, cls: 0, reason: 1 });
const bgCutAtC1 = ev({ kind: EventKind.BurstSegmented, node: 2, cls: 2 });
const ALL = {
  dataDrop,
  ackDrop,
  lateDrop,
  sentByE1,
  ackSentByE2,
  rtoOfTcp1,
  fastRetransmitOfBulk1,
  exitOfTcp1,
  queueDropOfBulk0,
  randomDropOfTcp1,
  burstOnLink,
  dataDeflectedAtC1,
  bgCutAtC1,
};

/** The names of the events a condition matches. */
function matched(c: PauseCondition): string[] {
  const test = compileCondition(c, names);
  if (test.kind !== 'event') throw new Error('not an event condition');
  const byPage = Object.entries(ALL)
    .filter(([, e]) => test.matches(e))
    .map(([name]) => name);
  // The engine, armed with the same condition, stops at the same events.
  const stop = test.moment.stop!;
  const byEngine = Object.entries(ALL)
    .filter(([, e]) => engineStops(stop, e))
    .map(([name]) => name);
  expect(byEngine, 'the engine stop and the watch take the same events').toEqual(byPage);
  return byPage;
}

/** wasm-core VisualStop::matches (visual_event_log.h), as written there: -1 is "any". */
function engineStops(s: VisualStop, e: VisualEvent): boolean {
  const any = (v: number | undefined) => v === undefined || v < 0;
  return (
    e.kind === s.kind &&
    e.t0 >= (s.after ?? 0) &&
    (any(s.node) || e.node === s.node) &&
    (any(s.cls) || e.cls === s.cls) &&
    (any(s.reason) || e.reason === s.reason) &&
    (any(s.idFirst) || (e.id >= s.idFirst! && e.id <= s.idLast!))
  );
}

describe('compileCondition', () => {
  it.each<[PauseCondition, string[]]>([
    [{ event: 'burst-dropped' }, ['dataDrop', 'ackDrop', 'lateDrop']],
    [{ event: 'burst-dropped', class: 'data' }, ['dataDrop', 'lateDrop']],
    [{ event: 'burst-dropped', class: 'ack' }, ['ackDrop']],
    [{ event: 'burst-dropped', reason: 'late' }, ['lateDrop']],
    [{ event: 'burst-dropped', class: 'data', reason: 'injected', node: 'C1' }, ['dataDrop']],
    [{ event: 'burst-dropped', node: 'E1' }, []],
    [{ event: 'burst-sent' }, ['sentByE1', 'ackSentByE2']],
    [{ event: 'burst-sent', node: 'E1' }, ['sentByE1']],
    [{ event: 'burst-sent', class: 'ack' }, ['ackSentByE2']],
    [{ event: 'rto' }, ['rtoOfTcp1']],
    [{ event: 'fast-retransmit' }, ['fastRetransmitOfBulk1']],
    [{ event: 'fast-retransmit', flow: 'bulk' }, ['fastRetransmitOfBulk1']],
    [{ event: 'fast-retransmit', flow: 'tcp1' }, []],
    [{ event: 'recovery-exit', flow: 'tcp1' }, ['exitOfTcp1']],
    [{ event: 'packet-dropped' }, ['queueDropOfBulk0', 'randomDropOfTcp1']],
    [{ event: 'packet-dropped', reason: 'queue' }, ['queueDropOfBulk0']],
    [{ event: 'packet-dropped', flow: 'tcp1' }, ['randomDropOfTcp1']],
    [{ event: 'burst-deflected' }, ['dataDeflectedAtC1']],
    [{ event: 'burst-deflected', node: 'C1', class: 'data' }, ['dataDeflectedAtC1']],
    [{ event: 'burst-deflected', class: 'background' }, []],
    [{ event: 'burst-cut' }, ['bgCutAtC1']],
    [{ event: 'burst-cut', class: 'background', node: 'C1' }, ['bgCutAtC1']],
    [{ event: 'burst-cut', node: 'E1' }, []],
  ])('%j matches %j', (condition, names) => {
    expect(matched(condition)).toEqual(names);
  });

  it('matches nothing for a node the scenario does not have (never a node at index -1)', () => {
    expect(matched({ event: 'burst-sent', node: 'E9' })).toEqual([]);
    expect(compileCondition({ event: 'burst-sent', node: 'E9' }, names)).toMatchObject({ kind: 'event' });
  });

  it('skips events before `after`', () => {
    const test = compileCondition({ event: 'burst-dropped', class: 'data', after: 2 }, names);
    if (test.kind !== 'event') throw new Error('not an event condition');
    expect(test.matches({ ...dataDrop, t0: 1.999 })).toBe(false);
    expect(test.matches({ ...dataDrop, t0: 2 })).toBe(true);
    expect(test.matches({ ...ackDrop, t0: 3 })).toBe(false);
  });

  it('turns a time into a clock condition', () => {
    expect(compileCondition({ event: 'time', at: 2.5 }, names)).toEqual({ kind: 'time', at: 2.5, moment: { time: 2.5 } });
  });
});
