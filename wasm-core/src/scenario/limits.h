// The engine's lower bounds on what drives event rates, derived from its clock (time is a
// count of picoseconds, sim/time.h). docs/model.md ("Resource limits") states them.
#pragma once

namespace obs {

// The shortest interval the engine schedules as a repeating step (a timer, a sampling
// period, an assembly timeout, the gap of a packet source): 1 ns, 1000 ticks of the
// picosecond clock, so rounding it to whole ticks changes it by at most 0.05 %. Shorter
// intervals are refused: 1e-300 s rounds to zero ticks and a timer of zero ticks fires
// for ever without the clock moving.
constexpr double kMinInterval = 1e-9;
// The most events a source may ask for per simulated second on average: one per
// kMinInterval (a background source's bursts, a CBR application's segments).
constexpr double kMaxEventRate = 1e9;  // = 1 / kMinInterval, written exactly
// Line rates, bit/s. The lowest keeps the longest thing put on a line within the longest
// accepted time (kMaxSeconds): a 65 KB packet at 1 kbit/s lasts 9 minutes; a burst of up
// to 4.3 GB at 1 Mbit/s lasts 9.5 hours.
constexpr double kMinPacketLinkRate = 1e3;
constexpr double kMinFiberRate = 1e6;
constexpr double kMaxRate = 1e13;  // 10 Tbit/s per line
// Chart samples of a whole run (flows x samples per flow): each is a row of nine columns
// handed to the caller.
constexpr double kMaxSampleRows = 1e8;
// Scheduled live changes in one scenario (`liveChanges`): each is a few bytes and one
// look-up; a cap keeps a hostile list from making the parser and the run crawl.
constexpr int kMaxLiveChanges = 10000;
// Deterministic loss (`drops`): entries, and numbers in one entry's list. Each number is
// 8 bytes and one comparison per packet or burst of its flow or edge.
constexpr int kMaxDropRules = 10000;
constexpr int kMaxDropNumbers = 100000;
// How many more bursts of one class an edge may be told to drop from now (the live path
// nodes[i].dropNext.data|ack).
constexpr int kMaxDropNext = 1000000;

// A link's routing cost per direction (`cost`): any non-negative number up to this; large
// enough for ns-2-style integer costs and for delays in seconds alike.
constexpr double kMaxCost = 1e9;

// Limited-range wavelength conversion (`nodes[].conversion.range`): a converter reaches
// at most this many channels either side; fibers have at most a few thousand.
constexpr int kMaxConversionRange = 1000;
// obs.maxDeflections: a burst deflected more often than this wanders (each deflection
// lengthens its path and needs more offset), and is better dropped.
constexpr int kMaxDeflections = 16;
// Ordered edge pairs a `traffic` matrix may give traffic: each becomes a background
// source, like one of the at most 10000 `background` entries.
constexpr int kMaxTrafficPairs = 10000;

}  // namespace obs
