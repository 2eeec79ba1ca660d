import { describe, expect, it } from 'vitest';
import { BACKGROUND_CONTENTION_SHARE, describeErlangFit, erlangFit, type ErlangScenario } from './erlangOverlay';
import { erlangB } from './models';
import { overlayCurve, overlayFor, runModels } from './sweepOverlay';

/** validation/specs/theory-erlang-b.json's base: E1 -(64 λ)- C1 -(K λ)- E2, Poisson background at `load`. */
function lossSystem(load: number, k: number): ErlangScenario & { flows: never[] } {
  return {
    nodes: [
      { id: 'E1', kind: 'edge' },
      { id: 'C1', kind: 'core' },
      { id: 'E2', kind: 'edge' },
    ],
    links: [
      { id: 'in', a: 'E1', b: 'C1', kind: 'fiber', wavelengths: 64, rate: 1e9, delay: 1e-4 },
      { id: 'out', a: 'C1', b: 'E2', kind: 'fiber', wavelengths: k, rate: 1e9, delay: 1e-4 },
    ],
    flows: [],
    background: [{ src: 'E1', dst: 'E2', model: 'poisson', load, meanBytes: 40000 }],
  };
}

describe('Erlang-B for the background’s contention loss', () => {
  it('each fiber offered load x C / r Erlangs: load x K on the narrowest, next to nothing on the wide one', () => {
    const fit = erlangFit(lossSystem(0.7, 2));
    expect(fit.kind).toBe('fit');
    if (fit.kind !== 'fit') return;
    expect(fit.fibers.map((f) => [f.id, f.wavelengths, f.erlangs])).toEqual([
      ['in', 64, 1.4],
      ['out', 2, 1.4],
    ]);
    expect(fit.loss).toBeCloseTo(erlangB(2, 1.4)!, 12);
    expect(describeErlangFit(fit)).toBe('out: 2 wavelengths offered 1.4 Erlangs, the worst of 2 fibers');
  });

  it('two fibers that both block lose 1 - (1 - B1)(1 - B2)', () => {
    const s = lossSystem(0.5, 4);
    (s.links as ErlangScenario['links'][number][])[0] = { ...s.links[0], wavelengths: 8, rate: 0.5e9 };
    const fit = erlangFit(s);
    if (fit.kind !== 'fit') throw new Error(fit.reason);
    // C = 4 Gbit/s on both: `in` carries 8 x 0.5 Gbit/s, offered 0.5 x 4e9 / 0.5e9 = 4 Erlangs.
    const b1 = erlangB(8, 4)!;
    const b2 = erlangB(4, 2)!;
    expect(fit.loss).toBeCloseTo(1 - (1 - b1) * (1 - b2), 12);
  });

  it('says why where the loss system is not Erlang-B’s', () => {
    const reasons: Array<[string, (s: ErlangScenario) => ErlangScenario]> = [
      ['one background source', (s) => ({ ...s, background: [...s.background!, s.background![0]] })],
      ['self-similar', (s) => ({ ...s, background: [{ ...s.background![0], model: 'self-similar' }] })],
      ['enters assembly', (s) => ({ ...s, background: [{ ...s.background![0], enterAssembly: true }] })],
      ['under JIT', (s) => ({ ...s, obs: { reservation: 'jit' } })],
      ['core C1 has fiber delay lines', (s) => ({ ...s, nodes: s.nodes.map((n) => (n.id === 'C1' ? { ...n, fdl: { count: 2 } } : n)) })],
      ['flow tcp1’s bursts share fiber in', (s) => ({ ...s, flows: [{ id: 'tcp1', src: 'E1', dst: 'E2' }] })],
      ['flow back’s bursts share fiber in', (s) => ({ ...s, flows: [{ id: 'back', src: 'E2', dst: 'E1' }] })],
    ];
    for (const [words, change] of reasons) {
      const fit = erlangFit(change(lossSystem(0.5, 2)));
      expect(fit.kind === 'none' && fit.reason, words).toContain(words);
    }
  });

  it('is the sweep overlay for the background contention share, each run from its own scenario', () => {
    const base = lossSystem(0.3, 1);
    const full = { ...base, flows: [] };
    expect(overlayFor(full, BACKGROUND_CONTENTION_SHARE)).toEqual({ kind: 'erlang' });
    const runs = [0.3, 0.9].map((load) => runModels({ ...lossSystem(load, 1), flows: [] }, {}, BACKGROUND_CONTENTION_SHARE));
    expect(runs.map((r) => r.erlangB)).toEqual([erlangB(1, 0.3), erlangB(1, 0.9)].map((b) => expect.closeTo(b!, 12)));
    // In percent, as the plot shows a share; no measured p or RTT is needed.
    const curve = overlayCurve(
      [
        { values: [0.3], runs: [runs[0]] },
        { values: [0.9], runs: [runs[1]] },
      ],
      'erlangB',
      1,
      0.01,
    );
    expect(curve.map((c) => c.y)).toEqual([erlangB(1, 0.3)! * 100, erlangB(1, 0.9)! * 100].map((y) => expect.closeTo(y, 9)));
    expect(curve[0].erlangFor).toBe('out: 1 wavelength offered 0.3 Erlangs, the worst of 2 fibers');
  });
});
