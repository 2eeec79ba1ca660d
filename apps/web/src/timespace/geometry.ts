/**
 * The time-space diagram's geometry, pure: from the path (pathSpec.ts), the bursts' stories
 * (timeSpaceModel.ts) and the window of simulated time shown, everything the canvas draws,
 * in pixels: columns, BHP lines, burst bands, each core's processing and switch set-up, the
 * wavelength held (JET or JIT), FDL delays, drops, deflections, cuts, the offsets at the
 * ingress, and the labels that fit.
 *
 * Time runs down: y grows with simulated time. Nothing is drawn later than `now` (a BHP
 * is known to reach the next core before it does; the diagram shows it getting there).
 * Marks of a decision (a drop, a deflection) are drawn where they happen once decided.
 */
import { layoutLabels, nowLabelBox, type Box, type LabelRequest, type PlacedLabel } from './labelLayout';
import type { PathSpec } from './pathSpec';
import type { BurstStory } from './timeSpaceModel';

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Simulated time → y (px) over the window [from, to]. */
export function timeToY(t: number, from: number, to: number, plot: Rect): number {
  return plot.top + ((t - from) / (to - from)) * plot.height;
}

/** The columns' x (px): the outer ones `inset` in from the plot's sides, the rest evenly between. */
export function columnXs(n: number, plot: Rect, inset: number): number[] {
  if (n <= 1) return [plot.left + plot.width / 2];
  const span = Math.max(0, plot.width - 2 * inset);
  return Array.from({ length: n }, (_, i) => plot.left + inset + (i * span) / (n - 1));
}

// ---- the window ----

/** Window lengths the view steps through, times a power of ten. */
const STEPS = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8];

/** The step at or above x (x > 0). */
export function stepCeil(x: number): number {
  const p = Math.pow(10, Math.floor(Math.log10(x)));
  for (const m of [...STEPS, 10]) if (m * p >= x * (1 - 1e-9)) return m * p;
  return 10 * p;
}

/** The zoom's next window: the 1-2-5 value just above x (+1, more time) or just below it (-1). */
export function stepWindow(x: number, dir: 1 | -1): number {
  const p = Math.pow(10, Math.floor(Math.log10(x)) - 1);
  const ladder = [1, 2, 5, 10, 20, 50, 100, 200, 500].map((m) => m * p);
  if (dir > 0) return ladder.find((v) => v > x * (1 + 1e-9)) ?? 1000 * p;
  return [...ladder].reverse().find((v) => v < x * (1 - 1e-9)) ?? p / 2;
}

export const MIN_WINDOW = 1e-6;
export const MAX_WINDOW = 10;

/**
 * The window that shows a BHP and its burst crossing the path's longest hop, offset and
 * burst included, with a quarter to spare, rounded up to a step: the recent past, large
 * enough to see the offset, the processing and the burst cut through (or be dropped)
 * at a core, short enough for them to be seen on a projector. Zooming out shows more.
 */
export function autoWindow(spec: PathSpec, offset: number, longestBurst: number): number {
  const hop = spec.hops.reduce((a, h) => Math.max(a, h.delay), 0);
  const cores = spec.columns.filter((c) => c.kind === 'core').length;
  // Before the first burst: the offset a JET edge would choose, roughly.
  const lead = offset > 0 ? offset : cores * spec.controlProcessing;
  const w = 1.25 * (hop + lead + longestBurst);
  return Math.min(MAX_WINDOW, Math.max(MIN_WINDOW, stepCeil(w > 0 ? w : 1e-3)));
}

/**
 * The interval shown: following the run, `now` near the bottom (a twelfth of the window
 * below it), never before t = 0 (the first moments fill the diagram down from the top).
 */
export function windowAt(now: number, length: number): [number, number] {
  const to = Math.max(length, now + length / 12);
  return [to - length, to];
}

// ---- time ticks ----

export interface Tick {
  t: number;
  y: number;
  text: string;
}

/** Ticks at a 1-2-5 step at least `minGapPx` apart, labelled in the window's unit. */
export function timeTicks(from: number, to: number, plot: Rect, minGapPx: number): Tick[] {
  const span = to - from;
  if (!(span > 0) || plot.height <= 0) return [];
  const raw = (span * minGapPx) / plot.height;
  const p = Math.pow(10, Math.floor(Math.log10(raw)));
  const step = [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw * (1 - 1e-9)) ?? 10 * p;
  const out: Tick[] = [];
  const first = Math.ceil(from / step - 1e-9) * step;
  for (let t = first; t <= to + step * 1e-9; t += step) {
    const tt = Math.abs(t) < step * 1e-9 ? 0 : t;
    out.push({ t: tt, y: timeToY(tt, from, to, plot), text: formatTick(tt, step, to) });
  }
  return out;
}

