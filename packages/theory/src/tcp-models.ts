/**
 * Closed-form models the simulator's measurements are held against (docs/theory.md):
 * the TCP throughput laws of Mathis et al. (1997) and Padhye et al. (1998) (the Erlang-B
 * loss of a bufferless link is erlang.ts). Pure functions of numbers; an input outside a
 * model's domain gives null, never NaN or an exception, so a half-started run or a
 * hostile scenario cannot break a chart.
 *
 * The validation report (scripts/validate/theory.mjs, docs/validation.md) reads these.
 */

/** What a TCP throughput model needs about one flow. */
export interface TcpModelInput {
  /** Segment payload, bytes. */
  mss: number;
  /** Round-trip time, seconds. */
  rtt: number;
  /**
   * Loss indications per segment sent (fast retransmits and timeouts over segments sent,
   * retransmissions included): the p of both papers, not a per-segment loss probability.
   */
  p: number;
  /** Segments acknowledged by one ACK: 1, or 2 with delayed ACKs. */
  b?: number;
}

export interface PadhyeInput extends TcpModelInput {
  /** Duration of a first timeout (the RTO when it fires), seconds. */
  t0: number;
  /** The receiver's (or sender's) window limit, segments; Infinity for none. */
  wmax?: number;
}

/**
 * Mathis' constant C = sqrt(3 / (2b)): with one ACK per segment (b = 1) sqrt(3/2) = 1.22,
 * the value for periodic losses with every segment acknowledged; delayed ACKs (b = 2)
 * grow the window half as fast, so C = sqrt(3/4) = 0.87.
 */
export function mathisConstant(b = 1): number | null {
  return b >= 1 && Number.isFinite(b) ? Math.sqrt(3 / (2 * b)) : null;
}

function validTcp({ mss, rtt, p, b = 1 }: TcpModelInput, allowZeroP: boolean): boolean {
  return (
    mss > 0 &&
    Number.isFinite(mss) &&
    rtt > 0 &&
    Number.isFinite(rtt) &&
    (allowZeroP ? p >= 0 : p > 0) &&
    p <= 1 &&
    b >= 1 &&
    Number.isFinite(b)
  );
}

/**
 * Mathis et al. (1997), steady state of congestion avoidance with periodic losses:
 * rate = MSS / RTT * C / sqrt(p), in bit/s. Infinite as p goes to 0, so null at p = 0.
 */
export function mathisRate(input: TcpModelInput): number | null {
  if (!validTcp(input, false)) return null;
  const c = mathisConstant(input.b)!;
  return ((input.mss * 8) / input.rtt) * (c / Math.sqrt(input.p));
}

/**
 * Padhye et al. (1998), the "full model" approximation (their eq. 33) with timeouts and
 * the window limit, in segments per second:
 *   min(Wmax / RTT, 1 / (RTT sqrt(2bp/3) + T0 min(1, 3 sqrt(3bp/8)) p (1 + 32 p^2))).
 * At p = 0 it is the window limit (null when there is none).
 */
export function padhyeSegmentsPerSecond(input: PadhyeInput): number | null {
  const { rtt, p, t0, wmax = Infinity, b = 1 } = input;
  if (!validTcp(input, true) || !(t0 >= 0) || !Number.isFinite(t0) || !(wmax > 0)) return null;
  const timeoutShare = Math.min(1, 3 * Math.sqrt((3 * b * p) / 8));
  const denominator = rtt * Math.sqrt((2 * b * p) / 3) + t0 * timeoutShare * p * (1 + 32 * p * p);
  const rate = Math.min(wmax / rtt, 1 / denominator);
  return Number.isFinite(rate) ? rate : null;
}

/** Padhye's rate in bit/s (segments per second times the segment's payload). */
export function padhyeRate(input: PadhyeInput): number | null {
  const segments = padhyeSegmentsPerSecond(input);
  return segments === null ? null : segments * input.mss * 8;
}
