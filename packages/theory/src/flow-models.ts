/**
 * Mathis and Padhye for one flow of a scenario at its measured p and RTT: which flow of
 * the scenario an engine flow id belongs to, whether the models describe it at all, and
 * the parameters they take from its TCP settings.
 */
import type { LossMeasure } from './measured-loss';
import { mathisRate, padhyeRate } from './tcp-models';

/** The parts of a scenario flow the models read (the Scenario type fits). */
export interface FlowSpec {
  id: string;
  src: string;
  dst: string;
  count?: number;
  tcp: {
    variant: string;
    mss: number;
    maxWindow: number;
    delayedAck?: boolean;
    rto: { min: number; max: number; fixed?: number | null };
  };
  app: { kind: string };
}

/**
 * The congestion controls the two models describe: Reno's halving on a fast retransmit
 * and its one segment per round trip. Tahoe restarts from one segment after every loss;
 * the high-speed variants, Vegas and Westwood grow and cut their windows by other rules.
 */
export const RENO_STYLE = new Set(['reno', 'newreno', 'sack']);

/** The scenario flow an engine flow id names: `tcp1`, or copy `tcp1#3` of a flow with a count. */
export function flowSpecFor<F extends FlowSpec>(flows: readonly F[], flowId: string): F | null {
  for (const f of flows) {
    if ((f.count ?? 1) <= 1) {
      if (f.id === flowId) return f;
    } else if (flowId.startsWith(`${f.id}#`)) {
      const copy = flowId.slice(f.id.length + 1);
      if (/^\d+$/.test(copy) && Number(copy) < (f.count ?? 1)) return f;
    }
  }
  return null;
}

/** Why the models do not describe this flow, or null when they do. */
export function whyNoModel(flow: FlowSpec, name: string): string | null {
  if (!RENO_STYLE.has(flow.tcp.variant))
    return `the models describe Reno-style TCP (Reno, NewReno, SACK); ${name} runs ${flow.tcp.variant}`;
  if (flow.app.kind !== 'bulk')
    return `the models assume a sender that always has data; ${name} is a ${flow.app.kind === 'cbr' ? 'CBR source' : 'file transfer'}`;
  return null;
}

/**
 * Padhye's T0, the length of a first timeout: the fixed RTO when there is one, else the
 * RFC 6298 RTO's floor, at least one RTT (srtt + 4 rttvar is above the RTT), at most its
 * ceiling. On every preset the RTT is below the floor (0.2 s), so T0 is the floor.
 */
export function timeoutFor(rto: FlowSpec['tcp']['rto'], rtt: number): number {
  if (typeof rto.fixed === 'number' && rto.fixed > 0) return rto.fixed;
  return Math.min(rto.max, Math.max(rto.min, rtt));
}

/** Segments acknowledged per ACK: 2 with delayed ACKs (RFC 5681 4.2), else 1. */
export const ackedPerAck = (flow: FlowSpec): number => (flow.tcp.delayedAck ? 2 : 1);

export interface FlowModelRates {
  /** bit/s, null where the model has no value (p = 0, no RTT yet). */
  mathis: number | null;
  padhye: number | null;
  /** The T0 Padhye was given, seconds (null without an RTT). */
  t0: number | null;
  b: number;
}

/** Both models for one flow at the loss and RTT `m` (measured from it, or pooled). */
export function flowModelRates(flow: FlowSpec, m: Pick<LossMeasure, 'p' | 'rtt'>): FlowModelRates {
  const b = ackedPerAck(flow);
  if (m.p === null || m.rtt === null || m.p === 0)
    return { mathis: null, padhye: null, t0: m.rtt === null ? null : timeoutFor(flow.tcp.rto, m.rtt), b };
  const t0 = timeoutFor(flow.tcp.rto, m.rtt);
  const input = { mss: flow.tcp.mss, rtt: m.rtt, p: m.p, b };
  return { mathis: mathisRate(input), padhye: padhyeRate({ ...input, t0, wmax: flow.tcp.maxWindow }), t0, b };
}
