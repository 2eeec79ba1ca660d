import { describe, expect, it } from 'vitest';
import { measureLoss, pooledLoss } from './measured-loss';

describe('the measured loss-event rate', () => {
  it('is fast retransmits plus RTOs over segments sent', () => {
    const m = measureLoss({ segmentsSent: 2000, fastRetransmits: 7, rtos: 3, meanRtt: 0.045 });
    expect(m.indications).toBe(10);
    expect(m.p).toBe(0.005);
    expect(m.rtt).toBe(0.045);
  });

  it('is 0 without loss, and has no value before a segment or an RTT sample', () => {
    expect(measureLoss({ segmentsSent: 500, fastRetransmits: 0, rtos: 0, meanRtt: 0.01 }).p).toBe(0);
    const empty = measureLoss({});
    expect(empty.p).toBeNull();
    expect(empty.rtt).toBeNull();
    expect(measureLoss({ segmentsSent: 10, meanRtt: 0 }).rtt).toBeNull();
  });

  it('reads nonsense counters as nothing rather than as a probability', () => {
    expect(measureLoss({ segmentsSent: 3, fastRetransmits: 5 }).p).toBeNull();
    expect(measureLoss({ segmentsSent: NaN, fastRetransmits: 1 }).p).toBeNull();
    const negative = measureLoss({ segmentsSent: 100, fastRetransmits: -4, rtos: 2, meanRtt: -1 });
    expect(negative.p).toBe(0.02);
    expect(negative.rtt).toBeNull();
  });

  it('pools flows: indications over segments of all, the mean of their mean RTTs', () => {
    const a = measureLoss({ segmentsSent: 1000, fastRetransmits: 2, rtos: 1, meanRtt: 0.04 });
    const b = measureLoss({ segmentsSent: 3000, fastRetransmits: 5, rtos: 0, meanRtt: 0.06 });
    const none = measureLoss({ segmentsSent: 0 });
    const all = pooledLoss([a, b, none]);
    expect(all.segmentsSent).toBe(4000);
    expect(all.indications).toBe(8);
    expect(all.p).toBe(0.002);
    expect(all.rtt).toBeCloseTo(0.05, 15);
    expect(pooledLoss([]).p).toBeNull();
  });
});
