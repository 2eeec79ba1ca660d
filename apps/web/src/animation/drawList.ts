/**
 * The pure half of the animation: the model's travellers and flashes, the geometry and the
 * clocks in, a draw list of primitives out, in five passes (lanes, the log's pick, what is
 * in flight, packets or their summary, drop flashes). Nothing is guessed: a thing is drawn
 * where its event says it is at the simulated time `now`.
 *
 * Beside it: drawPools.ts (primitives recycled between frames), laneRuns.ts (touching
 * bars merged), packetSummary.ts (packets too many to follow), overlayLabels.ts (labels
 * kept apart and inside), alongLink.ts (points along a link).
 */
import { EventKind } from '../sim/visualStore';
import { flowColor } from '../theme';
import { barSpanInto, fractionAlong, laneOffset, pointAt, type Geometry } from './geometry';
import { flashLook, type AnimationModel, type FlashColor, type FlashPlace } from './animationModel';
import {
  burstColor,
  CONTROL_COLOR,
  CUT_COLOR,
  CUT_DASH,
  DEFLECT_COLOR,
  DROP_COLOR,
  LANE_COLOR,
  DESK_MARKS,
  BHP_EDGE,
  BHP_FILL,
  bhpHalf,
  burstThickness,
  packetColor,
  BUSY_COLOR,
  FOCUS_COLOR,
  FOCUS_RING_COLOR,
  TCP_EVENT_COLOR,
} from './style';
import { formatLogTime } from '../log/describe';
import type { DrawList, LabelPrim, RingPrim } from './drawPrimitives';
import { alongX, alongY } from './alongLink';
import { line, mark, poolsOf, refill, type Pools } from './drawPools';
import { LaneRuns } from './laneRuns';
import { keepInside, labelBox, overlaps, separateLabels, settleLabels, type Box } from './overlayLabels';
import { drawSummary, summarisePackets } from './packetSummary';
import { burstsTooFast, sampleProgress } from './burstSamples';
import { placeAlong } from './alongLink';

// Module-level copies of imported values: the hot loop must not go through the import
// bindings (dev servers and test runners turn each into a property getter).
const BURST_ON_LINK = EventKind.BurstOnLink;
const CONTROL_PACKET = EventKind.ControlPacket;
const PACKET_ON_LINK = EventKind.PacketOnLink;
const CLASS_COLOR = [burstColor(0), burstColor(1), burstColor(2)];
const FLOW_COLOR = Array.from({ length: 64 }, (_, i) => flowColor(i));
const spanInto = barSpanInto;
const xAlong = alongX;
const yAlong = alongY;
const newMark = mark;

export interface DrawOptions {
  /** Simulated seconds (controller.live.now). */
  now: number;
  /** Wall seconds (performance.now() / 1000). */
  wall: number;
  /** More than one flow: bursts get a stripe in the colour of their main flow. */
  flowStripes: boolean;
  /** Size of the drawing (CSS px): labels are kept inside it. */
  width?: number;
  height?: number;
  /** What the user picked in the event log: marked where it happened. */
  focus?: FocusMark | null;
  /**
   * The speed the user chose (simulated s per wall s; Infinity = as fast as possible).
   * At full speed links are drawn as busy lanes from the first frame, before the measured
   * speed (half a second of clock readings) catches up.
   */
  chosenSpeed?: number;
  /**
   * The run stands still (paused, finished): whatever the speed was, what is in flight at
   * `now` is drawn where it is, burst by burst, not as busy lanes or samples.
   */
  paused?: boolean;
  /** Boxes over the drawing that labels keep off (the sampled bursts' caption where it shows). */
  keepClear?: readonly Box[];
}

/** The part of the log's focus (sim/focusStore.ts) the network can show. */
export interface FocusMark {
  time: number;
  /** Node index, -1 if none. */
  node: number;
  /** Link index and direction, -1 if none. */
  link: number;
  dir: number;
  /** Who pointed at it (focusStore's source: 'log', 'lesson', 'step', …): the mark's words say so. */
  source?: string;
}

/**
 * The words under the mark. "picked in the log" only when someone picked it there: a
 * lesson's pause or a Next event step marks its moment with nothing picked anywhere.
 */
export function focusLabel(source: string | undefined, time: string): string {
  switch (source) {
    case 'log':
      return `picked in the log: ${time}`;
    case 'channel':
      return `picked in the channel view: ${time}`;
    case 'lesson':
      return `paused here: ${time}`;
    case 'step':
      return `this step: ${time}`;
    default:
      return `at ${time}`;
  }
}

