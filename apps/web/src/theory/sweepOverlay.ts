/**
 * The closed form drawn over a sweep's curve, where one applies.
 *
 * TCP throughput (Mathis, Padhye): when the output is a goodput and every flow is a
 * Reno-style bulk sender. Each run's models are evaluated at that run's own measured p and
 * RTT and its own scenario (the swept value included: MSS, window, RTO...), exactly as the
 * throughput chart's theory lines, then averaged over the seeds like the output. So the
 * overlay holds whatever is swept; on a burst-loss sweep the measured p is the loss-event
 * rate the drops cause, not the drop probability on the x axis (docs/theory.md).
 *
 * Erlang-B (erlangOverlay.ts): when the output is the share of a Poisson background
 * source's bursts lost to contention, and the scenario is the loss system Erlang-B
 * describes. Each run's value comes from its own scenario (the swept load or wavelengths)
 * and the routes the engine took in that run.
 */
import type { EngineRoutes } from '@obs-tcp-sim/engine';
import { BACKGROUND_CONTENTION_SHARE, describeErlangFit, erlangFit, type ErlangScenario } from './erlangOverlay';
import { theoryLines, type SummaryFlows, type TheoryScenario } from './referenceLines';

export type OverlayModel = 'mathis' | 'padhye' | 'erlangB';

/**
 * `erlang` with `routesUnknown`: nothing but the routes stands in the way, and they are not
 * known yet (no routes given, or not this scenario's); each run's own routes decide.
 */
export type OverlayDecision = { kind: 'tcp' } | { kind: 'erlang'; routesUnknown?: string } | { kind: 'none'; reason: string };

/** What both closed forms read of a scenario (the Scenario type fits). */
export type OverlayScenario = TheoryScenario & ErlangScenario;

const GOODPUT = /^(aggregate|flows\[[^\]]*\])\.goodput$/;
const BURST_COUNTS = /^bursts\.(\w+\.)?dropped(Contention|Injected|Late)?$/;

/**
 * Which closed form fits this sweep's output over this scenario, or why none does.
 * `routes`: the engine's for this scenario, or null where they are not known (before a
 * load, or for a sweep's base, whose runs each report their own).
 */
export function overlayFor(scenario: OverlayScenario, output: string, routes: EngineRoutes | null): OverlayDecision {
  if (output === BACKGROUND_CONTENTION_SHARE) {
    const fit = erlangFit(scenario, routes);
    if (fit.kind === 'fit') return { kind: 'erlang' };
    return fit.routesUnknown ? { kind: 'erlang', routesUnknown: fit.reason } : { kind: 'none', reason: fit.reason };
  }
  if (GOODPUT.test(output)) {
    if (scenario.flows.length === 0) return { kind: 'none', reason: 'the scenario has no TCP flow' };
    // Every flow of every run counts in a goodput summed over flows; one unfit flow is
    // enough. The models need no route (the capacity line, which does, is not drawn here).
    const probe = theoryLines(scenario, null, flowIdsOf(scenario), { kind: 'all' }, null);
    const unfit = probe.notes.find((n) => n.startsWith('no Mathis or Padhye line:'));
    if (unfit) return { kind: 'none', reason: unfit.replace('no Mathis or Padhye line: ', '') };
    return { kind: 'tcp' };
  }
  if (BURST_COUNTS.test(output)) {
    return {
      kind: 'none',
      reason: 'Erlang-B gives a share of bursts lost, and this output is a count: choose “background loss to contention”',
    };
  }
  return {
    kind: 'none',
    reason: 'no closed form for this output: Mathis and Padhye give a TCP goodput, Erlang-B the background’s loss to contention',
  };
}

/** The engine's flow ids of a scenario: `id`, or `id#0`..`id#(count-1)`. */
export function flowIdsOf(scenario: TheoryScenario): string[] {
  return scenario.flows.flatMap((f) => ((f.count ?? 1) > 1 ? Array.from({ length: f.count! }, (_, k) => `${f.id}#${k}`) : [f.id]));
}

/** The models for one finished run, bit/s, from its own scenario and summary (null: no value). */
export interface RunModels {
  mathis: number | null;
  padhye: number | null;
  p: number | null;
  rtt: number | null;
  /** Erlang-B's share lost, for the background contention share (else absent). */
  erlangB?: number | null;
  /** What it was computed for: "out: 2 wavelengths offered 1.4 Erlangs". */
  erlangFor?: string;
}

/**
 * The models of a run for an output: the flow's own lines for `flows[id].goodput`, all
 * flows summed for `aggregate.goodput`. `routes`: the routes the engine took in that run
 * (null from an engine that does not report them: then no Erlang-B value).
 */
export function runModels(scenario: OverlayScenario, summary: SummaryFlows, output: string, routes: EngineRoutes | null): RunModels {
  if (output === BACKGROUND_CONTENTION_SHARE) {
    // From the scenario and its routes alone: the model needs no measurement.
    const fit = erlangFit(scenario, routes);
    return {
      mathis: null,
      padhye: null,
      p: null,
      rtt: null,
      ...(fit.kind === 'fit' ? { erlangB: fit.loss, erlangFor: describeErlangFit(fit) } : { erlangB: null }),
    };
  }
  const ids = (summary.flows ?? []).map((f) => f.id).filter((id): id is string => typeof id === 'string');
  const one = /^flows\[(.*)\]\.goodput$/.exec(output);
  const subject = one ? { kind: 'flow' as const, index: ids.indexOf(one[1]) } : { kind: 'all' as const };
  const t = theoryLines(scenario, summary, ids, subject, routes);
  const value = (kind: OverlayModel) => t.lines.find((l) => l.kind === kind)?.value ?? null;
  return { mathis: value('mathis'), padhye: value('padhye'), p: t.measure?.p ?? null, rtt: t.measure?.rtt ?? null };
}

export interface OverlayPoint {
  x: number;
  /** The model's mean over the point's runs that have a value, in display units. */
  y: number;
  /** Runs with a value, of the point's runs. */
  n: number;
  /** Means of the measured p and RTT behind it (NaN for Erlang-B, which measures nothing). */
  p: number;
  rtt: number;
  /** For Erlang-B, what the first run's value was computed for. */
  erlangFor?: string;
}

/**
 * One model's curve: per point, the mean of its runs' values (runs without one left out;
 * a point with none is left out), divided like the measured curve (`divide`: the unit, or
 * the first point's measured mean when normalised).
 */
export function overlayCurve(
  points: readonly { values: readonly number[]; runs: readonly (RunModels | undefined)[] }[],
  model: OverlayModel,
  xScale: number,
  divide: number,
): OverlayPoint[] {
  const out: OverlayPoint[] = [];
  if (!(divide !== 0 && Number.isFinite(divide))) return out;
  const measured = model !== 'erlangB';
  for (const point of points) {
    let sum = 0;
    let pSum = 0;
    let rttSum = 0;
    let n = 0;
    let erlangFor: string | undefined;
    for (const r of point.runs) {
      const v = r?.[model];
      if (v === null || v === undefined || !Number.isFinite(v)) continue;
      if (measured && (r!.p === null || r!.rtt === null)) continue;
      sum += v;
      pSum += measured ? r!.p! : NaN;
      rttSum += measured ? r!.rtt! : NaN;
      erlangFor ??= r!.erlangFor;
      n++;
    }
    if (n > 0)
      out.push({ x: point.values[0] * xScale, y: sum / n / divide, n, p: pSum / n, rtt: rttSum / n, ...(erlangFor ? { erlangFor } : {}) });
  }
  return out;
}
