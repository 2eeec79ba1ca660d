/**
 * The time-space diagram (issue 36), the picture of the OBS textbooks (Qiao and Yoo 1999;
 * Chen, Qiao and Yu 2004): the nodes of one optical path as columns, simulated time running
 * down; each burst's control packet (BHP) a thin line and the burst a band between adjacent
 * columns; the offset at the ingress, each core's processing and set-up, the wavelength
 * held (JET or JIT), FDL delays, drops with their reason, deflections and cuts.
 *
 * Live: the canvas is redrawn in the app's frame loop (controller.addView) from a model
 * fed incrementally by the visual store (timeSpaceModel.ts); the geometry is pure
 * (geometry.ts). It follows the run with a window of recent simulated time, freezes when
 * the run pauses and moves with Next event and Next burst. React renders only the controls,
 * the caption and the words.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type PointerEvent } from 'react';
import { CLASS_COLORS, MARK_COLORS } from '../channel/classColors';
import { Term } from '../glossary/Term';
import { makeNames, type ScenarioShape } from '@obs-tcp-sim/engine';
import { focusStore } from '../sim/focusStore';
import { useController, useSimState } from '../sim/simContext';
import { useElementSize } from '../useElementSize';
import { presenterTextPx } from '../view/presenterText';
import { useView } from '../view/viewStore';
import { ZoomButtons, zoomKeys } from '../ZoomButtons';
import { FigureCanvas } from '../FigureCanvas';
import { FigureTable, FigureTableToggle } from '../FigureTable';
import { useEverySecond } from '../useEverySecond';
import { INTERVAL_COLORS, bhpLineWidth, drawTimeSpace } from './drawTimeSpace';
import {
  MAX_WINDOW,
  MIN_WINDOW,
  autoWindow,
  buildScene,
  burstAt,
  formatSpan,
  formatTick,
  stepWindow,
  timeTicks,
  windowAt,
  type Rect,
  type Scene,
} from './geometry';
import { ackPathElsewhere, choosePath, flowPath, pathOptions, pathSpec, type TimeSpaceScenario } from './pathSpec';
import { TimeSpaceModel } from './timeSpaceModel';
import { TABLE_HEAD, describeScene, storySentences, tableRows, type TableRow } from './timeSpaceWords';
import { timeSpaceWatch } from './watch';
import '../liveView.css';
import './timespace.css';

/** Text size on the canvas outside presenter mode, px. */
const TEXT_PX = 15;
/** The last flow request (a flow selected in the editor) this view followed; module-level: the tab unmounts. */
let followedWatch = 0;
/** The path picked here, kept while the tab is hidden. */
let keptPick: string | null = null;