export function emptyDrawList(): DrawList {
  return {
    lanes: [],
    bars: [],
    diamonds: [],
    squares: [],
    rings: [],
    labels: [],
    animating: false,
    stats: { bursts: 0, bhps: 0, packets: 0, summaries: 0, flashes: 0, busyLanes: 0, focus: 0, sampled: 0 },
  };
}

/**
 * The draw list of this frame. Pass the previous frame's list as `recycle` (the layer does)
 * and its bars and marks are reused instead of allocated anew: at full speed a frame can
 * hold a thousand of them, and their garbage cost collections of tens of milliseconds.
 * The recycled list is returned, refilled; do not keep it across frames.
 */
export function buildDrawList(model: AnimationModel, geom: Geometry, opts: DrawOptions, recycle?: DrawList): DrawList {
  const pools = recycle ? poolsOf(recycle) : null;
  const out = recycle ? refill(recycle, pools!) : emptyDrawList();
  const speed = opts.paused ? 0 : opts.chosenSpeed === Infinity ? Infinity : model.speed();
  const fastLink = drawLanes(out, model, geom, speed);
  if (opts.focus) markFocus(out, geom, opts.focus);
  const packetsAt = drawInFlight(out, model, geom, opts, fastLink, pools);
  drawPackets(out, model, geom, packetsAt, speed, pools);
  drawFlashes(out, model, geom, opts);
  // No label on a node, a name or another label: moved, or hidden with a line saying so.
  const clear = opts.keepClear?.length ? [...(geom.text ?? []), ...opts.keepClear] : geom.text;
  settleLabels(out.labels, geom.nodes, clear, opts.width, opts.height);
  out.animating = model.flashes.size > 0;
  return out;
}

/**
 * Pass 1, lanes: the control channel (dashed) and one thin line per wavelength, each
 * direction. Returns, per link, whether its bursts cross in less than a few frames: such
 * links are shown by how busy each lane is, not burst by burst (hundreds of bars that no
 * eye can follow would cost the page its frame rate: at full speed on paper 003's fast
 * path, long tasks of up to 100 ms).
 */
function drawLanes(out: DrawList, model: AnimationModel, geom: Geometry, speed: number): boolean[] {
  const s = geom.s;
  const links = geom.links;
  const fastLink: boolean[] = [];
  for (let li = 0; li < links.length; li++) {
    const g = links[li];
    if (!g || !g.fiber || g.len <= 0) continue;
    for (let dir = 0; dir < 2; dir++) {
      const [x1, y1] = pointAt(g, dir, 0, g.controlOffset);
      const [x2, y2] = pointAt(g, dir, 1, g.controlOffset);
      out.lanes.push({ x1, y1, x2, y2, width: 1.2, color: CONTROL_COLOR, alpha: 0.6, dash: [4 * s, 3 * s] });
      // Bursts that cross in less than a few frames are mostly never on screen at a frame's
      // time: then each lane also shows how busy it was (its share of time taken).
      const fast = burstsTooFast(g.delay, speed);
      fastLink[li] = fast;
      for (let w = 0; w < g.wavelengths; w++) {
        const off = laneOffset(g, w);
        const [lx1, ly1] = pointAt(g, dir, 0, off);
        const [lx2, ly2] = pointAt(g, dir, 1, off);
        if (w % g.laneStride === 0) out.lanes.push({ x1: lx1, y1: ly1, x2: lx2, y2: ly2, width: 1, color: LANE_COLOR, alpha: 1 });
        const busy = fast ? model.laneBusy(li, dir, w) : null;
        if (busy && busy > 0) {
          out.lanes.push({ x1: lx1, y1: ly1, x2: lx2, y2: ly2, width: g.barWidth, color: BUSY_COLOR, alpha: 0.12 + 0.5 * busy });
          out.stats.busyLanes++;
        }
      }
    }
  }
  return fastLink;
}

/**
 * Pass 3, what is in flight: burst bars (merged per lane, striped in their flow's colour)
 * and control-packet diamonds are drawn; packets are gathered per link direction
 * (link*2+dir -> [f, cls, f, cls, ...]) for pass 4, which decides how to show them.
 */
