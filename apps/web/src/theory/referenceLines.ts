/**
 * The throughput chart's theory lines: the bottleneck capacity, and Mathis' and Padhye's
 * rates at the loss and RTT this run has measured so far, for one flow or for all flows
 * together. Every number comes from the scenario, the routes the engine took and its
 * summary of this run; where a line cannot be drawn honestly (no loss yet, a variant the
 * models do not describe, no routes before the engine has loaded the scenario), a note
 * says why instead.
 */
import type { EngineRoutes } from '@obs-tcp-sim/engine';
import { formatRate } from '../format';
import { bottleneckOf, describeLinkCapacity, type Bottleneck, type RouteNetwork } from './bottleneck';
import {
  flowModelRates,
  flowSpecFor,
  mathisConstant,
  measureLoss,
  pooledLoss,
  whyNoModel,
  type FlowCounters,
  type FlowSpec,
  type LossMeasure,
} from '@obs-tcp-sim/theory';

export interface TheoryScenario extends RouteNetwork {
  flows: readonly FlowSpec[];
}

export interface SummaryFlows {
  flows?: readonly (FlowCounters & { id?: string })[];
}

/** One flow (index into the run's flow ids), or every flow of the run together. */
export type TheorySubject = { kind: 'flow'; index: number } | { kind: 'all' };

/**
 * Whom the lines are for: the flow, when the run has one or the chart shows exactly one
 * (and not the total); else all flows together, compared with the total.
 */
export function theorySubject(selection: { aggregate: boolean; flows: readonly number[] }, flowCount: number): TheorySubject {
  if (flowCount === 1) return { kind: 'flow', index: 0 };
  if (!selection.aggregate && selection.flows.length === 1) return { kind: 'flow', index: selection.flows[0] };
  return { kind: 'all' };
}

export type TheoryLineKind = 'capacity' | 'mathis' | 'padhye';

export interface TheoryLine {
  kind: TheoryLineKind;
  /** bit/s. */
  value: number;
  /** Model and value: "Mathis 12.3 Mbit/s". */
  name: string;
  /** On the chart: the name and what it is computed at, "Mathis 12.3 Mbit/s (p 0.213 %, RTT 45.2 ms)". */
  label: string;
  /** What it is computed from, in full (tooltip, docs/theory.md). */
  detail: string;
}

export interface TheoryLines {
  /** "tcp1" or "all 3 flows". */
  subject: string;
  lines: TheoryLine[];
  /** Why a line is missing. */
  notes: string[];
  /** The p and RTT the models were given (null before the first counters). */
  measure: LossMeasure | null;
}

/** A loss-event rate for people: three significant digits of percent (0.00213 -> "0.213 %"). */
export function formatLossRate(p: number): string {
  return `${Number((p * 100).toPrecision(3))} %`;
}

export function formatRtt(seconds: number): string {
  return `${Number((seconds * 1e3).toPrecision(3))} ms`;
}

const grouped = new Intl.NumberFormat('en-US');

function plural(n: number, one: string, many = `${one}s`): string {
  return `${grouped.format(n)} ${n === 1 ? one : many}`;
}

export function describeMeasure(m: LossMeasure): string {
  return `p = ${formatLossRate(m.p ?? 0)} (${plural(m.fastRetransmits, 'fast retransmit')} + ${plural(m.rtos, 'RTO')} over ${plural(m.segmentsSent, 'segment')} sent)`;
}

/**
 * `routes`: the engine's routes of the run (SimState.routes, a whole run's routes): the
 * capacity line is drawn on the links they take; null before the engine has loaded the
 * scenario, and a note says so.
 */
