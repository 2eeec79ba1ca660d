// Summary of a run (docs/model.md section 5): the parsed `summaryJson()` of the engine.
// Fields may be added by the engine; none are renamed. Fields marked optional below are
// emitted by the current engine but are not documented in docs/model.md yet, so code must not rely on them.

export interface FlowSummary {
  id: string;
  /** Bits per second delivered in order to the receiver, averaged over the run. */
  goodput: number;
  /** Bytes delivered in order. */
  delivered: number;
  retransmits: number;
  rtos: number;
  fastRetransmits: number;
  /** Seconds. */
  meanRtt: number;
  /** Segments. */
  meanCwnd: number;
  /** Data segments sent, retransmissions included. */
  segmentsSent?: number;
  /** Segments. */
  finalCwnd?: number;
  /** File application: seconds from the flow's start to the ACK of its last segment; null if unfinished. */
  completionTime?: number | null;
}

/** The counts of bursts a class's summary and the totals of every class (Summary.bursts) both carry. */
export interface BurstCounts {
  sent: number;
  dropped: number;
  droppedLate?: number;
  /** Times a burst went through a fiber delay line (a burst delayed at two cores counts twice). */
  fdlDelayed?: number;
  /** Times a burst was sent off its route; only when some core has `deflection` (docs/mesh.md section 6). */
  deflections?: number;
  /** The rest only when some core has `segmentation` (docs/mesh.md section 7): bursts that lost a part and went on. */
  segmented?: number;
  /** Bytes of the bursts sent. */
  bytesSent?: number;
  /** Bytes of bursts dropped whole and of parts cut off; the byte loss is bytesLost / bytesSent. */
  bytesLost?: number;
  /** TCP data segments in parts cut off. */
  segmentsCut?: number;
}

export interface BurstClassSummary extends BurstCounts {
  /** Bursts whose last bit reached their egress edge; sent = delivered + dropped + those in flight. */
  delivered?: number;
  droppedInjected?: number;
  droppedContention?: number;
  meanBytes?: number;
  meanSegments?: number;
}

type DropsByReason = { injected: number; contention: number; late: number };

/** One direction of a link (docs/model.md section 5). */
export interface LinkDirectionSummary {
  /**
   * In [0, 1], over [0, simTime]: fiber, the share of the wavelength-time offered that bursts
   * occupied; packet, the share of time the line transmitted (docs/model.md, "What the summary counts").
   */
  utilisation: number;
  /** Fiber only. */
  bursts?: number;
  fdlDelayed?: number;
  dropped?: Record<'data' | 'ack' | 'background', DropsByReason>;
  /** Bursts sent elsewhere because this direction had no room; only when some core has `deflection`. */
  deflected?: number;
  /** Bursts that got onto this direction in part; only when some core has `segmentation`. */
  segmented?: number;
  /** Packet only. */
  packets?: number;
  queueDrops?: number;
  randomDrops?: number;
  retries?: number;
}

export interface LinkSummary {
  id: string;
  kind: 'packet' | 'fiber';
  ab: LinkDirectionSummary;
  ba: LinkDirectionSummary;
}

/** Log-2 histogram: counts[i] holds values in [lower[i], 2 x lower[i]) (bin 0 also holds 0). */
export interface Log2Histogram {
  lower: number[];
  counts: number[];
}

/** One optical path, ingress edge to egress edge, for all burst classes together (docs/mesh.md section 4). */
export interface PairSummary {
  /** The ingress and egress edge ids. */
  src: string;
  dst: string;
  /** Node ids of the path, ingress edge to egress edge. */
  route: string[];
  /** Erlangs offered by the background sources and `traffic` of the path (0 for TCP-only paths). */
  offeredErlangs: number;
  /** Bursts that left the ingress edge. */
  sent: number;
  /** Bursts that reached the egress edge. */
  delivered: number;
  dropped: DropsByReason;
  /** dropped / sent (0 when none were sent). */
  loss: number;
  /** Times the path's bursts were deflected; only when some core has `deflection` (docs/mesh.md section 6). */
  deflections?: number;
  /** Only when some core has `segmentation` (docs/mesh.md section 7): bursts that lost a part and went on, bytes sent and lost. */
  segmented?: number;
  bytesSent?: number;
  bytesLost?: number;
}

/**
 * One class of extra offset (docs/mesh.md section 8), ascending: the first (0) holds every
 * burst without one, TCP bursts included.
 */
export interface QosClassSummary {
  /** Seconds. */
  extraOffset: number;
  sent: number;
  delivered: number;
  dropped: DropsByReason;
  /** dropped / sent (0 when none were sent). */
  loss: number;
  /** Only when some core has `segmentation`. */
  segmented?: number;
}

export interface Summary {
  /** Scenario name. */
  scenario: string;
  seed?: number;
  /** Simulated seconds reached. */
  simTime: number;
  /** Wall-clock seconds of the run; only the CLI adds it. */
  wallTime?: number;
  /** Events executed. */
  events: number;
  flows: FlowSummary[];
  aggregate: { goodput: number; /** Bytes. */ delivered?: number };
  /** The counts of every class together (deflections to segmentsCut: only where some core deflects or segments), then each class's. */
  bursts: BurstCounts & {
    droppedInjected: number;
    droppedContention: number;
    /** Bursts still on their way when the run ended. */
    inFlight?: number;
    meanBytes: number;
    meanSegments: number;
    data: BurstClassSummary;
    ack: BurstClassSummary;
    background?: BurstClassSummary;
  };
  /**
   * listedDrops: data packets lost by `drops` rules on flows; only when the scenario has `drops`.
   * accessLinks: the share of the access links `access` draws per copy (not in `links`); only where there are some.
   */
  packets: {
    queueDrops: number;
    randomDrops: number;
    retries?: number;
    listedDrops?: number;
    accessLinks?: { queueDrops: number; randomDrops: number; retries: number };
  };
  links?: LinkSummary[];
  histograms?: { burstBytes: Log2Histogram; segmentsPerBurst: Log2Histogram };
  /** Hash of every executed event (time, kind): equal fingerprints, same events in the same order. */
  fingerprint?: string;
  /**
   * Every live change that took effect, scheduled (`liveChanges`) or made while running,
   * in the order applied; absent when none did (docs/live-changes.md).
   */
  liveChanges?: { at: number; path: string; value: number }[];
  /** Per optical path, in the order the paths were first used (docs/mesh.md section 4); absent from older engines. */
  pairs?: PairSummary[];
  /** Per distinct extra offset, ascending; only when some source has `extraOffset` above 0 (docs/mesh.md section 8). */
  qos?: QosClassSummary[];
}
