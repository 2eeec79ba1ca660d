import { describe, expect, it } from 'vitest';
import { classLossTable, classLossView, contentionLines, offsetText } from './classLoss';

const burstClass = (extra: object = {}) => ({ sent: 100, dropped: 5, ...extra });
const qosClass = (extraOffset: number, sent: number, contention: number, extra: object = {}) => ({
  extraOffset,
  sent,
  delivered: sent - contention,
  dropped: { injected: 0, contention, late: 0 },
  loss: sent ? contention / sent : 0,
  ...extra,
});

describe('classLossView: only what the run counted', () => {
  it('shows nothing without qos and without deflection or segmentation counters', () => {
    expect(classLossView(null)).toEqual({ table: null, contentionLines: [] });
    expect(classLossView({ bursts: { sent: 10, dropped: 1, data: burstClass(), ack: burstClass() } })).toEqual({
      table: null,
      contentionLines: [],
    });
    expect(classLossView({ qos: [] }).table).toBeNull();
  });
});

describe('classLossTable: one row per class of extra offset', () => {
  it('names the first class "none" and the others in friendly units; loss is dropped / sent', () => {
    const t = classLossTable([
      qosClass(0, 1000, 40, { dropped: { injected: 2, contention: 40, late: 3 } }),
      qosClass(200e-6, 500, 1),
      qosClass(0.002, 20, 0),
    ])!;
    expect(t.rows.map((r) => r.offsetText)).toEqual(['none', '200 µs', '2 ms']);
    expect(t.rows[0]).toMatchObject({ sent: 1000, dropped: 45, loss: 0.045, segmented: null });
    expect(t.rows[1].loss).toBeCloseTo(0.002);
    expect(t.rows[2].loss).toBe(0);
    expect(t.showCut).toBe(false);
  });

  it('a class that sent nothing has no loss (null, never NaN); missing or non-finite numbers count 0', () => {
    const t = classLossTable([
      qosClass(0, 0, 0),
      { extraOffset: 1e-4, sent: NaN, dropped: { contention: Infinity } },
      { extraOffset: 5e-4 },
    ])!;
    expect(t.rows.map((r) => r.loss)).toEqual([null, null, null]);
    expect(t.rows.map((r) => r.sent)).toEqual([0, 0, 0]);
    expect(t.rows.map((r) => r.dropped)).toEqual([0, 0, 0]);
  });

  it('has the "Cut short" column only when some class counts segmented bursts', () => {
    const t = classLossTable([qosClass(0, 100, 2, { segmented: 7 }), qosClass(1e-4, 50, 0, { segmented: 0 })])!;
    expect(t.showCut).toBe(true);
    expect(t.rows.map((r) => r.segmented)).toEqual([7, 0]);
  });

  it('reads a missing or zero offset as "none"', () => {
    expect([undefined, 0, NaN, 1e-5, 0.0015, 1].map(offsetText)).toEqual(['none', 'none', 'none', '10 µs', '1.5 ms', '1 s']);
  });
});

describe('contentionLines: deflections and cuts summed over the burst classes', () => {
  it('sums every class (data, ACK, background)', () => {
    const lines = contentionLines({
      data: burstClass({ deflections: 12, segmented: 3, bytesSent: 6000, bytesLost: 100, segmentsCut: 9 }),
      ack: burstClass({ deflections: 1, segmented: 0, bytesSent: 1000, bytesLost: 0, segmentsCut: 0 }),
      background: burstClass({ deflections: 30, segmented: 4, bytesSent: 3000, bytesLost: 200, segmentsCut: 0 }),
    });
    expect(lines).toEqual(['Deflected: 43 times', 'Cut short: 7 bursts, 9 TCP segments cut', 'Bytes lost: 3 % of the bytes sent']);
  });

  it('has a line only for the counters present: deflection alone gives one line', () => {
    expect(contentionLines({ data: burstClass({ deflections: 1 }), ack: burstClass({ deflections: 0 }) })).toEqual(['Deflected: 1 time']);
    expect(contentionLines({ data: burstClass({ segmented: 1, bytesSent: 10, bytesLost: 0 }), ack: burstClass() })).toEqual([
      'Cut short: 1 burst',
      'Bytes lost: 0 % of the bytes sent',
    ]);
  });

  it('no bytes sent yet gives no percent, never NaN; large counts are grouped', () => {
    const lines = contentionLines({ data: burstClass({ deflections: 12345, segmented: 0, bytesSent: 0, bytesLost: 0, segmentsCut: 0 }) });
    expect(lines).toEqual(['Deflected: 12,345 times', 'Cut short: 0 bursts, 0 TCP segments cut', 'Bytes lost: — (no bytes sent yet)']);
  });
});