export function theoryLines(
  scenario: TheoryScenario,
  summary: SummaryFlows | null,
  flowIds: readonly string[],
  subject: TheorySubject,
  routes: EngineRoutes | null,
): TheoryLines {
  const members = subject.kind === 'flow' ? [subject.index].filter((i) => i >= 0 && i < flowIds.length) : flowIds.map((_, i) => i);
  const name = subject.kind === 'flow' ? (flowIds[subject.index] ?? 'this flow') : `all ${members.length} flows`;
  const out: TheoryLines = { subject: name, lines: [], notes: [], measure: null };
  if (members.length === 0) {
    out.notes.push('no flow to compare with');
    return out;
  }
  const specs: FlowSpec[] = [];
  for (const i of members) {
    const spec = flowSpecFor(scenario.flows, flowIds[i]);
    if (!spec) {
      out.notes.push(`${flowIds[i]} is not in the scenario on screen`);
      return out;
    }
    specs.push(spec);
  }

  const capacity = sharedBottleneck(scenario, routes, specs);
  if ('bottleneck' in capacity) {
    const b = capacity.bottleneck;
    out.lines.push({
      kind: 'capacity',
      value: b.capacity,
      name: `capacity ${formatRate(b.capacity)}`,
      label: `capacity ${formatRate(b.capacity)}`,
      detail: `Bottleneck of ${subject.kind === 'flow' ? `${name}'s route` : 'the flows’ routes'}: link ${b.link.id} (${b.from} → ${b.to}), ${describeLinkCapacity(b.link, formatRate)}. A line rate: the throughput drawn is payload delivered, so it stays below it.`,
    });
  } else out.notes.push(capacity.note);

  const byId = new Map<string, FlowCounters>();
  for (const f of summary?.flows ?? []) if (typeof f?.id === 'string') byId.set(f.id, f);
  const measures = members.map((i) => measureLoss(byId.get(flowIds[i]) ?? {}));
  // Flows that have not started yet take no share of the total.
  const active = members.map((_, k) => k).filter((k) => measures[k].segmentsSent > 0);
  const m = subject.kind === 'flow' ? measures[0] : pooledLoss(active.map((k) => measures[k]));
  out.measure = summary ? m : null;

  const unfit = specs.map((s, k) => whyNoModel(s, flowIds[members[k]])).find((why) => why !== null);
  if (unfit) {
    out.notes.push(`no Mathis or Padhye line: ${unfit}`);
    return out;
  }
  if (m.segmentsSent === 0) {
    out.notes.push('no segment sent yet: no Mathis or Padhye line');
    return out;
  }
  if (m.p === null || m.p === 0) {
    out.notes.push(`no loss yet (p = 0 over ${plural(m.segmentsSent, 'segment')}): no Mathis or Padhye line`);
    return out;
  }
  if (m.rtt === null) {
    out.notes.push('no RTT sample yet: no Mathis or Padhye line');
    return out;
  }

  // All flows: each active flow at the pooled p and RTT, summed (N flows sharing a path alike).
  let mathis = 0;
  let padhye = 0;
  const rates = (subject.kind === 'flow' ? [0] : active).map((k) => flowModelRates(specs[k], m));
  for (const r of rates) {
    if (r.mathis === null || r.padhye === null) {
      out.notes.push('the models have no value at this p and RTT');
      return out;
    }
    mathis += r.mathis;
    padhye += r.padhye;
  }
  const first = specs[subject.kind === 'flow' ? 0 : active[0]];
  const b = rates[0].b;
  const from = `${describeMeasure(m)}, RTT = ${formatRtt(m.rtt)} (${subject.kind === 'flow' ? 'mean of its RTT samples so far' : `mean over the flows of their mean RTTs`})`;
  const mssText = subject.kind === 'flow' || specs.every((s) => s.tcp.mss === first.tcp.mss) ? `MSS ${first.tcp.mss} B` : 'each flow’s MSS';
  const sum = subject.kind === 'flow' ? '' : `, summed over the ${plural(active.length, 'flow')} that have sent`;
  const short = `p ${formatLossRate(m.p)}, RTT ${formatRtt(m.rtt)}`;
  out.lines.push({
    kind: 'mathis',
    value: mathis,
    name: `Mathis ${formatRate(mathis)}`,
    label: `Mathis ${formatRate(mathis)} (${short})`,
    detail: `Mathis et al. 1997: MSS/RTT × C/√p, C = √(3/(2b)) = ${mathisConstant(b)!.toFixed(2)} (b = ${b}), ${mssText}; ${from}${sum}.`,
  });
  const t0 = rates[0].t0!;
  const sameWindow = specs.every((s) => s.tcp.maxWindow === first.tcp.maxWindow);
  out.lines.push({
    kind: 'padhye',
    value: padhye,
    name: `Padhye ${formatRate(padhye)}`,
    label: `Padhye ${formatRate(padhye)} (${short})`,
    detail: `Padhye et al. 1998 (with timeouts and the window limit): T0 = ${formatRtt(t0)} (${typeof first.tcp.rto.fixed === 'number' && first.tcp.rto.fixed > 0 ? 'the fixed RTO' : 'the RTO floor, at least one RTT'}), Wmax = ${sameWindow ? `${first.tcp.maxWindow} segments` : 'each flow’s window'}, b = ${b}, ${mssText}; ${from}${sum}. A send rate: retransmissions count.`,
  });
  return out;
}

/** The one bottleneck all the flows share (on the routes the engine took), or why there is none to draw. */
function sharedBottleneck(
  net: RouteNetwork,
  routes: EngineRoutes | null,
  specs: readonly FlowSpec[],
): { bottleneck: Bottleneck } | { note: string } {
  let shared: Bottleneck | null = null;
  // Copies of a group share its route: one look per group.
  const seen = new Map<string, Bottleneck | null>();
  for (const s of specs) {
    if (!seen.has(s.id)) {
      const read = bottleneckOf(net, routes, s);
      if (!read.ok) return { note: `no capacity line: ${read.reason}` };
      seen.set(s.id, read.route);
    }
    const b = seen.get(s.id)!;
    if (!b) return { note: `no capacity line: no link on the route from ${s.src} to ${s.dst} has a capacity` };
    if (!shared) shared = b;
    else if (b.link.id !== shared.link.id || b.from !== shared.from) {
      return { note: `no capacity line: the flows have different bottlenecks (${shared.link.id}, ${b.link.id})` };
    }
  }
  return shared ? { bottleneck: shared } : { note: 'no capacity line: no flow' };
}
