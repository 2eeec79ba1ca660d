/**
 * Channel view: for a fiber link direction or a core node, a live Gantt of each
 * wavelength's reservations (voids, void filling, FDL delays, drops), and the summary's
 * histograms of burst sizes and packets per burst.
 *
 * The Gantt is a canvas redrawn in the animation-frame loop from a ChannelModel fed
 * incrementally by the visual store's `recent` ring; React renders only the controls.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type PointerEvent, type WheelEvent } from 'react';
import { Term } from '../glossary/Term';
import { formatDuration } from '../log/describe';
import { focusStore } from '../sim/focusStore';
import { makeNames, type ScenarioShape } from '@obs-tcp-sim/engine';
import { useController, useSimState } from '../sim/simContext';
import { useElementSize } from '../useElementSize';
import { ZoomButtons, zoomKeys } from '../ZoomButtons';
import { FigureCanvas } from '../FigureCanvas';
import { CLASS_COLORS, CLASS_NAMES, MARK_COLORS } from './classColors';
import { drawGantt, GANTT_MARGIN } from './drawGantt';
import { Histogram } from './Histogram';
import { formatPlain, formatPow2Bytes, histogramBars } from './histogramBins';
import { ChannelModel, FOLLOW_AT, MAX_WINDOW, MIN_WINDOW, autoWindow, niceStep, windowBounds, type HeldAt } from './reservations';
import { barWords, burstRouteWords } from './barWords';
import { barAt, barCenter, type GanttGeometry } from './hitTest';
import { BurstHopTrace, hopList, type Hop } from './burstHops';
import { BurstHops } from './BurstHops';
import { layoutRows, rowsHeight } from './rowLayout';
import { busiestFiber, channelOptions, firstFiber, nodeOption, tracksFor } from './selection';
import { channelWatch } from './watchRequest';
import '../liveView.css';
import './channel.css';
import { useFigureExport } from '../charts/useFigureExport';

/** Width a vertical scroll bar may take, px. */
const SCROLLBAR_ROOM = 16;

/** The last focus serial this view followed (module-level: the tab unmounts when hidden). */
let followedFocus = 0;
/** The last editor request (a core selected) this view followed. */
let followedWatch = 0;