/** A tick's words: in µs, ms or s (by the window's end), with the decimals the step needs. */
export function formatTick(t: number, step: number, end: number): string {
  const [unit, scale] = end < 1e-3 ? ['µs', 1e6] : end < 1 ? ['ms', 1e3] : ['s', 1];
  const decimals = Math.max(0, Math.min(9, -Math.floor(Math.log10(step * scale) + 1e-9)));
  return `${(t * scale).toFixed(decimals)} ${unit}`;
}

/** A duration the diagram labels, to five significant digits: "1.0015 ms", "11.5 µs", "0.5 µs". */
export function formatSpan(seconds: number): string {
  const a = Math.abs(seconds);
  const [unit, scale] = a >= 1 ? ['s', 1] : a >= 1e-3 ? ['ms', 1e3] : a >= 1e-7 || a === 0 ? ['µs', 1e6] : ['ns', 1e9];
  return `${Number((seconds * scale).toPrecision(5))} ${unit}`;
}

/** A moment, to the precision the diagram's labels use: "9.2005 ms", "12.3456 s". */
export function formatAt(t: number): string {
  if (Math.abs(t) < 1) return `${Number((t * 1e3).toFixed(4))} ms`;
  return `${Number(t.toFixed(7))} s`;
}

// ---- what is drawn ----

/** A BHP between two columns (clipped at now). */
export interface SceneLine {
  id: number;
  cls: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** True if it reached the far column by now. */
  arrived: boolean;
}

/** A burst between two columns, or a deflection's way round (dashed): a polygon. */
export interface SceneBand {
  id: number;
  cls: number;
  points: Array<[number, number]>;
  /** Off the path: a deflected burst's way out and back. */
  detour: boolean;
}

export type IntervalKind = 'processing' | 'setup' | 'hold' | 'fdl';

/** A stretch of time at one column: a BHP processed, a switch set, a wavelength held, an FDL. */
export interface SceneInterval {
  id: number;
  cls: number;
  kind: IntervalKind;
  column: number;
  /** Centre of the bar, px. */
  x: number;
  y0: number;
  y1: number;
  /** Hold only: where the burst's first bit arrives (the part before it is held idle). */
  busyFrom?: number;
}

export type MarkKind = 'drop' | 'cut' | 'deflect';

export interface SceneMark {
  id: number;
  cls: number;
  kind: MarkKind;
  x: number;
  y: number;
  /** Drop: 0 injected, 1 contention, 2 late. */
  reason: number;
}

/** The offset at the ingress: between the BHP leaving and the burst's first bit leaving. */
export interface SceneOffset {
  id: number;
  cls: number;
  x: number;
  y0: number;
  y1: number;
  /** The engine's offset for the burst (BurstFormed's value), seconds. */
  offset: number;
  /** Which side of the column the bracket is on (away from where the lines go). */
  side: 1 | -1;
}

export interface SceneColumn {
  x: number;
  id: string;
  kind: string;
}

export interface Scene {
  columns: SceneColumn[];
  lines: SceneLine[];
  bands: SceneBand[];
  intervals: SceneInterval[];
  marks: SceneMark[];
  offsets: SceneOffset[];
  labels: PlacedLabel[];
  /** The y of now, px. */
  nowY: number;
  /** Bursts on screen (each with its BHP and marks), and those left out by sampling. */
  shown: number;
  hidden: number;
  /** 1 when every burst is drawn, else one burst in `every`. */
  every: number;
  /** The burst whose offset, processing and set-up are labelled, -1 if none. */
  featured: number;
}

export interface SceneInput {
  spec: PathSpec;
  stories: Iterable<BurstStory>;
  from: number;
  to: number;
  now: number;
  plot: Rect;
  /** Outer columns' distance from the plot's sides, px. */
  inset: number;
  /** The burst to label (hovered, picked, stepped to); -1: the latest sent along the path. */
  featured: number;
  /** More bursts than this in the window: one in k is drawn (every drop, deflection and cut kept). */
  maxShown: number;
  textPx: number;
  measure: (text: string) => number;
  /** Where labels may go (the plot, and the room beside it). */
  labelBounds: Box;
  obstacles?: readonly Box[];
  /** Thinnest band and interval drawn, px: a 12 µs burst in a 15 ms window is less than a pixel. */
  minPx?: number;
}

