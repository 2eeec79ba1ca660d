/**
 * A live time-series chart: React renders the frame (axes, grid, header) from D3 scales;
 * the data is drawn on a canvas in the animation-frame loop straight from the sample
 * store, decimated to the pixel grid (M4), so a frame of new samples costs no React
 * render and a long run with many flows stays smooth.
 *
 * The time window is shared (TimeWindowStore): wheel zooms, drag pans, double-click (or
 * the 0 / Escape key) follows the whole run again; the hover time too, so every chart
 * draws its rule at the same instant and the hovered one shows the read-out.
 */
import { describeScratch } from './describeScratch';
import { ChartTableView, ChartWords } from './ChartWords';
import { useView } from '../view/viewStore';
import { presenterTextPx } from '../view/presenterText';
import { scaleLinear } from 'd3-scale';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useController } from '../sim/simContext';
import { registerChart } from './chartExport';
import { TcpEventName, type VisualEvent } from '../sim/visualStore';
import { useElementSize } from '../useElementSize';
import { MarkerGrid, nearestIndex, windowRange } from './decimate';
import { ColumnBands } from './columnBands';
import { drawChangeMarker, drawDots, drawMarker, drawPath, MARKER_STYLE } from './drawSeries';
import { useScenarioStore } from '../store/storeContext';
import { formatChangeTime } from '../store/scenarioStore';
import type { FlowSelection } from './flowPicker';
import { buildLayers, type ChartKind, type Layer } from './layers';
import { niceTop } from './niceTop';
import { fitsWithData, labelWidth, layoutLabels, paintReferences, type ChartReference } from './referenceOverlay';
import { StreamingM4 } from './streamingM4';
import type { TimeWindowStore } from './timeWindow';
import './charts.css';

export interface LiveChartProps {
  kind: ChartKind;
  /** data-testid and id of the figure (e2e: chart-cwnd, chart-throughput, chart-rtt). */
  testId: string;
  /** Axis title with its unit, e.g. "cwnd (segments)"; also the chart's name. */
  yLabel: string;
  /** Smallest top of the y axis, so an empty or flat chart still has a sensible scale. */
  minYMax: number;
  selection: FlowSelection;
  flowIds: readonly string[];
  /** Throughput averaging window, seconds. */
  rateWindow: number;
  timeWindow: TimeWindowStore;
  /** Legend items or controls at the right of the header. */
  headerExtra?: ReactNode;
  /** Draw RTO and fast-retransmit markers (the cwnd chart). */
  markers?: boolean;
  /**
   * A larger unit for the axis when the top of the y axis exceeds `above` (4,000 Mbit/s
   * reads better as 4 Gbit/s): tick labels are divided by `divide`, the title replaced.
   */
  altUnit?: { above: number; divide: number; yLabel: string };
  /** Horizontal reference lines with their labels (the throughput chart's theory lines). */
  references?: readonly ChartReference[];
}

/** Room for the axes' text, px, at text scale `t` (presenter mode writes it larger). */
function chartMargin(t: number) {
  return { top: 8 * t, right: 18 * t, bottom: 36 * t, left: 58 * t };
}
/** The axis text's size at rest, px (styles.css); presenter mode writes presenterTextPx(). */
const AXIS_TEXT_PX = 14;
/** Markers closer than this (px) to the pointer are named in the read-out. */
const MARKER_PICK_PX = 6;
const MARKER_CELL_PX = 7;
const MAX_TOOLTIP_ROWS = 10;
/** Height of a reference line's label, px (one line of 14 px text with its padding). */
const REFERENCE_LABEL_PX = 21;
const NO_REFERENCES: readonly ChartReference[] = [];

interface Prepared {
  layer: Layer;
  t: Float64Array;
  values: Float64Array;
  /** The samples to draw (M4 picks), increasing. */
  keep: Uint32Array;
}

interface PlacedMarker {
  x: number;
  y: number;
  kind: number;
  event: VisualEvent;
}

