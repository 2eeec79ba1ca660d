// Summary of a run (DESIGN.md section 4): the parsed `summaryJson()` of the engine.
// Fields may be added by the engine; none are renamed. Fields marked optional below are
// emitted by the current engine but are not in DESIGN.md yet, so code must not rely on them.

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
}

export interface BurstClassSummary {
  sent: number;
  dropped: number;
  droppedInjected?: number;
  droppedContention?: number;
  droppedLate?: number;
  meanBytes?: number;
  meanSegments?: number;
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
  bursts: {
    sent: number;
    dropped: number;
    droppedInjected: number;
    droppedContention: number;
    droppedLate?: number;
    /** Bursts still on their way when the run ended. */
    inFlight?: number;
    meanBytes: number;
    meanSegments: number;
    data: BurstClassSummary;
    ack: BurstClassSummary;
  };
  packets: { queueDrops: number; randomDrops: number };
  /** Hash of every executed event (time, kind): equal fingerprints, same events in the same order. */
  fingerprint?: string;
}
