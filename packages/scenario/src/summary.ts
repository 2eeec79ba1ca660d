// Summary of a run (docs/model.md section 5): the parsed `summaryJson()` of the engine
// (wasm-core/src/simulation_summary.cc). Written once, as a zod schema whose every object
// is strict; the types are inferred from it. No product code parses a summary with it:
// packages/engine/src/summary.contract.test.ts runs the engine and holds what it writes
// to exactly these keys (no key the schema lacks, no required key missing), so a field the
// engine adds fails there until it is added here. Fields may be added; none are renamed.
// Fields marked optional are written only in some runs (each says when), or are not
// documented in docs/model.md yet, so code must not rely on them.
import { z } from './zod';

const count = z.number();

const flowSummarySchema = z.strictObject({
  id: z.string(),
  /** Bits per second delivered in order to the receiver, averaged over the run. */
  goodput: z.number(),
  /** Bytes delivered in order. */
  delivered: z.number(),
  retransmits: count,
  rtos: count,
  fastRetransmits: count,
  /** Seconds. */
  meanRtt: z.number(),
  /** Segments. */
  meanCwnd: z.number(),
  /** Data segments sent, retransmissions included. */
  segmentsSent: count.optional(),
  /** Segments. */
  finalCwnd: z.number().optional(),
  /** File application: seconds from the flow's start to the ACK of its last segment; null if unfinished. */
  completionTime: z.number().nullable().optional(),
});

/** The counts of bursts a class's summary and the totals of every class (Summary.bursts) both carry. */
const burstCountsSchema = z.strictObject({
  sent: count,
  dropped: count,
  droppedLate: count.optional(),
  /** Times a burst went through a fiber delay line (a burst delayed at two cores counts twice). */
  fdlDelayed: count.optional(),
  /** Times a burst was sent off its route; only when some core has `deflection` (docs/mesh.md section 6). */
  deflections: count.optional(),
  /** The rest only when some core has `segmentation` (docs/mesh.md section 7): bursts that lost a part and went on. */
  segmented: count.optional(),
  /** Bytes of the bursts sent. */
  bytesSent: count.optional(),
  /** Bytes of bursts dropped whole and of parts cut off; the byte loss is bytesLost / bytesSent. */
  bytesLost: count.optional(),
  /** TCP data segments in parts cut off. */
  segmentsCut: count.optional(),
});

const burstClassShape = {
  ...burstCountsSchema.shape,
  /** Bursts whose last bit reached their egress edge; sent = delivered + dropped + those in flight. */
  delivered: count.optional(),
  droppedInjected: count.optional(),
  droppedContention: count.optional(),
  meanBytes: z.number().optional(),
  meanSegments: z.number().optional(),
};
const burstClassSummarySchema = z.strictObject(burstClassShape);

const dropsByReasonSchema = z.strictObject({ injected: count, contention: count, late: count });

/** One direction of a link (docs/model.md section 5). */
const linkDirectionSummarySchema = z.strictObject({
  /**
   * In [0, 1], over [0, simTime]: fiber, the share of the wavelength-time offered that bursts
   * occupied; packet, the share of time the line transmitted (docs/model.md, "What the summary counts").
   */
  utilisation: z.number(),
  /** Fiber only. */
  bursts: count.optional(),
  fdlDelayed: count.optional(),
  dropped: z.strictObject({ data: dropsByReasonSchema, ack: dropsByReasonSchema, background: dropsByReasonSchema }).optional(),
  /** Bursts sent elsewhere because this direction had no room; only when some core has `deflection`. */
  deflected: count.optional(),
  /** Bursts that got onto this direction in part; only when some core has `segmentation`. */
  segmented: count.optional(),
  /** Packet only. */
  packets: count.optional(),
  queueDrops: count.optional(),
  randomDrops: count.optional(),
  retries: count.optional(),
});

const linkSummarySchema = z.strictObject({
  id: z.string(),
  kind: z.enum(['packet', 'fiber']),
  ab: linkDirectionSummarySchema,
  ba: linkDirectionSummarySchema,
});

/** Log-2 histogram: counts[i] holds values in [lower[i], 2 x lower[i]) (bin 0 also holds 0). */
const log2HistogramSchema = z.strictObject({ lower: z.array(z.number()), counts: z.array(count) });

/** One optical path, ingress edge to egress edge, for all burst classes together (docs/mesh.md section 4). */
const pairSummarySchema = z.strictObject({
  /** The ingress and egress edge ids. */
  src: z.string(),
  dst: z.string(),
  /** Node ids of the path, ingress edge to egress edge. */
  route: z.array(z.string()),
  /**
   * Seconds the path's bursts leave behind their control packets: `obs.offset`, or what
   * "auto" chose for this path (the processing and set-up its cores need); a source's
   * `extraOffset` comes on top for its own bursts.
   */
  offset: z.number(),
  /** Erlangs offered by the background sources and `traffic` of the path (0 for TCP-only paths). */
  offeredErlangs: z.number(),
  /** Bursts that left the ingress edge. */
  sent: count,
  /** Bursts that reached the egress edge. */
  delivered: count,
  dropped: dropsByReasonSchema,
  /** dropped / sent (0 when none were sent). */
  loss: z.number(),
  /** Times the path's bursts were deflected; only when some core has `deflection` (docs/mesh.md section 6). */
  deflections: count.optional(),
  /** Only when some core has `segmentation` (docs/mesh.md section 7): bursts that lost a part and went on, bytes sent and lost. */
  segmented: count.optional(),
  bytesSent: count.optional(),
  bytesLost: count.optional(),
});

