/**
 * A live time-series chart: React renders the frame (axes, grid, header) from D3 scales;
 * the data is drawn on a canvas in the animation-frame loop straight from the sample
 * store, decimated to the pixel grid (M4), so a frame of new samples costs no React
 * render and a long run with many flows stays smooth.
 *
 * The time window is shared (TimeWindowStore): wheel zooms, drag pans, double-click (or
 * the 0 / Escape key) follows the whole run again (useTimeWindowGestures.ts); the hover
 * time too, so every chart draws its rule at the same instant and the hovered one shows
 * the read-out (chartTooltip.ts).
 *
 * A redraw: prepareLayers.ts (fill and decimate), placeMarkers.ts (the cwnd chart's
 * markers), paintChart.ts (paint, on screen and for the export), throttled for costly
 * charts by redrawThrottle.ts; the axes are LiveChartAxes.tsx.
 */
import type { ChartContext } from './svgRecorder';
import { FLAG_FONT, FLAG_HEIGHT, layoutChangeFlags } from './changeFlags';
import { ChartTableView, ChartWords } from './ChartWords';
import { useView } from '../view/viewStore';
import { presenterTextPx } from '../view/presenterText';
import { scaleLinear } from 'd3-scale';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useController } from '../sim/simContext';
import { registerChart } from './chartExport';
import { useElementSize } from '../useElementSize';
import { MarkerGrid } from './decimate';
import { ColumnBands } from './columnBands';
import { useScenarioStore } from '../store/storeContext';
import type { FlowSelection } from './flowPicker';
import { buildLayers, type ChartKind, type Layer } from './layers';
import { niceTop } from './niceTop';
import { fitsWithData, labelWidth, layoutLabels, type ChartReference } from './referenceOverlay';
import type { StreamingM4 } from './streamingM4';
import type { TimeWindowStore } from './timeWindow';
import { renderTooltip, type PlacedMarker } from './chartTooltip';
import { RedrawThrottle } from './redrawThrottle';
import { prepareLayers } from './prepareLayers';
import { placeMarkers } from './placeMarkers';
import { chartPainter } from './paintChart';
import { useTimeWindowGestures } from './useTimeWindowGestures';
import { LiveChartAxes } from './LiveChartAxes';
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

/**
 * The least height of the plot, px: the chart's box never gets less than this and its axes'
 * margins (styles.css, "The floors"), so a lesson step that quotes a chart has a chart to read.
 */
export const PLOT_MIN_PX = 100;

