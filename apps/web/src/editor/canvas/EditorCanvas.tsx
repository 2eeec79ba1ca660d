/**
 * The network drawing: SVG nodes and links in scenario coordinates mapped to pixels by
 * one view transform (d3-zoom: wheel to zoom, drag the background to pan), nodes dragged
 * with d3-drag, clicks reported up. Glyphs, labels and the animation's marks are sized by
 * one factor (glyphScale.ts): the area, the zoom past the fit and presenter mode grow them.
 */
import { drag, type D3DragEvent } from 'd3-drag';
import { select } from 'd3-selection';
import { zoom, zoomIdentity, type ZoomBehavior } from 'd3-zoom';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type DragEvent, type MouseEvent } from 'react';
import { formatDelay } from '../../format';
import { LinkGlyph } from '../../topology/LinkGlyph';
import { NodeGlyph } from '../../topology/NodeGlyph';
import { FanGlyph } from '../../topology/FanGlyph';
import { scenarioFans, type Fan } from '../../topology/accessFan';
import { NODE_RADIUS } from '../../animation/style';
import type { FlowRouteHops } from './flowRoutes';
import { RouteBands, RouteLegend, routeBands, routeLegendSize } from './RouteBands';
import { routesDiffer } from './flowRoutes';
import { keyBox, keyCorner } from '../../animation/keyPlace';
import { apply, invert, type ViewTransform } from '../fit';
import { fitUncrowded } from './fitUncrowded';
import { useView } from '../../view/viewStore';
import { presenterTextPx } from '../../view/presenterText';
import { crowdingLimit, LINK_LABEL_PX, networkScales, restGlyphScale } from './glyphScale';
import { canvasLabels } from './canvasLabels';
import { linkCapacityText } from '../../topology/labelPlacement';
import { GLYPH_HALF, layoutBoxes, type Box, type LabelLayout, type LinkLabels, type PlacedLabel } from './labelLayout';
import { createMeasure } from './textMeasure';
import type { OverlayRenderer } from '../overlay';
import type { NodeKind, Scenario, ScenarioLink, ScenarioNode } from '../../scenario/scenarioTypes';

export const NODE_DRAG_TYPE = 'application/x-obs-node-kind';

export type CanvasSelection = { type: 'node' | 'link'; id: string } | null;

export interface EditorCanvasProps {
  scenario: Scenario;
  width: number;
  height: number;
  selection: CanvasSelection;
  /** A node picked first in link or flow mode. */
  pendingFrom: string | null;
  /** Crosshair and background clicks place a node. */
  placing: boolean;
  /** Picking nodes (link or flow mode): node drags are off. */
  picking: boolean;
  /** Changes to this number refit the view to the nodes. */
  fitRequest: number;
  /** Whether the engine runs what is drawn: the overlay is shown only then. */
  overlayActive: boolean;
  overlay?: OverlayRenderer;
  /** The flow group selected in the panel: its fans are marked and its routes drawn. */
  selectedFlow?: string | null;
  /** That flow's data and ACK routes, when the engine's fit the scenario drawn (flowRoutes.ts). */
  flowRoutes?: FlowRouteHops | null;
  /** A click on a flow group's fan glyph. */
  onFlowClick?(id: string): void;
  onBackgroundClick(x: number, y: number): void;
  onNodeClick(id: string): void;
  onLinkClick(id: string): void;
  onNodeDrag(id: string, x: number, y: number): void;
  onNodeDragEnd(id: string): void;
  onDropKind(kind: NodeKind, x: number, y: number): void;
  describe: string;
  /**
   * A box kept free in the top-right corner when fitting (the animation's legend sits
   * there), px: the fit leaves its width free on the right or its height free at the top,
   * whichever leaves the network larger (a mesh gives up width, a line gives up height).
   */
  reserve?: { width: number; height: number };
}

