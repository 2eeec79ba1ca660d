#include "tcp/tcp_sender.h"

#include <algorithm>
#include <cmath>

#include "net/packet_channel.h"

namespace obs {

namespace {
// The rings' first size, in segments (2.3 KB): windows up to 255 segments never grow them.
constexpr std::size_t kFirstRing = 256;
}  // namespace

TcpSender::TcpSender(EventLoop& sim, PacketReceiver& network, int flowIndex, const Route* dataRoute,
                     const TcpSpec& spec, const AppSpec& app, double startSeconds, SegmentDrops drops)
    : sim_(sim),
      network_(network),
      flow_(flowIndex),
      route_(dataRoute),
      spec_(spec),
      app_(app),
      startTime_(fromSeconds(startSeconds)),
      ops_(makeCongestionOps(spec)),
      recovery_(makeLossRecovery(spec)),
      rtt_(spec.rto),
      sentAt_(std::min<std::size_t>(kFirstRing, windowRingSize(spec.maxWindow)), 0),
      retransmitted_(sentAt_.size(), 0),
      ringMask_(sentAt_.size() - 1),
      drops_(std::move(drops)) {
  sackPermitted_ = recovery_->usesSack();
  cc_.cwnd = spec.initialCwnd;
  cc_.ssthresh = spec.initialSsthresh;
  if (app.kind == AppKind::File)
    fileSegments_ = static_cast<std::uint32_t>(std::min(std::ceil(app.bytes / spec.mss), 4294967295.0));
  if (app.kind == AppKind::Cbr) cbrNextAt_ = cbrHandedOverAt(1);
  sim_.scheduleAt(startTime_, this, kStart);
}

std::uint32_t TcpSender::appSegments() {
  switch (app_.kind) {
    case AppKind::Bulk: return UINT32_MAX;
    case AppKind::File: return fileSegments_;
    case AppKind::Cbr:
      if (cbrHandedOver_ < UINT32_MAX && cbrNextAt_ <= sim_.now()) catchUpCbr();
      return cbrHandedOver_;
  }
  return 0;
}

void TcpSender::catchUpCbr() {
  // Time only moves forward, so the count only grows. The count is the largest k with
  // cbrHandedOverAt(k) <= now: cbrHandedOverAt() is the one definition the wake-up events
  // use too, so rounding can never make the two disagree (a wake-up always finds the
  // segment it waited for). When TCP lags behind its application, thousands of segments
  // may have been handed over since the last look: estimate k by arithmetic, then settle
  // it on the definition (cbrHandedOverAt() never decreases in k, so this is the same k
  // as counting one by one).
  const SimTime now = sim_.now();
  const double estimate = std::floor(toSeconds(now - startTime_) * app_.rate / (8.0 * spec_.mss));
  std::uint32_t k = cbrHandedOver_;
  if (estimate > k) k = estimate >= UINT32_MAX ? UINT32_MAX : static_cast<std::uint32_t>(estimate);
  while (k > cbrHandedOver_ && cbrHandedOverAt(k) > now) --k;
  while (k < UINT32_MAX && cbrHandedOverAt(k + 1) <= now) ++k;
  cbrHandedOver_ = k;
  cbrNextAt_ = cbrHandedOverAt(k + 1);
}

SimTime TcpSender::cbrHandedOverAt(std::uint32_t segments) const {
  return startTime_ + fromSeconds(static_cast<double>(segments) * 8.0 * spec_.mss / app_.rate);
}

void TcpSender::handleEvent(std::uint32_t kind, std::uint64_t arg) {
  if (kind == kStart) {
    started_ = true;
    trySend();
    return;
  }
  if (kind == kAppData) {
    appWakeupPending_ = false;
    trySend();
    return;
  }
  // kRtoTimer
  if (static_cast<std::uint32_t>(arg) != timerGeneration_) return;  // superseded
  eventPending_ = false;
  if (!timerRunning_) return;
  if (sim_.now() < deadline_) {  // restarted since this event was scheduled
    eventPending_ = true;
    eventAt_ = deadline_;
    sim_.scheduleAt(deadline_, this, kRtoTimer, ++timerGeneration_);
    return;
  }
  onTimeout();
}

void TcpSender::trySend() {
  if (!started_) return;
  double allowed = std::min(std::floor(cc_.cwnd), static_cast<double>(spec_.maxWindow));
  std::uint32_t window = static_cast<std::uint32_t>(std::max(allowed, 1.0));
  std::uint32_t available = appSegments();
  bool waitingForApp = recovery_->fillWindow(*this, window, available);
  // A CBR sender with an open window waits for its application: wake up when the next
  // segment is handed over (one event, not one per segment while the window is full).
  // It stopped at the last segment handed over, so the next one is due at cbrNextAt_.
  if (app_.kind == AppKind::Cbr && waitingForApp && !appWakeupPending_) {
    appWakeupPending_ = true;
    sim_.scheduleAt(cbrNextAt_, this, kAppData);
  }
}

void TcpSender::transmit(std::uint32_t seq) {
  bool resend = seq < maxSent_;
  if (resend) {
    ++counters_.retransmits;
    retransmitted_[slot(seq)] = 1;
  } else {
    if (seq - sndUna_ > ringMask_) growRing(seq);
    maxSent_ = seq + 1;
    sentAt_[slot(seq)] = sim_.now();
    retransmitted_[slot(seq)] = 0;
  }
  if (seq >= sndNxt_) sndNxt_ = seq + 1;
  ++counters_.segmentsSent;
  if (!timerRunning_) armTimer();  // RFC 6298 (5.1)
  Packet p = tcpPacket(route_->steps.data(), flow_, /*isAck=*/false, seq,
                       static_cast<std::uint32_t>(spec_.mss) + kTcpIpHeaderBytes);
  p.sackPermitted = sackPermitted_;
  p.listedDrop = drops_.dropNext(seq);
  network_.receivePacket(route_->src, std::move(p));
}

void TcpSender::growRing(std::uint32_t seq) {
  std::size_t size = sentAt_.size();
  while (size < std::size_t{seq - sndUna_} + 1) size *= 2;  // the window keeps it <= maxWindow + 1
  std::vector<SimTime> sentAt(size, 0);
  std::vector<std::uint8_t> retransmitted(size, 0);
  for (std::uint32_t s = sndUna_; s != maxSent_; ++s) {
    sentAt[s & (size - 1)] = sentAt_[slot(s)];
    retransmitted[s & (size - 1)] = retransmitted_[slot(s)];
  }
  sentAt_.swap(sentAt);
  retransmitted_.swap(retransmitted);
  ringMask_ = size - 1;
}

void TcpSender::logTcpEvent(int what) {
  if (!log_ || !log_->enabled()) return;
  VisualEvent e{VisualEventKind::TcpEvent};
  e.t0 = e.t1 = sim_.now();
  e.id = flow_;
  e.reason = static_cast<std::uint8_t>(what);
  e.value = cc_.cwnd;
  e.segments = sndUna_;
  log_->record(e);
}

TcpPhase TcpSender::phase() const {
  switch (state_) {
    case TcpCongState::Open: return cc_.cwnd < cc_.ssthresh ? TcpPhase::SlowStart : TcpPhase::CongestionAvoidance;
    case TcpCongState::Recovery: return TcpPhase::Recovery;
    case TcpCongState::Loss: return TcpPhase::Loss;
  }
  return TcpPhase::SlowStart;
}

AckInfo TcpSender::ackInfo(std::uint32_t ackNo, std::uint32_t acked) {
  AckInfo info;
  info.now = toSeconds(sim_.now());
  info.segmentsAcked = acked;
  info.flight = flight();
  // Karn's rule: sample only if no acknowledged segment was ever retransmitted.
  bool clean = acked > 0;
  for (std::uint32_t s = sndUna_; s < ackNo && clean; ++s) clean = retransmitted_[slot(s)] == 0;
  if (clean) {
    SimTime sample = sim_.now() - sentAt_[slot(ackNo - 1)];
    rtt_.addSample(sample);
    ++counters_.rttSamples;
    info.rtt = toSeconds(sample);
    counters_.rttSum += info.rtt;
    minRtt_ = minRtt_ == 0 ? info.rtt : std::min(minRtt_, info.rtt);
  }
  info.minRtt = minRtt_;
  info.srtt = toSeconds(rtt_.srtt());
  return info;
}

void TcpSender::onAck(std::uint32_t ackNo, const SackOption& sack) {
  bool isNew = ackNo > sndUna_;
  bool sameAck = ackNo == sndUna_ && sndNxt_ > sndUna_;
  if (!isNew && !sameAck) return;  // older ACKs carry no information
  // After a go-back-N restart the receiver may acknowledge beyond what was resent so far.
  if (ackNo > maxSent_) ackNo = maxSent_;
  std::uint32_t acked = isNew ? ackNo - sndUna_ : 0;
  AckInfo info = ackInfo(ackNo, acked);
  ops_->observeAck(info);  // every ACK, duplicates included (Westwood+ counts them)

  if (isNew) {
    sndUna_ = ackNo;
    if (sndNxt_ < sndUna_) sndNxt_ = sndUna_;
    dupAcks_ = 0;
    resentByTimer_ = false;
    if (app_.kind == AppKind::File && sndUna_ >= fileSegments_ && completedAt_ < 0) completedAt_ = sim_.now();
  }
  if (recovery_->onAck(*this, sameAck, sack)) ++dupAcks_;

  bool partialAck = false;
  switch (state_) {
    case TcpCongState::Recovery:
      if (!isNew) {
        recovery_->onDuplicateInRecovery(*this);
      } else if (recovery_->endsRecovery(*this, ackNo)) {
        endRecovery();
      } else {
        partialAck = true;
        recovery_->onPartialAck(*this, acked);  // it decides about the timer
      }
      break;
    case TcpCongState::Loss:
    case TcpCongState::Open:
      if (!isNew) break;
      if (state_ == TcpCongState::Loss && sndUna_ >= recover_) {
        state_ = TcpCongState::Open;  // everything outstanding at the loss is acknowledged
        becameOpen();
      }
      ops_->onNewAck(cc_, info);
      // ns-2's maxcwnd_: the window never grows past the maximum window, which the papers
      // call the maximum congestion window (paper 000: 64 KB).
      cc_.cwnd = std::min(cc_.cwnd, static_cast<double>(spec_.maxWindow));
      break;
  }
  // A loss shows in duplicates or in SACK blocks, never in a plain ACK of new data.
  if (state_ != TcpCongState::Recovery && (dupAcks_ > 0 || sack.count > 0) && recovery_->lossDetected(*this, dupAcks_))
    startRecovery();

  if (isNew && !partialAck) {
    if (sndNxt_ > sndUna_) {
      armTimer();  // (5.3)
    } else {
      stopTimer();  // (5.2)
    }
  }
  trySend();
}

void TcpSender::startRecovery() {
  std::uint32_t flightSize = lossFlight(flight() - recovery_->limitedTransmits());
  cc_.ssthresh = ops_->ssthreshAfterLoss(cc_, flightSize, toSeconds(sim_.now()));
  resentByTimer_ = false;
  ++counters_.fastRetransmits;
  recover_ = maxSent_;
  // Recovery works towards ssthresh; where ssthresh may lie above the window at the loss
  // (Westwood+), towards that window (Mascolo et al.: cwnd = ssthresh only if cwnd >
  // ssthresh), and ssthresh stays, room for slow start after the recovery.
  double window = cc_.ssthresh;
  if (ops_->recoveryKeepsBelowWindow() && window > cc_.cwnd) window = std::max(std::floor(cc_.cwnd), 1.0);
  state_ = recovery_->startRecovery(*this, window);
  // The fast retransmit gets a whole RTO to come back, as in ns-2 (reset_rtx_timer in
  // every dupack_action), Linux and FreeBSD; RFC 6298 5.1 alone would leave the timer
  // running from the last new ACK, and on a path whose RTO is near one RTT it would
  // fire while the retransmission is still on its way.
  armTimer();
  logTcpEvent(1);
}

void TcpSender::endRecovery() {
  cc_.cwnd = recovery_->cwndAfterRecovery(*this, ops_->cwndAfterRecovery(cc_));
  state_ = TcpCongState::Open;
  logTcpEvent(2);
  becameOpen();
}

void TcpSender::onTimeout() {
  timerRunning_ = false;
  ++counters_.rtos;
  // Inflation is no window: the ops see the window recovery was working towards.
  if (state_ == TcpCongState::Recovery) cc_.cwnd = std::min(cc_.cwnd, cc_.ssthresh);
  // RFC 5681 (4): ssthresh from the flight (within the window, lossFlight), cwnd to one
  // segment. Section 3.1's note: when the segment has already been resent by the timer
  // (a repeated timeout, nothing acknowledged since), ssthresh is held: halving the
  // window of one segment would take it to 2 whatever the path carried before (ns-2
  // does that; the difference is recorded in docs/conformance.md).
  if (!resentByTimer_) cc_.ssthresh = ops_->ssthreshAfterTimeout(cc_, lossFlight(flight()), toSeconds(sim_.now()));
  resentByTimer_ = true;
  cc_.cwnd = 1;
  state_ = TcpCongState::Loss;
  recover_ = maxSent_;
  dupAcks_ = 0;
  rtt_.backOff();  // RFC 6298 (5.5)
  recovery_->onTimeout(*this);
  logTcpEvent(0);
  trySend();  // resends and, via transmit(), restarts the timer (5.6)
}

std::uint32_t TcpSender::lossFlight(std::uint32_t flightSize) const {
  const double window = std::max(std::floor(cc_.cwnd), 1.0);
  return window < flightSize ? static_cast<std::uint32_t>(window) : flightSize;
}

void TcpSender::setVariant(TcpVariantKind variant) {
  TcpRecoveryKind before = recoveryOf(spec_);
  spec_.variant = variant;
  ops_ = makeCongestionOps(spec_);
  if (recoveryOf(spec_) != before) {
    recoverySwitchPending_ = true;
    if (state_ == TcpCongState::Open) becameOpen();
  }
}

void TcpSender::becameOpen() {
  if (!recoverySwitchPending_) return;
  recoverySwitchPending_ = false;
  recovery_ = makeLossRecovery(spec_);
  sackPermitted_ = recovery_->usesSack();
  // The SACK walk has no go-back-N pointer: it sends new data from maxSent.
  if (sackPermitted_) sndNxt_ = maxSent_;
  dupAcks_ = 0;
}

void TcpSender::armTimer() {
  timerRunning_ = true;
  deadline_ = sim_.now() + rtt_.rto();
  if (eventPending_ && eventAt_ <= deadline_) return;  // that event will re-arm itself
  eventPending_ = true;
  eventAt_ = deadline_;
  sim_.scheduleAt(deadline_, this, kRtoTimer, ++timerGeneration_);
}

void TcpSender::stopTimer() { timerRunning_ = false; }

}  // namespace obs