/** Room for the axes' text, px, at text scale `t` (presenter mode writes it larger). */
function chartMargin(t: number) {
  return { top: 8 * t, right: 18 * t, bottom: 36 * t, left: 58 * t };
}
/** The axis text's size at rest, px (styles.css); presenter mode writes presenterTextPx(). */
const AXIS_TEXT_PX = 14;
/** Height of a reference line's label, px (one line of 14 px text with its padding). */
const REFERENCE_LABEL_PX = 21;
const NO_REFERENCES: readonly ChartReference[] = [];

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
  /** The y axis's ticks: its top is the last of them (niceTop). */
  const yTicks = Math.max(2, Math.min(6, Math.floor(innerH / (30 * textScale))));

  const domain = useSyncExternalStore(timeWindow.subscribe, () => timeWindow.visible());
  const [yMax, setYMax] = useState(minYMax);
  const fit = useRef({ key: '', value: minYMax });

  const x = useMemo(() => scaleLinear().domain(domain).range([0, innerW]), [domain, innerW]);
  const alt = altUnit && yMax > altUnit.above ? altUnit : null;
  const yLabel = alt ? alt.yLabel : props.yLabel;
  const unitDivide = alt ? alt.divide : 1;
  const y = useMemo(() => scaleLinear().domain([0, yMax]).range([innerH, 0]), [yMax, innerH]);

  /** Per layer: the decimation, advanced as samples arrive instead of redone each frame, and the values buffer. */
  const prepareState = useRef({ m4s: new Map<string, StreamingM4>(), buffers: new Map<string, Float64Array>() });
  const markerGrid = useRef(new MarkerGrid());
  /** Scratch for dense lines on screen; the SVG export strokes them as vectors. */
  const columnBands = useRef(new ColumnBands());
  /** Paints the last drawing's data on any context (the SVG export replays it). */
  const painted = useRef<((ctx: ChartContext) => number) | null>(null);
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
  }, [timeWindow, innerW, width, flowIds, MARGIN]);

  const throttle = useRef(new RedrawThrottle());
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
    // draw at most about a third of the time, so the page stays responsive.
    const started = performance.now();
    const sameView = lastDrawn.current.endsWith(`|${viewKey}`);
    if (throttle.current.defer(started, sameView, () => alive.current && controller.addView(redraw))) return;

    const layers = buildLayers(kind, store, { selection, flowIds, rateWindow });
    const { prepared, dataMax } = prepareLayers(
      layers,
      prepareState.current,
      { d0, d1, x },
      `${store.generation}|${viewKey}|${rateWindow}`,
    );

    // The y axis only grows while the window and the flows shown stay the same (a jumping
    // axis is hard to follow on a projector); it fits again when they change.
    const fitKey = `${store.generation}|${d0}|${d1}|${layers.map((l) => l.key).join(',')}|${rateWindow}|${refs.map((r) => r.key).join(',')}`;
    // Reference lines near the data join it on the axis; far ones are named at the top.
    let top = dataMax;
    for (const r of refs) if (fitsWithData(r.value, dataMax)) top = Math.max(top, r.value);
    const wanted = top > 0 ? Math.max(minYMax, niceTop(top * 1.05, yTicks)) : minYMax;
    if (fit.current.key !== fitKey || wanted > fit.current.value) fit.current = { key: fitKey, value: wanted };
    if (fit.current.value !== yMax) setYMax(fit.current.value); // axes re-render; draw now anyway
    lastDrawn.current = drawKey;

    const dpr = window.devicePixelRatio || 1;
    const ctx = canvas.getContext('2d');
    if (!ctx || innerW === 0 || innerH === 0) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, innerW, innerH);
    const yNow = scaleLinear().domain([0, fit.current.value]).range([innerH, 0]);

    let placed: PlacedMarker[] = [];
    if (markers) {
      const found = placeMarkers(visual.tcpEvents, markerGrid.current, { d0, d1, x, y: yNow, innerW, innerH }, selection.colors);
      placed = found.placed;
      figure.dataset.markers = String(placed.length);
      figure.dataset.markerEvents = String(found.inWindow);
    }
    const paint = chartPainter({
      prepared,
      x,
      y: yNow,
      yMax: () => fit.current.value,
      innerW,
      innerH,
      d0,
      d1,
      references: refs,
      markers: placed,
      changes,
    });
    figure.dataset.drawn = String(paint(ctx, columnBands.current));
    figure.dataset.changes = String(changes.filter((c) => c.at >= d0 && c.at <= d1).length);
    painted.current = paint;
    drawn.current = { layers, x, y: yNow, markers: placed };
    throttle.current.drew(started);
    updateHover();
  }, [
    controller,
    scenarioStore,
    kind,
    selection,
    flowIds,
    rateWindow,
    domain,
    x,
    innerW,
    innerH,
    yTicks,
    minYMax,
    yMax,
    markers,
    updateHover,
  ]);

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
    const t = throttle.current;
    return () => {
      alive.current = false;
      t.cancel();
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
      plot: () => ({
        left: marginRef.current.left,
        top: marginRef.current.top,
        width: exportView.current.innerW,
        height: exportView.current.innerH,
      }),
      paint: (ctx) => void painted.current?.(ctx),
    });
  }, []);

  const gestures = useTimeWindowGestures({
    hit: hitRef,
    timeWindow,
    innerW,
    innerH,
    timeAt: (px) => drawn.current.x.invert(px),
    pointerHere,
  });

  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  const xTicks = Math.max(2, Math.min(10, Math.floor(innerW / (64 * textScale))));
  // The theory lines' labels keep clear of the live changes' flags (the painter places the same flags).
  const changes = useSyncExternalStore(scenarioStore.subscribe, () => scenarioStore.getState().run.changes);
  const flags = layoutChangeFlags(changes, x, domain[0], domain[1], innerW, flagWidth);
  const referenceLabels = layoutLabels(
    references,
    (v) => y(v),
    yMax,
    innerW,
    innerH,
    REFERENCE_LABEL_PX,
    labelWidth,
    flags.map((f) => ({ x: f.left, top: f.top, width: f.width, height: FLAG_HEIGHT })),
  );

  return (
    <figure
      className={`panel chart chart-${kind}`}
      id={testId}
      data-testid={testId}
      ref={figureRef}
      data-points="0"
      aria-describedby={wordsId}
    >
      <figcaption className="chart-head">
        <span className="chart-ytitle">↑ {yLabel}</span>
        {headerExtra}
        <ChartWords
          title={yLabel}
          testId={testId}
          layers={drawnLayers}
          tableOpen={tableOpen}
          onTableOpen={setTableOpen}
          describedBy={setWordsId}
        />
      </figcaption>
      <div className="chart-box" ref={boxRef} style={{ minHeight: Math.ceil(PLOT_MIN_PX + MARGIN.top + MARGIN.bottom) }}>
        {tableOpen && <ChartTableView title={yLabel} testId={testId} layers={drawnLayers} window={shownWindow} />}
        {innerW > 0 && innerH > 0 && (
          <>
            <LiveChartAxes
              x={x}
              y={y}
              width={width}
              height={height}
              margin={MARGIN}
              innerW={innerW}
              innerH={innerH}
              xTicks={xTicks}
              yTicks={yTicks}
              unitDivide={unitDivide}
              textScale={textScale}
            />
            <canvas
              ref={canvasRef}
              className="chart-canvas"
              width={Math.round(innerW * dpr)}
              height={Math.round(innerH * dpr)}
              style={{ left: MARGIN.left, top: MARGIN.top, width: innerW, height: innerH }}
            />
            {references.length > 0 && (
              <ul
                className="chart-references"
                aria-label="theory lines"
                style={{ left: MARGIN.left, top: MARGIN.top, width: innerW, height: innerH }}
              >
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
              onPointerMove={gestures.onPointerMove}
              onPointerDown={gestures.onPointerDown}
              onPointerUp={gestures.onPointerUp}
              onPointerCancel={gestures.onPointerCancel}
              onPointerLeave={gestures.onPointerLeave}
              onDoubleClick={gestures.onDoubleClick}
              onKeyDown={gestures.onKeyDown}
            />
            <div className="chart-tooltip" ref={tipRef} hidden data-testid={`${testId}-tooltip`} role="status" />
          </>
        )}
      </div>
    </figure>
  );
}

let flagMeasurer: CanvasRenderingContext2D | null | undefined;

/** A flag's words' width on screen, px, in the font the painter uses (an estimate without a canvas). */
function flagWidth(text: string): number {
  if (flagMeasurer === undefined) flagMeasurer = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!flagMeasurer) return text.length * 7;
  flagMeasurer.font = FLAG_FONT;
  return flagMeasurer.measureText(text).width;
}
