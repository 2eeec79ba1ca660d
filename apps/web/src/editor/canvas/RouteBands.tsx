/**
 * A selected flow's two routes on the network: the data route as a solid blue band and the
 * ACK route as a dashed orange one (the animation's data and ACK colours), each on the
 * right-hand side of its direction of travel, as the animation's lanes are. Where both
 * routes cross a link they run either side of it; where ACKs come back another way, the
 * orange band alone shows that way. A small arrowhead on each hop gives the direction.
 */
import { CLASS_COLORS, NODE_RADIUS } from '../../animation/style';
import type { ScenarioLink, ScenarioNode } from '../../scenario/scenarioTypes';
import { hopBand, type FlowRouteHops, type HopBand, type RouteHop } from './flowRoutes';

/** Width of a route band, px at glyph scale 1. */
export const ROUTE_BAND_WIDTH = 9;

interface Props {
  routes: FlowRouteHops;
  nodes: ReadonlyMap<string, ScenarioNode>;
  links: ReadonlyMap<string, ScenarioLink>;
  at: (n: ScenarioNode) => [number, number];
  /** Glyph scale (glyphScale.ts). */
  s: number;
}

type Where = Omit<Props, 'routes'>;

/** Each hop's band on screen (null where its nodes overlap or are gone). */
export function routeBands(hops: readonly RouteHop[], { nodes, links, at, s }: Where): Array<HopBand | null> {
  const w = ROUTE_BAND_WIDTH * s;
  return hops.map((h) => {
    const from = nodes.get(h.from);
    const to = nodes.get(h.to);
    const link = links.get(h.link);
    if (!from || !to || !link) return null;
    // Clear of the link's own stroke: a fiber's cable is 10 px wide, a packet line 3.
    const offset = ((link.kind === 'fiber' ? 5 : 1.5) + 2) * s + w / 2;
    return hopBand(at(from), at(to), (NODE_RADIUS[from.kind] ?? 16) * s + 2, (NODE_RADIUS[to.kind] ?? 16) * s + 2, offset);
  });
}

export function RouteBands({ routes, nodes, links, at, s }: Props) {
  return (
    <g className="route-bands" pointerEvents="none">
      <Route testId="route-data" hops={routes.data} color={CLASS_COLORS.data} dashed={false} {...{ nodes, links, at, s }} />
      <Route testId="route-ack" hops={routes.ack} color={CLASS_COLORS.ack} dashed {...{ nodes, links, at, s }} />
    </g>
  );
}

function Route({
  testId,
  hops,
  color,
  dashed,
  nodes,
  links,
  at,
  s,
}: Omit<Props, 'routes'> & { testId: string; hops: RouteHop[]; color: string; dashed: boolean }) {
  const w = ROUTE_BAND_WIDTH * s;
  const bands = routeBands(hops, { nodes, links, at, s });
  return (
    <g data-testid={testId} data-links={hops.map((h) => h.link).join(' ')}>
      {hops.map((h, i) => {
        const band = bands[i];
        if (!band) return null;
        const mx = (band.x1 + band.x2) / 2;
        const my = (band.y1 + band.y2) / 2;
        const a = 6 * s;
        // An arrowhead in the middle, pointing the way the route goes.
        const head = `${mx + band.ux * a},${my + band.uy * a} ${mx - band.ux * a - band.uy * a},${my - band.uy * a + band.ux * a} ${mx - band.ux * a + band.uy * a},${my - band.uy * a - band.ux * a}`;
        return (
          <g key={h.link} data-route-link={h.link}>
            <line
              x1={band.x1}
              y1={band.y1}
              x2={band.x2}
              y2={band.y2}
              stroke={color}
              strokeWidth={w}
              strokeOpacity={dashed ? 0.85 : 0.6}
              strokeDasharray={dashed ? `${12 * s} ${7 * s}` : undefined}
              strokeLinecap="butt"
            />
            <polygon points={head} fill="#000" fillOpacity={0.75} />
          </g>
        );
      })}
    </g>
  );
}

/** The key's size, px: a fixed width (editor.css .route-legend) and 18 px lines. */
export function routeLegendSize(differ: boolean): { w: number; h: number } {
  return { w: 200, h: 10 + 18 * (differ ? 4 : 3) };
}

/** The key to the two bands, shown over the network while a flow is selected, at `at` (px). */
export function RouteLegend({ flowId, differ, at }: { flowId: string; differ: boolean; at: { left: number; top: number } }) {
  return (
    <div
      className="route-legend"
      data-testid="route-legend"
      role="note"
      aria-label={`Routes of flow ${flowId}`}
      style={{ left: at.left, top: at.top }}
    >
      <span className="route-legend-title">Flow {flowId}</span>
      <span className="route-legend-item">
        <svg width={34} height={12} aria-hidden="true">
          <line x1={0} y1={6} x2={34} y2={6} stroke={CLASS_COLORS.data} strokeWidth={9} strokeOpacity={0.6} />
        </svg>
        data route
      </span>
      <span className="route-legend-item">
        <svg width={34} height={12} aria-hidden="true">
          <line x1={0} y1={6} x2={34} y2={6} stroke={CLASS_COLORS.ack} strokeWidth={9} strokeOpacity={0.85} strokeDasharray="12 7" />
        </svg>
        ACK route
      </span>
      {differ && <span className="route-legend-note">ACKs return another way</span>}
    </div>
  );
}
