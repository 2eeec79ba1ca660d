import { describe, expect, it } from 'vitest';
import { formatPlain, formatPow2Bytes, histogramBars } from './histogramBins';

describe('log-2 histogram bars', () => {
  it('keeps the range of non-empty bins, bin i = [2^i, 2^(i+1)), bin 0 = [0, 2)', () => {
    const h = { lower: [0, 2, 4, 8, 16, 32, 64], counts: [0, 0, 3, 0, 5, 1, 0] };
    const bars = histogramBars(h, formatPlain, 'packets');
    expect(bars.map((b) => [b.lo, b.hi, b.count])).toEqual([
      [4, 8, 3],
      [8, 16, 0],
      [16, 32, 5],
      [32, 64, 1],
    ]);
    expect(bars[0].title).toBe('4–8 packets: 3 bursts');
    expect(bars[3].title).toBe('32–64 packets: 1 burst');
    const zero = histogramBars({ lower: [0, 2], counts: [4, 1] }, formatPlain, 'packets');
    expect(zero[0]).toMatchObject({ lo: 0, hi: 2, label: '0', title: '0–1 packets: 4 bursts' });
  });

  it('is empty without data', () => {
    expect(histogramBars(undefined, formatPlain, 'x')).toEqual([]);
    expect(histogramBars({ lower: [0], counts: [0] }, formatPlain, 'x')).toEqual([]);
  });

  it('labels bytes on binary multiples', () => {
    expect(formatPow2Bytes(512)).toBe('512 B');
    expect(formatPow2Bytes(32768)).toBe('32 KiB');
    expect(formatPow2Bytes(2 ** 21)).toBe('2 MiB');
    expect(
      histogramBars(
        { lower: [0, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024], counts: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7] },
        formatPow2Bytes,
        '',
      )[0].title,
    ).toBe('1 KiB–2 KiB : 7 bursts');
  });
});
