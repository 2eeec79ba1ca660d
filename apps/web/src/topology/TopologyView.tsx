/** The scenario's network, drawn from its node coordinates, with a legend. */
import { useMemo, useRef } from 'react';
import { useElementSize } from '../useElementSize';
import { formatDelay, formatRate } from '../format';
import { layoutTopology, type LinkKind, type NodeKind, type PlacedLink, type Topology } from './layout';
import { LinkGlyph, LINK_KIND_LABEL } from './LinkGlyph';
import { NodeGlyph, NODE_KIND_LABEL } from './NodeGlyph';

// Enough room around the outermost nodes for a glyph and its label underneath.
const PADDING = 44;

export function TopologyView({ topology }: { topology: Topology }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const { width, height } = useElementSize(boxRef);
  const layout = useMemo(
    () => layoutTopology(topology, { width, height, padding: PADDING }),
    [topology, width, height],
  );
  const kinds = useMemo(() => presentKinds(topology), [topology]);

  return (
    <section className="panel topology" aria-labelledby="topology-title">
      <div className="panel-head">
        <h2 id="topology-title">Network</h2>
        <TopologyLegend nodeKinds={kinds.nodes} linkKinds={kinds.links} />
      </div>
      <div className="topology-box" ref={boxRef}>
        {width > 0 && height > 0 && (
          <svg
            width={width}
            height={height}
            role="img"
            aria-label={describe(topology)}
            data-testid="topology"
            data-nodes={layout.nodes.length}
            data-links={layout.links.length}
          >
            {layout.links.map((link) => (
              <g key={link.id} data-link={link.id} data-kind={link.kind}>
                <LinkGlyph kind={link.kind} x1={link.from.px} y1={link.from.py} x2={link.to.px} y2={link.to.py} />
              </g>
            ))}
            {layout.links.map((link) => (
              <LinkLabel key={link.id} link={link} />
            ))}
            {layout.nodes.map((node) => (
              <g key={node.id} data-node={node.id} data-kind={node.kind}>
                <NodeGlyph kind={node.kind} x={node.px} y={node.py} />
                <text className="node-label" x={node.px} y={node.py + 40} textAnchor="middle">
                  {node.id}
                </text>
              </g>
            ))}
          </svg>
        )}
      </div>
    </section>
  );
}

/** Capacity above the middle of the link, propagation delay below it. */
function LinkLabel({ link }: { link: PlacedLink }) {
  const mx = (link.from.px + link.to.px) / 2;
  const my = (link.from.py + link.to.py) / 2;
  const capacity =
    link.kind === 'fiber' ? `${link.wavelengths ?? 1} λ × ${formatRate(link.rate)}` : formatRate(link.rate);
  return (
    <g className="link-label">
      <text x={mx} y={my - 14} textAnchor="middle">
        {capacity}
      </text>
      <text x={mx} y={my + 26} textAnchor="middle" className="link-delay">
        {formatDelay(link.delay)}
      </text>
    </g>
  );
}

function TopologyLegend({ nodeKinds, linkKinds }: { nodeKinds: NodeKind[]; linkKinds: LinkKind[] }) {
  return (
    <ul className="legend" aria-label="Legend">
      {nodeKinds.map((kind) => (
        <li key={kind}>
          <svg width={30} height={30} viewBox="-22 -22 44 44" aria-hidden="true">
            <NodeGlyph kind={kind} size={0.9} />
          </svg>
          {NODE_KIND_LABEL[kind]}
        </li>
      ))}
      {linkKinds.map((kind) => (
        <li key={kind}>
          <svg width={36} height={30} aria-hidden="true">
            <LinkGlyph kind={kind} x1={5} y1={15} x2={31} y2={15} />
          </svg>
          {LINK_KIND_LABEL[kind]}
        </li>
      ))}
    </ul>
  );
}

const NODE_ORDER: NodeKind[] = ['host', 'router', 'edge', 'core'];
const LINK_ORDER: LinkKind[] = ['packet', 'fiber'];

/** The legend lists only what this scenario uses, in a fixed order. */
function presentKinds(topology: Topology): { nodes: NodeKind[]; links: LinkKind[] } {
  const nodes = new Set(topology.nodes.map((n) => n.kind));
  const links = new Set(topology.links.map((l) => l.kind));
  return { nodes: NODE_ORDER.filter((k) => nodes.has(k)), links: LINK_ORDER.filter((k) => links.has(k)) };
}

function describe(topology: Topology): string {
  const nodes = topology.nodes.map((n) => `${n.id} (${n.kind})`).join(', ');
  return `Network of ${topology.nodes.length} nodes: ${nodes}; ${topology.links.length} links.`;
}
