import { describe, expect, it } from 'vitest';
import type { Scenario } from '@obs-tcp-sim/scenario';
import { BACKGROUND_CONTENTION_SHARE, describeErlangFit, erlangFit, type ErlangScenario } from './erlangOverlay';
import { erlangB } from '@obs-tcp-sim/theory';
import { overlayCurve, overlayFor, runModels } from './sweepOverlay';
import { NO_ROUTES_YET } from '../routes/engineRoutes';
import { acksCheaperThroughE3, acksForcedThroughE3, engineRoutesOf } from '../routes/testNetworks';

type LossSystem = ErlangScenario & { version: 1; duration: number; flows: never[] };

/**
 * validation/specs/theory-erlang-b.json's base: E1 -(64 λ)- C1 -(K λ)- E2, Poisson
 * background at `load`; with a host at each edge, so flows can be added and the engine
 * run on it.
 */
function lossSystem(load: number, k: number): LossSystem {
  return {
    version: 1,
    duration: 1,
    nodes: [
      { id: 'H1', kind: 'host' },
      { id: 'E1', kind: 'edge' },
      { id: 'C1', kind: 'core' },
      { id: 'E2', kind: 'edge' },
      { id: 'H2', kind: 'host' },
    ],
    links: [
      { id: 'h1', a: 'H1', b: 'E1', kind: 'packet', rate: 1e9 },
      { id: 'in', a: 'E1', b: 'C1', kind: 'fiber', wavelengths: 64, rate: 1e9 },
      { id: 'out', a: 'C1', b: 'E2', kind: 'fiber', wavelengths: k, rate: 1e9 },
      { id: 'h2', a: 'E2', b: 'H2', kind: 'packet', rate: 1e9 },
    ].map((l) => ({ ...l, delay: 1e-4 })),
    flows: [],
    background: [{ src: 'E1', dst: 'E2', model: 'poisson', load, meanBytes: 40000 }],
  };
}

/** Erlang-B's fit on the routes the engine computes for the scenario. */
const fitOf = async (s: ErlangScenario) => erlangFit(s, await engineRoutesOf(s));

