// The engine's limits on a scenario, as its parser states them (wasm-core/src/scenario/
// limits.h, scenario_parser.cc, sim/time.h). The schema's rules are built from these;
// schema/contract.test.ts holds them against the real parser at every bound.

/** The longest time the engine accepts: durations, delays, start times (sim/time.h kMaxSeconds). */
export const MAX_SECONDS = 1e6;
/** The shortest interval the engine repeats: 1 ns, 1000 ticks of its picosecond clock (kMinInterval). */
export const MIN_INTERVAL = 1e-9;
/** At most one event per MIN_INTERVAL on average (kMaxEventRate), written exactly. */
export const MAX_EVENT_RATE = 1e9;
/** Line rates, bit/s: a 65 KB packet at 1 kbit/s lasts 9 minutes, a 4 GB burst at 1 Mbit/s 9.5 hours. */
export const MIN_PACKET_LINK_RATE = 1e3;
export const MIN_FIBER_RATE = 1e6;
export const MAX_RATE = 1e13;
/** Chart samples of a whole run: flows x (duration / sampleInterval + 1) (kMaxSampleRows). */
export const MAX_SAMPLE_ROWS = 1e8;
/** duration / sampleInterval (kMaxSamplesPerFlow). */
export const MAX_SAMPLES_PER_FLOW = 2e6;
export const MAX_NODES = 10000;
export const MAX_LINKS = 100000;
export const MAX_BACKGROUND = 10000;
/** Flows after `count` replication (kMaxFlowInstances): one entry's count, and all of them. */
export const MAX_FLOW_INSTANCES = 100000;
/** Entries of `liveChanges` (limits.h). */
export const MAX_LIVE_CHANGES = 10000;
/** Entries of `drops`, and numbers in one entry's list (limits.h kMaxDropRules, kMaxDropNumbers). */
export const MAX_DROP_RULES = 10000;
export const MAX_DROP_NUMBERS = 100000;
/** The largest segment number, packet or burst ordinal a `drops` list may name (32 bits). */
export const MAX_DROP_ORDINAL = 4294967295;
/** Bursts an edge may be told to drop next (the live path nodes[i].dropNext.data|ack, kMaxDropNext). */
export const MAX_DROP_NEXT = 1000000;
/** UTF-8 bytes of an id, and of the name (the engine counts bytes). */
export const MAX_ID_BYTES = 64;
export const MAX_NAME_BYTES = 200;
/** A link's routing cost per direction, `cost` (limits.h kMaxCost). */
export const MAX_COST = 1e9;
/** Limited-range wavelength conversion, `nodes[].conversion.range`: channels either side (limits.h kMaxConversionRange). */
export const MAX_CONVERSION_RANGE = 1000;
/** Ordered edge pairs a `traffic` matrix may give traffic, a background source each (limits.h kMaxTrafficPairs). */
export const MAX_TRAFFIC_PAIRS = 10000;
/** How many times one burst may be deflected over its whole path, `obs.maxDeflections` (limits.h kMaxDeflections). */
export const MAX_DEFLECTIONS = 16;