export function TimeSpaceArea() {
  const controller = useController();
  const { routes, flowIds, phase, speed } = useSimState();
  const { presenter } = useView();
  const scenario: ScenarioShape & TimeSpaceScenario = controller.scenario;
  const names = useMemo(() => makeNames(scenario, flowIds, routes), [scenario, flowIds, routes]);
  const options = useMemo(() => pathOptions(routes), [routes]);

  const [picked, setPickedState] = useState<string | null>(keptPick);
  const setPicked = (v: string | null) => {
    keptPick = v;
    setPickedState(v);
  };
  const choice = useMemo(() => choosePath(options, routes, picked), [options, routes, picked]);
  const spec = useMemo(() => (choice ? pathSpec(scenario, choice.nodes, routes) : null), [choice, scenario, routes]);

  // A flow selected in the network editor: show its data path.
  useEffect(() => {
    const follow = () => {
      const w = timeSpaceWatch.get();
      if (!w || w.serial === followedWatch) return;
      followedWatch = w.serial;
      const key = flowPath(routes, w.target);
      if (key) setPicked(key);
    };
    follow();
    return timeSpaceWatch.subscribe(follow);
  }, [routes]);

  const [model] = useState(() => new TimeSpaceModel());
  useEffect(() => model.watch(spec), [model, spec]);

  const [zoom, setZoom] = useState<number | null>(null);
  const windowRef = useRef(15e-3);
  const [shownWindow, setShownWindow] = useState(15e-3);
  const [hovered, setHovered] = useState(-1);
  const [chosen, setChosen] = useState(-1);
  const [sampled, setSampled] = useState<{ every: number; hidden: number } | null>(null);
  const [tableOpen, setTableOpen] = useState(false);
  const [words, setWords] = useState<{ text: string; rows: TableRow[]; caption: string | null }>({ text: '', rows: [], caption: null });
  const sceneRef = useRef<Scene | null>(null);
  const windowShown = useRef({ from: 0, to: 0, now: 0 });

  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const figureRef = useRef<HTMLElement>(null);
  const { width, height } = useElementSize(boxRef);
  const textPx = presenter ? presenterTextPx(window.innerHeight) : TEXT_PX;
  // The burst the labels speak of: under the pointer, else chosen by the keys, else the
  // one a step (Next burst) or the log points at, else the latest sent along the path.
  const featuredAsked = useRef(-1);

  const redraw = useCallback(() => {
    const canvas = canvasRef.current;
    const figure = figureRef.current;
    if (!canvas || !figure || !spec || width === 0 || height === 0) return;
    const visual = controller.visual;
    model.sync(visual.recent, visual.generation);
    const now = controller.live.now;
    const auto = autoWindow(spec, model.largestOffset, model.longestBurst);
    const w = zoom ?? auto;
    if (w !== windowRef.current) {
      windowRef.current = w;
      setShownWindow(w);
    }
    model.prune(now - 2 * Math.max(w, auto));
    const [from, to] = windowAt(now, w);
    windowShown.current = { from, to, now };
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    const dpr = window.devicePixelRatio || 1;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const font = `${textPx}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
    ctx.font = font;
    const measure = (t: string) => ctx.measureText(t).width;
    const axisW = Math.ceil(measure(formatTick(to, w / 10, to)) + 12);
    const top = Math.round(textPx * 1.7);
    const plot: Rect = { left: axisW, top, width: Math.max(10, width - axisW - 8), height: Math.max(10, height - top - 6) };
    // Room beside the outer columns for the offset's words (left of the ingress).
    const inset = Math.min(plot.width * 0.3, Math.max(30, measure('offset 1.0015 ms') + 28));
    const focus = focusStore.get();
    const asked = hovered >= 0 ? hovered : chosen >= 0 ? chosen : (focus?.burst ?? -1);
    featuredAsked.current = asked;
    // Words may use the axis's column between its ticks (the offset's sits left of the ingress).
    const ticks = timeTicks(from, to, plot, textPx * 2.4);
    const s = Math.max(1, textPx / 16);
    const tickBoxes = ticks.map((t) => ({
      left: plot.left - 6 * s - measure(t.text) - 2,
      right: plot.left,
      top: t.y - textPx * 0.65,
      bottom: t.y + textPx * 0.65,
    }));
    const scene = buildScene({
      spec,
      stories: model.stories.values(),
      from,
      to,
      now,
      plot,
      inset,
      featured: asked,
      maxShown: Math.max(6, Math.floor(plot.height / (textPx * 0.9))),
      textPx,
      measure,
      labelBounds: { left: 2, top: plot.top, right: width - 2, bottom: plot.top + plot.height },
      obstacles: tickBoxes,
      minPx: Math.max(4, textPx / 4),
    });
    sceneRef.current = scene;
    drawTimeSpace(ctx, scene, {
      width,
      height,
      plot,
      headerY: textPx,
      ticks,
      textPx,
      nowText: `now ${formatTick(now, w / 100, to)}`,
      hovered,
    });
    const next = scene.every > 1 ? { every: scene.every, hidden: scene.hidden } : null;
    setSampled((prev) => (prev?.every === next?.every && prev?.hidden === next?.hidden ? prev : next));
    // For tests and tours: what is on the canvas, in numbers.
    const d = figure.dataset;
    d.from = String(from);
    d.to = String(to);
    d.now = String(now);
    d.window = String(w);
    d.bhps = String(scene.lines.length);
    d.bands = String(scene.bands.filter((b) => !b.detour).length);
    d.detours = String(scene.bands.filter((b) => b.detour).length);
    d.drops = String(scene.marks.filter((m) => m.kind === 'drop').length);
    d.processing = String(scene.intervals.filter((i) => i.kind === 'processing').length);
    d.featured = String(scene.featured);
    d.every = String(scene.every);
    d.plot = `${plot.left},${plot.top},${plot.width},${plot.height}`;
    d.textPx = String(textPx);
    d.linePx = String(bhpLineWidth(textPx));
    const offset = scene.offsets.find((o) => o.id === scene.featured);
    d.offset = offset ? String(offset.offset) : '';
    d.offsetSpan = offset ? `${Math.round(offset.y0)},${Math.round(offset.y1)}` : '';
    d.labels = JSON.stringify(
      scene.labels.map((l) => [l.text, Math.round(l.box.left), Math.round(l.box.top), Math.round(l.box.right), Math.round(l.box.bottom)]),
    );
  }, [controller, model, spec, zoom, width, height, textPx, hovered, chosen]);

  useEffect(() => controller.addView(redraw), [controller, redraw]);
  // The log or a step pointing at a burst: label it.
  useEffect(() => focusStore.subscribe(() => controller.requestRedraw(redraw)), [controller, redraw]);

  // The words (description, table): once a second, and at once when the burst spoken of changes.
  const refreshWords = useCallback(() => {
    const scene = sceneRef.current;
    if (!scene || !spec) return;
    const win = windowShown.current;
    const shown = [...model.stories.values()].filter(
      (s) => scene.bands.some((b) => b.id === s.id) || scene.lines.some((l) => l.id === s.id) || scene.marks.some((m) => m.id === s.id),
    );
    const text = describeScene(scene, model.stories, spec, names, win);
    const speaking = hovered >= 0 ? hovered : chosen;
    const story = speaking >= 0 ? model.stories.get(speaking) : undefined;
    const caption = story ? storySentences(story, spec, names, win.now).join(' ') : null;
    setWords({ text, rows: tableRows(shown, spec, win.now), caption });
  }, [model, spec, names, hovered, chosen]);
  useEverySecond(refreshWords);

  const zoomBy = (dir: 1 | -1) => setZoom(Math.min(MAX_WINDOW, Math.max(MIN_WINDOW, stepWindow(windowRef.current, dir))));

  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const scene = sceneRef.current;
    const box = e.currentTarget.getBoundingClientRect();
    const id = scene ? burstAt(scene, e.clientX - box.left, e.clientY - box.top, Math.max(6, textPx / 2)) : -1;
    if (id !== hovered) setHovered(id);
  };
  // Arrow keys choose the burst to label (and to read out), in the order they were sent.
  const cycle = (step: number) => {
    const scene = sceneRef.current;
    if (!scene) return;
    const ids = [...new Set([...scene.lines.map((l) => l.id), ...scene.bands.map((b) => b.id)])].sort((a, b) => a - b);
    if (ids.length === 0) return;
    const at = ids.indexOf(chosen >= 0 ? chosen : scene.featured);
    const next = at < 0 ? ids[ids.length - 1] : ids[(at + step + ids.length) % ids.length];
    setChosen(next);
  };
  const keys = {
    ArrowUp: () => cycle(-1),
    ArrowDown: () => cycle(1),
    ...zoomKeys(zoomBy),
    Escape: () => {
      setChosen(-1);
      setZoom(null);
    },
  };

  const descriptionId = useId();
  const tooFast = phase === 'running' && speed / 30 > shownWindow;
  const flowId = routes?.flows[0]?.id;
  const ackElsewhere = choice && flowId ? ackPathElsewhere(routes, flowId, choice.nodes) : null;

  if (!choice || !spec) {
    return (
      <div className="live-view timespace-area" data-testid="timespace-area">
        <p className="area-pending">This network has no optical path between two edges: there is no burst to draw.</p>
      </div>
    );
  }
  // Presenter mode, one path: the buttons sit in the diagram's top left corner (over the
  // axis, left of the first column's name) and the plot gets their row's height.
  const overlay = presenter && options.length <= 1;
  const notes = (
    <>
      {sampled && (
        <span className="live-view-hint" data-testid="timespace-sampled">
          Sampled: 1 burst in {sampled.every} drawn (every drop kept)
        </span>
      )}
      {tooFast && !sampled && (
        <span className="live-view-hint" data-testid="timespace-hint">
          Too fast to follow: pause, or slow the run down.
        </span>
      )}
    </>
  );
  return (
    <div className={`live-view timespace-area${overlay ? ' overlay-tools' : ''}`} data-testid="timespace-area">
      <div className="live-view-toolbar timespace-toolbar" role="group" aria-label="Time-space diagram controls">
        {overlay ? null : options.length > 1 ? (
          <label className="live-view-pick">
            <span>Path</span>
            <select value={choice.option.value} onChange={(e) => setPicked(e.target.value)} data-testid="timespace-path">
              {options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <span className="timespace-path" data-testid="timespace-path-name">
            {choice.option.label}
          </span>
        )}
        <ZoomButtons
          label="Time shown"
          inWords="less time shown"
          outWords="more time shown"
          shown={formatSpan(shownWindow)}
          zoomed={zoom !== null}
          shownHidden={overlay}
          testIds="timespace"
          onZoom={zoomBy}
          onAuto={() => setZoom(null)}
        />
        <FigureTableToggle
          open={tableOpen}
          onOpen={setTableOpen}
          figure="Diagram"
          tableTitle="The bursts shown as a table"
          className="timespace-table-toggle"
          testId="timespace-table-toggle"
        />
        {!overlay && notes}
        {ackElsewhere && (
          <span className="timespace-note" data-testid="timespace-ack-note">
            {flowId}’s ACKs come back by {ackElsewhere.split('>').join(' → ')}: pick that path to see them.
          </span>
        )}
      </div>
      <ul className="live-view-legend timespace-legend" aria-label="Time-space diagram legend">
        <li>
          <svg width={26} height={14} aria-hidden="true">
            <path d="M2 2 L24 12" stroke="#111" strokeWidth={2.5} />
          </svg>
          control packet (<Term id="bhp">BHP</Term>)
        </li>
        {['data burst', 'ACK burst', 'background'].map((name, i) => (
          <li key={name}>
            <svg width={26} height={14} aria-hidden="true">
              <path d="M2 1 L14 13 L24 13 L12 1 Z" fill={CLASS_COLORS[i]} />
            </svg>
            {name}
          </li>
        ))}
        <li>
          <svg width={12} height={14} aria-hidden="true">
            <rect x={2} y={1} width={8} height={12} fill={INTERVAL_COLORS.processing} />
          </svg>
          processing
        </li>
        <li>
          <svg width={12} height={14} aria-hidden="true">
            <rect x={2} y={4} width={8} height={6} fill={INTERVAL_COLORS.setup} />
          </svg>
          switch set-up
        </li>
        <li>
          <svg width={12} height={14} aria-hidden="true">
            <rect x={3} y={1} width={6} height={12} fill={INTERVAL_COLORS.fdl} />
          </svg>
          <Term id="fdl">FDL</Term>
        </li>
        <li>
          <svg width={16} height={16} aria-hidden="true">
            <path d="M3 3 L13 13 M13 3 L3 13" stroke={MARK_COLORS.drop} strokeWidth={2.5} />
          </svg>
          dropped
        </li>
      </ul>
      <figure
        className="timespace-figure"
        ref={figureRef}
        data-testid="timespace-figure"
        data-path={choice.nodes.join('>')}
        aria-describedby={descriptionId}
      >
        <p id={descriptionId} className="visually-hidden" data-testid="timespace-words">
          {words.text}
        </p>
        <div className="timespace-box" ref={boxRef}>
          {width > 0 && height > 0 && (
            <FigureCanvas
              ref={canvasRef}
              width={width}
              height={height}
              label={`Time-space diagram of ${choice.nodes.join(' → ')}: columns are the nodes, time runs down. Up and Down arrows choose a burst to read about, + and − zoom, Escape goes back to automatic.`}
              keys={keys}
              onPointerMove={onPointerMove}
              onPointerLeave={() => setHovered(-1)}
            />
          )}
          {tableOpen && (
            <FigureTable
              label="Bursts in the time-space diagram"
              caption="Bursts drawn in the time-space diagram, in the order they were sent"
              head={TABLE_HEAD}
              rows={words.rows.map((row) => ({ key: row.id, cells: row.cells, data: { 'data-burst': row.id } }))}
              empty="No burst on this path in the time shown."
              className="timespace-table"
              testId="timespace-table"
            />
          )}
        </div>
        {overlay && (sampled || tooFast) && <div className="timespace-notes">{notes}</div>}
        {words.caption && (
          <figcaption className="timespace-caption" data-testid="timespace-caption" aria-live="polite">
            {words.caption}
          </figcaption>
        )}
      </figure>
    </div>
  );
}