describe('Erlang-B for the background’s contention loss', () => {
  it('each fiber offered load x C / r Erlangs: load x K on the narrowest, next to nothing on the wide one', async () => {
    const fit = await fitOf(lossSystem(0.7, 2));
    expect(fit.kind).toBe('fit');
    if (fit.kind !== 'fit') return;
    expect(fit.fibers.map((f) => [f.id, f.wavelengths, f.erlangs])).toEqual([
      ['in', 64, 1.4],
      ['out', 2, 1.4],
    ]);
    expect(fit.loss).toBeCloseTo(erlangB(2, 1.4)!, 12);
    expect(describeErlangFit(fit)).toBe('out: 2 wavelengths offered 1.4 Erlangs, the worst of 2 fibers');
  });

  it('two fibers that both block lose 1 - (1 - B1)(1 - B2)', async () => {
    const s = lossSystem(0.5, 4);
    (s.links as ErlangScenario['links'][number][])[1] = { ...s.links[1], wavelengths: 8, rate: 0.5e9 };
    const fit = await fitOf(s);
    if (fit.kind !== 'fit') throw new Error(fit.reason);
    // C = 4 Gbit/s on both: `in` carries 8 x 0.5 Gbit/s, offered 0.5 x 4e9 / 0.5e9 = 4 Erlangs.
    const b1 = erlangB(8, 4)!;
    const b2 = erlangB(4, 2)!;
    expect(fit.loss).toBeCloseTo(1 - (1 - b1) * (1 - b2), 12);
  });

  it('says why where the loss system is not Erlang-B’s', async () => {
    const reasons: Array<[string, (s: ErlangScenario) => ErlangScenario]> = [
      ['one background source', (s) => ({ ...s, background: [...s.background!, s.background![0]] })],
      ['self-similar', (s) => ({ ...s, background: [{ ...s.background![0], model: 'self-similar' }] })],
      ['enters assembly', (s) => ({ ...s, background: [{ ...s.background![0], enterAssembly: true }] })],
      ['under JIT', (s) => ({ ...s, obs: { reservation: 'jit' } })],
      [
        'core C1 has fiber delay lines',
        (s) => ({ ...s, nodes: s.nodes.map((n) => (n.id === 'C1' ? { ...n, fdl: { count: 2, unit: 1e-4 } } : n)) }),
      ],
      ['flow tcp1’s bursts share fiber in', (s) => ({ ...s, flows: [{ id: 'tcp1', src: 'H1', dst: 'H2' }] })],
      ['flow back’s bursts share fiber in', (s) => ({ ...s, flows: [{ id: 'back', src: 'H2', dst: 'H1' }] })],
    ];
    for (const [words, change] of reasons) {
      const fit = await fitOf(change(lossSystem(0.5, 2)));
      expect(fit.kind === 'none' && fit.reason, words).toContain(words);
    }
  });

  it('says the fit is not known yet, rather than guess, without the engine’s routes', () => {
    const fit = erlangFit(lossSystem(0.5, 2), null);
    expect(fit).toEqual({ kind: 'none', reason: `the background’s route is not known: ${NO_ROUTES_YET}`, routesUnknown: true });
  });

  it('is the sweep overlay for the background contention share, each run from its own scenario and routes', async () => {
    const base = lossSystem(0.3, 1);
    const routes = await engineRoutesOf(base);
    expect(overlayFor(base, BACKGROUND_CONTENTION_SHARE, routes)).toEqual({ kind: 'erlang' });
    // Before the engine has loaded it, what the scenario alone says, and that the routes will tell.
    expect(overlayFor(base, BACKGROUND_CONTENTION_SHARE, null)).toMatchObject({ kind: 'erlang', routesUnknown: expect.any(String) });
    expect(overlayFor({ ...base, obs: { reservation: 'jit' } }, BACKGROUND_CONTENTION_SHARE, null).kind).toBe('none');
    const runs = await Promise.all(
      [0.3, 0.9].map(async (load) => {
        const s = lossSystem(load, 1);
        return runModels(s, {}, BACKGROUND_CONTENTION_SHARE, await engineRoutesOf(s));
      }),
    );
    expect(runs.map((r) => r.erlangB)).toEqual([erlangB(1, 0.3), erlangB(1, 0.9)].map((b) => expect.closeTo(b!, 12)));
    // A run whose engine reported no routes has no value.
    expect(runModels(base, {}, BACKGROUND_CONTENTION_SHARE, null).erlangB).toBeNull();
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

describe('Erlang-B on the engine’s routes, where they are not those of delay alone', () => {
  // The first lesson with E3 beside E2, a background from E3 to E1, and the flow's ACKs sent
  // back through E3 (forced, or by costs): they share E3 -> C1 with the background, which
  // a router by delay alone (ACKs through E2) would have missed as the first fiber shared.
  for (const [name, network] of [
    ['an ackRoute through E3', acksForcedThroughE3],
    ['costs that send the ACKs through E3', acksCheaperThroughE3],
  ] as const) {
    it(`with ${name}: the flow's ACK bursts share the background's first fiber`, async () => {
      const s = network() as Scenario & ErlangScenario;
      s.background = [{ src: 'E3', dst: 'E1', model: 'poisson', load: 0.3, meanBytes: 20000 }] as Scenario['background'];
      const routes = await engineRoutesOf(s);
      const path = routes.opticalPaths[routes.background[0].opticalPath];
      expect(path.nodes).toEqual(['E3', 'C1', 'E1']);
      const fit = erlangFit(s, routes);
      expect(fit).toEqual({
        kind: 'none',
        reason: 'flow tcp1’s bursts share fiber fiber3 with the background: their load is not in Erlang-B’s',
      });
    });
  }
});
