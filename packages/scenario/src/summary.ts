// Summary of a run (DESIGN.md section 4): the parsed `summaryJson()` of the engine.
// Fields may be added by the engine; none are renamed.

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
}

export interface BurstClassSummary {
  sent: number;
  dropped: number;
}

export interface Summary {
  /** Scenario name. */
  scenario: string;
  /** Simulated seconds reached. */
  simTime: number;
  /** Wall-clock seconds of the run; only the CLI adds it. */
  wallTime?: number;
  /** Events executed. */
  events: number;
  flows: FlowSummary[];
  aggregate: { goodput: number };
  bursts: {
    sent: number;
    dropped: number;
    droppedInjected: number;
    droppedContention: number;
    meanBytes: number;
    meanSegments: number;
    data: BurstClassSummary;
    ack: BurstClassSummary;
  };
  packets: { queueDrops: number; randomDrops: number };
}
