#include "metrics/summary_counts.h"

#include <cstddef>

namespace obs {
namespace {

// Each struct field by field: a field added to a counter struct and not here leaves the
// window counting it from 0, which SummaryWindow's tests catch (every counter of a window
// equals the difference of two runs' summaries).
TcpSenderCounters minus(const TcpSenderCounters& e, const TcpSenderCounters& b) {
  TcpSenderCounters d;
  d.segmentsSent = e.segmentsSent - b.segmentsSent;
  d.retransmits = e.retransmits - b.retransmits;
  d.rtos = e.rtos - b.rtos;
  d.fastRetransmits = e.fastRetransmits - b.fastRetransmits;
  d.rttSamples = e.rttSamples - b.rttSamples;
  d.rttSum = e.rttSum - b.rttSum;
  return d;
}

template <std::size_t N>
std::array<std::uint64_t, N> minus(const std::array<std::uint64_t, N>& e, const std::array<std::uint64_t, N>& b) {
  std::array<std::uint64_t, N> d{};
  for (std::size_t i = 0; i < N; ++i) d[i] = e[i] - b[i];
  return d;
}

BurstClassCounters minus(const BurstClassCounters& e, const BurstClassCounters& b) {
  BurstClassCounters d;
  d.sent = e.sent - b.sent;
  d.dropped = minus(e.dropped, b.dropped);
  d.delivered = e.delivered - b.delivered;
  d.lengthBytes = e.lengthBytes - b.lengthBytes;
  d.packets = e.packets - b.packets;
  d.dataSegments = e.dataSegments - b.dataSegments;
  d.segmentsDropped = e.segmentsDropped - b.segmentsDropped;
  d.acksDropped = e.acksDropped - b.acksDropped;
  d.fdlDelayed = e.fdlDelayed - b.fdlDelayed;
  d.bytesDropped = e.bytesDropped - b.bytesDropped;
  d.deflections = e.deflections - b.deflections;
  d.segmented = e.segmented - b.segmented;
  d.bytesCut = e.bytesCut - b.bytesCut;
  d.segmentsCut = e.segmentsCut - b.segmentsCut;
  d.acksCut = e.acksCut - b.acksCut;
  return d;
}

PacketChannelCounters minus(const PacketChannelCounters& e, const PacketChannelCounters& b) {
  PacketChannelCounters d;
  d.sent = e.sent - b.sent;
  d.queueDrops = e.queueDrops - b.queueDrops;
  d.randomDrops = e.randomDrops - b.randomDrops;
  d.listedDrops = e.listedDrops - b.listedDrops;
  d.retries = e.retries - b.retries;
  d.bytesSent = e.bytesSent - b.bytesSent;
  d.busy = e.busy - b.busy;
  return d;
}

FiberDirectionCounters minus(const FiberDirectionCounters& e, const FiberDirectionCounters& b) {
  FiberDirectionCounters d;
  d.bursts = e.bursts - b.bursts;
  d.busy = e.busy - b.busy;
  d.fdlDelayed = e.fdlDelayed - b.fdlDelayed;
  for (std::size_t k = 0; k < d.dropped.size(); ++k) d.dropped[k] = minus(e.dropped[k], b.dropped[k]);
  d.deflected = e.deflected - b.deflected;
  d.segmented = e.segmented - b.segmented;
  return d;
}

FiberUse minus(const FiberUse& e, const FiberUse& b) { return {e.busy - b.busy, e.offered - b.offered}; }

PathCounters minus(const PathCounters& e, const PathCounters& b) {
  PathCounters d;
  d.sent = e.sent - b.sent;
  d.delivered = e.delivered - b.delivered;
  d.dropped = minus(e.dropped, b.dropped);
  d.deflections = e.deflections - b.deflections;
  d.segmented = e.segmented - b.segmented;
  d.bytesSent = e.bytesSent - b.bytesSent;
  d.bytesLost = e.bytesLost - b.bytesLost;
  return d;
}

QosCounters minus(const QosCounters& e, const QosCounters& b) {
  QosCounters d;
  d.sent = e.sent - b.sent;
  d.delivered = e.delivered - b.delivered;
  d.dropped = minus(e.dropped, b.dropped);
  d.segmented = e.segmented - b.segmented;
  return d;
}

SummaryCounts::Flow minus(const SummaryCounts::Flow& e, const SummaryCounts::Flow& b) {
  SummaryCounts::Flow d;
  d.sender = minus(e.sender, b.sender);
  d.deliveredBytes = e.deliveredBytes - b.deliveredBytes;
  d.cwndSum = e.cwndSum - b.cwndSum;
  d.cwndSamples = e.cwndSamples - b.cwndSamples;
  d.cwnd = e.cwnd;
  return d;
}

template <typename T>
std::vector<T> minusEach(const std::vector<T>& e, const std::vector<T>& b) {
  std::vector<T> d(e.size());
  for (std::size_t i = 0; i < e.size(); ++i) d[i] = minus(e[i], b[i]);
  return d;
}

}  // namespace

SummaryCounts countsBetween(const SummaryCounts& base, const SummaryCounts& end) {
  SummaryCounts d;
  d.since = base.at;
  d.at = end.at;
  d.events = end.events - base.events;
  d.flows = minusEach(end.flows, base.flows);
  for (std::size_t k = 0; k < d.classes.size(); ++k) d.classes[k] = minus(end.classes[k], base.classes[k]);
  d.burstsInFlight = end.burstsInFlight;
  d.histograms.bytes = minus(end.histograms.bytes, base.histograms.bytes);
  d.histograms.segments = minus(end.histograms.segments, base.histograms.segments);
  d.channels = minusEach(end.channels, base.channels);
  d.channelBusy.resize(end.channelBusy.size());
  for (std::size_t i = 0; i < end.channelBusy.size(); ++i) d.channelBusy[i] = end.channelBusy[i] - base.channelBusy[i];
  d.fibers = minusEach(end.fibers, base.fibers);
  d.fiberUse = minusEach(end.fiberUse, base.fiberUse);
  d.paths = minusEach(end.paths, base.paths);
  d.qos = minusEach(end.qos, base.qos);
  return d;
}

}  // namespace obs