function drawInFlight(
  out: DrawList,
  model: AnimationModel,
  geom: Geometry,
  opts: DrawOptions,
  fastLink: readonly boolean[],
  pools: Pools | null,
): Map<number, number[]> {
  const { now } = opts;
  const s = geom.s;
  const links = geom.links;
  const marks = geom.marks ?? DESK_MARKS;
  const bhpSize = bhpHalf(s, marks);
  // Packets are gathered per link direction first: whether they are drawn one by one or
  // summarised depends on how many there are.
  const packetsAt = new Map<number, number[]>(); // link*2+dir -> [f, cls, f, cls, ...]

  const bars = pools ? pools.bars.reset(out.bars) : new LaneRuns(() => line(null)).reset(out.bars);
  const stripes = pools ? pools.stripes.reset(out.bars) : new LaneRuns(() => line(null)).reset(out.bars);
  const lastBhp = new Map<number, number>(); // control channel (link*2+dir) -> fraction drawn
  const list = model.travellers;
  for (let i = 0; i < list.length; i++) {
    const t = list[i];
    if (t.t0 > now || t.end < now) continue;
    const g = links[t.link];
    if (!g || g.len <= 0) continue;
    if ((t.kind === BURST_ON_LINK || t.kind === CONTROL_PACKET) && fastLink[t.link]) continue;
    const back = t.dir === 1;
    if (t.kind === BURST_ON_LINK) {
      if (!spanInto(span, now, t.t0, t.t1, g.delay, marks.burstLong / g.len)) continue;
      const off = g.controlOffset + (t.lane > 0 ? t.lane + 1 : 1) * g.laneSpacing;
      const width = burstThickness(g.barWidth, t.cls, marks);
      const laneKey = (t.link * 2 + t.dir) * 1024 + Math.max(0, t.lane);
      bars.add(laneKey * 4 + t.cls, g, back, off, span.tail, span.head, width, CLASS_COLOR[t.cls] ?? CLASS_COLOR[0], t.cls === 2 ? 0.8 : 1);
      if (opts.flowStripes && t.flow >= 0 && (span.head - span.tail) * g.len >= MIN_STRIPE_PX) {
        // A thin line in the flow's colour along the bar's outer edge, on bars long enough
        // to show it (a stripe on a 3 px bar is a speck).
        const sw = Math.max(1, width * 0.4);
        const so = off + (width - sw) / 2 + sw;
        stripes.add(laneKey * 64 + (t.flow % 64), g, back, so, span.tail, span.head, sw, FLOW_COLOR[t.flow % 64], 1);
      }
      out.stats.bursts++;
    } else if (t.kind === CONTROL_PACKET) {
      if (now > t.t1) continue;
      const f = t.t1 > t.t0 ? (now - t.t0) / (t.t1 - t.t0) : 1;
      out.stats.bhps++;
      // Control packets closer than half a diamond on the same channel would be drawn on
      // top of each other, a jagged blot on a projector: one diamond stands for them.
      const channel = t.link * 2 + t.dir;
      const last = lastBhp.get(channel);
      if (last !== undefined && Math.abs(last - f) * g.len < Math.max(MIN_BHP_SPACING_PX, bhpSize)) continue;
      lastBhp.set(channel, f);
      const off = g.controlOffset;
      const d = newMark(pools);
      d.x = xAlong(g, back, f, off);
      d.y = yAlong(g, back, f, off);
      d.size = bhpSize;
      d.fill = BHP_FILL;
      d.stroke = BHP_EDGE;
      out.diamonds.push(d);
    } else if (t.kind === PACKET_ON_LINK) {
      const key = t.link * 2 + t.dir;
      let arr = packetsAt.get(key);
      if (!arr) packetsAt.set(key, (arr = []));
      arr.push(fractionAlong(now, t.t0, g.delay), t.cls);
    }
  }
  drawSamples(out, model, geom, opts.wall, fastLink, pools);
  return packetsAt;
}

/**
 * Sampled bursts on links too fast to watch (burstSamples.ts): each a real burst of its
 * class on its wavelength, at least the minimum size, crossing in wall time. The layer's
 * caption says they are a sample, slowed.
 */