export function EditorCanvas(props: EditorCanvasProps) {
  const { scenario, width, height, selection, pendingFrom } = props;
  const svgRef = useRef<SVGSVGElement>(null);
  const zoomRef = useRef<ZoomBehavior<SVGSVGElement, unknown> | null>(null);
  const [transform, setTransform] = useState<ViewTransform>({ k: 1, x: 0, y: 0 });
  const transformRef = useRef(transform);
  transformRef.current = transform;
  const propsRef = useRef(props);
  propsRef.current = props;
  const [pointer, setPointer] = useState<[number, number] | null>(null);
  const { presenter } = useView();
  // The size of glyphs and marks at the fit; the zoom of the last fit says how far past it
  // the user has zoomed since.
  const restScale = restGlyphScale({ width, height, presenter });
  const [fitZoom, setFitZoom] = useState(1);
  // The glyph scale of that fit: below the rest scale where the view is too narrow for it.
  const [fitScale, setFitScale] = useState<number | undefined>(undefined);
  // ...cut where glyphs apart at rest would touch (a column of hosts stays a column).
  const glyphPlaces = useMemo(() => scenario.nodes.map((n) => ({ x: n.x, y: n.y, half: GLYPH_HALF[n.kind] })), [scenario.nodes]);
  const crowding = useMemo(() => crowdingLimit(glyphPlaces, transform.k), [glyphPlaces, transform.k]);
  const {
    mark: markScale,
    glyph: s,
    text: textScale,
  } = networkScales({
    width,
    height,
    presenter,
    zoom: transform.k,
    fitZoom,
    fitScale,
    crowding,
    presenterTextPx: presenterTextPx(window.innerHeight),
  });

  // d3-zoom on the svg, once (a layout effect, so the fit below finds it).
  useLayoutEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const behavior = zoom<SVGSVGElement, unknown>()
      .scaleExtent([0.05, 40])
      // Wheel anywhere; drag only on the background (nodes have their own drag).
      .filter((event: Event) => {
        const e = event as globalThis.MouseEvent;
        if (e.type === 'wheel') return true;
        const target = e.target as Element | null;
        return !e.button && !target?.closest?.('[data-node],[data-link],[data-fan]');
      })
      .on('zoom', (event: { transform: ViewTransform; sourceEvent: Event | null }) => {
        if (event.sourceEvent) userMoved.current = true;
        const { k, x, y } = event.transform;
        setTransform({ k, x, y });
      });
    zoomRef.current = behavior;
    const sel = select(svg);
    sel.call(behavior).on('dblclick.zoom', null);
    return () => {
      sel.on('.zoom', null);
    };
  }, []);

  // Fit on request, once when the canvas first has a size, and on a resize while the view
  // is as fitted. Otherwise a resize leaves nodes where they are: refitting then would
  // move them under the pointer while someone builds a network.
  const fitKey = props.fitRequest;
  const lastFit = useRef<number | null>(null);
  const lastSize = useRef<{ width: number; height: number } | null>(null);
  const fittedNodes = useRef<string | null>(null);
  const userMoved = useRef(false);
  const lastRestScale = useRef(restScale);
  const reserveKey = props.reserve ? `${props.reserve.width}x${props.reserve.height}` : '';
  const lastReserve = useRef(reserveKey);
  useLayoutEffect(() => {
    const svg = svgRef.current;
    const behavior = zoomRef.current;
    if (!svg || !behavior || width <= 0 || height <= 0) return;
    const prev = lastSize.current;
    lastSize.current = { width, height };
    const nodes = propsRef.current.scenario.nodes;
    // Untouched since the last fit (no zoom, pan or node moved): a resize refits. Nodes are
    // compared by place, not identity: a Show me that sets a core's option (segmentation)
    // makes new node objects in the same places, and the network must still fit its pane
    // when the view then changes (presenter mode has no Fit button).
    const untouched = fittedNodes.current === placesOf(nodes) && !userMoved.current;
    const modeChanged = lastRestScale.current !== restScale;
    lastRestScale.current = restScale;
    // The legend measured, folded or opened: an untouched drawing refits around its corner.
    const reserveChanged = lastReserve.current !== reserveKey;
    lastReserve.current = reserveKey;
    if (
      lastFit.current !== fitKey ||
      !prev ||
      ((prev.width !== width || prev.height !== height || modeChanged || reserveChanged) && untouched)
    ) {
      lastFit.current = fitKey;
      fittedNodes.current = placesOf(nodes);
      userMoved.current = false;
      // The reserve as it is now; a change of reserve alone does not refit.
      // Presenter mode's names are larger than its glyphs (networkScales): the fit makes room for them.
      const restText = presenter ? Math.max(restScale, presenterTextPx(window.innerHeight) / LINK_LABEL_PX) : restScale;
      const { transform: t, scale } = fitUncrowded(propsRef.current.scenario, width, height, propsRef.current.reserve, restScale, restText);
      setFitZoom(t.k);
      setFitScale(scale);
      select(svg).call(behavior.transform, zoomIdentity.translate(t.x, t.y).scale(t.k));
    } else if (prev.width !== width || prev.height !== height) {
      // Edited or moved since the fit: nodes keep their place on screen (the panel opens
      // and closes on the right); only a vertical change recentres.
      const t = transformRef.current;
      const x = t.x;
      const y = t.y + (height - prev.height) / 2;
      select(svg).call(behavior.transform, zoomIdentity.translate(x, y).scale(t.k));
    }
  }, [fitKey, width, height, restScale, presenter, reserveKey]);

  // d3-drag on the node groups, after every render (nodes come and go).
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const behavior = drag<SVGGElement, unknown>()
      .filter((event: globalThis.MouseEvent) => !event.ctrlKey && !event.button && !propsRef.current.picking)
      .subject(function subject() {
        const id = this.getAttribute('data-node')!;
        const n = propsRef.current.scenario.nodes.find((m) => m.id === id);
        const [px, py] = n ? apply(transformRef.current, n.x, n.y) : [0, 0];
        return { x: px, y: py };
      })
      .on('drag', function dragged(event: D3DragEvent<SVGGElement, unknown, { x: number; y: number }>) {
        const id = this.getAttribute('data-node')!;
        const [x, y] = invert(transformRef.current, event.x, event.y);
        propsRef.current.onNodeDrag(id, Math.round(x), Math.round(y));
      })
      .on('end', function ended() {
        propsRef.current.onNodeDragEnd(this.getAttribute('data-node')!);
      });
    select(svg).selectAll<SVGGElement, unknown>('g[data-node]').call(behavior);
  });

  const byId = useMemo(() => new Map(scenario.nodes.map((n) => [n.id, n])), [scenario.nodes]);
  const linksById = useMemo(() => new Map(scenario.links.map((l) => [l.id, l])), [scenario.links]);
  const at = (n: ScenarioNode) => apply(transform, n.x, n.y);
  const measure = useMemo(() => createMeasure(), []);
  const selectedLink = selection?.type === 'link' ? selection.id : null;
  const reserve = props.reserve;
  // Groups with per-copy access links: one fan glyph per side (topology/accessFan.ts).
  const fans = useMemo<Fan[]>(
    () =>
      scenarioFans(
        scenario,
        (x, y) => apply(transform, x, y),
        (kind) => (NODE_RADIUS[kind] ?? 16) * s,
        s,
      ),
    [scenario, transform, s],
  );
  // Every label placed at once, so none sits on another, on a node, on a link's lanes or
  // past the edge (labelLayout.ts); the fans' labels too.
  const labels = useMemo<LabelLayout>(
    () =>
      canvasLabels(
        { nodes: scenario.nodes, links: scenario.links },
        { width, height, transform, reserve, selectedLink, scale: s, textScale, markScale },
        measure,
        fans,
      ),
    [scenario.nodes, scenario.links, transform, width, height, reserve, measure, selectedLink, s, textScale, markScale, fans],
  );
  const textBoxes = useMemo(() => layoutBoxes(labels), [labels]);
  // What the animation's labels keep off: this text, and the legend's corner drawn over the canvas.
  const overlayKeepOff = useMemo(
    () => (reserve ? [...textBoxes, { left: width - reserve.width, top: 0, right: width, bottom: reserve.height }] : textBoxes),
    [textBoxes, reserve, width],
  );

  const localPoint = (e: { clientX: number; clientY: number }): [number, number] => {
    const r = svgRef.current!.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  };

  const onSvgClick = (e: MouseEvent<SVGSVGElement>) => {
    const target = e.target as Element;
    if (target.closest('[data-node],[data-link],[data-fan]')) return;
    const [px, py] = localPoint(e);
    const [x, y] = invert(transform, px, py);
    props.onBackgroundClick(Math.round(x), Math.round(y));
  };

  const onDragOver = (e: DragEvent) => {
    if (e.dataTransfer.types.includes(NODE_DRAG_TYPE)) {
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
    }
  };
  const onDrop = (e: DragEvent) => {
    const kind = e.dataTransfer.getData(NODE_DRAG_TYPE) as NodeKind;
    if (!kind) return;
    e.preventDefault();
    const [px, py] = localPoint(e);
    const [x, y] = invert(transform, px, py);
    props.onDropKind(kind, Math.round(x), Math.round(y));
  };

  // The route key goes in the corner where it hides least of the drawing (keyPlace.ts).
  const routeKey = useMemo(() => {
    const routes = props.flowRoutes;
    if (!routes || !props.selectedFlow) return null;
    const differ = routesDiffer(routes);
    const { w, h } = routeLegendSize(differ);
    const drawn: Box[] = [...textBoxes];
    for (const n of scenario.nodes) {
      const [x, y] = apply(transform, n.x, n.y);
      const g = GLYPH_HALF[n.kind];
      drawn.push({ left: x - g.w * s, top: y - g.h * s, right: x + g.w * s, bottom: y + g.h * s });
    }
    for (const fan of fans) for (const sp of fan.spokes) drawn.push(pointBox(sp.x2, sp.y2, 8 * s));
    const where = { nodes: byId, links: linksById, at: (n: ScenarioNode) => apply(transform, n.x, n.y), s };
    for (const band of [...routeBands(routes.data, where), ...routeBands(routes.ack, where)]) {
      if (!band) continue;
      // A band as boxes every 12 px along it.
      const len = Math.hypot(band.x2 - band.x1, band.y2 - band.y1);
      for (let d = 0; d <= len; d += 12) drawn.push(pointBox(band.x1 + band.ux * d, band.y1 + band.uy * d, 6 * s));
    }
    const box = keyBox(keyCorner(width, height, w, h, drawn), width, height, w, h);
    return { flowId: props.selectedFlow, differ, at: { left: box.left, top: box.top } };
  }, [props.flowRoutes, props.selectedFlow, textBoxes, scenario.nodes, transform, s, fans, byId, linksById, width, height]);

  const from = pendingFrom ? byId.get(pendingFrom) : undefined;
  const overlay =
    props.overlay && props.overlayActive && width > 0 && height > 0
      ? props.overlay({
          scenario,
          width,
          height,
          scale: transform.k,
          glyphScale: s,
          markScale,
          transform,
          toScreen: (x: number, y: number) => apply(transform, x, y),
          textBoxes: overlayKeepOff,
        })
      : null;

  return (
    <div className="editor-canvas" onDragOver={onDragOver} onDrop={onDrop}>
      <svg
        ref={svgRef}
        width={width}
        height={height}
        className={props.placing ? 'placing' : props.picking ? 'picking' : undefined}
        role="application"
        aria-label={props.describe}
        data-testid="topology"
        data-nodes={scenario.nodes.length}
        data-links={scenario.links.length}
        data-zoom={transform.k.toFixed(3)}
        data-glyph-scale={s.toFixed(2)}
        data-mark-scale={markScale.toFixed(2)}
        style={{ ['--glyph-scale' as string]: s, ['--label-scale' as string]: textScale }}
        onClick={onSvgClick}
        onMouseMove={from ? (e) => setPointer(localPoint(e)) : undefined}
      >
        <rect className="canvas-bg" width={width} height={height} />
        {props.flowRoutes && <RouteBands routes={props.flowRoutes} nodes={byId} links={linksById} at={at} s={s} />}
        {scenario.links.map((link) => {
          const a = byId.get(link.a);
          const b = byId.get(link.b);
          if (!a || !b) return null;
          return (
            <LinkView
              key={link.id}
              link={link}
              from={at(a)}
              to={at(b)}
              s={s}
              labels={labels.links.get(link.id) ?? { capacity: null, delay: null }}
              selected={selection?.type === 'link' && selection.id === link.id}
              onClick={() => props.onLinkClick(link.id)}
            />
          );
        })}
        {fans.map((fan) => (
          <FanView
            key={fan.key}
            fan={fan}
            s={s}
            label={labels.fans?.get(fan.key) ?? null}
            selected={props.selectedFlow === fan.flowId}
            onClick={() => props.onFlowClick?.(fan.flowId)}
          />
        ))}
        {from && pointer && <line className="rubber-band" x1={at(from)[0]} y1={at(from)[1]} x2={pointer[0]} y2={pointer[1]} />}
        {scenario.nodes.map((node) => {
          const [px, py] = at(node);
          const selected = selection?.type === 'node' && selection.id === node.id;
          const label = labels.nodes.get(node.id);
          const hit = hitBox(px, py, node.kind, label, s);
          return (
            <g
              key={node.id}
              data-node={node.id}
              data-kind={node.kind}
              className={`node${selected ? ' selected' : ''}${pendingFrom === node.id ? ' pending' : ''}`}
              tabIndex={0}
              role="button"
              aria-pressed={selected}
              aria-label={`${node.kind} ${node.id}. Enter selects; arrows move it.`}
              onClick={(e) => {
                e.stopPropagation();
                props.onNodeClick(node.id);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  props.onNodeClick(node.id);
                  return;
                }
                const step = ARROW_STEPS[e.key];
                if (!step) return;
                // As a drag, from the keyboard: 8 px on screen a press (Shift: 40), one undo step when the keys are let go.
                e.preventDefault();
                const px = (e.shiftKey ? 40 : 8) / transform.k;
                props.onNodeDrag(node.id, Math.round(node.x + step[0] * px), Math.round(node.y + step[1] * px));
              }}
              onKeyUp={(e) => {
                if (ARROW_STEPS[e.key]) props.onNodeDragEnd(node.id);
              }}
            >
              <rect className="node-hit" x={hit.left} y={hit.top} width={hit.right - hit.left} height={hit.bottom - hit.top} />
              {(selected || pendingFrom === node.id) && <circle className="node-halo" cx={px} cy={py} r={29 * s} />}
              <NodeGlyph kind={node.kind} x={px} y={py} size={s} />
              {/* A name shortened or not drawn (no free place) is the tooltip's. */}
              {label?.text !== node.id && <title>{node.id}</title>}
              {label?.leader && (
                <line className="node-leader" x1={label.leader.x1} y1={label.leader.y1} x2={label.leader.x2} y2={label.leader.y2} />
              )}
              {label ? (
                <text className="node-label" x={label.x} y={label.y} dy="0.35em" textAnchor={label.anchor}>
                  {label.text}
                </text>
              ) : (
                // No free place for the name: it shows while the pointer or focus is on the node.
                <text className="node-name-on-hover" x={px} y={py - GLYPH_HALF[node.kind].h * s - 6} textAnchor="middle">
                  {node.id}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      {overlay && <div className="editor-overlay">{overlay}</div>}
      {routeKey && <RouteLegend {...routeKey} />}
    </div>
  );
}

/** The direction each arrow key moves a focused node. */
const ARROW_STEPS: Record<string, [number, number] | undefined> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

function LinkView({
  link,
  from,
  to,
  s,
  labels,
  selected,
  onClick,
}: {
  link: ScenarioLink;
  from: [number, number];
  to: [number, number];
  /** Glyph scale (glyphScale.ts). */
  s: number;
  labels: LinkLabels;
  selected: boolean;
  onClick: () => void;
}) {
  const [x1, y1] = from;
  const [x2, y2] = to;
  const capacity = linkCapacityText(link);
  return (
    <g
      data-link={link.id}
      data-kind={link.kind}
      className={`link${selected ? ' selected' : ''}`}
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
    >
      {selected && <line className="link-halo" x1={x1} y1={y1} x2={x2} y2={y2} />}
      <LinkGlyph kind={link.kind} x1={x1} y1={y1} x2={x2} y2={y2} size={s} />
      <polygon className="link-hit" points={hitPolygon(x1, y1, x2, y2, 10 * s)}>
        <title>{`${link.id} (${link.a}–${link.b}): ${capacity}, ${formatDelay(link.delay)}`}</title>
      </polygon>
      {(labels.capacity || labels.delay) && (
        <g className="link-label">
          {labels.capacity && <LabelText label={labels.capacity} />}
          {labels.delay && <LabelText label={labels.delay} className="link-delay" />}
        </g>
      )}
    </g>
  );
}

/**
 * A flow group's fan: its glyph, its label, and a click target over both that selects the
 * flow (the panel then shows it).
 */
function FanView({
  fan,
  s,
  label,
  selected,
  onClick,
}: {
  fan: Fan;
  s: number;
  label: PlacedLabel | null;
  selected: boolean;
  onClick: () => void;
}) {
  const ends = fan.spokes.flatMap((sp) => [sp.x2, sp.y2]);
  const xs = [fan.hub[0], ...ends.filter((_, i) => i % 2 === 0)];
  const ys = [fan.hub[1], ...ends.filter((_, i) => i % 2 === 1)];
  const pad = 9 * s;
  const hit: Box = { left: Math.min(...xs) - pad, top: Math.min(...ys) - pad, right: Math.max(...xs) + pad, bottom: Math.max(...ys) + pad };
  const side = fan.side === 'src' ? 'sources' : 'sinks';
  return (
    <g
      data-fan={fan.flowId}
      data-side={fan.side}
      data-testid={`fan-${fan.flowId}-${fan.side}`}
      className={`fan${selected ? ' selected' : ''}`}
      role="button"
      tabIndex={0}
      aria-pressed={selected}
      aria-label={`Flow ${fan.flowId}: ${fan.count} ${side}, each on its own access link (${label?.text ?? ''}). Enter selects the flow.`}
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          onClick();
        }
      }}
    >
      {selected && (
        <g className="fan-halo">
          {fan.spokes.map((sp, i) => (
            <line key={i} x1={sp.x1} y1={sp.y1} x2={sp.x2} y2={sp.y2} />
          ))}
        </g>
      )}
      <rect className="fan-hit" x={hit.left} y={hit.top} width={hit.right - hit.left} height={hit.bottom - hit.top} />
      <FanGlyph fan={fan} size={s} />
      {label && (
        <>
          <rect
            className="fan-hit"
            x={label.box.left}
            y={label.box.top}
            width={label.box.right - label.box.left}
            height={label.box.bottom - label.box.top}
          />
          <text className="fan-label" data-testid="fan-label" x={label.x} y={label.y} dy="0.35em" textAnchor={label.anchor}>
            {label.text}
          </text>
        </>
      )}
    </g>
  );
}

function LabelText({ label, className }: { label: PlacedLabel; className?: string }) {
  return (
    <text x={label.x} y={label.y} dy="0.35em" textAnchor={label.anchor} className={className}>
      {label.text}
    </text>
  );
}

/** What a click on a node catches: its glyph, a little round it, and its name. */
function hitBox(px: number, py: number, kind: NodeKind, label: PlacedLabel | undefined, s: number): Box {
  const g = { w: GLYPH_HALF[kind].w * s, h: GLYPH_HALF[kind].h * s };
  const box = { left: px - g.w - 6, top: py - g.h - 6, right: px + g.w + 6, bottom: py + g.h + 6 };
  if (!label) return box;
  return {
    left: Math.min(box.left, label.box.left),
    top: Math.min(box.top, label.box.top),
    right: Math.max(box.right, label.box.right),
    bottom: Math.max(box.bottom, label.box.bottom),
  };
}

/** The nodes' names and places, as one string: equal when no node was added, removed or moved. */
function placesOf(nodes: readonly ScenarioNode[]): string {
  return nodes.map((n) => `${n.id}@${n.x},${n.y}`).join(';');
}

function pointBox(x: number, y: number, half: number): Box {
  return { left: x - half, top: y - half, right: x + half, bottom: y + half };
}

/** A band `half` px either side of the segment: the link's click target. */
function hitPolygon(x1: number, y1: number, x2: number, y2: number, half: number): string {
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  const nx = (-(y2 - y1) / len) * half;
  const ny = ((x2 - x1) / len) * half;
  return [
    [x1 + nx, y1 + ny],
    [x2 + nx, y2 + ny],
    [x2 - nx, y2 - ny],
    [x1 - nx, y1 - ny],
  ]
    .map(([x, y]) => `${x},${y}`)
    .join(' ');
}
