#include "net/topology.h"

namespace obs {

namespace {

// Draws one copy's host and its packet link to `attach`; returns the data-direction hop.
Hop drawAccess(Topology& t, const AccessSpec& a, const std::string& id, int attach, bool sourceSide) {
  NodeSpec host;
  host.id = id;
  host.kind = NodeKind::Host;
  host.x = t.nodes[attach].x;  // drawn by the app as a fan at the group's node, not here
  host.y = t.nodes[attach].y;
  const int hostIndex = static_cast<int>(t.nodes.size());
  t.nodes.push_back(std::move(host));
  LinkSpec l;
  l.id = id;
  l.kind = LinkKind::Packet;
  // Source side: host -> attach is a -> b; sink side: attach -> host is a -> b. Data
  // crosses both in direction 0, ACKs in direction 1.
  l.a = sourceSide ? hostIndex : attach;
  l.b = sourceSide ? attach : hostIndex;
  l.rate = a.rate;
  l.delay = a.delay;
  l.queue = a.queue;
  // No cost: a host's only link chooses nothing.
  const int linkIndex = static_cast<int>(t.links.size());
  t.links.push_back(std::move(l));
  return Hop{linkIndex, 0, t.links.back().a, t.links.back().b};
}

}  // namespace

Topology buildTopology(const Scenario& s) {
  Topology t;
  t.nodes = s.nodes;
  t.links = s.links;
  t.access.resize(s.flows.size());
  for (std::size_t g = 0; g < s.flows.size(); ++g) {
    const FlowSpec& f = s.flows[g];
    if (!f.accessSrc.present && !f.accessDst.present) continue;
    t.access[g].resize(f.count);
    for (int k = 0; k < f.count; ++k) {
      Topology::CopyAccess& c = t.access[g][k];
      if (f.accessSrc.present) c.src = drawAccess(t, f.accessSrc, accessId(f, k, "src"), f.src, true);
      if (f.accessDst.present) c.dst = drawAccess(t, f.accessDst, accessId(f, k, "dst"), f.dst, false);
    }
  }
  return t;
}

}  // namespace obs