export function ChannelArea() {
  const controller = useController();
  const { summary, speed, phase, flowIds, routes } = useSimState();
  const scenario: ScenarioShape = controller.scenario;
  // Names the optical paths bursts took (routes.opticalPaths) for the burst caption.
  const names = useMemo(() => makeNames(scenario, flowIds, routes), [scenario, flowIds, routes]);
  const options = useMemo(() => channelOptions(scenario), [scenario]);

  // What to watch: the user's pick, else the busiest fiber (decided once per scenario).
  const [picked, setPicked] = useState<string | null>(null);
  const auto = useRef<{ scenario: ScenarioShape; value: string | null }>({ scenario, value: null });
  if (auto.current.scenario !== scenario) auto.current = { scenario, value: null };
  if (auto.current.value === null) auto.current.value = busiestFiber(scenario, summary?.links as never);
  const valid = (v: string | null) => v !== null && options.some((o) => o.value === v);
  const selection = valid(picked) ? picked! : (auto.current.value ?? firstFiber(scenario) ?? '');
  // How it was chosen: the first fiber stands in until the run has used one (then the busiest).
  const chosenBy = valid(picked) ? 'user' : auto.current.value !== null ? 'busiest' : 'first';
  const specs = useMemo(() => tracksFor(selection, scenario), [selection, scenario]);

  const [model] = useState(() => new ChannelModel());
  useEffect(() => {
    model.watch(specs.map((s) => ({ link: s.link, dir: s.dir })));
  }, [model, specs]);

  // The window: auto (null) or the user's zoom; following now, or pinned at a moment.
  const [zoom, setZoom] = useState<number | null>(null);
  const [held, setHeld] = useState<HeldAt | null>(null);
  const [shownWindow, setShownWindow] = useState(10e-3);
  const windowRef = useRef(10e-3);

  // The burst the caption speaks of: the one under the pointer, else the one picked in the
  // log or clicked here (the selected burst, whose hops and wavelengths show below).
  const [hovered, setHovered] = useState<string | null>(null);
  const [focusedBurst, setFocusedBurst] = useState(-1);
  const [burstFromLog, setBurstFromLog] = useState(false);
  const [trace] = useState(() => new BurstHopTrace());
  const [hops, setHops] = useState<{ id: number; cls: number; list: Hop[]; boxed: boolean } | null>(null);
  const hopsKey = useRef('');
  const runGeneration = useRef(controller.visual.generation);
  const geometry = useRef<GanttGeometry | null>(null);

  // A focus from the event log on a fiber link: show that link, held at that moment.
  useEffect(() => {
    const follow = () => {
      const f = focusStore.get();
      if (!f || f.serial === followedFocus || f.source === 'channel') return;
      followedFocus = f.serial;
      setFocusedBurst(f.burst);
      setBurstFromLog(true);
      if (f.link < 0 || f.dir < 0) return;
      const value = `link:${f.link}:${f.dir}`;
      if (!options.some((o) => o.value === value)) return;
      setPicked(value);
      // A step (narration/) shows its link but keeps following: the run is paused there.
      if (f.source !== 'step') setHeld({ t: f.time, at: 0.5 });
    };
    follow();
    return focusStore.subscribe(follow);
  }, [options]);

  // A core node selected in the network editor: watch its outgoing fibers, following now.
  useEffect(() => {
    const follow = () => {
      const w = channelWatch.get();
      if (!w || w.serial === followedWatch) return;
      followedWatch = w.serial;
      const value = nodeOption(options, scenario, w.target);
      if (!value) return;
      setPicked(value);
      setHeld(null);
    };
    follow();
    return channelWatch.subscribe(follow);
  }, [options, scenario]);

  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const figureRef = useRef<HTMLElement>(null);
  // The file names the classes by colour (the marks' legend stays on the page).
  useFigureExport('channels', figureRef, 'canvas', () => ({
    title: `Wavelength reservations: ${options.find((o) => o.value === selection)?.label ?? ''}`,
    keys: CLASS_NAMES.map((label, i) => ({ label, color: CLASS_COLORS[i] })),
  }));
  const { width: boxWidth, height: boxHeight } = useElementSize(boxRef);
  // Rows that do not fit even at their thinnest (a core with many fibers on a small
  // screen) make the canvas taller than its box, which then scrolls (leaving room for
  // the scroll bar).
  const [tallerBy, setTallerBy] = useState(0);
  const height = boxHeight + tallerBy;
  const width = tallerBy > 0 ? Math.max(0, boxWidth - SCROLLBAR_ROOM) : boxWidth;

  const autoFit = useRef<{ key: string; at: number; value: number | null }>({ key: '', at: 0, value: null });

  const redraw = useCallback(() => {
    const canvas = canvasRef.current;
    const figure = figureRef.current;
    if (!canvas || !figure || width === 0 || boxHeight === 0) return;
    const visual = controller.visual;
    model.sync(visual.recent, visual.generation);
    const tracks = specs.map((s) => model.track(s.link, s.dir));
    const innerW = width - GANTT_MARGIN.left - GANTT_MARGIN.right;
    // The auto window is re-fitted every 2 s of wall time (or when the view changes), so
    // it does not flip between two values while the class watches.
    const fit = autoFit.current;
    const wallNow = performance.now();
    if (zoom === null && (fit.key !== selection || wallNow - fit.at > 2000 || fit.value === null)) {
      const live = tracks.filter((t) => t !== undefined);
      if (live.some((t) => t.reservations.length >= 2) || fit.value === null) {
        autoFit.current = { key: selection, at: wallNow, value: autoWindow(live, innerW) };
      }
    }
    const w = zoom ?? autoFit.current.value ?? 10e-3;
    if (w !== windowRef.current) {
      windowRef.current = w;
      setShownWindow(w);
    }
    const now = controller.live.now;
    const [from, to] = windowBounds(now, w, held);
    const plotRoom = boxHeight - GANTT_MARGIN.top - GANTT_MARGIN.bottom;
    const rows = layoutRows(
      specs,
      tracks.map((t) => t?.lanesSeen ?? 0),
      plotRoom,
    );
    const over = Math.max(0, Math.ceil(rowsHeight(rows) - plotRoom));
    if (over !== tallerBy) {
      setTallerBy(over);
      return;
    }
    geometry.current = { width, rows, tracks, wavelengths: specs.map((s) => s.wavelengths), from, to };
    // The selected burst's hops: re-rendered only when what they say changes. A new run
    // (Reset, an edit) starts its burst ids again: the selection belongs to the old one.
    let selected = focusedBurst;
    if (visual.generation !== runGeneration.current) {
      runGeneration.current = visual.generation;
      if (selected >= 0) {
        selected = -1;
        setFocusedBurst(-1);
      }
    }
    if (trace.id !== selected) trace.follow(selected);
    trace.sync(visual.recent, visual.generation);
    const path = trace.path >= 0 ? trace.path : model.paths.find(selected);
    // Only once one of its hops is known: a burst picked in the log whose events the ring
    // no longer holds keeps the route-only caption rather than hops all "not yet".
    const known = trace.hops.length > 0 || trace.drop !== null;
    const list = trace.id >= 0 && known ? hopList(trace, names.opticalPath(path)?.nodes ?? null, names) : [];
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    const dpr = window.devicePixelRatio || 1;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const stats = drawGantt(ctx, {
      width,
      height,
      rows,
      tracks,
      wavelengths: specs.map((s) => s.wavelengths),
      from,
      to,
      now,
      relative: held === null,
      keptFrom: visual.recent.length > 0 ? visual.recent.get(0, 't0') : 0,
      selectedBurst: selected,
    });
    const d = figure.dataset;
    d.bars = String(stats.bars);
    d.drops = String(stats.drops);
    d.voidFilled = String(stats.voidFilled);
    d.fdl = String(stats.fdl);
    d.selectedBars = String(stats.selected);
    // Said only when it changes: a React render per frame would be too many.
    const boxed = stats.selected > 0;
    const key = `${trace.id}:${trace.cls}:${boxed}:${JSON.stringify(list)}`;
    if (key !== hopsKey.current) {
      hopsKey.current = key;
      setHops(trace.id >= 0 && list.length > 0 ? { id: trace.id, cls: trace.cls, list, boxed } : null);
    }
    d.reservations = String(tracks.reduce((a, t) => a + (t?.reservations.length ?? 0), 0));
    d.latest = String(Math.max(-1, ...tracks.map((t) => t?.reservations.at(-1)?.t1 ?? -1)));
    d.window = String(w);
    d.labels = JSON.stringify(
      stats.labels.map((l) => [l.text, Math.round(l.left), Math.round(l.top), Math.round(l.right), Math.round(l.bottom)]),
    );
    d.from = String(from);
    d.to = String(to);
    d.sampleBar = sampleBarPoint(geometry.current);
  }, [controller, model, specs, selection, zoom, held, width, height, boxHeight, tallerBy, trace, focusedBurst, names]);

  useEffect(() => controller.addView(redraw), [controller, redraw]);

  // ---- window controls ----
  const zoomBy = (steps: number) => setZoom(Math.min(MAX_WINDOW, Math.max(MIN_WINDOW, niceStep(windowRef.current, steps))));
  const pinNow = (): HeldAt => ({ t: controller.live.now, at: FOLLOW_AT });
  const hold = () => setHeld(pinNow());
  const follow = () => setHeld(null);
  const pan = (fraction: number) => {
    const pin = held ?? pinNow();
    setHeld({ t: pin.t + fraction * windowRef.current, at: pin.at });
  };

  const onWheel = (e: WheelEvent<HTMLCanvasElement>) => {
    if (e.deltaY === 0) return;
    zoomBy(e.deltaY > 0 ? 1 : -1);
  };
  const drag = useRef<{ x: number; pin: HeldAt; moved: boolean } | null>(null);
  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    drag.current = { x: e.clientX, pin: held ?? pinNow(), moved: false };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    if (!d) {
      // Not dragging: say which burst is under the pointer, and its route.
      const g = geometry.current;
      const box = e.currentTarget.getBoundingClientRect();
      const hit = g ? barAt(g, e.clientX - box.left, e.clientY - box.top) : null;
      setHovered(hit ? barWords(hit.reservation, model.paths.find(hit.reservation.id), names) : null);
      return;
    }
    const innerW = Math.max(1, width - GANTT_MARGIN.left - GANTT_MARGIN.right);
    const dx = e.clientX - d.x;
    // Three pixels make a drag; less is a click (a held view still pans by it).
    if (Math.abs(dx) >= 3) d.moved = true;
    if (!d.moved && held === null) return;
    setHeld({ t: d.pin.t - (dx / innerW) * windowRef.current, at: d.pin.at });
  };
  const onPointerUp = (e: PointerEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    drag.current = null;
    if (!d || d.moved || e.type !== 'pointerup') return;
    // A click (no drag) on a bar selects its burst: its hops and wavelengths show below.
    const g = geometry.current;
    const box = e.currentTarget.getBoundingClientRect();
    const hit = g ? barAt(g, e.clientX - box.left, e.clientY - box.top) : null;
    if (hit) {
      setFocusedBurst(hit.reservation.id);
      setBurstFromLog(false);
    }
  };
  const focusedWords = focusedBurst >= 0 ? burstRouteWords(focusedBurst, model.paths.find(focusedBurst), names) : null;
  const caption = hovered ?? (focusedWords && burstFromLog && !hops ? `From the log: ${focusedWords}` : null);
  const keys = {
    ArrowLeft: () => pan(-0.25),
    ArrowRight: () => pan(0.25),
    ...zoomKeys(zoomBy),
    Escape: follow,
  };

  // Faster than the window can be followed: say what to do.
  const tooFast = held === null && phase === 'running' && speed / 30 > shownWindow;

  const hist = summary?.histograms;
  const byteBars = useMemo(() => histogramBars(hist?.burstBytes as never, formatPow2Bytes, ''), [hist?.burstBytes]);
  const segBars = useMemo(() => histogramBars(hist?.segmentsPerBurst as never, formatPlain, 'packets'), [hist?.segmentsPerBurst]);

  if (options.length === 0) {
    return (
      <div className="live-view channel-area" data-testid="channel-area">
        <p className="area-pending">This network has no fiber link: there are no wavelengths to show.</p>
      </div>
    );
  }

  return (
    <div className="live-view channel-area" data-testid="channel-area">
      <div className="live-view-toolbar channel-toolbar" role="group" aria-label="Channel view controls">
        <label className="live-view-pick">
          <span>Show</span>
          <select value={selection} onChange={(e) => setPicked(e.target.value)} data-testid="channel-picker">
            <OptionGroup label="Fiber link, one direction" options={options.filter((o) => o.group === 'link')} />
            {options.some((o) => o.group === 'node') && (
              <OptionGroup label="Core node" options={options.filter((o) => o.group === 'node')} />
            )}
          </select>
        </label>
        <ZoomButtons
          label="Time window"
          inWords="shorter window"
          outWords="longer window"
          shown={formatDuration(shownWindow)}
          zoomed={zoom !== null}
          testIds="channel"
          onZoom={zoomBy}
          onAuto={() => setZoom(null)}
        />
        <div className="live-view-buttons" role="group" aria-label="Follow or hold">
          {held !== null && (
            <button type="button" onClick={() => pan(-0.5)} aria-label="Earlier" data-testid="channel-earlier">
              ◀
            </button>
          )}
          <button
            type="button"
            className={held !== null ? 'primary' : ''}
            aria-pressed={held !== null}
            onClick={held !== null ? follow : hold}
            data-testid="channel-hold"
          >
            {held !== null ? 'Follow now' : 'Hold'}
          </button>
          {held !== null && (
            <button type="button" onClick={() => pan(0.5)} aria-label="Later" data-testid="channel-later">
              ▶
            </button>
          )}
        </div>
        {/* Floats over the row below while there is a burst to name: a line of its own would
            take the histograms' height at 720 px (e2e/legibility.spec.ts). */}
        {caption && (
          <span className="channel-burst" data-testid="channel-burst" aria-live="polite">
            {caption}
          </span>
        )}
        {tooFast && (
          <span className="live-view-hint" data-testid="channel-hint">
            Too fast to follow: Hold, or slow the run down.
          </span>
        )}
      </div>
      <ul className="live-view-legend" aria-label="Channel view legend">
        {CLASS_NAMES.map((name, i) => (
          <li key={name}>
            <svg width={22} height={14} aria-hidden="true">
              <rect x={1} y={1} width={20} height={12} fill={CLASS_COLORS[i]} />
            </svg>
            {name}
          </li>
        ))}
        <li>
          <svg width={22} height={14} aria-hidden="true">
            <pattern id="legend-hatch" width={6} height={6} patternUnits="userSpaceOnUse">
              <path d="M0 6 L6 0" stroke={MARK_COLORS.hatch} strokeWidth={1.4} />
            </pattern>
            <rect x={1} y={1} width={20} height={12} fill="url(#legend-hatch)" stroke="#bbb" />
          </svg>
          <Term id="void">void</Term>
        </li>
        <li>
          <svg width={22} height={16} aria-hidden="true">
            <rect x={4} y={5} width={14} height={9} fill={CLASS_COLORS[0]} stroke="#000" strokeWidth={2.5} />
            <path d="M7 0 L15 0 L11 4 Z" fill="#000" />
          </svg>
          put in a void (<Term id="laucvf">LAUC-VF</Term>)
        </li>
        <li>
          <svg width={30} height={14} aria-hidden="true">
            <path d="M2 7 L2 2 L22 2 L22 13" fill="none" stroke={MARK_COLORS.fdl} strokeWidth={2} />
            <rect x={22} y={5} width={7} height={8} fill={CLASS_COLORS[0]} />
          </svg>
          <Term id="fdl">FDL</Term> delay
        </li>
        <li>
          <svg width={58} height={16} aria-hidden="true">
            <g stroke={MARK_COLORS.drop} fill="none">
              <path d="M4 3 L13 12 M13 3 L4 12" strokeWidth={2.5} />
              <path d="M23 3 L32 12 M32 3 L23 12" strokeWidth={2.5} />
              <circle cx={27.5} cy={7.5} r={7} strokeWidth={1.5} />
              <path d="M46 3 L55 12 M55 3 L46 12" strokeWidth={2.5} />
              <rect x={43} y={0.5} width={15} height={14} strokeWidth={1.5} />
            </g>
          </svg>
          dropped: <Term id="contention">no wavelength</Term> / <Term id="injectedLoss">injected</Term> / <Term id="lateDrop">late</Term>
        </li>
      </ul>
      {hops && (
        <BurstHops
          id={hops.id}
          cls={hops.cls}
          hops={hops.list}
          boxed={hops.boxed}
          fromLog={burstFromLog}
          onClose={() => {
            setFocusedBurst(-1);
            setBurstFromLog(false);
          }}
        />
      )}
      <div className="channel-body">
        <figure className="channel-gantt" ref={figureRef} data-testid="channel-gantt" data-selection={selection} data-chosen-by={chosenBy}>
          <div className="channel-gantt-box" ref={boxRef}>
            {width > 0 && height > 0 && (
              <FigureCanvas
                ref={canvasRef}
                width={width}
                height={height}
                label={`Wavelength reservations of ${options.find((o) => o.value === selection)?.label ?? ''} over time. Arrow keys move the window, + and − zoom, Escape follows now.`}
                keys={keys}
                onWheel={onWheel}
                onPointerDown={onPointerDown}
                onPointerMove={onPointerMove}
                onPointerUp={onPointerUp}
                onPointerCancel={onPointerUp}
                onPointerLeave={() => setHovered(null)}
              />
            )}
          </div>
        </figure>
        <div className="channel-hists">
          {[
            { id: 'hist-burst-bytes', title: 'Burst sizes in bytes (all links)', bars: byteBars, xTitle: 'burst size (bytes, log₂ bins)' },
            { id: 'hist-segments', title: 'Packets per TCP burst', bars: segBars, xTitle: 'packets per burst (log₂ bins)' },
          ].map((h) => (
            <Histogram key={h.id} {...h} color={CLASS_COLORS[0]} />
          ))}
        </div>
      </div>
    </div>
  );
}

/**
 * "x,y,id" of the newest bar in the window's first half (the figure's data-sample-bar), ""
 * when none: a burst old enough to have crossed its later hops, for a test or a tour to click.
 */
function sampleBarPoint(g: GanttGeometry): string {
  const middle = (g.from + g.to) / 2;
  let best: { x: number; y: number; id: number; t0: number } | null = null;
  g.tracks.forEach((t, k) => {
    const r = t?.reservations.findLast((x) => x.t0 >= g.from && x.t1 <= middle);
    const p = r ? barCenter(g, k, r) : null;
    if (r && p && (!best || r.t0 > best.t0)) best = { ...p, id: r.id, t0: r.t0 };
  });
  const b = best as { x: number; y: number; id: number } | null;
  return b ? `${Math.round(b.x)},${Math.round(b.y)},${b.id}` : '';
}

/** One group of the picker's choices (the links' directions, or the core nodes). */
function OptionGroup({ label, options }: { label: string; options: ReadonlyArray<{ value: string; label: string }> }) {
  return (
    <optgroup label={label}>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </optgroup>
  );
}
