import { describe, expect, it } from 'vitest';
import { defaultScenario } from '@obs-tcp-sim/scenario';
import { makeNames } from '@obs-tcp-sim/engine';
import { EventKind } from '../sim/visualStore';
import { formatStepTime, narrateStep } from './narrate';
import { visualEvent as ev } from '../sim/visualEventFixtures';

// Default scenario: nodes Server 0, E1 1, C1 2, E2 3, Client 4; links fe1 0, f1 1, f2 2, fe2 3.
const names = makeNames(defaultScenario, ['tcp1']);

describe('narrated steps', () => {
  it('a burst step names the burst, its contents and its offset', () => {
    const formed = ev({ kind: EventKind.BurstFormed, id: 512, node: 1, cls: 0, segments: 61, bytes: 31_232, lane: 0, dir: 1, value: 2e-5 });
    const text = narrateStep('burst', [ev({ kind: EventKind.PacketOnLink, id: 0, link: 0, dir: 0 }), formed], names, 1.9123456);
    expect(text).toBe(
      'At 1.912346 s: E1 sends burst 512 (data, 61 segments of tcp1, 31.2 KB, offset 20 µs); its control packet goes ahead of it by that offset, so each core is set up before the burst arrives.',
    );
  });

  it('an event step names the last event, and how many others shared its moment', () => {
    const onLink = ev({ kind: EventKind.BurstOnLink, id: 7, link: 1, dir: 0, lane: 0, cls: 1 });
    expect(narrateStep('event', [onLink], names, 2)).toBe('At 2.000000 s: burst 7 (ACK) leaves E1 on λ1 toward C1.');
    const ctrl = ev({ kind: EventKind.ControlPacket, id: 8, link: 2, dir: 0 });
    expect(narrateStep('event', [onLink, ctrl], names, 2)).toMatch(
      /control packet of burst 8 leaves C1 for E2 \(and 1 more event at this moment\)\.$/,
    );
  });

  it('says so when the step moved nothing visible', () => {
    expect(narrateStep('event', [], names, 0.5)).toBe('At 0.500000 s: an event with nothing to draw (a timer or a sample).');
    expect(narrateStep('event', [], names, 0.5, 1)).toBe('At 0.500000 s: an event with nothing to draw (a timer or a sample).');
    // The runner gave up looking for one that draws.
    expect(narrateStep('event', [], names, 0.5, 1000)).toBe(
      'At 0.500000 s: 1,000 events with nothing to draw (timers, samples, packets not drawn at this speed).',
    );
  });

  it('an event step that ran through events nothing draws says how many', () => {
    const onLink = ev({ kind: EventKind.BurstOnLink, id: 7, link: 1, dir: 0, lane: 0, cls: 1 });
    expect(narrateStep('event', [onLink], names, 2, 6)).toBe(
      'At 2.000000 s: burst 7 (ACK) leaves E1 on λ1 toward C1, after 5 events with nothing to draw.',
    );
    expect(narrateStep('event', [onLink], names, 2, 2)).toMatch(/, after 1 event with nothing to draw\.$/);
    expect(narrateStep('event', [onLink], names, 2, 1)).toBe('At 2.000000 s: burst 7 (ACK) leaves E1 on λ1 toward C1.');
    // Next burst runs through events by design: no count.
    const formed = ev({ kind: EventKind.BurstFormed, id: 512, node: 1, cls: 0, segments: 2, bytes: 2920, lane: 0, dir: 1, value: 0 });
    expect(narrateStep('burst', [formed], names, 1, 40)).not.toContain('nothing to draw');
  });

  it('shows microseconds in the clock', () => {
    expect(formatStepTime(1.91)).toBe('1.910000 s');
    expect(formatStepTime(1.910002)).not.toBe(formatStepTime(1.910001));
  });
});