const CLASS_WORD = ['data', 'ACK', 'background'];
export const DROP_WORDS = ['injected', 'contention', 'late'] as const;

/** Keeps one burst in `every` by a hash of its id, so the sample does not follow a class's rhythm. */
export function sampledIn(id: number, every: number): boolean {
  if (every <= 1) return true;
  // murmur3's finaliser: every bit of the id moves the low bits (a plain multiply keeps
  // id mod 4, so with data and ACK bursts alternating one class would be left out).
  let h = id | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) % every === 0;
}

/** Sutherland–Hodgman against one half-plane: the polygon's part with t <= tMax. Points are [x, t]. */
export function clipUpTo(points: ReadonlyArray<[number, number]>, tMax: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let i = 0; i < points.length; i++) {
    const a = points[i];
    const b = points[(i + 1) % points.length];
    const aIn = a[1] <= tMax;
    const bIn = b[1] <= tMax;
    if (aIn) out.push(a);
    if (aIn !== bIn) {
      const f = (tMax - a[1]) / (b[1] - a[1]);
      out.push([a[0] + f * (b[0] - a[0]), tMax]);
    }
  }
  return out;
}

/** The whole scene. */
export function buildScene(input: SceneInput): Scene {
  const { spec, from, to, now, plot } = input;
  const minPx = input.minPx ?? 4;
  const xs = columnXs(spec.columns.length, plot, input.inset);
  const pxPerS = plot.height / (to - from);
  const y = (t: number) => timeToY(t, from, to, plot);
  const upTo = Math.min(now, to);
  const gapX = xs.length > 1 ? xs[1] - xs[0] : plot.width / 2;

  // Which bursts show: those with something in [from, now].
  const visible: BurstStory[] = [];
  for (const s of input.stories) if (storyInWindow(s, spec, from, upTo)) visible.push(s);
  const notable = (s: BurstStory) => s.drop !== null || s.deflections.length > 0 || s.cuts.length > 0 || s.id === input.featured;
  const every = visible.length > input.maxShown ? Math.ceil(visible.length / input.maxShown) : 1;
  const shownStories = every > 1 ? visible.filter((s) => notable(s) || sampledIn(s.id, every)) : visible;
  const featured = pickFeatured(shownStories, input.featured);

  const scene: Scene = {
    columns: spec.columns.map((c, i) => ({ x: xs[i], id: c.id, kind: c.kind })),
    lines: [],
    bands: [],
    intervals: [],
    marks: [],
    offsets: [],
    labels: [],
    nowY: y(upTo),
    shown: shownStories.length,
    hidden: visible.length - shownStories.length,
    every,
    featured: featured?.id ?? -1,
  };
  const requests: LabelRequest[] = [];
  /** The labelled burst's moments at the cores: placed after every other word, where room is left. */
  const moments: LabelRequest[] = [];
  const near = (hop: number, back: boolean) => (back ? hop + 1 : hop);
  const far = (hop: number, back: boolean) => (back ? hop : hop + 1);

  for (const s of shownStories) {
    const isFeatured = s === featured;
    // BHPs: a line from the near column (leaving) to the far one (arriving), up to now.
    for (const b of s.bhps) {
      if (b.t0 > upTo) continue;
      const xa = xs[near(b.hop, b.back)];
      const xb = xs[far(b.hop, b.back)];
      const arrived = b.t1 <= upTo;
      const f = arrived ? 1 : (upTo - b.t0) / (b.t1 - b.t0);
      scene.lines.push({ id: s.id, cls: s.cls, x0: xa, y0: y(b.t0), x1: xa + f * (xb - xa), y1: y(arrived ? b.t1 : upTo), arrived });
      const column = far(b.hop, b.back);
      if (arrived && spec.columns[column].kind === 'core') {
        // At a core: processing, then the switch's set-up.
        const cp = spec.controlProcessing;
        const setup = spec.columns[column].setupTime;
        const p0 = b.t1;
        const p1 = b.t1 + cp;
        pushInterval(scene, s, 'processing', column, xs[column], y(p0), y(Math.min(p1, upTo)), minPx);
        // No set-up where the burst was dropped: the core never switched for it.
        const switched = !(s.drop && s.drop.column === column);
        if (setup > 0 && p1 <= upTo && switched)
          pushInterval(scene, s, 'setup', column, xs[column], y(p1), y(Math.min(p1 + setup, upTo)), minPx);
        if (isFeatured && cp > 0) {
          requests.push({
            key: `processing:${column}`,
            text: `processing ${formatSpan(cp)}`,
            x: xs[column],
            y: (y(p0) + y(Math.min(p1, upTo))) / 2,
            priority: 2,
            prefer: b.back ? -1 : 1,
            clear: 6,
          });
          // From when the BHP came in to when the core was done with it: the moments a
          // lesson reads off the diagram ("reached C1 at 9.2 ms … done at 10.2005 ms"),
          // which the time axis gives only to its ticks. One label, read in order.
          moments.push({
            key: `moments:${column}`,
            text: p1 <= upTo ? `${formatAt(p0)} → ${formatAt(p1)}` : `from ${formatAt(p0)}`,
            x: xs[column],
            y: (y(p0) + y(Math.min(p1, upTo))) / 2,
            priority: 1,
            prefer: b.back ? -1 : 1,
            clear: 6,
          });
          if (setup > 0 && p1 <= upTo && switched)
            requests.push({
              key: `setup:${column}`,
              text: `set-up ${formatSpan(setup)}`,
              x: xs[column],
              y: y(p1) + minPx / 2,
              priority: 6,
              prefer: b.back ? -1 : 1,
              clear: 6,
            });
        }
      }
    }
    if (isFeatured) {
      const first = s.bhps.find((b) => b.t0 <= upTo);
      if (first) {
        const line = scene.lines.find((l) => l.id === s.id);
        if (line)
          requests.push({
            key: 'bhp',
            text: 'BHP',
            x: (line.x0 + line.x1) / 2,
            y: (line.y0 + line.y1) / 2,
            priority: 4,
            prefer: first.back ? -1 : 1,
          });
      }
    }

    // Bursts: a band from the near column (first to last bit leaving) to the far one.
    let labelledBand = false;
    for (const b of s.bands) {
      if (b.t0 > upTo) continue;
      const hop = spec.hops[b.hop];
      const na = near(b.hop, b.back);
      const fa = far(b.hop, b.back);
      const xa = xs[na];
      const xb = xs[fa];
      const t1 = Math.max(b.t1, b.t0 + minPx / pxPerS);
      const polygon = clipUpTo(
        [
          [xa, b.t0],
          [xb, b.t0 + hop.delay],
          [xb, t1 + hop.delay],
          [xa, t1],
        ],
        upTo,
      );
      if (polygon.length >= 3) {
        scene.bands.push({ id: s.id, cls: s.cls, points: polygon.map(([px, t]) => [px, y(t)]), detour: false });
        if (isFeatured && !labelledBand) {
          labelledBand = true;
          const mid = polygon.reduce((a, p) => [a[0] + p[0] / polygon.length, a[1] + p[1] / polygon.length], [0, 0]);
          requests.push({
            key: 'burst',
            text: `${CLASS_WORD[s.cls] ?? ''} burst ${s.id}`.trim(),
            x: mid[0],
            y: y(mid[1]),
            priority: 5,
            prefer: b.back ? 1 : -1,
          });
        }
      }
      // The wavelength held at a core for it: JIT from the end of the BHP's processing
      // (plus the FDL delay), JET from the burst's first bit.
      if (spec.columns[na].kind === 'core') {
        const bhp = s.bhps.find((c) => far(c.hop, c.back) === na);
        const jitFrom = bhp ? bhp.t1 + spec.controlProcessing + b.fdl : b.t0;
        const holdFrom = spec.reservation === 'jit' ? Math.min(jitFrom, b.t0) : b.t0;
        if (holdFrom <= upTo) {
          const dir = b.back ? -1 : 1;
          const x = xa + dir * 9;
          const y1 = y(Math.min(t1, upTo));
          scene.intervals.push({
            id: s.id,
            cls: s.cls,
            kind: 'hold',
            column: na,
            x,
            y0: y(holdFrom),
            y1: Math.max(y1, y(holdFrom) + minPx),
            busyFrom: y(Math.min(b.t0, upTo)),
          });
          if (isFeatured) {
            requests.push({
              key: `hold:${na}`,
              text: `λ held (${spec.reservation.toUpperCase()})`,
              x: x + dir * 3,
              y: y(holdFrom),
              priority: 3,
              prefer: dir,
              clear: 2,
            });
          }
        }
      }
      // An FDL at the near core: the burst waited there from its arrival to its leaving.
      if (b.fdl > 0 && b.t0 - b.fdl <= upTo) {
        pushInterval(scene, s, 'fdl', na, xa, y(b.t0 - b.fdl), y(Math.min(b.t0, upTo)), minPx);
        requests.push({
          key: `fdl:${s.id}:${na}`,
          text: `FDL ${formatSpan(b.fdl)}`,
          x: xa,
          y: y(b.t0 - b.fdl / 2),
          priority: 1.5,
          prefer: b.back ? 1 : -1,
          clear: 6,
        });
      }
    }

    // The offset, at the column it was sent from: BHP leaving to first bit leaving.
    if (s.formed && s.formed.column >= 0) {
      const bhp = s.bhps.find((b) => near(b.hop, b.back) === s.formed!.column);
      const band = s.bands.find((b) => near(b.hop, b.back) === s.formed!.column);
      if (bhp && band && bhp.t0 <= upTo) {
        const side: 1 | -1 = bhp.back ? 1 : -1;
        const x = xs[s.formed.column] + side * 9;
        const y0 = y(bhp.t0);
        const y1 = y(Math.min(band.t0, upTo));
        scene.offsets.push({ id: s.id, cls: s.cls, x, y0, y1, offset: s.formed.offset, side });
        if (isFeatured) {
          requests.push({
            key: 'offset',
            text: `offset ${formatSpan(s.formed.offset)}`,
            x: x + side * 4,
            y: (y0 + y1) / 2,
            priority: 1,
            prefer: side,
            clear: 2,
          });
        }
      }
    }

    // A deflection: out of the path at one column, back at another (or gone).
    const outs = s.side.filter((h) => h.leaving);
    for (const o of outs) {
      if (o.t0 > upTo) continue;
      const back = s.side.find((h) => !h.leaving && h.t0 >= o.t0);
      const xa = xs[o.column];
      let polygon: Array<[number, number]>;
      if (back) {
        const xb = xs[back.column];
        polygon = [
          [xa, o.t0],
          [xb, back.t0],
          [xb, Math.max(back.t1, back.t0 + minPx / pxPerS)],
          [xa, Math.max(o.t1, o.t0 + minPx / pxPerS)],
        ];
      } else {
        // Leaves for good: a stub towards the side, as far as it goes in its link's delay.
        const dir = o.column < xs.length - 1 ? 1 : -1;
        const xb = xa + dir * gapX * 0.45;
        const d = o.delay > 0 ? o.delay : (to - from) / 20;
        polygon = [
          [xa, o.t0],
          [xb, o.t0 + d],
          [xb, Math.max(o.t1, o.t0 + minPx / pxPerS) + d],
          [xa, Math.max(o.t1, o.t0 + minPx / pxPerS)],
        ];
      }
      const clipped = clipUpTo(polygon, upTo);
      if (clipped.length >= 3) scene.bands.push({ id: s.id, cls: s.cls, points: clipped.map(([px, t]) => [px, y(t)]), detour: true });
      const via = back && back.other !== o.other ? `${o.other} … ${back.other}` : o.other;
      scene.marks.push({ id: s.id, cls: s.cls, kind: 'deflect', x: xa, y: y(o.t0), reason: 0 });
      requests.push({
        key: `deflect:${s.id}:${o.column}`,
        text: `deflected via ${via}`,
        x: xa,
        y: y(o.t0),
        priority: 0.5,
        prefer: back && back.column < o.column ? -1 : 1,
        clear: 8,
      });
    }

    // Cut short at a core: what went on is the band after it.
    for (const c of s.cuts) {
      if (c.t > upTo) continue;
      const band = s.bands.find((b) => near(b.hop, b.back) === c.column && b.t0 >= c.t);
      const t = band ? band.t0 : c.t;
      const yy = y(Math.min(t, upTo));
      scene.marks.push({ id: s.id, cls: s.cls, kind: 'cut', x: xs[c.column], y: yy, reason: 0 });
      const what = s.cls === 1 ? 'ACK' : 'segment';
      requests.push({
        key: `cut:${s.id}:${c.column}`,
        text: `cut: ${c.segments} ${what}${c.segments === 1 ? '' : 's'} lost`,
        x: xs[c.column],
        y: yy,
        priority: 0.5,
        clear: 8,
      });
    }

    // A drop: where the burst died, when it got there (or when it was decided, if it never did).
    if (s.drop && s.drop.t <= upTo) {
      const place = dropPlace(s, spec);
      if (place) {
        // Beside the column, on the side the burst came from: the column's bars (the BHP's
        // processing a late burst ran into) stay in sight.
        const x = xs[place.column] - place.from * 18 * Math.max(1, input.textPx / 16);
        const yy = y(place.t);
        scene.marks.push({ id: s.id, cls: s.cls, kind: 'drop', x, y: yy, reason: s.drop.reason });
        requests.push({
          key: `drop:${s.id}`,
          text: `dropped: ${DROP_WORDS[s.drop.reason] ?? 'lost'}`,
          x,
          y: yy,
          priority: 0,
          prefer: place.column === xs.length - 1 ? -1 : 1,
          clear: 10,
        });
      }
    }
  }

  // Labels never cover the marks they speak of, and keep off the labelled burst's lines where they can.
  const k = Math.max(1, input.textPx / 16);
  const marks: Box[] = [
    ...scene.intervals.map((iv) => ({ left: iv.x - 6 * k, right: iv.x + 6 * k, top: iv.y0, bottom: iv.y1 })),
    ...scene.marks.map((m) => ({ left: m.x - 11 * k, right: m.x + 11 * k, top: m.y - 11 * k, bottom: m.y + 11 * k })),
    ...scene.offsets.map((o) => ({ left: o.x - 6 * k, right: o.x + 6 * k, top: Math.min(o.y0, o.y1), bottom: Math.max(o.y0, o.y1) })),
  ];
  const segments: Array<[number, number, number, number]> = [];
  if (featured) {
    for (const l of scene.lines) if (l.id === featured.id) segments.push([l.x0, l.y0, l.x1, l.y1]);
    for (const b of scene.bands) {
      if (b.id !== featured.id) continue;
      b.points.forEach((p, i) => {
        const q = b.points[(i + 1) % b.points.length];
        segments.push([p[0], p[1], q[0], q[1]]);
      });
    }
  }
  const layout = { textPx: input.textPx, measure: input.measure, bounds: input.labelBounds, segments };
  scene.labels = layoutLabels(requests, { ...layout, obstacles: [...(input.obstacles ?? []), ...marks] });
  // The moments come last: they take no place of the words above, nor the now line's own
  // (drawn after the labels, at the line's right end when it is free: nowLabelBox).
  const plotBox = { left: plot.left, top: plot.top, right: plot.left + plot.width, bottom: plot.top + plot.height };
  // (The now line's words are bold: a tenth wider.)
  const nowWords = nowLabelBox(scene.nowY, 1.1 * input.measure(`now ${formatAt(now)}`), input.textPx, plotBox, []);
  scene.labels.push(
    ...layoutLabels(moments, { ...layout, obstacles: [...(input.obstacles ?? []), ...marks, ...scene.labels.map((l) => l.box), nowWords] }),
  );
  return scene;
}