function drawSamples(
  out: DrawList,
  model: AnimationModel,
  geom: Geometry,
  wall: number,
  fastLink: readonly boolean[],
  pools: Pools | null,
): void {
  const marks = geom.marks ?? DESK_MARKS;
  for (const glyph of model.samples.glyphs) {
    const g = geom.links[glyph.link];
    if (!g || !g.fiber || g.len <= 0 || !fastLink[glyph.link]) continue;
    const m = Math.min(1, marks.burstLong / g.len);
    const tail = sampleProgress(glyph, wall) * (1 - m);
    const bar = line(pools);
    bar.width = burstThickness(g.barWidth, glyph.cls, marks);
    bar.color = CLASS_COLOR[glyph.cls] ?? CLASS_COLOR[0];
    bar.alpha = glyph.cls === 2 ? 0.8 : 1;
    placeAlong(bar, g, glyph.dir === 1, laneOffset(g, glyph.lane), tail, tail + m);
    out.bars.push(bar);
    out.stats.sampled++;
  }
}

/** Pass 4, packets: one square each, or their summary where they are too many or too fast to follow. */
function drawPackets(
  out: DrawList,
  model: AnimationModel,
  geom: Geometry,
  packetsAt: Map<number, number[]>,
  speed: number,
  pools: Pools | null,
): void {
  const s = geom.s;
  const links = geom.links;
  // Packets, or their summary, per link direction. Summaries also show for directions
  // whose packets all crossed between two frames (none in flight now) at high speed.
  const keys = new Set<number>(packetsAt.keys());
  for (let li = 0; li < links.length; li++) {
    const g = links[li];
    if (g && !g.fiber && g.len > 0) {
      keys.add(li * 2);
      keys.add(li * 2 + 1);
    }
  }
  for (const key of keys) {
    const li = key >> 1;
    const dir = key & 1;
    const g = links[li];
    if (!g || g.len <= 0) continue;
    const arr = packetsAt.get(key);
    const inFlight = arr ? arr.length / 2 : 0;
    const rate = model.packetRate(li, dir);
    const cross = model.packetCrossing[key] || g.delay;
    if (summarisePackets(inFlight, g.len, cross, speed)) {
      if (inFlight === 0 && !(rate && rate > 0)) continue;
      drawSummary(out, g, dir, rate, inFlight, s, geom.minText ?? 0);
      out.stats.summaries++;
    } else if (arr) {
      for (let k = 0; k < arr.length; k += 2) {
        const cls = arr[k + 1];
        const [x, y] = pointAt(g, dir, arr[k], g.packetOffset);
        const m = newMark(pools);
        m.x = x;
        m.y = y;
        m.size = (cls === 1 ? 2 : 3.2) * s;
        m.fill = packetColor(cls);
        m.stroke = '#000000';
        out.squares.push(m);
        out.stats.packets++;
      }
    }
  }
}

const FLASH_COLORS: Record<FlashColor, string> = { drop: DROP_COLOR, tcp: TCP_EVENT_COLOR, deflect: DEFLECT_COLOR, cut: CUT_COLOR };

function placeKeyOf(place: FlashPlace): string {
  return place.at === 'node' ? `n${place.node}` : `l${place.link}:${place.dir}:${place.f}`;
}

/** Pass 5, drop flashes and TCP events: rings and labels, stacked where several share a place. */
function drawFlashes(out: DrawList, model: AnimationModel, geom: Geometry, opts: DrawOptions): void {
  const { wall } = opts;
  const s = geom.s;
  // Drop flashes (and TCP events at the sender), stacked when several share a place.
  const firstFlashLabel = out.labels.length;
  const stacked = new Map<string, number>();
  const size = Math.max(geom.minText ?? 0, 13 * Math.min(1.4, Math.max(0.85, s)));
  // How many labels each place stacks, so the whole stack goes above it or, where that
  // would leave the drawing (a node by its top edge), below it: one direction per place.
  const stackSize = new Map<string, number>();
  if (opts.width) {
    for (const f of model.flashes.values()) {
      if (flashLook(f, wall).labelAlpha <= 0) continue;
      const key = placeKeyOf(f.place);
      stackSize.set(key, (stackSize.get(key) ?? 0) + 1);
    }
  }
  for (const f of model.flashes.values()) {
    const p = placePoint(geom, f.place);
    if (!p) continue;
    const look = flashLook(f, wall);
    if (look.labelAlpha <= 0) continue;
    const color = FLASH_COLORS[f.color];
    if (look.ringAlpha > 0) {
      const ring: RingPrim = { x: p.x, y: p.y, r: p.r + look.ring * 22 * s, width: 3 * s, color, alpha: look.ringAlpha };
      if (f.color === 'cut') ring.dash = CUT_DASH.map((d) => d * s);
      out.rings.push(ring);
    }
    const placeKey = placeKeyOf(f.place);
    const row = stacked.get(placeKey) ?? 0;
    stacked.set(placeKey, row + 1);
    // A node's name may sit above it: one more line of room is kept for it.
    const rows = stackSize.get(placeKey) ?? 0;
    const below = rows > 0 && p.y - p.r - 6 * s - (rows + 1) * (size + 2) < 0;
    const y = below ? p.y + p.r + 6 * s + size + row * (size + 2) : p.y - p.r - 6 * s - row * (size + 2);
    const label: LabelPrim = {
      x: p.x,
      y,
      text: f.count > 1 ? `${f.text} ×${f.count}` : f.text,
      color,
      alpha: look.labelAlpha,
      size,
      align: 'center',
      bold: true,
    };
    if (below) label.below = true;
    out.labels.push(label);
    out.stats.flashes++;
  }
  // Nodes drawn close together (a small network view) put their labels on top of each
  // other: lift each one above those it would cover, and above the editor's own text.
  separateLabels(out.labels, firstFlashLabel, geom.text, opts.width ? 0 : -Infinity);
  if (opts.width) {
    for (const l of out.labels) keepInside(l, opts.width, opts.height ?? Infinity);
  }
}

