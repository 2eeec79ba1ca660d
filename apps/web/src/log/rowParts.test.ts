import { describe, expect, it } from 'vitest';
import { rowParts } from './rowParts';

describe('log row parts', () => {
  it("keep a burst drop's reason apart, kept whole, and its contents shortened first", () => {
    const text = 'burst 421 (data, 18116 segments of 36 flows, mostly slow#0) dropped at C1 on its way to E2: injected loss';
    const parts = rowParts(text);
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(parts).toEqual([
      { text: 'burst 421 ', role: 'sentence' },
      { text: '(data, 18116 segments of 36 flows, mostly slow#0)', role: 'contents' },
      { text: ' dropped at C1 on its way to E2', role: 'sentence' },
      { text: ': injected loss', role: 'reason' },
    ]);
  });

  it('know every reason, the long ones included', () => {
    for (const reason of [
      'no free wavelength (contention)',
      'arrived before its control packet was processed (late)',
      'queue full',
      'random loss',
    ]) {
      const text = `tcp1 ACK lost on link l1 (H1 → E1): ${reason}`;
      const parts = rowParts(text);
      expect(parts.at(-1)).toEqual({ text: `: ${reason}`, role: 'reason' });
      expect(parts.map((p) => p.text).join('')).toBe(text);
    }
  });

  it("shorten a burst formed's contents at its end first, keeping the edge and the route", () => {
    const text = 'E1 sends burst 1152 to E2 via C1 (data, 16 segments of 8 flows, mostly group#0, 8.83 KB, offset 10.5 µs)';
    expect(rowParts(text)).toEqual([
      { text: 'E1 sends burst 1152 to E2 via C1 ', role: 'sentence' },
      { text: '(data, 16 segments of 8 flows, mostly group#0, 8.83 KB, offset 10.5 µs)', role: 'contents' },
    ]);
    // A bracket inside a sentence without a reason is not contents.
    expect(rowParts('tcp1 ACK lost on link l1 (H1 → E1) twice')).toEqual([
      { text: 'tcp1 ACK lost on link l1 (H1 → E1) twice', role: 'sentence' },
    ]);
  });

  it('leave a sentence without a reason whole', () => {
    expect(rowParts('tcp1 RTO, cwnd 1')).toEqual([{ text: 'tcp1 RTO, cwnd 1', role: 'sentence' }]);
    expect(rowParts('live change: data-burst loss → 0 %')).toEqual([{ text: 'live change: data-burst loss → 0 %', role: 'sentence' }]);
    // A reason alone (no sentence before it) is not split off.
    expect(rowParts(': queue full')).toEqual([{ text: ': queue full', role: 'sentence' }]);
    expect(rowParts('')).toEqual([]);
  });
});