export function LiveChart(props: LiveChartProps) {
  const { kind, testId, minYMax, selection, flowIds, rateWindow, timeWindow, headerExtra, markers, altUnit } = props;
  const references = props.references ?? NO_REFERENCES;
  // Read by the redraw (new lines come with each summary; the redraw itself stays the same).
  const referencesRef = useRef(references);
  referencesRef.current = references;
  const referencesKey = references.map((r) => `${r.key}:${r.value}`).join(',');
  const controller = useController();
  const scenarioStore = useScenarioStore();
  const boxRef = useRef<HTMLDivElement>(null);
  const figureRef = useRef<HTMLElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const hitRef = useRef<HTMLDivElement>(null);
  const ruleRef = useRef<HTMLDivElement>(null);
  const tipRef = useRef<HTMLDivElement>(null);
  const { width, height } = useElementSize(boxRef);
  const textScale = useView().presenter ? presenterTextPx(window.innerHeight) / AXIS_TEXT_PX : 1;
  const MARGIN = useMemo(() => chartMargin(textScale), [textScale]);
  const marginRef = useRef(MARGIN);
  marginRef.current = MARGIN;
  const innerW = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerH = Math.max(0, height - MARGIN.top - MARGIN.bottom);

  const domain = useSyncExternalStore(timeWindow.subscribe, () => timeWindow.visible());
  const [yMax, setYMax] = useState(minYMax);
  const fit = useRef({ key: '', value: minYMax });

  const x = useMemo(() => scaleLinear().domain(domain).range([0, innerW]), [domain, innerW]);
  const alt = altUnit && yMax > altUnit.above ? altUnit : null;
  const yLabel = alt ? alt.yLabel : props.yLabel;
  const unitDivide = alt ? alt.divide : 1;
  const y = useMemo(() => scaleLinear().domain([0, yMax]).range([innerH, 0]), [yMax, innerH]);

  const buffers = useRef(new Map<string, Float64Array>());
  const markerGrid = useRef(new MarkerGrid());
  /** Per layer: the decimation, advanced as samples arrive instead of redone each frame. */
  const m4s = useRef(new Map<string, StreamingM4>());
  /** Scratch for dense lines on screen; the SVG export strokes them as vectors. */
  const columnBands = useRef(new ColumnBands());
  /** Paints the last drawing's data on any context (the SVG export replays it). */
  const painted = useRef<((ctx: CanvasRenderingContext2D) => number) | null>(null);
  const lastDrawn = useRef('');
  /** What the hover read-out needs from the last redraw. */
  const drawn = useRef<{ layers: Layer[]; x: typeof x; y: typeof y; markers: PlacedMarker[] }>({
    layers: [],
    x,
    y,
    markers: [],
  });
  // The chart in words (ChartWords.tsx) reads what was drawn last, in the window shown.
  const [wordsId, setWordsId] = useState<string | undefined>(undefined);
  const [tableOpen, setTableOpen] = useState(false);
  const drawnLayers = useCallback(() => drawn.current.layers, []);
  const shownWindow = useCallback(() => timeWindow.visible(), [timeWindow]);
  /** True while the pointer is over this chart (only that chart shows the read-out). */
  const pointerHere = useRef(false);

  const updateHover = useCallback(() => {
    const rule = ruleRef.current;
    const tip = tipRef.current;
    if (!rule || !tip) return;
    const t = timeWindow.hover;
    const { layers, x: xs, markers: placed } = drawn.current;
    const px = t === null ? NaN : xs(t);
    // Called after every redraw: touch the DOM only when something changes (each write,
    // even of the same value, makes the browser recompute style at the next frame).
    if (t === null || !(px >= 0 && px <= innerW)) {
      if (!rule.hidden) rule.hidden = true;
      if (!tip.hidden) tip.hidden = true;
      if (tip.dataset.time !== undefined) delete tip.dataset.time;
      return;
    }
    if (rule.hidden) rule.hidden = false;
    rule.style.transform = `translateX(${MARGIN.left + px}px)`;
    if (!pointerHere.current) {
      if (!tip.hidden) tip.hidden = true;
      return;
    }
    renderTooltip(tip, t, layers, placed, px, flowIds, timeWindow.following);
    tip.hidden = false;
    const tipW = tip.offsetWidth;
    const left = MARGIN.left + px + 16 + tipW <= width ? MARGIN.left + px + 16 : Math.max(0, MARGIN.left + px - 16 - tipW);
    tip.style.transform = `translate(${left}px, ${MARGIN.top}px)`;
  }, [timeWindow, innerW, width, flowIds]);

  const budget = useRef({ cost: 0, at: 0, timer: 0 });
  const alive = useRef(false);

  const redraw = useCallback((): void => {
    const canvas = canvasRef.current;
    const figure = figureRef.current;
    if (!canvas || !figure) return;
    const store = controller.series;
    const visual = controller.visual;
    figure.dataset.points = String(store.totalPoints);
    const [d0, d1] = domain;
    const viewKey = `${d0}|${d1}|${innerW}|${innerH}`;
    // The run's live changes (store/scenarioStore.ts): a marker each, on every chart.
    const changes = scenarioStore.getState().run.changes;
    const refs = referencesRef.current;
    const refsKey = refs.map((r) => `${r.key}:${r.value}`).join(',');
    const drawKey = `${store.version}|${visual.version}|${changes.length}|${refsKey}|${viewKey}`;
    if (drawKey === lastDrawn.current) return;
    // Only new samples, and the last drawing was costly (many flows chosen, a long run):
    // draw at most about a third of the time, so the page stays responsive. A skipped
    // frame is drawn later by a timer, so the last samples of a run always show.
    const started = performance.now();
    const b = budget.current;
    const wait = 3 * b.cost - (started - b.at);
    if (lastDrawn.current.endsWith(`|${viewKey}`) && b.cost > 8 && wait > 0) {
      if (!b.timer) {
        b.timer = window.setTimeout(() => {
          b.timer = 0;
          if (alive.current) controller.addView(redraw);
        }, wait);
      }
      return;
    }

    const layers = buildLayers(kind, store, { selection, flowIds, rateWindow });
    const prepared: Prepared[] = [];
    let dataMax = 0;
    const decimators = m4s.current;
    const live = new Set<string>();
    for (const layer of layers) {
      const src = layer.source;
      const t = src.column('t');
      const [from, to] = windowRange(t, src.length, d0, d1);
      live.add(layer.key);
      let m4 = decimators.get(layer.key);
      if (!m4) decimators.set(layer.key, (m4 = new StreamingM4()));
      // Only the samples the decimation has not settled are filled and read again.
      const start = m4.resumeAt(`${store.generation}|${viewKey}|${rateWindow}`, from, to);
      // Sized like the store's columns (the whole run, see SeriesStore.reset): growing it
      // mid-run would copy every layer's values in one frame.
      const values = layer.fill(start, to, buffer(buffers.current, layer.key, Math.max(src.length, t.length)));
      const keep = m4.update(t, values, x);
      // Every column's maximum is among its picks, so the picks give the top of the data.
      if (layer.fitsY) {
        for (let k = 0; k < keep.length; k++) {
          const i = keep[k];
          if (values[i] > dataMax && t[i] >= d0 && t[i] <= d1) dataMax = values[i];
        }
      }
      prepared.push({ layer, t, values, keep });
    }
    for (const key of decimators.keys()) if (!live.has(key)) decimators.delete(key);

    // The y axis only grows while the window and the flows shown stay the same (a jumping
    // axis is hard to follow on a projector); it fits again when they change.
    const fitKey = `${store.generation}|${d0}|${d1}|${layers.map((l) => l.key).join(',')}|${rateWindow}|${refs.map((r) => r.key).join(',')}`;
    // Reference lines near the data join it on the axis; far ones are named at the top.
    let top = dataMax;
    for (const r of refs) if (fitsWithData(r.value, dataMax)) top = Math.max(top, r.value);
    const wanted = top > 0 ? Math.max(minYMax, niceTop(top * 1.05)) : minYMax;
    if (fit.current.key !== fitKey || wanted > fit.current.value) fit.current = { key: fitKey, value: wanted };
    if (fit.current.value !== yMax) setYMax(fit.current.value); // axes re-render; draw now anyway
    lastDrawn.current = drawKey;

    const dpr = window.devicePixelRatio || 1;
    const ctx = canvas.getContext('2d');
    if (!ctx || innerW === 0 || innerH === 0) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, innerW, innerH);
    const yNow = scaleLinear().domain([0, fit.current.value]).range([innerH, 0]);

    const placed: PlacedMarker[] = [];
    if (markers) {
      const events = visual.tcpEvents;
      // A long run has tens of thousands of events: only the ones kept become objects.
      const grid = markerGrid.current;
      grid.reset(innerW, innerH, MARKER_CELL_PX);
      let inWindow = 0;
      for (let k = firstEventAt(events, d0); k < events.length; k++) {
        const e = events[k];
        if (e.t0 > d1) break;
        if (e.reason > 1 || !selection.colors.has(e.id)) continue;
        inWindow++;
        const px = x(e.t0);
        const py = yNow(e.value);
        if (grid.claim(px, py, e.reason)) placed.push({ x: px, y: py, kind: e.reason, event: e });
      }
      figure.dataset.markers = String(placed.length);
      figure.dataset.markerEvents = String(inWindow);
    }
    // The screen and the SVG export (chartExport.ts) paint through the same code.
    const paint = (target: CanvasRenderingContext2D, bands?: ColumnBands): number => {
      let points = 0;
      for (const { layer, t, values, keep } of prepared) {
        points += keep.length;
        const style = { color: layer.color, width: layer.width, dash: layer.dash, alpha: layer.alpha };
        if (layer.style === 'dots') drawDots(target, t, values, keep, x, yNow, innerH, style);
        else drawPath(target, t, values, keep, x, yNow, innerH, style, bands);
      }
      paintReferences(target, refs, yNow, fit.current.value, innerW);
      // Fast retransmits first, so an RTO at the same place stays on top.
      for (const m of placed) if (m.kind === 1) drawMarker(target, 1, m.x, m.y);
      for (const m of placed) if (m.kind === 0) drawMarker(target, 0, m.x, m.y);
      // Flags of changes close together go one row lower (three rows, then over again).
      let row = 0;
      let flagEnd = -Infinity;
      for (const c of changes) {
        if (c.at < d0 || c.at > d1) continue;
        const px = x(c.at);
        row = px < flagEnd + 4 ? (row + 1) % 3 : 0;
        flagEnd = Math.max(row === 0 ? -Infinity : flagEnd, drawChangeMarker(target, px, innerH, `${c.label} at ${formatChangeTime(c.at)}`, row));
      }
      return points;
    };
    figure.dataset.drawn = String(paint(ctx, columnBands.current));
    figure.dataset.changes = String(changes.filter((c) => c.at >= d0 && c.at <= d1).length);
    painted.current = paint;
    drawn.current = { layers, x, y: yNow, markers: placed };
    b.at = started;
    b.cost = performance.now() - started;
    updateHover();
  }, [controller, scenarioStore, kind, selection, flowIds, rateWindow, domain, x, innerW, innerH, minYMax, yMax, markers, updateHover]);

  // A change made while paused brings no frame: the record itself asks for a redraw.
  useEffect(() => {
    let seen = scenarioStore.getState().run.changes;
    return scenarioStore.subscribe(() => {
      const now = scenarioStore.getState().run.changes;
      if (now !== seen) {
        seen = now;
        controller.requestRedraw(redraw);
      }
    });
  }, [scenarioStore, controller, redraw]);

  // New reference values while paused bring no frame: ask for the redraw.
  useEffect(() => controller.requestRedraw(redraw), [controller, redraw, referencesKey]);

  // A new redraw (window, size, flows changed) is registered and run in the next frame.
  useEffect(() => {
    lastDrawn.current = '';
    alive.current = true;
    const off = controller.addView(redraw);
    const b = budget.current;
    return () => {
      alive.current = false;
      window.clearTimeout(b.timer);
      b.timer = 0;
      off();
    };
  }, [controller, redraw]);
  useEffect(() => timeWindow.subscribe(updateHover), [timeWindow, updateHover]);

  // Offered to the export menu while the chart is on screen.
  const exportView = useRef({ yLabel, innerW, innerH });
  exportView.current = { yLabel, innerW, innerH };
  useEffect(() => {
    const figure = figureRef.current;
    if (!figure) return;
    return registerChart({
      figure,
      get title() {
        return exportView.current.yLabel;
      },
      keys: () => {
        const seen = new Set<string>();
        return [
          ...drawn.current.layers
            .filter((l) => l.label !== '' && !seen.has(l.label) && seen.add(l.label))
            .map((l) => ({ label: l.label, color: l.color, dash: l.dash })),
          ...referencesRef.current.map((r) => ({ label: r.name, color: r.color, dash: r.dash })),
        ];
      },
      plot: () => ({ left: marginRef.current.left, top: marginRef.current.top, width: exportView.current.innerW, height: exportView.current.innerH }),
      paint: (ctx) => void painted.current?.(ctx),
    });
  }, []);

  // Wheel zoom needs a non-passive listener to keep the page from scrolling.
  useEffect(() => {
    const hit = hitRef.current;
    if (!hit) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const unit = e.deltaMode === 1 ? 33 : e.deltaMode === 2 ? 400 : 1;
      const factor = Math.exp(Math.max(-300, Math.min(300, e.deltaY * unit)) * 0.002);
      timeWindow.zoom(drawn.current.x.invert(e.offsetX), factor);
    };
    hit.addEventListener('wheel', onWheel, { passive: false });
    return () => hit.removeEventListener('wheel', onWheel);
  }, [timeWindow, innerW, innerH]);

  const drag = useRef<{ px: number; d0: number; d1: number; id: number } | null>(null);
  const localX = (e: React.PointerEvent) => e.clientX - e.currentTarget.getBoundingClientRect().left;

  const onPointerMove = (e: React.PointerEvent<HTMLDivElement>) => {
    const px = localX(e);
    const g = drag.current;
    if (g && g.id === e.pointerId) {
      const dt = ((g.px - px) * (g.d1 - g.d0)) / Math.max(1, innerW);
      timeWindow.set(g.d0 + dt, g.d1 + dt);
    }
    pointerHere.current = true;
    // Every chart (this one too) hears the new hover time and moves its rule.
    timeWindow.setHover(drawn.current.x.invert(Math.max(0, Math.min(innerW, px))));
  };
  const onPointerDown = (e: React.PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || timeWindow.following) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const [d0, d1] = timeWindow.visible();
    drag.current = { px: localX(e), d0, d1, id: e.pointerId };
    e.currentTarget.classList.add('dragging');
  };
  const endDrag = (e: React.PointerEvent<HTMLDivElement>) => {
    if (drag.current?.id !== e.pointerId) return;
    drag.current = null;
    e.currentTarget.classList.remove('dragging');
  };
  const onPointerLeave = () => {
    pointerHere.current = false;
    timeWindow.setHover(null);
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    const [d0, d1] = timeWindow.visible();
    const mid = (d0 + d1) / 2;
    const step = (d1 - d0) * 0.2;
    const actions: Record<string, () => void> = {
      '+': () => timeWindow.zoom(mid, 0.5),
      '=': () => timeWindow.zoom(mid, 0.5),
      '-': () => timeWindow.zoom(mid, 2),
      ArrowLeft: () => timeWindow.pan(-step),
      ArrowRight: () => timeWindow.pan(step),
      '0': () => timeWindow.reset(),
      Escape: () => timeWindow.reset(),
      Home: () => timeWindow.reset(),
    };
    const act = actions[e.key];
    if (act) {
      e.preventDefault();
      act();
    }
  };

  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  const yTicks = Math.max(2, Math.min(6, Math.floor(innerH / (30 * textScale))));
  const xTicks = Math.max(2, Math.min(10, Math.floor(innerW / (64 * textScale))));
  // One formatter per render, not one per tick (d3 parses its specifier on each call).
  const xTickLabel = x.tickFormat(xTicks);
  const referenceLabels = layoutLabels(references, (v) => y(v), yMax, innerW, innerH, REFERENCE_LABEL_PX, labelWidth);

  return (
    <figure className={`panel chart chart-${kind}`} id={testId} data-testid={testId} ref={figureRef} data-points="0" aria-describedby={wordsId}>
      <figcaption className="chart-head">
        <span className="chart-ytitle">↑ {yLabel}</span>
        {headerExtra}
        <ChartWords title={yLabel} testId={testId} layers={drawnLayers} tableOpen={tableOpen} onTableOpen={setTableOpen} describedBy={setWordsId} />
      </figcaption>
      <div className="chart-box" ref={boxRef}>
        {tableOpen && <ChartTableView title={yLabel} testId={testId} layers={drawnLayers} window={shownWindow} />}
        {innerW > 0 && innerH > 0 && (
          <>
            <svg className="chart-axes" width={width} height={height} aria-hidden="true">
              <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
                {y.ticks(yTicks).map((v) => (
                  <g key={v} transform={`translate(0,${y(v)})`}>
                    <line x2={innerW} className="grid" />
                    <text x={-8 * textScale} dy="0.35em" textAnchor="end">
                      {tickLabel(v, unitDivide)}
                    </text>
                  </g>
                ))}
                {x.ticks(xTicks).map((v) => (
                  <g key={v} transform={`translate(${x(v)},${innerH})`}>
                    <line y2={5} className="tick" />
                    <text y={18 * textScale} textAnchor="middle">
                      {xTickLabel(v)}
                    </text>
                  </g>
                ))}
                <line y2={innerH} className="axis" />
                <line y1={innerH} y2={innerH} x2={innerW} className="axis" />
                <text className="axis-label" x={innerW / 2} y={innerH + 33 * textScale} textAnchor="middle">
                  simulated time (s)
                </text>
              </g>
            </svg>
            <canvas
              ref={canvasRef}
              className="chart-canvas"
              width={Math.round(innerW * dpr)}
              height={Math.round(innerH * dpr)}
              style={{ left: MARGIN.left, top: MARGIN.top, width: innerW, height: innerH }}
            />
            {references.length > 0 && (
              <ul className="chart-references" aria-label="theory lines" style={{ left: MARGIN.left, top: MARGIN.top, width: innerW, height: innerH }}>
                {references.map((r, i) => {
                  const above = !(r.value <= yMax);
                  return (
                    <li
                      key={r.key}
                      data-testid={`${testId}-ref-${r.key}`}
                      data-value={r.value}
                      data-above={above}
                      title={r.detail}
                      style={{ left: referenceLabels[i].x, top: referenceLabels[i].top, color: r.color }}
                    >
                      <svg width={22} height={8} aria-hidden="true">
                        <line x1={0} y1={4} x2={22} y2={4} stroke={r.color} strokeWidth={r.width} strokeDasharray={r.dash.join(' ')} />
                      </svg>
                      {referenceLabels[i].text}
                    </li>
                  );
                })}
              </ul>
            )}
            <div className="chart-rule" ref={ruleRef} hidden style={{ top: MARGIN.top, height: innerH }} />
            <div
              ref={hitRef}
              className={`chart-hit${timeWindow.following ? '' : ' zoomed'}`}
              style={{ left: MARGIN.left, top: MARGIN.top, width: innerW, height: innerH }}
              tabIndex={0}
              role="group"
              aria-label={`${yLabel} against simulated time. Mouse wheel or + and − zoom, drag or arrow keys pan, double-click or 0 shows the whole run.`}
              data-testid={`${testId}-plot`}
              onPointerMove={onPointerMove}
              onPointerDown={onPointerDown}
              onPointerUp={endDrag}
              onPointerCancel={endDrag}
              onPointerLeave={onPointerLeave}
              onDoubleClick={() => timeWindow.reset()}
              onKeyDown={onKeyDown}
            />
            <div className="chart-tooltip" ref={tipRef} hidden data-testid={`${testId}-tooltip`} role="status" />
          </>
        )}
      </div>
    </figure>
  );
}

