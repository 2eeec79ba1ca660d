import type { TcpSettings } from './scenario';

/**
 * A flow's TCP settings as the presets spell them out: a Reno sender, 1460-byte segments,
 * a window of 64 segments, an initial window of one, ssthresh 65535, three duplicate ACKs,
 * no delayed ACK, and an RTO starting at 1 s within 0.2 s and 60 s, none fixed. `changes`
 * replaces some (each field keeps its place, so the JSON reads the same). A new object
 * each call: edit it freely.
 */
export function tcpSettings(changes: Partial<TcpSettings> = {}): TcpSettings {
  return {
    variant: 'reno',
    mss: 1460,
    maxWindow: 64,
    initialCwnd: 1,
    initialSsthresh: 65535,
    dupAckThreshold: 3,
    delayedAck: false,
    rto: { initial: 1, min: 0.2, max: 60, fixed: null },
    ...changes,
  };
}