/**
 * Pass 2, the event picked in the log, where it happened: a band under its link direction, a ring
 * round its node, and its time, so "dropped at C2" in the list points at C2 on the network.
 * Drawn under the bursts (the band is a lane) and kept until the log's focus changes.
 */
function markFocus(out: DrawList, geom: Geometry, focus: FocusMark): void {
  const s = geom.s;
  const g = focus.link >= 0 ? geom.links[focus.link] : undefined;
  const n = focus.node >= 0 ? geom.nodes[focus.node] : undefined;
  if (!g && !n) return;
  let anchor: { x: number; y: number; r: number };
  if (g && g.len > 0) {
    const dir = focus.dir === 1 ? 1 : 0;
    const off = g.fiber ? g.controlOffset + ((g.wavelengths + 1) * g.laneSpacing) / 2 : g.packetOffset;
    const [x1, y1] = pointAt(g, dir, 0, off);
    const [x2, y2] = pointAt(g, dir, 1, off);
    const width = g.fiber ? (g.wavelengths + 2) * g.laneSpacing : 12 * s;
    out.lanes.unshift({ x1, y1, x2, y2, width, color: FOCUS_COLOR, alpha: 0.45 });
    const [mx, my] = pointAt(g, dir, 0.5, off);
    anchor = { x: mx, y: my, r: width / 2 };
  } else {
    anchor = { x: n!.x, y: n!.y, r: n!.r };
  }
  if (n) {
    out.rings.push({ x: n.x, y: n.y, r: n.r + 7 * s, width: 3 * s, color: FOCUS_RING_COLOR, alpha: 0.9 });
    anchor = { x: n.x, y: n.y, r: n.r + 7 * s };
  }
  const size = Math.max(geom.minText ?? 0, 12 * Math.min(1.3, Math.max(0.85, s)));
  const label: LabelPrim = {
    x: anchor.x,
    y: anchor.y + anchor.r + size + 4 * s,
    text: focusLabel(focus.source, formatLogTime(focus.time)),
    color: FOCUS_RING_COLOR,
    alpha: 1,
    size,
    align: 'center',
    bold: true,
  };
  // Under the mark, and further down past any node name or link label it would cover.
  for (let guard = 0; guard < 8; guard++) {
    const b = labelBox(label);
    let drop = 0;
    for (const o of geom.text ?? []) if (overlaps(b, o)) drop = Math.max(drop, o.bottom - b.top);
    if (drop === 0) break;
    label.y += drop + 1;
  }
  out.labels.push(label);
  out.stats.focus = 1;
}

// Scratch for the hot loop.
const span = { head: 0, tail: 0 };

/** A burst bar shorter than this (px) gets no flow stripe. */
const MIN_STRIPE_PX = 4;
/** Control packets closer than this (px) on one channel are drawn as one diamond. */
const MIN_BHP_SPACING_PX = 2;

function placePoint(geom: Geometry, place: FlashPlace): { x: number; y: number; r: number } | null {
  if (place.at === 'node') {
    const n = geom.nodes[place.node];
    return n ? { x: n.x, y: n.y, r: n.r } : null;
  }
  const g = geom.links[place.link];
  if (!g) return null;
  const [x, y] = pointAt(g, place.dir, place.f, g.fiber ? 0 : g.packetOffset);
  return { x, y, r: 4 * geom.s };
}