function pushInterval(
  scene: Scene,
  s: BurstStory,
  kind: IntervalKind,
  column: number,
  x: number,
  y0: number,
  y1: number,
  minPx: number,
): void {
  scene.intervals.push({ id: s.id, cls: s.cls, kind, column, x, y0, y1: Math.max(y1, y0 + minPx) });
}

/** True if anything of the burst falls in [from, upTo]. */
export function storyInWindow(s: BurstStory, spec: PathSpec, from: number, upTo: number): boolean {
  if (s.last < from) return false;
  const hits = (a: number, b: number) => a <= upTo && b >= from;
  for (const b of s.bhps) if (hits(b.t0, b.t1 + spec.controlProcessing)) return true;
  for (const b of s.bands) if (hits(b.t0 - b.fdl, b.t1 + spec.hops[b.hop].delay)) return true;
  for (const h of s.side) if (hits(h.t0, h.t1 + h.delay)) return true;
  if (s.drop && hits(s.drop.t, s.drop.t)) return true;
  return false;
}

/**
 * The burst the labels speak of: the one asked for if it is drawn; else the latest whose
 * BHP left the path's first column (data before ACK before background); else the latest.
 */
function pickFeatured(stories: readonly BurstStory[], asked: number): BurstStory | null {
  if (asked >= 0) {
    const s = stories.find((x) => x.id === asked);
    if (s) return s;
  }
  const sentHere = stories.filter((s) => s.formed !== null && s.formed.column >= 0 && s.bhps.length > 0);
  const pool = sentHere.length > 0 ? sentHere : stories.filter((s) => s.bhps.length > 0 || s.bands.length > 0);
  let best: BurstStory | null = null;
  const rank = (s: BurstStory) => [s.formed?.column === 0 ? 0 : 1, s.cls, -(s.formed?.t ?? s.bhps[0]?.t0 ?? s.bands[0]?.t0 ?? 0)];
  for (const s of pool) {
    if (!best) {
      best = s;
      continue;
    }
    const a = rank(s);
    const b = rank(best);
    for (let k = 0; k < a.length; k++) {
      if (a[k] === b[k]) continue;
      if (a[k] < b[k]) best = s;
      break;
    }
  }
  return best;
}

