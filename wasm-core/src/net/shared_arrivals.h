// The arrivals of several packet lines in one stream of the event queue. Lines fed by the
// same line (paper003-fast's 320 lines back to the senders, the dumb-bell's 50) take its
// packets in the order it sends them, so their arrivals come in time order together: one
// stream for them keeps the tournament the queue picks the next event with shallow, where
// a stream per line took a leaf each, and keeps their pending arrivals in one ring. The
// order of events is the same either way: each arrival takes the queue's next sequence
// number when it is scheduled, and one earlier than the stream's last goes to the queue's
// heap (EventQueue::pushToStream).
#pragma once
#include <cstdint>
#include <vector>

#include "net/packet_channel.h"
#include "sim/event_loop.h"

namespace obs {

class SharedArrivals final : public EventHandler {
 public:
  // Only before the first packet: the lines' arrivals go to this stream from then on.
  SharedArrivals(EventLoop& sim, std::vector<PacketChannel*> lines) : lines_(std::move(lines)) {
    const EventQueue::StreamId stream = sim.addStream(this, 0);
    for (std::size_t i = 0; i < lines_.size(); ++i) lines_[i]->shareArrivals(stream, static_cast<std::uint32_t>(i));
  }
  void handleEvent(std::uint32_t, std::uint64_t line) override { lines_[line]->arrive(); }
  // The line an event of this stream is for (the run guard names the parts a run is busy in).
  const PacketChannel* line(std::uint64_t arg) const { return lines_[arg]; }

 private:
  std::vector<PacketChannel*> lines_;
};

}  // namespace obs
