// Scenario format v1 (docs: /work/shared/the scenario schema, packages/scenario/src/schema), as types.
//
// The types are the schema's output (schema/schema.ts, zod): a scenario with every field
// present, the engine's defaults filled in where a file leaves one out. The schema also
// holds each field's unit, range and label (schema/fields.ts); the units here are SI
// base units everywhere: seconds, bits per second, bytes; probabilities in [0, 1].
import type { ScenarioInput, ScenarioOutput } from './schema/schema';

export const SCENARIO_VERSION = 1;

export type Scenario = ScenarioOutput;
/** A scenario as a file may write it: fields with an engine default may be left out. */
export type ScenarioFile = ScenarioInput;

export type ScenarioNode = Scenario['nodes'][number];
export type NodeKind = ScenarioNode['kind'];
/** End host. */
export type HostNode = Extract<ScenarioNode, { kind: 'host' }>;
/** Electronic packet switch. */
export type RouterNode = Extract<ScenarioNode, { kind: 'router' }>;
/** OBS ingress/egress: assembles packets into bursts and back; may override obs.assembly. */
export type EdgeNode = Extract<ScenarioNode, { kind: 'edge' }>;
/**
 * Bufferless optical switch: setupTime (s), `fdl.count` delay lines of `unit`, 2*`unit` ... seconds;
 * optionally `conversion`, `deflection` and `segmentation` (docs/mesh.md sections 1, 6, 7; false when absent).
 */
export type CoreNode = Extract<ScenarioNode, { kind: 'core' }>;
/** A core's wavelength conversion (docs/mesh.md section 1): "full" (absent), "none" or `{ range: d }` channels either side. */
export type WavelengthConversion = NonNullable<CoreNode['conversion']>;
/** An edge's own assembly settings, field by field over obs.assembly. */
export type AssemblyOverrides = NonNullable<EdgeNode['assembly']>;

/** Bidirectional links. */
export type ScenarioLink = Scenario['links'][number];
/** rate (bit/s), delay (s), drop-tail queue (packets, per direction), loss per try, ARQ retries. */
export type PacketLink = Extract<ScenarioLink, { kind: 'packet' }>;
/** wavelengths, rate per wavelength (bit/s), delay (s), extra injected loss per burst class. */
export type FiberLink = Extract<ScenarioLink, { kind: 'fiber' }>;
/** A probability for both directions, or one per direction (a -> b, b -> a). */
export type DirectionalProbability = PacketLink['loss'];
/** Routing cost (docs/routing.md): both directions, or per direction; absent, the link's delay. */
export type LinkCost = ScenarioLink['cost'];
/** Drop probability per burst class: a data burst carries any TCP data, else it is an ACK burst. */
export type BurstLoss = FiberLink['burstLoss'];

export type ObsSettings = Scenario['obs'];
/** The ingress edge's rule for a burst's wavelength (docs/mesh.md section 1); absent: "first-fit". */
export type WavelengthChoice = NonNullable<ObsSettings['wavelengthChoice']>;

export type Flow = Scenario['flows'][number];
export type TcpSettings = Flow['tcp'];
export type TcpVariant = TcpSettings['variant'];
export type LossRecovery = NonNullable<TcpSettings['recovery']>;
export type AppSettings = Flow['app'];
/** Each copy's own host and access link at the source side and/or the sink side (docs/routing.md). */
export type FlowAccess = Flow['access'];
/** One side of `access`: a packet link's rate (bit/s), delay (s) and queue (packets). */
export type AccessLink = NonNullable<NonNullable<FlowAccess>['src']>;

export type BackgroundSource = Scenario['background'][number];
/**
 * A traffic matrix of background bursts (docs/mesh.md section 3): `matrix` "uniform" (absent)
 * or rows of weights in the order of the edge nodes; `load` the network load; `model`
 * "poisson" (absent), `meanBytes` 40000 (absent), `hurst` for the self-similar model,
 * `extraOffset` 0 (absent; docs/mesh.md section 8, as a background source's).
 */
export type TrafficMatrix = NonNullable<Scenario['traffic']>;

/** A change the run applies to itself at a time: a live path and its new value. */
export type LiveChange = NonNullable<Scenario['liveChanges']>[number];

/**
 * A deterministic loss (docs/deterministic-loss.md): `{ flow, segments, transmission? }`,
 * `{ flow, packets }`, `{ edge, class, bursts }` or `{ edge, class, after }`; numbers from 0.
 */
export type DropRule = NonNullable<Scenario['drops']>[number];
