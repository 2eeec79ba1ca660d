// The engine's limits on a scenario, written once here: scripts/gen-engine-tables.mjs
// writes them into the engine (wasm-core/src/generated/limits.h) at build time, and
// engine-tables.test.ts fails while the committed header differs. The schema's rules are
// built from these; schema/contract.test.ts holds them against the real parser at every bound.

/** The longest time the engine accepts: durations, delays, start times (1e18 ps, below its "never"). */
export const MAX_SECONDS = 1e6;
/**
 * The shortest interval the engine repeats (a timer, a sampling period, an assembly
 * timeout, a source's gap): 1 ns, 1000 ticks of its picosecond clock, so rounding to whole
 * ticks changes it by at most 0.05 %. 1e-300 s would round to zero ticks: a timer firing
 * for ever without the clock moving.
 */
export const MIN_INTERVAL = 1e-9;
/** At most one event per MIN_INTERVAL on average (a background source's bursts, a CBR source's segments), written exactly. */
export const MAX_EVENT_RATE = 1e9;
/** Line rates, bit/s: a 65 KB packet at 1 kbit/s lasts 9 minutes, a 4 GB burst at 1 Mbit/s 9.5 hours, both within MAX_SECONDS. */
export const MIN_PACKET_LINK_RATE = 1e3;
export const MIN_FIBER_RATE = 1e6;
/** 10 Tbit/s per line. */
export const MAX_RATE = 1e13;
/** Chart samples of a whole run: flows x (duration / sampleInterval + 1), each a row handed to the caller. */
export const MAX_SAMPLE_ROWS = 1e8;
/** duration / sampleInterval. */
export const MAX_SAMPLES_PER_FLOW = 2e6;
export const MAX_NODES = 10000;
export const MAX_LINKS = 100000;
export const MAX_BACKGROUND = 10000;
/** Flows after `count` replication: one entry's count, and all of them. */
export const MAX_FLOW_INSTANCES = 100000;
/** Entries of `liveChanges`: each is a few bytes and one look-up; a cap keeps a hostile list from making the parser and the run crawl. */
export const MAX_LIVE_CHANGES = 10000;
/** Entries of `drops`, and numbers in one entry's list: each number is 8 bytes and one comparison per packet or burst of its flow or edge. */
export const MAX_DROP_RULES = 10000;
export const MAX_DROP_NUMBERS = 100000;
/** The largest segment number, packet or burst ordinal a `drops` list may name (32 bits). */
export const MAX_DROP_ORDINAL = 4294967295;
/** Bursts an edge may be told to drop next (the live path nodes[i].dropNext.data|ack). */
export const MAX_DROP_NEXT = 1000000;
/** UTF-8 bytes of an id, and of the name (the engine counts bytes). */
export const MAX_ID_BYTES = 64;
export const MAX_NAME_BYTES = 200;
/** A link's routing cost per direction, `cost`: large enough for ns-2-style integer costs and for delays in seconds alike. */
export const MAX_COST = 1e9;
/** Limited-range wavelength conversion, `nodes[].conversion.range`: channels either side (fibers have at most a few thousand). */
export const MAX_CONVERSION_RANGE = 1000;
/** Ordered edge pairs a `traffic` matrix may give traffic, a background source each, like `background`'s entries. */
export const MAX_TRAFFIC_PAIRS = 10000;
/** How many times one burst may be deflected over its whole path, `obs.maxDeflections`: more wanders, and is better dropped. */
export const MAX_DEFLECTIONS = 16;

/**
 * The limits the engine holds as C++ ints: counts it compares with list sizes and prints
 * as whole numbers. Every other limit is a double there, compared with computed
 * quantities (seconds, rates, costs), where an int could turn a division into an integer one.
 */
export const ENGINE_INT_LIMITS: readonly string[] = Object.freeze([
  'MAX_NODES',
  'MAX_LINKS',
  'MAX_BACKGROUND',
  'MAX_FLOW_INSTANCES',
  'MAX_LIVE_CHANGES',
  'MAX_DROP_RULES',
  'MAX_DROP_NUMBERS',
  'MAX_DROP_NEXT',
  'MAX_ID_BYTES',
  'MAX_NAME_BYTES',
  'MAX_CONVERSION_RANGE',
  'MAX_TRAFFIC_PAIRS',
  'MAX_DEFLECTIONS',
]);
