/**
 * What to add next to a network being built from scratch, in one sentence: nodes, a second
 * host, the OBS nodes between hosts, links for the nodes still alone, a flow. Null once the network has all of them
 * (whether it runs is then the engine's to say). The editor shows it under the network,
 * with a button for the flow step; the charts show it while there is no flow to chart.
 */
import type { Scenario } from './scenarioTypes';

export interface BuildStep {
  /** Which step: the editor offers a button for 'flow'. */
  step: 'nodes' | 'hosts' | 'obs' | 'links' | 'flow';
  text: string;
}

export function nextBuildStep(s: Pick<Scenario, 'nodes' | 'links' | 'flows'>): BuildStep | null {
  const hosts = s.nodes.filter((n) => n.kind === 'host').length;
  if (s.nodes.length === 0) {
    return {
      step: 'nodes',
      text: "Empty network: add two hosts (the ends of a TCP flow), an OBS edge node beside each and a core between them. Click a kind above, then click the canvas. Until the first node, the clock and counters are the previous run's.",
    };
  }
  // A flow with per-copy access (docs/routing.md section 4) brings its own hosts at that
  // side: the network is built once it has its flows' ends, whatever its host count.
  const accessEnds = s.flows.reduce((n, f) => n + (f.access?.src ? 1 : 0) + (f.access?.dst ? 1 : 0), 0);
  if (hosts + accessEnds < 2) {
    return {
      step: 'hosts',
      text:
        hosts === 0
          ? 'Add two hosts: a TCP flow runs from one host to another (Host above, then click the canvas).'
          : 'Add a second host: a TCP flow runs from one host to another.',
    };
  }
  // Hosts alone: what joins them comes before any link (as the empty network's sentence says),
  // never "link H1, H2" straight to each other.
  if (s.nodes.every((n) => n.kind === 'host')) {
    return {
      step: 'obs',
      text: 'Add an OBS edge node beside each host and a core between them (Edge and Core above, then click the canvas); then link them.',
    };
  }
  const linked = new Set(s.links.flatMap((l) => [l.a, l.b]));
  const alone = s.nodes.filter((n) => !linked.has(n.id)).map((n) => n.id);
  if (alone.length > 0) {
    const named = alone.length <= 3 ? alone.join(', ') : `${alone.slice(0, 3).join(', ')} and ${alone.length - 3} more`;
    return {
      step: 'links',
      text: `Link ${named}: press Link, then click two nodes (hosts attach to edge nodes or routers; edge and core nodes join by fiber).`,
    };
  }
  if (s.flows.length === 0) {
    return { step: 'flow', text: 'Add a flow: press Add flow, then click the sending host and the receiving host.' };
  }
  return null;
}