/** A y tick: at most four significant digits, thousands grouped (0.25, 12, 1,500). */
// One formatter for every tick: toLocaleString builds a new one per call, which at a redraw
// per frame cost more than drawing the lines.
const TICK_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });

function tickLabel(v: number, divide: number): string {
  const u = v / divide;
  return TICK_FORMAT.format(Number(u.toPrecision(4)));
}

/** A layer's values buffer, at least n long; growing keeps the values already filled. */
function buffer(map: Map<string, Float64Array>, key: string, n: number): Float64Array {
  let b = map.get(key);
  if (!b || b.length < n) {
    const grown = new Float64Array(Math.max(n, (b?.length ?? 0) * 2, 1024));
    if (b) grown.set(b);
    b = grown;
    map.set(key, b);
  }
  return b;
}

/** First TCP event at or after t (events are in time order). */
function firstEventAt(events: readonly VisualEvent[], t: number): number {
  let lo = 0;
  let hi = events.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (events[mid].t0 < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The read-out: time, then each shown flow's value at the nearest sample, then markers. */
function renderTooltip(
  tip: HTMLElement,
  t: number,
  layers: readonly Layer[],
  placed: readonly PlacedMarker[],
  px: number,
  flowIds: readonly string[],
  following: boolean,
): void {
  const rows: HTMLElement[] = [];
  let sampleTime = t;
  let shown = 0;
  let hidden = 0;
  for (const layer of layers) {
    if (!layer.inTooltip) continue;
    const src = layer.source;
    const tcol = src.column('t');
    const i = nearestIndex(tcol, src.length, t);
    if (i < 0) continue;
    if (shown === 0) sampleTime = tcol[i];
    if (shown >= MAX_TOOLTIP_ROWS) {
      hidden++;
      continue;
    }
    rows.push(row(layer.color, layer.label, layer.describe(i, describeScratch(src.length))));
    shown++;
  }
  if (hidden > 0) rows.push(row(null, `+${hidden} more`, ''));
  const near = placed.filter((m) => Math.abs(m.x - px) <= MARKER_PICK_PX).slice(0, 2);
  for (const m of near) {
    const r = row(null, `${TcpEventName[m.kind]} · ${flowIds[m.event.id] ?? m.event.id}`, `at ${m.event.t0.toFixed(3)} s, cwnd → ${m.event.value.toFixed(1)}`);
    const glyph = r.firstElementChild as HTMLElement;
    glyph.className = 'tip-glyph';
    glyph.textContent = m.kind === 0 ? '▼' : '◆';
    glyph.style.color = m.kind === 0 ? MARKER_STYLE.rto.fill : MARKER_STYLE.fastRetransmit.fill;
    rows.push(r);
  }
  const head = document.createElement('div');
  head.className = 'tip-time';
  head.textContent = `t = ${sampleTime.toFixed(sampleTime < 10 ? 3 : 2)} s`;
  const hint = document.createElement('div');
  hint.className = 'tip-hint';
  hint.textContent = following ? 'wheel: zoom in' : 'drag: pan · double-click: whole run';
  rows.push(hint);
  tip.dataset.time = String(sampleTime);
  tip.dataset.rows = String(shown);
  tip.replaceChildren(head, ...rows);
}

function row(color: string | null, label: string, value: string): HTMLElement {
  const r = document.createElement('div');
  r.className = 'tip-row';
  const sw = document.createElement('span');
  sw.className = 'tip-swatch';
  if (color) sw.style.background = color;
  else sw.classList.add('none');
  const name = document.createElement('span');
  name.className = 'tip-label';
  name.textContent = label;
  const v = document.createElement('span');
  v.className = 'tip-value';
  v.textContent = value;
  r.append(sw, name, v);
  return r;
}
