import { describe, expect, it } from 'vitest';
import { EventKind, type VisualEvent } from '../sim/visualStore';
import { statusText } from './statusText';

const drop: VisualEvent = {
  kind: EventKind.BurstDropped,
  t0: 0.694557,
  t1: 0.694557,
  id: 470,
  node: 2,
  link: 2,
  dir: 0,
  lane: -1,
  cls: 0,
  reason: 0,
  bytes: 3000,
  segments: 2,
  value: 0,
};

describe('statusText', () => {
  it('says what a step waits for, and that a run paused by hand goes on with Play', () => {
    const waiting = { kind: 'waiting', condition: 'the first data-burst drop' } as const;
    expect(statusText(waiting, 'running', 0.2)?.main).toBe('Playing until the first data-burst drop…');
    expect(statusText(waiting, 'paused', 0.2)?.main).toBe('Paused by hand: press Play to go on to the first data-burst drop.');
    expect(statusText(waiting, 'resetting', 0)?.main).toBe('Starting the run; it will pause at the first data-burst drop.');
  });

  it('gives the event’s own time, and says when the engine ran on past it', () => {
    const paused = {
      kind: 'paused',
      condition: 'the first data-burst drop',
      hit: { condition: { event: 'burst-dropped' }, event: drop, at: drop.t0, noticedAt: 0.7 },
      text: 'burst 470 (data, 2 segments of tcp1) dropped at C1 on its way to E2: injected loss',
    } as const;
    expect(statusText(paused, 'paused', 0.701)).toEqual({
      main: 'Paused at the first data-burst drop, t = 0.694557 s; the engine had run on to 0.701000 s when it stopped.',
      detail: 'In the event log: burst 470 (data, 2 segments of tcp1) dropped at C1 on its way to E2: injected loss.',
    });
    expect(statusText(paused, 'paused', drop.t0)?.main).toBe('Paused at the first data-burst drop, t = 0.694557 s.');
  });

  it('words a pause at a time, a run that ended first, a failure and a step with nothing to wait for', () => {
    const atTime = {
      kind: 'paused',
      condition: 't = 5 s',
      hit: { condition: { event: 'time', at: 5 }, event: null, at: 5, noticedAt: 5.01 },
      text: null,
    } as const;
    expect(statusText(atTime, 'paused', 5.02)).toEqual({
      main: 'Paused at t = 5 s; the engine had run on to 5.020000 s when it stopped.',
      detail: null,
    });
    expect(statusText({ kind: 'ended', condition: 'the first RTO', at: 20 }, 'finished', 20)?.main).toBe(
      'The run ended at t = 20.000000 s without the first RTO.',
    );
    expect(statusText({ kind: 'failed', message: 'links[1].rate must be > 0\nmore' }, 'paused', 0)?.main).toBe(
      'This step could not start: links[1].rate must be > 0\\u{000A}more',
    );
    expect(statusText({ kind: 'ready' }, 'running', 1)).toBeNull();
  });
});
