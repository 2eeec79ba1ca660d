import { describe, expect, it } from 'vitest';
// The validation report's own definitions (docs/validation.md): the app must draw the same curves.
import { mathisConstant, mathisRate, padhyeRate, padhyeSegmentsPerSecond } from './tcp-models';

describe('Mathis et al. 1997', () => {
  it('MSS 1460 B, RTT 100 ms, p = 1 %: 116,800 bit/s per RTT-window x 1.2247 / 0.1 = 1.4305 Mbit/s', () => {
    // 1460 * 8 / 0.1 = 116,800; sqrt(3/2) = 1.224745; 1 / sqrt(0.01) = 10.
    expect(mathisRate({ mss: 1460, rtt: 0.1, p: 0.01 })).toBeCloseTo(1_430_502.01, 1);
  });

  it('delayed ACKs (b = 2) make C = sqrt(3/4): the same path gives 1.0115 Mbit/s', () => {
    expect(mathisConstant(1)).toBeCloseTo(1.2247449, 7);
    expect(mathisConstant(2)).toBeCloseTo(0.8660254, 7);
    expect(mathisRate({ mss: 1460, rtt: 0.1, p: 0.01, b: 2 })).toBeCloseTo(1_011_517.67, 1);
  });

  it('scales as 1/sqrt(p) and 1/RTT and with the MSS', () => {
    const base = mathisRate({ mss: 512, rtt: 0.02, p: 0.004 })!;
    expect(mathisRate({ mss: 512, rtt: 0.02, p: 0.001 })! / base).toBeCloseTo(2, 12);
    expect(mathisRate({ mss: 512, rtt: 0.04, p: 0.004 })! / base).toBeCloseTo(0.5, 12);
    expect(mathisRate({ mss: 1024, rtt: 0.02, p: 0.004 })! / base).toBeCloseTo(2, 12);
  });

  it('has no value without loss or outside its domain', () => {
    expect(mathisRate({ mss: 512, rtt: 0.02, p: 0 })).toBeNull();
    expect(mathisRate({ mss: 512, rtt: 0, p: 0.01 })).toBeNull();
    expect(mathisRate({ mss: 512, rtt: 0.02, p: 1.5 })).toBeNull();
    expect(mathisRate({ mss: 512, rtt: NaN, p: 0.01 })).toBeNull();
    expect(mathisRate({ mss: -1, rtt: 0.02, p: 0.01 })).toBeNull();
    expect(mathisRate({ mss: 512, rtt: 0.02, p: 0.01, b: 0.5 })).toBeNull();
    expect(mathisConstant(0)).toBeNull();
  });
});

describe('Padhye et al. 1998 (full model, eq. 33)', () => {
  it('p = 1 %, RTT 100 ms, T0 1 s, b = 1, no window limit: 99.92 segments/s', () => {
    // RTT sqrt(2p/3) = 0.1 * 0.0816497 = 0.00816497
    // T0 min(1, 3 sqrt(3p/8)) p (1 + 32p^2) = 1 * 0.1837117 * 0.01 * 1.0032 = 0.00184300
    // 1 / (0.00816497 + 0.00184300) = 99.9204
    expect(padhyeSegmentsPerSecond({ mss: 1460, rtt: 0.1, p: 0.01, t0: 1 })).toBeCloseTo(99.9204, 3);
    expect(padhyeRate({ mss: 1460, rtt: 0.1, p: 0.01, t0: 1 })).toBeCloseTo(1_167_070.79, 1);
  });

  it('heavy loss: the timeout term takes over, min(1, ...) caps at 1 (p = 50 %: 0.2194 segments/s)', () => {
    // 0.1 sqrt(1/3) + 1 * 1 * 0.5 * (1 + 8) = 0.0577350 + 4.5 = 4.5577350
    expect(padhyeSegmentsPerSecond({ mss: 1460, rtt: 0.1, p: 0.5, t0: 1 })).toBeCloseTo(1 / 4.557735, 6);
  });

  it('limits: the window bound at p = 0, Mathis as p goes to 0, never above Mathis', () => {
    expect(padhyeSegmentsPerSecond({ mss: 512, rtt: 0.05, p: 0, t0: 0.2, wmax: 64 })).toBeCloseTo(64 / 0.05, 9);
    expect(padhyeSegmentsPerSecond({ mss: 512, rtt: 0.05, p: 0, t0: 0.2 })).toBeNull();
    const tiny = { mss: 512, rtt: 0.05, p: 1e-9, t0: 0.2 };
    expect(padhyeRate(tiny)! / mathisRate(tiny)!).toBeCloseTo(1, 3);
    for (const p of [1e-4, 1e-3, 0.01, 0.1]) {
      const x = { mss: 512, rtt: 0.05, p, t0: 0.2 };
      expect(padhyeRate(x)!).toBeLessThan(mathisRate(x)!);
    }
    // The window caps it where losses are rare.
    expect(padhyeSegmentsPerSecond({ mss: 512, rtt: 0.05, p: 1e-6, t0: 0.2, wmax: 10 })).toBe(10 / 0.05);
  });

  it('without timeouts (T0 = 0) it is Mathis with the same C', () => {
    const x = { mss: 512, rtt: 0.05, p: 0.003, t0: 0, b: 2 };
    expect(padhyeRate(x)! / mathisRate(x)!).toBeCloseTo(1, 12);
  });

  it('refuses what is not a path', () => {
    expect(padhyeRate({ mss: 512, rtt: 0.05, p: 0.01, t0: -1 })).toBeNull();
    expect(padhyeRate({ mss: 512, rtt: 0.05, p: 0.01, t0: Infinity })).toBeNull();
    expect(padhyeRate({ mss: 512, rtt: 0.05, p: 0.01, t0: 0.2, wmax: 0 })).toBeNull();
    expect(padhyeRate({ mss: 512, rtt: -0.05, p: 0.01, t0: 0.2 })).toBeNull();
  });
});