/**
 * Where a dropped burst's cross goes: at the column where it was lost, at the moment its
 * first bit got there (a late burst arrives before its BHP was processed: the cross sits
 * level with the processing); a burst lost on a fiber (its own loss), at the fiber's far
 * end. `from`: the side it came from (1 from the left, -1 from the right, 0 unknown).
 */
export function dropPlace(s: BurstStory, spec: PathSpec): { column: number; t: number; from: -1 | 0 | 1 } | null {
  const d = s.drop;
  if (!d) return null;
  const hop = spec.hopOfLink.get(d.link);
  if (hop !== undefined) {
    const onIt = s.bands.find((b) => b.hop === hop && (b.back ? 1 - spec.hops[hop].forwardDir : spec.hops[hop].forwardDir) === d.dir);
    if (onIt) {
      // Lost on the fiber it had a wavelength on: at the far end, when it would have arrived.
      return { column: onIt.back ? hop : hop + 1, t: onIt.t0 + spec.hops[hop].delay, from: onIt.back ? -1 : 1 };
    }
  }
  if (d.column < 0) return null;
  const arriving = s.bands.find((b) => (b.back ? b.hop : b.hop + 1) === d.column);
  if (arriving) return { column: d.column, t: arriving.t0 + spec.hops[arriving.hop].delay, from: arriving.back ? -1 : 1 };
  const side = s.side.find((h) => !h.leaving && h.column === d.column);
  if (side) return { column: d.column, t: side.t0, from: 0 };
  return { column: d.column, t: d.t, from: 0 };
}

