// A TCP receiver: cumulative ACKs, an out-of-order buffer, an ACK for every segment
// (delayed ACKs come with the TCP issue). Counts bytes delivered in order to the
// application, which is what goodput measures.
#pragma once
#include <cstdint>
#include <vector>

#include "net/route.h"
#include "scenario/scenario.h"
#include "tcp/window_ring.h"

namespace obs {

class PacketReceiver;

class TcpReceiver {
 public:
  TcpReceiver(PacketReceiver& network, int flowIndex, const Route* ackRoute, const TcpSpec& spec);

  void onSegment(std::uint32_t seq);

  std::uint32_t rcvNxt() const { return rcvNxt_; }
  std::uint64_t deliveredBytes() const { return delivered_; }
  std::uint64_t duplicates() const { return duplicates_; }
  std::uint64_t segmentsReceived() const { return received_; }

 private:
  void sendAck();

  PacketReceiver& network_;
  int flow_;
  const Route* route_;
  std::uint32_t mss_;
  std::uint32_t rcvNxt_ = 0;
  std::vector<bool> buffered_;  // ring over [rcvNxt, rcvNxt + maxWindow]
  std::size_t mask_;
  std::uint32_t window_;
  std::uint64_t delivered_ = 0;
  std::uint64_t duplicates_ = 0;
  std::uint64_t received_ = 0;  // every segment that arrived, duplicates included
};

}  // namespace obs
