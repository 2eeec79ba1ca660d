#include "tcp/tcp_receiver.h"

#include "net/packet_channel.h"

namespace obs {

TcpReceiver::TcpReceiver(EventLoop& sim, PacketReceiver& network, int flowIndex, const Route* ackRoute,
                         const TcpSpec& spec)
    : sim_(sim),
      network_(network),
      flow_(flowIndex),
      route_(ackRoute),
      mss_(static_cast<std::uint32_t>(spec.mss)),
      window_(static_cast<std::uint32_t>(spec.maxWindow)),
      sack_(recoveryOf(spec) == TcpRecoveryKind::Sack),
      delayed_(spec.delayedAck) {
  std::size_t size = windowRingSize(spec.maxWindow);
  buffered_.assign(size, false);
  mask_ = size - 1;
}

void TcpReceiver::onSegment(std::uint32_t seq, bool sackPermitted) { receive(sim_.now(), seq, sackPermitted); }

void TcpReceiver::takeAhead(SimTime at, std::uint32_t seq, bool sackPermitted) {
  if (ahead_.full())
    while (!ahead_.empty() && ahead_.front().at <= sim_.now()) ahead_.pop_front();
  const std::uint32_t rcvNxt = rcvNxt_;
  const std::uint64_t duplicates = duplicates_, acks = acksSent_;
  receive(at, seq, sackPermitted);
  ++takenAhead_;
  ahead_.push_back(TakenAhead{at, rcvNxt_ - rcvNxt, static_cast<std::uint16_t>(duplicates_ - duplicates),
                              static_cast<std::uint16_t>(acksSent_ - acks)});
}

TcpReceiver::Ahead TcpReceiver::aheadOfClock() const {
  Ahead ahead;
  const SimTime now = sim_.now();
  for (std::size_t i = ahead_.size(); i > 0 && ahead_[i - 1].at > now; --i) {
    const TakenAhead& t = ahead_[i - 1];
    ++ahead.segments;
    ahead.advanced += t.advanced;
    ahead.duplicates += t.duplicates;
    ahead.acks += t.acks;
  }
  return ahead;
}

void TcpReceiver::receive(SimTime at, std::uint32_t seq, bool sackPermitted) {
  ++received_;
  if (sackPermitted != sack_) {
    sack_ = sackPermitted;
    reported_ = SackOption{};
  }
  // An in-order segment with nothing held above it is the only kind whose ACK may wait.
  bool mayDelay = false;
  if (seq == rcvNxt_) {
    mayDelay = outOfOrder_ == 0;  // otherwise it fills (part of) a hole: ACK at once
    ++rcvNxt_;
    delivered_ += mss_;
    while (held(rcvNxt_)) {
      buffered_[rcvNxt_ & mask_] = false;
      --outOfOrder_;
      ++rcvNxt_;
      delivered_ += mss_;
    }
  } else if (seq > rcvNxt_ && seq - rcvNxt_ <= window_) {
    if (!held(seq)) {  // a hole before it: the ACK below is a duplicate
      buffered_[seq & mask_] = true;
      ++outOfOrder_;
    }
    if (sack_) reportBlockOf(seq);
  } else {
    ++duplicates_;
  }

  if (!delayed_ || !mayDelay) {
    sendAck(at);
  } else if (ackOwed_) {
    sendAck(at);  // the second full-sized segment since the last ACK
  } else {
    ackOwed_ = true;
    ackDeadline_ = at + kDelayedAckTimeout;
    if (!timerPending_) armTimer();
  }
}

void TcpReceiver::handleEvent(std::uint32_t, std::uint64_t) {
  timerPending_ = false;
  if (!ackOwed_) return;            // acknowledged meanwhile
  if (sim_.now() < ackDeadline_) {  // a later segment restarted it: one event, moved
    armTimer();
    return;
  }
  sendAck(sim_.now());
}

void TcpReceiver::reportBlockOf(std::uint32_t seq) {
  // Reported blocks were whole runs of held segments when reported, and a run grows only by
  // an arrival next to it, which reports it again; so where one touches `seq` it gives the
  // run's far end without scanning the buffer.
  SackBlock b{seq, seq + 1};
  bool known = false, left = false, right = false;
  for (int i = 0; i < reported_.count; ++i) {
    const SackBlock& r = reported_.blocks[i];
    if (r.start <= seq && seq < r.end) {
      b = r;  // a duplicate of a segment already held
      known = true;
    } else if (r.end == seq) {
      b.start = r.start;
      left = true;
    } else if (r.start == seq + 1) {
      b.end = r.end;
      right = true;
    }
  }
  if (!known) {
    if (!left)
      while (b.start > rcvNxt_ + 1 && held(b.start - 1)) --b.start;
    if (!right)
      while (b.end - rcvNxt_ <= window_ && held(b.end)) ++b.end;
  }
  // The new block first; then the earlier ones, except those now inside it.
  SackOption next;
  next.blocks[next.count++] = b;
  for (int i = 0; i < reported_.count && next.count < kMaxSackBlocks; ++i) {
    const SackBlock& r = reported_.blocks[i];
    if (r.end <= b.start || r.start >= b.end) next.blocks[next.count++] = r;
  }
  reported_ = next;
}

void TcpReceiver::sendAck(SimTime at) {
  ackOwed_ = false;
  Packet p = tcpPacket(route_->steps.data(), flow_, /*isAck=*/true, rcvNxt_, kTcpIpHeaderBytes);
  if (sack_) {
    // Blocks the cumulative ACK has reached are delivered: no longer reported.
    SackOption kept;
    for (int i = 0; i < reported_.count; ++i)
      if (reported_.blocks[i].end > rcvNxt_) kept.blocks[kept.count++] = reported_.blocks[i];
    reported_ = kept;
    p.sack = network_.sackPool().put(kept);
    p.bytes += sackOptionBytes(kept.count);
  }
  ++acksSent_;
  if (ackLine_) {  // every ACK, so the line meets them in order (PacketChannel::acceptAhead)
    ++p.step;
    ackLine_->acceptAhead(at, std::move(p));
    return;
  }
  network_.receivePacket(route_->src, std::move(p));
}

}  // namespace obs