/** The burst drawn under (x, y), or -1: a band first, then a BHP line within `tolerance` px. */
export function burstAt(scene: Scene, x: number, y: number, tolerance = 6): number {
  for (let i = scene.bands.length - 1; i >= 0; i--) {
    const b = scene.bands[i];
    if (pointInPolygon(x, y, b.points) || distanceToPolygon(x, y, b.points) <= tolerance / 2) return b.id;
  }
  let best = -1;
  let bestD = tolerance;
  for (const l of scene.lines) {
    const d = distanceToSegment(x, y, l.x0, l.y0, l.x1, l.y1);
    if (d <= bestD) {
      bestD = d;
      best = l.id;
    }
  }
  return best;
}

function pointInPolygon(x: number, y: number, pts: ReadonlyArray<[number, number]>): boolean {
  let inside = false;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const [xi, yi] = pts[i];
    const [xj, yj] = pts[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function distanceToPolygon(x: number, y: number, pts: ReadonlyArray<[number, number]>): number {
  let d = Infinity;
  for (let i = 0; i < pts.length; i++) {
    const [x0, y0] = pts[i];
    const [x1, y1] = pts[(i + 1) % pts.length];
    d = Math.min(d, distanceToSegment(x, y, x0, y0, x1, y1));
  }
  return d;
}

export function distanceToSegment(x: number, y: number, x0: number, y0: number, x1: number, y1: number): number {
  const dx = x1 - x0;
  const dy = y1 - y0;
  const len2 = dx * dx + dy * dy;
  const f = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((x - x0) * dx + (y - y0) * dy) / len2));
  return Math.hypot(x - (x0 + f * dx), y - (y0 + f * dy));
}
