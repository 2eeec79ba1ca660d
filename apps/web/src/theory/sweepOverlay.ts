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
 * Erlang-B would fit a sweep of offered load or wavelengths whose output is the share of
 * bursts lost to contention; the sweep's outputs are counts of bursts, of every class, so
 * it is not drawn and the reason is said instead.
 */
import { theoryLines, type SummaryFlows, type TheoryScenario } from './referenceLines';

export type OverlayModel = 'mathis' | 'padhye';

export type OverlayDecision = { kind: 'tcp' } | { kind: 'none'; reason: string };

const GOODPUT = /^(aggregate|flows\[[^\]]*\])\.goodput$/;
const BURST_COUNTS = /^bursts\.(\w+\.)?dropped(Contention|Injected|Late)?$/;

/** Which closed form fits this sweep's output over this scenario, or why none does. */
export function overlayFor(scenario: TheoryScenario, output: string): OverlayDecision {
  if (GOODPUT.test(output)) {
    if (scenario.flows.length === 0) return { kind: 'none', reason: 'the scenario has no TCP flow' };
    // Every flow of every run counts in a goodput summed over flows; one unfit flow is enough.
    const probe = theoryLines(scenario, null, flowIdsOf(scenario), { kind: 'all' });
    const unfit = probe.notes.find((n) => n.startsWith('no Mathis or Padhye line:'));
    if (unfit) return { kind: 'none', reason: unfit.replace('no Mathis or Padhye line: ', '') };
    return { kind: 'tcp' };
  }
  if (BURST_COUNTS.test(output)) {
    return { kind: 'none', reason: 'Erlang-B gives the share of bursts lost on a bufferless link; this output is a count of bursts (TCP’s among them), not that share' };
  }
  return { kind: 'none', reason: 'no closed form for this output: Mathis and Padhye give a TCP goodput, Erlang-B a share of bursts lost' };
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
}

/**
 * The models of a run for an output: the flow's own lines for `flows[id].goodput`, all
 * flows summed for `aggregate.goodput`.
 */
export function runModels(scenario: TheoryScenario, summary: SummaryFlows, output: string): RunModels {
  const ids = (summary.flows ?? []).map((f) => f.id).filter((id): id is string => typeof id === 'string');
  const one = /^flows\[(.*)\]\.goodput$/.exec(output);
  const subject = one ? { kind: 'flow' as const, index: ids.indexOf(one[1]) } : { kind: 'all' as const };
  const t = theoryLines(scenario, summary, ids, subject);
  const value = (kind: OverlayModel) => t.lines.find((l) => l.kind === kind)?.value ?? null;
  return { mathis: value('mathis'), padhye: value('padhye'), p: t.measure?.p ?? null, rtt: t.measure?.rtt ?? null };
}

export interface OverlayPoint {
  x: number;
  /** The model's mean over the point's runs that have a value, in display units. */
  y: number;
  /** Runs with a value, of the point's runs. */
  n: number;
  /** Means of the measured p and RTT behind it. */
  p: number;
  rtt: number;
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
  for (const point of points) {
    let sum = 0;
    let pSum = 0;
    let rttSum = 0;
    let n = 0;
    for (const r of point.runs) {
      const v = r?.[model];
      if (v === null || v === undefined || !Number.isFinite(v) || r!.p === null || r!.rtt === null) continue;
      sum += v;
      pSum += r!.p;
      rttSum += r!.rtt;
      n++;
    }
    if (n > 0) out.push({ x: point.values[0] * xScale, y: sum / n / divide, n, p: pSum / n, rtt: rttSum / n });
  }
  return out;
}