/**
 * One class of extra offset (docs/mesh.md section 8), ascending: the first (0) holds every
 * burst without one, TCP bursts included.
 */
const qosClassSummarySchema = z.strictObject({
  /** Seconds. */
  extraOffset: z.number(),
  sent: count,
  delivered: count,
  dropped: dropsByReasonSchema,
  /** dropped / sent (0 when none were sent). */
  loss: z.number(),
  /** Only when some core has `segmentation`. */
  segmented: count.optional(),
});

const packetTotalsSchema = z.strictObject({ queueDrops: count, randomDrops: count, retries: count });

/** The summary of a run, every object strict: what the engine writes, key for key. */
export const summarySchema = z.strictObject({
  /** Scenario name. */
  scenario: z.string(),
  seed: z.number().optional(),
  /** Simulated seconds reached. */
  simTime: z.number(),
  /**
   * Only with the scenario's `measure`: the window (from, to] in seconds that every count,
   * rate and share below covers, warm-up left out (to is where counting stopped so far;
   * before `from`, from itself). States (finalCwnd, bursts in flight) are at `to`;
   * warnings, the fingerprint and liveChanges are of the whole run (docs/model.md section 5).
   */
  measure: z.strictObject({ from: z.number(), to: z.number() }).optional(),
  /**
   * What made this summary, so a result can be traced and results of different builds are
   * never mixed unawares; the CLI adds it, and the app to the summary it exports.
   * `engine`: the first 16 hex digits of the SHA-256 of the wasm module; `version`: the
   * project's; `scenario`: of the scenario's canonical JSON as run (after --warmup; in the
   * app, the file Save… writes for the run), scenarioHash; `seed` as run.
   */
  provenance: z.strictObject({ engine: z.string(), version: z.string(), scenario: z.string(), seed: z.number() }).optional(),
  /** Wall-clock seconds of the run; only the CLI adds it. */
  wallTime: z.number().optional(),
  /** Events executed. */
  events: count,
  /** Why the run guard ended the run early (a budget of events or memory); only then. */
  stopped: z.string().optional(),
  flows: z.array(flowSummarySchema),
  aggregate: z.strictObject({
    goodput: z.number(),
    /** Bytes. */
    delivered: z.number().optional(),
  }),
  /** The counts of every class together (deflections to segmentsCut: only where some core deflects or segments), then each class's. */
  bursts: z.strictObject({
    ...burstCountsSchema.shape,
    /** Bursts of every class whose last bit reached their egress edge. */
    delivered: count.optional(),
    droppedInjected: count,
    droppedContention: count,
    /** Bursts still on their way when the run ended. */
    inFlight: count.optional(),
    meanBytes: z.number(),
    meanSegments: z.number(),
    data: burstClassSummarySchema,
    ack: burstClassSummarySchema,
    background: burstClassSummarySchema.optional(),
  }),
  /**
   * listedDrops: data packets lost by `drops` rules on flows; only when the scenario has `drops`.
   * accessLinks: the share of the access links `access` draws per copy (not in `links`); only where there are some.
   */
  packets: z.strictObject({
    queueDrops: count,
    randomDrops: count,
    retries: count.optional(),
    listedDrops: count.optional(),
    accessLinks: packetTotalsSchema.optional(),
  }),
  links: z.array(linkSummarySchema).optional(),
  histograms: z.strictObject({ burstBytes: log2HistogramSchema, segmentsPerBurst: log2HistogramSchema }).optional(),
  /** Hash of every executed event (time, kind): equal fingerprints, same events in the same order. */
  fingerprint: z.string().optional(),
  /**
   * Which set of events the fingerprint hashes (wasm-core sim/event_loop.h): fingerprints
   * compare only under the same version; absent from engines before version 2.
   */
  fingerprintVersion: z.number().int().positive().optional(),
  /**
   * Every live change that took effect, scheduled (`liveChanges`) or made while running,
   * in the order applied; absent when none did (docs/live-changes.md).
   */
  liveChanges: z.array(z.strictObject({ at: z.number(), path: z.string(), value: z.number() })).optional(),
  /** Per optical path, in the order the paths were first used (docs/mesh.md section 4); absent from older engines. */
  pairs: z.array(pairSummarySchema).optional(),
  /** Per distinct extra offset, ascending; only when some source has `extraOffset` above 0 (docs/mesh.md section 8). */
  qos: z.array(qosClassSummarySchema).optional(),
  /**
   * What the run did that its author most likely did not mean, each with a code and a
   * sentence (docs/model.md, "Warnings"); absent when there is none.
   */
  warnings: z
    .array(
      z.strictObject({
        code: z.enum(['late-bursts', 'deflection-without-slack', 'link-at-capacity', 'flow-delivered-nothing']),
        text: z.string(),
      }),
    )
    .optional(),
});

export type Summary = z.infer<typeof summarySchema>;
export type FlowSummary = z.infer<typeof flowSummarySchema>;
export type BurstCounts = z.infer<typeof burstCountsSchema>;
export type BurstClassSummary = z.infer<typeof burstClassSummarySchema>;
export type DropsByReason = z.infer<typeof dropsByReasonSchema>;
export type LinkDirectionSummary = z.infer<typeof linkDirectionSummarySchema>;
export type LinkSummary = z.infer<typeof linkSummarySchema>;
export type Log2Histogram = z.infer<typeof log2HistogramSchema>;
export type PairSummary = z.infer<typeof pairSummarySchema>;
export type QosClassSummary = z.infer<typeof qosClassSummarySchema>;
