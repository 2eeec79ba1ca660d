// Scenario format v1 (docs: /work/shared/DESIGN.md section 3).
//
// These types describe the JSON the engine accepts. They are not a validator: the C++
// engine checks every field and names the bad one (`links[3].wavelengths must be an
// integer >= 1`); repeating those rules here would let the two drift apart.
// SI base units everywhere: seconds, bits per second, bytes; probabilities in [0, 1].

export const SCENARIO_VERSION = 1;

export interface Scenario {
  version: typeof SCENARIO_VERSION;
  name: string;
  /** uint32; the same seed gives the same result on every platform. */
  seed: number;
  /** Simulated seconds. */
  duration: number;
  /** Seconds between time-series samples. */
  sampleInterval: number;
  nodes: ScenarioNode[];
  /** Bidirectional links. */
  links: ScenarioLink[];
  obs: ObsSettings;
  flows: Flow[];
  background: BackgroundSource[];
}

export type NodeKind = 'host' | 'router' | 'edge' | 'core';

interface NodeBase {
  id: string;
  /** Position in the topology view (px); the engine ignores it. */
  x: number;
  y: number;
}

/** End host. */
export interface HostNode extends NodeBase { kind: 'host' }
/** Electronic packet switch. */
export interface RouterNode extends NodeBase { kind: 'router' }
/** OBS ingress/egress: assembles packets into bursts and back. */
export interface EdgeNode extends NodeBase { kind: 'edge' }
/** Bufferless optical switch. */
export interface CoreNode extends NodeBase {
  kind: 'core';
  /** Switch configuration time, seconds. */
  setupTime: number;
  /** Fiber delay lines: `count` lines of `unit`, 2*`unit`, ... seconds. */
  fdl: { count: number; unit: number };
}

export type ScenarioNode = HostNode | RouterNode | EdgeNode | CoreNode;

/** A probability for both directions, or one per direction (a -> b, b -> a). */
export type DirectionalProbability = number | { ab: number; ba: number };

interface LinkBase {
  id: string;
  /** Node ids of the two ends. */
  a: string;
  b: string;
  /** Propagation delay, seconds. */
  delay: number;
}

export interface PacketLink extends LinkBase {
  kind: 'packet';
  /** Bits per second. */
  rate: number;
  /** Drop-tail queue length in packets, per direction. */
  queue: number;
  /** Random loss per transmission try. */
  loss: DirectionalProbability;
  /** Link-layer retries (802.11-like); retryDelay in seconds. */
  arq: { retries: number; retryDelay: number };
}

export interface FiberLink extends LinkBase {
  kind: 'fiber';
  wavelengths: number;
  /** Bits per second, per wavelength. */
  rate: number;
  /** Extra injected loss on this link, per burst class. */
  burstLoss: BurstLoss;
}

export type ScenarioLink = PacketLink | FiberLink;

/** Drop probability per burst class: a data burst carries any TCP data, else it is an ACK burst. */
export interface BurstLoss {
  data: number;
  ack: number;
}

export interface ObsSettings {
  assembly: {
    policy: 'time' | 'size' | 'hybrid';
    /** Seconds. */
    maxTime: number;
    /** Bytes. */
    maxBytes: number;
    /** Bytes; shorter bursts are padded. */
    minBytes: number;
    /** "per-class" assembles data and ACKs apart, "mixed" in one queue. */
    queues: 'per-class' | 'mixed';
  };
  reservation: 'jet' | 'jit';
  scheduling: 'ffuc' | 'lauc' | 'lauc-vf';
  /** Burst header processing per core hop, seconds. */
  controlProcessing: number;
  /** Seconds, or "auto" = hops * controlProcessing + max setupTime on the route. */
  offset: number | 'auto';
  /** Injected end-to-end drop probability per burst, by class. */
  burstLoss: BurstLoss;
}

export type TcpVariant =
  | 'tahoe' | 'reno' | 'newreno' | 'sack' | 'hstcp' | 'stcp'
  | 'bic' | 'cubic' | 'htcp' | 'vegas' | 'westwood';

export type LossRecovery = 'tahoe' | 'reno' | 'newreno' | 'sack';

export interface TcpSettings {
  variant: TcpVariant;
  /** Optional extension of format v1 (docs/model.md): overrides the variant's loss
   *  recovery; absent = the variant's own (window-growth variants use SACK). */
  recovery?: LossRecovery;
  /** Bytes. */
  mss: number;
  /** Segments. */
  maxWindow: number;
  /** Segments. */
  initialCwnd: number;
  /** Segments. */
  initialSsthresh: number;
  dupAckThreshold: number;
  delayedAck: boolean;
  /** Seconds; `fixed` (when not null) disables the RTT estimator. */
  rto: { initial: number; min: number; max: number; fixed: number | null };
}

export type AppSettings =
  | { kind: 'bulk' }
  | { kind: 'file'; /** Bytes. */ bytes: number }
  | { kind: 'cbr'; /** Bits per second. */ rate: number };

export interface Flow {
  /** With count > 1 the engine expands ids to `id#0` .. `id#(count-1)`. */
  id: string;
  src: string;
  dst: string;
  count: number;
  /** Seconds. */
  start: number;
  tcp: TcpSettings;
  app: AppSettings;
}

export interface BackgroundSource {
  src: string;
  dst: string;
  model: 'poisson' | 'self-similar';
  /** Offered traffic / capacity of the route's narrowest link. */
  load: number;
  /** Bytes. */
  meanBytes: number;
  /** Only for the self-similar model. */
  hurst?: number;
  /**
   * false (the default): whole bursts offered to the core at the source edge.
   * true: batches of meanBytes enter the source edge's assembly queue and share bursts
   * with TCP there (as in ns-2's OBS modules; paper 002's "RTT falls as load rises").
   */
  enterAssembly?: boolean;
}
