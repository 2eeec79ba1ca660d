/**
 * The p and RTT a TCP model is evaluated at, measured from a run's counters.
 *
 * Mathis and Padhye take p as loss indications per segment sent: each fast retransmit or
 * timeout is one indication, whatever number of segments was lost with it. Over OBS a
 * lost burst takes many segments of one window at once, yet TCP sees it as one or two
 * indications; counting lost segments instead would charge the flow for losses it
 * repairs in one go (docs/theory.md). So here:
 *
 *   p   = (fast retransmits + RTOs) / segments sent (retransmissions included),
 *   RTT = the mean of the flow's RTT samples so far.
 *
 * The engine counts every expiry of the retransmission timer, so a timeout backed off
 * twice counts twice where Padhye counts one sequence: at heavy loss p reads a little high.
 */

/** A flow's counters as the engine's summary gives them (every field may be missing). */
export interface FlowCounters {
  segmentsSent?: number;
  fastRetransmits?: number;
  rtos?: number;
  /** Seconds; 0 before the first sample. */
  meanRtt?: number;
}

export interface LossMeasure {
  segmentsSent: number;
  fastRetransmits: number;
  rtos: number;
  /** fastRetransmits + rtos. */
  indications: number;
  /** indications / segmentsSent; null before a segment was sent. */
  p: number | null;
  /** Seconds; null before the first RTT sample. */
  rtt: number | null;
}

const count = (x: number | undefined): number => (typeof x === 'number' && Number.isFinite(x) && x > 0 ? x : 0);

export function measureLoss(c: FlowCounters): LossMeasure {
  const segmentsSent = count(c.segmentsSent);
  const fastRetransmits = count(c.fastRetransmits);
  const rtos = count(c.rtos);
  const indications = fastRetransmits + rtos;
  // More indications than segments cannot come from a real run; it is no probability.
  const p = segmentsSent > 0 && indications <= segmentsSent ? indications / segmentsSent : null;
  const rtt = count(c.meanRtt) > 0 ? (c.meanRtt as number) : null;
  return { segmentsSent, fastRetransmits, rtos, indications, p, rtt };
}

/**
 * Several flows as one: indications over segments of them all, and the mean of their
 * mean RTTs (flows without an RTT sample left out).
 */
export function pooledLoss(flows: readonly LossMeasure[]): LossMeasure {
  let segmentsSent = 0;
  let fastRetransmits = 0;
  let rtos = 0;
  let rttSum = 0;
  let rttN = 0;
  for (const f of flows) {
    segmentsSent += f.segmentsSent;
    fastRetransmits += f.fastRetransmits;
    rtos += f.rtos;
    if (f.rtt !== null) {
      rttSum += f.rtt;
      rttN++;
    }
  }
  return measureLoss({ segmentsSent, fastRetransmits, rtos, meanRtt: rttN > 0 ? rttSum / rttN : 0 });
}
