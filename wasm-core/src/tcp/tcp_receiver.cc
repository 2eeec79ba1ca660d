#include "tcp/tcp_receiver.h"

#include "net/packet.h"
#include "net/packet_channel.h"

namespace obs {

TcpReceiver::TcpReceiver(PacketReceiver& network, int flowIndex, const Route* ackRoute,
                         const TcpSpec& spec)
    : network_(network),
      flow_(flowIndex),
      route_(ackRoute),
      mss_(static_cast<std::uint32_t>(spec.mss)),
      window_(static_cast<std::uint32_t>(spec.maxWindow)) {
  std::size_t size = windowRingSize(spec.maxWindow);
  buffered_.assign(size, false);
  mask_ = size - 1;
}

void TcpReceiver::onSegment(std::uint32_t seq) {
  ++received_;
  if (seq == rcvNxt_) {
    do {
      buffered_[rcvNxt_ & mask_] = false;
      ++rcvNxt_;
      delivered_ += mss_;
    } while (buffered_[rcvNxt_ & mask_]);
  } else if (seq > rcvNxt_ && seq - rcvNxt_ <= window_) {
    buffered_[seq & mask_] = true;  // a hole before it: the ACK below is a duplicate
  } else {
    ++duplicates_;
  }
  sendAck();
}

void TcpReceiver::sendAck() {
  Packet p;
  p.route = route_;
  p.hop = 0;
  p.flow = flow_;
  p.isAck = true;
  p.seq = rcvNxt_;
  p.bytes = kTcpIpHeaderBytes;
  network_.receivePacket(route_->src, std::move(p));
}

}  // namespace obs
