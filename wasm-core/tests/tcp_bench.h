// Test benches for the TCP rule tests: a sender whose ACKs the test scripts by hand, and a
// sender and receiver joined by a loop with a fixed one-way delay that drops the data
// transmissions the test names.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <set>
#include <utility>
#include <vector>

#include "net/packet_channel.h"
#include "net/route.h"
#include "sim/event_loop.h"
#include "tcp/tcp_receiver.h"
#include "tcp/tcp_sender.h"

namespace obs {
namespace testbench {

// A spec with the variant's own loss recovery (Reno's, by default)...
inline TcpSpec tcpSpec(double cwnd = 1, double ssthresh = 65535, int maxWindow = 1000) {
  TcpSpec s;
  s.initialCwnd = cwnd;
  s.initialSsthresh = ssthresh;
  s.maxWindow = maxWindow;
  return s;
}
// ...or with the one `recovery` names.
inline TcpSpec tcpSpec(TcpRecoveryKind recovery, double cwnd = 1, double ssthresh = 65535, int maxWindow = 1000) {
  TcpSpec s = tcpSpec(cwnd, ssthresh, maxWindow);
  s.recovery = recovery;
  return s;
}

// Records what the sender puts on the network.
struct SentLog : PacketReceiver {
  std::vector<std::uint32_t> sent;  // segment numbers, in order
  void receivePacket(int, Packet&& p) override { sent.push_back(p.seq); }
  std::size_t count(std::uint32_t seq) const {
    std::size_t n = 0;
    for (std::uint32_t s : sent) n += s == seq;
    return n;
  }
};

// A sender alone; the test plays the receiver's ACKs (with SACK blocks if it wants).
struct ScriptedSender : EventHandler {
  EventLoop sim;
  SentLog wire;
  Route route;
  std::unique_ptr<TcpSender> sender;
  std::vector<std::pair<std::uint32_t, SackOption>> pending;

  explicit ScriptedSender(const TcpSpec& spec, AppSpec app = AppSpec{}) {
    route.src = 0;
    route.dst = 1;
    sender = std::make_unique<TcpSender>(sim, wire, 0, &route, spec, app, 0.0);
    sim.runUntil(0);  // the start event
  }
  void handleEvent(std::uint32_t, std::uint64_t i) override { sender->onAck(pending[i].first, pending[i].second); }
  // Delivers a cumulative ACK (and SACK blocks [start, end)) `dt` seconds from now and
  // runs up to it.
  void ack(std::uint32_t ackNo, std::vector<SackBlock> blocks = {}, double dt = 0.01) {
    SackOption o;
    for (const SackBlock& b : blocks) o.blocks[o.count++] = b;
    pending.push_back({ackNo, o});
    SimTime at = sim.now() + fromSeconds(dt);
    sim.scheduleAt(at, this, 0, pending.size() - 1);
    sim.runUntil(at);
  }
};

// Sender -> (delay) -> receiver -> (delay) -> sender. `drop` decides, per data transmission
// (segment number, how many times it was sent before), whether the network loses it.
struct Loop : PacketReceiver, EventHandler {
  EventLoop sim;
  Route dataRoute, ackRoute;
  std::unique_ptr<TcpSender> sender;
  std::unique_ptr<TcpReceiver> receiver;
  SimTime delay;
  std::function<bool(std::uint32_t seq, int previousSends)> drop;
  std::vector<std::uint32_t> sent;                     // every data transmission, in order
  std::vector<std::pair<double, std::uint32_t>> acks;  // (arrival time at the sender, ack)
  std::vector<SackOption> ackBlocks;                   // the SACK blocks of each of them
  std::vector<std::uint32_t> ackBytes;                 // their sizes on the wire
  std::vector<TcpCongState> stateAfter;                // the sender's state after each
  std::vector<double> cwndAfter;                       // and its cwnd
  std::vector<Packet> inFlight;

  Loop(const TcpSpec& spec, double oneWayDelay, AppSpec app = AppSpec{}) : delay(fromSeconds(oneWayDelay)) {
    dataRoute.src = 0;
    dataRoute.dst = 1;
    ackRoute.src = 1;
    ackRoute.dst = 0;
    sender = std::make_unique<TcpSender>(sim, *this, 0, &dataRoute, spec, app, 0.0);
    receiver = std::make_unique<TcpReceiver>(sim, *this, 0, &ackRoute, spec);
  }
  void receivePacket(int, Packet&& p) override {
    if (!p.isAck) {
      int before = 0;
      for (std::uint32_t s : sent) before += s == p.seq;
      sent.push_back(p.seq);
      if (drop && drop(p.seq, before)) return;
    }
    inFlight.push_back(p);
    sim.schedule(delay, this, 0, inFlight.size() - 1);
  }
  void handleEvent(std::uint32_t, std::uint64_t i) override {
    const Packet& p = inFlight[i];
    if (p.isAck) {
      acks.push_back({toSeconds(sim.now()), p.seq});
      const SackOption sack = sackPool().get(p.sack);
      sackPool().release(p.sack);
      ackBlocks.push_back(sack);
      ackBytes.push_back(p.bytes);
      sender->onAck(p.seq, sack);
      stateAfter.push_back(sender->state());
      cwndAfter.push_back(sender->cwnd());
    } else {
      receiver->onSegment(p.seq);
    }
  }
  void runUntil(double seconds) { sim.runUntil(fromSeconds(seconds)); }
  // When the sender entered its first recovery, and when it next became Open (seconds;
  // -1 if it did not).
  std::pair<double, double> firstRecovery() const {
    double in = -1, out = -1;
    for (std::size_t i = 0; i < acks.size(); ++i) {
      if (in < 0 && stateAfter[i] != TcpCongState::Open)
        in = acks[i].first;
      else if (in >= 0 && stateAfter[i] == TcpCongState::Open)
        return {in, acks[i].first};
    }
    return {in, out};
  }
  std::size_t sends(std::uint32_t seq) const {
    std::size_t n = 0;
    for (std::uint32_t s : sent) n += s == seq;
    return n;
  }
};

// Drops the first transmission of each segment in `seqs`.
inline std::function<bool(std::uint32_t, int)> dropFirstSendOf(std::set<std::uint32_t> seqs) {
  return [seqs](std::uint32_t seq, int before) { return before == 0 && seqs.count(seq) > 0; };
}

}  // namespace testbench
}  // namespace obs
