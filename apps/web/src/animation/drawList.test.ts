import { labelBox, overlaps } from './overlayLabels';
import { describe, expect, it } from 'vitest';
import { EventKind, VisualStore } from '../sim/visualStore';
import { buildDrawList, focusLabel, emptyDrawList, type FocusMark } from './drawList';
import { separateLabels } from './overlayLabels';
import { formatRate, summarisePackets } from './packetSummary';
import { computeGeometry, type Geometry } from './geometry';
import { AnimationModel, flashAlive, flashLook, flowSources, linkInfos } from './animationModel';
import { BHP_FILL, CLASS_COLORS, DESK_MARKS, FLASH_SECONDS, ROOM_MARKS } from './style';
import { SAMPLE_CROSS_SECONDS } from './burstSamples';
import { ev, identity, lineScenario, rows } from './testSupport';
import type { VisualEvent } from '../sim/visualStore';

const scenario = lineScenario();
const geom = computeGeometry(scenario, identity, 1);

function setup(events: VisualEvent[]) {
  const store = new VisualStore(1024, 1024);
  store.append(rows(events));
  const model = new AnimationModel([]);
  model.setLinks(linkInfos(scenario), [0, 0]);
  return { store, model };
}

function frame(model: AnimationModel, store: VisualStore, now: number, wall: number, flowStripes = false) {
  model.ingest(store, now, wall);
  model.advance(now, wall);
  return buildDrawList(model, geom, { now, wall, flowStripes });
}

const burst = (t0: number, t1: number, extra: Partial<VisualEvent> = {}) =>
  ev({ kind: EventKind.BurstOnLink, t0, t1, id: 7, link: 0, dir: 0, lane: 1, cls: 0, ...extra });

describe('which events are in flight', () => {
  it('draws a burst only between t0 and t1 + delay, on its lane, as long as its duration', () => {
    const { store, model } = setup([burst(0.01, 0.0101)]);
    expect(frame(model, store, 0.009, 1).bars).toHaveLength(0);
    const list = frame(model, store, 0.0105, 1.1);
    expect(list.stats.bursts).toBe(1);
    const bar = list.bars[0];
    // head half way along (958 px visible), tail a tenth of the link behind, lane 1 at 18 px
    expect(bar.x2).toBeCloseTo(19 + 479);
    expect(bar.x1).toBeCloseTo(19 + 479 - 95.8);
    expect(bar.y1).toBeCloseTo(18);
    expect(bar.color).toBe(CLASS_COLORS.data);
    expect(frame(model, store, 0.0112, 1.2).bars).toHaveLength(0);
    // gone from the model too once it has left the link
    expect(model.travellers).toHaveLength(0);
  });

  it('does not keep what had already left its link when it was read', () => {
    const { store, model } = setup([burst(0.01, 0.0101), burst(0.5, 0.5001)]);
    model.ingest(store, 0.2, 0);
    expect(model.travellers).toHaveLength(1);
  });

  it('reads each row once, and starts again on a new run', () => {
    const { store, model } = setup([burst(0.01, 0.0101)]);
    frame(model, store, 0.0105, 0);
    frame(model, store, 0.0105, 0);
    expect(model.travellers).toHaveLength(1);
    store.append(rows([burst(0.0102, 0.0103, { lane: 0 })]));
    expect(frame(model, store, 0.0105, 0).stats.bursts).toBe(2);
    store.clear();
    expect(frame(model, store, 0.0105, 0).stats.bursts).toBe(0);
  });

  it('colours bursts by class, thinner for ACKs, with the main flow as a stripe when there are several flows', () => {
    const { store, model } = setup([
      ev({ kind: EventKind.BurstFormed, id: 1, cls: 1, lane: 3 }),
      burst(0, 0.0001, { id: 1, cls: 1 }),
      burst(0, 0.0001, { id: 2, cls: 2, dir: 1 }),
    ]);
    const list = frame(model, store, 0.0005, 0, true);
    const [ack, stripe, bg] = list.bars;
    expect(ack.color).toBe(CLASS_COLORS.ack);
    expect(ack.width).toBeLessThan(bg.width);
    expect(stripe.color).toBe('#CC79A7'); // flow 3
    expect(bg.color).toBe(CLASS_COLORS.background);
    expect(bg.y1).toBeLessThan(0); // back direction: the other side
  });

  it('runs the BHP on the control channel ahead of its burst by the offset', () => {
    const offset = 0.0002;
    const { store, model } = setup([
      ev({ kind: EventKind.BurstFormed, id: 5, cls: 0, lane: 0, value: offset }),
      ev({ kind: EventKind.ControlPacket, id: 5, link: 0, dir: 0, t0: 0, t1: 0.001 }),
      burst(offset, offset + 0.00005, { id: 5 }),
    ]);
    const list = frame(model, store, 0.0006, 0);
    expect(list.diamonds).toHaveLength(1);
    const bhp = list.diamonds[0];
    expect(bhp.y).toBeCloseTo(8);
    // Its own colour, apart from every burst class's (it may lie on top of its burst).
    expect(bhp.fill).toBe(BHP_FILL);
    expect(Object.values(CLASS_COLORS)).not.toContain(bhp.fill);
    const head = list.bars[0].x2;
    expect(bhp.x - head).toBeCloseTo(958 * (offset / 0.001));
    // The BHP has arrived at t1; it is no longer drawn.
    expect(frame(model, store, 0.00101, 0).diamonds).toHaveLength(0);
  });
});

describe('crowded lanes', () => {
  it('draws back-to-back bursts of one lane and class as one bar, still counting each', () => {
    const { store, model } = setup([
      burst(0.01, 0.0101),
      burst(0.0101, 0.0102, { id: 8 }),
      burst(0.0104, 0.0105, { id: 9 }), // 96 px behind: a bar of its own
      burst(0.0102, 0.0103, { id: 10, cls: 1 }), // an ACK burst: its own colour
    ]);
    const list = frame(model, store, 0.0105, 0);
    expect(list.stats.bursts).toBe(4);
    const data = list.bars.filter((b) => b.color === CLASS_COLORS.data);
    expect(data).toHaveLength(2);
    // The merged bar runs from the second burst's tail to the first one's head.
    expect(data[0].x1).toBeCloseTo(19 + 0.3 * 958);
    expect(data[0].x2).toBeCloseTo(19 + 0.5 * 958);
    expect(list.bars.filter((b) => b.color === CLASS_COLORS.ack)).toHaveLength(1);
  });

  it('draws control packets a pixel apart on one channel as one diamond', () => {
    const { store, model } = setup([
      ev({ kind: EventKind.ControlPacket, id: 1, link: 0, dir: 0, t0: 0, t1: 0.001 }),
      ev({ kind: EventKind.ControlPacket, id: 2, link: 0, dir: 0, t0: 0.000001, t1: 0.001001 }),
      ev({ kind: EventKind.ControlPacket, id: 3, link: 0, dir: 0, t0: 0.0001, t1: 0.0011 }),
    ]);
    const list = frame(model, store, 0.0005, 0);
    expect(list.stats.bhps).toBe(3);
    expect(list.diamonds).toHaveLength(2);
  });
});

describe('wavelengths at high speed', () => {
  it('shows how busy each lane was when bursts cross too fast to be seen', () => {
    const { store, model } = setup([]);
    frame(model, store, 0, 0);
    // 1 s/s: a 1 ms fiber is crossed in 1 ms of wall time. Bursts take lane 1 a quarter of the time.
    const bursts = Array.from({ length: 10 }, (_, k) => burst(k * 0.004, k * 0.004 + 0.001, { id: k }));
    store.append(rows(bursts));
    const list = frame(model, store, 0.04, 0.04);
    expect(list.stats.busyLanes).toBe(1);
    const band = list.lanes.find((l) => l.width === geom.links[0]!.barWidth)!;
    expect(band.y1).toBeCloseTo(18);
    expect(band.alpha).toBeCloseTo(0.12 + 0.5 * 0.25);
    // ... and no bar or control packet one by one on that link: only the sampled burst
    // (burstSamples.ts) that the first frame started, the newest of the ten.
    store.append(rows([burst(0.0395, 0.0405, { id: 99 })]));
    const next = frame(model, store, 0.04, 0.04);
    expect(next.stats.bursts).toBe(0);
    expect(next.stats.sampled).toBe(1);
    expect(next.bars).toHaveLength(1);
  });

  it('shows no busy lanes at low speed, where bursts are drawn one by one', () => {
    const { store, model } = setup([]);
    frame(model, store, 0, 0);
    store.append(rows([burst(0, 0.001)]));
    expect(frame(model, store, 0.0001, 1).stats.busyLanes).toBe(0);
  });
});

describe('drop flashes', () => {
  it('last FLASH_SECONDS of wall time, the ring growing and fading', () => {
    const f = { start: 10, last: 10 };
    expect(flashLook(f, 10)).toEqual({ ring: 0, ringAlpha: 1, labelAlpha: 1 });
    const mid = flashLook(f, 10 + FLASH_SECONDS / 2);
    expect(mid.ring).toBeCloseTo(0.5);
    expect(mid.labelAlpha).toBe(1);
    expect(flashLook(f, 10 + FLASH_SECONDS * 0.9).labelAlpha).toBeGreaterThan(0);
    expect(flashLook(f, 10 + FLASH_SECONDS).labelAlpha).toBeCloseTo(0, 9);
    expect(flashLook(f, 11).labelAlpha).toBe(0);
    expect(flashAlive(f, 10 + FLASH_SECONDS * 0.99)).toBe(true);
    expect(flashAlive(f, 10 + FLASH_SECONDS + 1e-9)).toBe(false);
  });

  it('flash at the node with the reason, whatever the simulated speed, and count repeats', () => {
    const { store, model } = setup([
      ev({ kind: EventKind.BurstDropped, t0: 0.001, t1: 0.001, node: 1, link: 0, dir: 0, id: 3, cls: 0, reason: 1 }),
      ev({ kind: EventKind.BurstDropped, t0: 0.0011, t1: 0.0011, node: 1, link: 0, dir: 0, id: 4, cls: 0, reason: 1 }),
      ev({ kind: EventKind.BurstDropped, t0: 0.0012, t1: 0.0012, node: 1, link: 0, dir: 0, id: 5, cls: 1, reason: 0 }),
    ]);
    // simulated time jumps far past the drops in one frame (high speed): still flashed
    let list = frame(model, store, 5, 100);
    expect(list.labels.map((l) => l.text)).toEqual(['contention (data) ×2', 'injected (ACK)']);
    expect(list.rings[0].x).toBeCloseTo(1000);
    expect(list.labels[1].y).toBeLessThan(list.labels[0].y); // stacked above
    expect(list.animating).toBe(true);
    list = frame(model, store, 5, 100 + FLASH_SECONDS + 0.01);
    expect(list.labels).toHaveLength(0);
    expect(list.animating).toBe(false);
  });

  it('keeps labels inside the drawing', () => {
    const { store, model } = setup([ev({ kind: EventKind.BurstDropped, t0: 0.001, node: 0, link: 0, dir: 0, reason: 1 })]);
    model.ingest(store, 0.002, 0);
    model.advance(0.002, 0);
    const label = buildDrawList(model, geom, { now: 0.002, wall: 0, flowStripes: false, width: 800, height: 400 }).labels[0];
    // node A is at x = 0: the label's left half would be off the canvas
    expect(label.x - (label.text.length * label.size * 0.56) / 2).toBeGreaterThanOrEqual(0);
    expect(label.y).toBeGreaterThanOrEqual(label.size);
  });

  it('keeps labels off the boxes it is told to keep clear (the sampled bursts caption)', () => {
    const { store, model } = setup([ev({ kind: EventKind.BurstDropped, t0: 0.001, node: 0, link: 0, dir: 0, reason: 1 })]);
    model.ingest(store, 0.002, 0);
    model.advance(0.002, 0);
    const opts = { now: 0.002, wall: 0, flowStripes: false, width: 800, height: 400 };
    const free = buildDrawList(model, geom, opts).labels[0];
    const where = labelBox(free);
    const caption = { left: where.left - 2, top: where.top - 2, right: where.right + 2, bottom: where.bottom + 2 };
    const moved = buildDrawList(model, geom, { ...opts, keepClear: [caption] }).labels;
    for (const label of moved.filter((l) => l.alpha > 0)) expect(overlaps(labelBox(label), caption)).toBe(false);
  });

  it('waits for a drop whose time has not come', () => {
    const { store, model } = setup([ev({ kind: EventKind.BurstDropped, t0: 0.002, t1: 0.002, node: 0, link: 0, dir: 0, reason: 2 })]);
    expect(frame(model, store, 0.001, 0).labels).toHaveLength(0);
    expect(frame(model, store, 0.0021, 1).labels[0].text).toBe('late (data)');
  });

  it('shows a full queue at the sending end of the packet link and a random loss on the line', () => {
    const { store, model } = setup([
      ev({ kind: EventKind.PacketDropped, t0: 0.001, link: 1, dir: 0, id: 0, cls: 0, reason: 0 }),
      ev({ kind: EventKind.PacketDropped, t0: 0.001, link: 1, dir: 1, id: 0, cls: 1, reason: 1 }),
    ]);
    const list = frame(model, store, 0.002, 0);
    const texts = list.labels.map((l) => l.text);
    expect(texts).toEqual(['queue full (data)', 'random loss (ACK)']);
    // B (1000,0) -> H (1000,400): the near end of dir 0 is just below B's glyph.
    expect(list.rings[0].y).toBeCloseTo(23);
    expect(list.rings[1].y).toBeCloseTo(23 + (400 - 23 - 20) / 2);
  });

  it('marks TCP events at the sending host of the flow', () => {
    const s = lineScenario();
    expect(
      flowSources({
        nodes: s.nodes,
        flows: [
          { src: 'H', count: 2 },
          { src: 'A', count: 1 },
        ],
      }),
    ).toEqual([2, 2, 0]);
    const { store, model } = setup([ev({ kind: EventKind.TcpEvent, t0: 0.001, id: 1, reason: 0 })]);
    const list = frame(model, store, 0.002, 0);
    expect(list.labels[0].text).toBe('RTO');
    expect(list.rings[0].x).toBe(0); // flowSources given as [0, 0]: node A
  });

  it('does not flash the end of a recovery (the log and the charts show it)', () => {
    const { store, model } = setup([
      ev({ kind: EventKind.TcpEvent, t0: 0.001, id: 1, reason: 2 }),
      ev({ kind: EventKind.TcpEvent, t0: 0.001, id: 1, reason: 1 }),
    ]);
    const list = frame(model, store, 0.002, 0);
    expect(list.labels.map((l) => l.text)).toEqual(['fast retransmit']);
  });
});

describe('packets on packet links', () => {
  it('switches to a summary when packets would cross too fast to see or are too many', () => {
    expect(summarisePackets(3, 300, 0.001, 0.001)).toBe(false); // 1 s to cross
    expect(summarisePackets(3, 300, 0.001, 1)).toBe(true); // 1 ms to cross
    expect(summarisePackets(3, 300, 0.001, 0)).toBe(false); // paused
    expect(summarisePackets(100, 300, 0.001, 0)).toBe(true); // too many
  });

  const packets = (n: number, start: number, gap: number) =>
    Array.from({ length: n }, (_, k) =>
      ev({ kind: EventKind.PacketOnLink, t0: start + k * gap, t1: start + k * gap + 1e-5, link: 1, dir: 0, id: 0, cls: k % 2 }),
    );

  it('draws packets as squares at low speed, data bigger than ACKs', () => {
    const { store, model } = setup(packets(4, 0, 0.0001));
    // wall clock creeping: 1 ms simulated in 10 s of wall time
    frame(model, store, 0.0003, 0);
    const list = frame(model, store, 0.00035, 0.5);
    expect(list.stats.packets).toBe(4);
    expect(list.stats.summaries).toBe(0);
    expect(list.squares[0].size).toBeGreaterThan(list.squares[1].size);
    // first packet, 0.35 ms after it left B, on the way down to H
    expect(list.squares[0].y).toBeCloseTo(23 + (400 - 23 - 20) * 0.35);
  });

  it('summarises at high speed with the rate in packets per simulated second', () => {
    const { store, model } = setup([]);
    frame(model, store, 0, 0);
    store.append(rows(packets(50, 0, 0.0001))); // 50 packets in 5 ms
    const list = frame(model, store, 0.1, 0.1); // 1 simulated second per wall second
    expect(list.stats.summaries).toBe(1);
    expect(list.stats.packets).toBe(0);
    expect(list.labels.map((l) => l.text)).toEqual(['500 pkt/s']);
  });

  it('keeps squares on a link that is momentarily empty (no flicker into a summary)', () => {
    // 2.2 ms to cross at 0.006 s/s: 0.37 s of wall time, squares; the bare delay (1 ms) alone would be 0.17 s.
    const slow = [ev({ kind: EventKind.PacketOnLink, t0: 0, t1: 0.0012, link: 1, dir: 0, id: 0, cls: 0 })];
    const { store, model } = setup(slow);
    let wall = 0;
    let list = frame(model, store, 0.0001, wall);
    for (let now = 0.0002; now < 0.004; now += 0.0001) list = frame(model, store, now, (wall += 1 / 60));
    expect(list.stats.packets).toBe(0);
    expect(list.stats.summaries).toBe(0);
  });

  it('formats rates shortly', () => {
    expect(formatRate(950)).toBe('950');
    expect(formatRate(1234)).toBe('1.2k');
    expect(formatRate(12345)).toBe('12k');
    expect(formatRate(2.5e6)).toBe('2.5M');
  });
});

describe('what the event log points at', () => {
  /** The draw list at 0.5 s of a run with no events, with `focus` on. */
  const focused = (focus: FocusMark | null) => {
    const { store, model } = setup([]);
    model.ingest(store, 0.5, 0);
    model.advance(0.5, 0);
    return buildDrawList(model, geom, { now: 0.5, wall: 0, flowStripes: false, focus });
  };

  it('rings the node, bands the link direction and gives the time', () => {
    const list = focused({ time: 1.2345, node: 1, link: 0, dir: 0, source: 'log' });
    expect(list.stats.focus).toBe(1);
    expect(list.rings).toHaveLength(1);
    expect(list.rings[0].x).toBeCloseTo(1000); // node B
    // The band lies under everything else, along the fiber A -> B.
    expect(list.lanes[0].y1).toBeCloseTo(list.lanes[0].y2);
    expect(list.lanes[0].width).toBeGreaterThan(10);
    expect(list.labels.map((l) => l.text)).toContain('picked in the log: 1.234 s');
    const none = focused(null);
    expect(none.stats.focus).toBe(0);
    expect(none.rings).toHaveLength(0);
  });

  it('says "picked in the log" only for what was picked there, not for a lesson pause or a step', () => {
    expect(focusLabel('log', '0.150 s')).toBe('picked in the log: 0.150 s');
    expect(focusLabel('lesson', '0.150 s')).toBe('paused here: 0.150 s');
    expect(focusLabel('step', '0.150 s')).toBe('this step: 0.150 s');
    expect(focusLabel('unknown', '0.150 s')).toBe('at 0.150 s');
    const paused = focused({ time: 0.15, node: 1, link: -1, dir: 0, source: 'lesson' });
    expect(paused.labels.map((l) => l.text).filter((t) => t.includes('0.150 s'))).toEqual(['paused here: 0.150 s']);
  });
});

describe('a recycled draw list', () => {
  it('draws the same as a new one, reusing the last frame primitives', () => {
    const { store, model } = setup([
      burst(0.01, 0.0101),
      burst(0.0104, 0.0105, { id: 9 }),
      ev({ kind: EventKind.ControlPacket, id: 9, link: 0, dir: 0, t0: 0.0102, t1: 0.0112 }),
    ]);
    model.ingest(store, 0.0105, 0);
    model.advance(0.0105, 0);
    const fresh = buildDrawList(model, geom, { now: 0.0105, wall: 0, flowStripes: false });
    const first = buildDrawList(model, geom, { now: 0.0105, wall: 0, flowStripes: false }, emptyDrawList());
    const bar = first.bars[0];
    const again = buildDrawList(model, geom, { now: 0.0105, wall: 0, flowStripes: false }, first);
    expect(again).toBe(first);
    expect(again.bars).toContain(bar);
    expect(JSON.parse(JSON.stringify(again))).toEqual(JSON.parse(JSON.stringify(fresh)));
  });
});

describe('at full speed', () => {
  it('draws busy lanes from the first frame, before the measured speed catches up', () => {
    const { store, model } = setup([burst(0.01, 0.0101), burst(0.0104, 0.0105, { id: 9 })]);
    model.ingest(store, 0.0105, 0);
    model.advance(0.0105, 0);
    const measured = buildDrawList(model, geom, { now: 0.0105, wall: 0, flowStripes: false });
    expect(measured.stats.bursts).toBe(2);
    const max = buildDrawList(model, geom, { now: 0.0105, wall: 0, flowStripes: false, chosenSpeed: Infinity });
    expect(max.stats.bursts).toBe(0);
    expect(max.bars).toHaveLength(0);
  });
});

describe('flash labels of nearby places', () => {
  const label = (x: number, y: number, text: string) => ({
    x,
    y,
    text,
    color: '#000',
    alpha: 1,
    size: 13,
    align: 'center' as const,
    bold: true,
  });
  const overlaps = (a: ReturnType<typeof label>, b: ReturnType<typeof label>) => {
    const w = (l: typeof a) => l.text.length * l.size * 0.56;
    return Math.abs(a.x - b.x) < (w(a) + w(b)) / 2 && Math.abs(a.y - b.y) < a.size + 2;
  };

  it('are lifted until none covers another; labels apart stay where they are', () => {
    const labels = [
      label(100, 200, 'random loss (data) ×2'),
      label(110, 200, 'random loss (ACK) ×2'),
      label(95, 196, 'fast retransmit'),
      label(400, 200, 'contention'),
    ];
    separateLabels(labels);
    for (let i = 0; i < labels.length; i++)
      for (let j = 0; j < i; j++) expect(overlaps(labels[i], labels[j]), `${i} over ${j}`).toBe(false);
    expect(labels[0].y).toBe(200);
    expect(labels[3].y).toBe(200);
    expect(labels[1].y).toBeLessThan(200);
    expect(labels[2].y).toBeLessThan(labels[1].y);
  });

  it("are lifted off the editor's own text too", () => {
    const labels = [label(100, 200, 'injected (data) ×33')];
    const fiberLabel = { left: 90, right: 200, top: 185, bottom: 203 };
    separateLabels(labels, 0, [fiberLabel]);
    expect(labels[0].y).toBeLessThan(fiberLabel.top);
    expect(labels[0].y).toBeGreaterThan(fiberLabel.top - 5);
  });
});

describe("the log's pick", () => {
  it('goes under its node, and further down past a node name it would cover', () => {
    const { store, model } = setup([]);
    model.ingest(store, 0.5, 0);
    model.advance(0.5, 0);
    const focus = { time: 1.2345, node: 1, link: -1, dir: 0, source: 'log' };
    const plain = buildDrawList(model, geom, { now: 0.5, wall: 0, flowStripes: false, focus });
    const y0 = plain.labels.find((l) => l.text.startsWith('picked'))!.y;
    const name = { left: 950, right: 1050, top: y0 - 20, bottom: y0 + 4 };
    const moved = buildDrawList(model, { ...geom, text: [name] }, { now: 0.5, wall: 0, flowStripes: false, focus });
    const l = moved.labels.find((x) => x.text.startsWith('picked'))!;
    expect(l.y - l.size).toBeGreaterThanOrEqual(name.bottom);
  });
});

describe('marks a room can see (presenter mode: ROOM_MARKS)', () => {
  // The line scenario drawn small: its fiber is 180 px long on screen, its lanes 5 px apart.
  const small = computeGeometry(scenario, (x, y) => [x * 0.22, y * 0.22], 1);
  const room = { ...small, marks: ROOM_MARKS };
  const fiber = small.links[0]!;
  const draw = (g: Geometry, events: VisualEvent[], now: number) => {
    const { store, model } = setup(events);
    model.ingest(store, now, 0);
    model.advance(now, 0);
    return buildDrawList(model, g, { now, wall: 0, flowStripes: false });
  };
  const lengthPx = (b: { x1: number; y1: number; x2: number; y2: number }) => Math.hypot(b.x2 - b.x1, b.y2 - b.y1);

  it('draws a 1 µs data burst at least 8 px thick and 24 px long, centred on where it truly is', () => {
    expect(fiber.len).toBeGreaterThan(100);
    expect(fiber.barWidth).toBeLessThan(8);
    // A 1 µs burst half way along a 1 ms fiber: a fifth of a pixel at its true length.
    const list = draw(room, [burst(0.0005, 0.000501)], 0.001);
    const bar = list.bars[0];
    expect(bar.width).toBeGreaterThanOrEqual(8);
    expect(lengthPx(bar)).toBeGreaterThanOrEqual(24);
    expect(lengthPx(bar)).toBeCloseTo(ROOM_MARKS.burstLong);
    // Its middle is its true middle: half way along the visible fiber.
    expect((bar.x1 + bar.x2) / 2).toBeCloseTo(fiber.ax + fiber.len * 0.4995, 0);
  });

  it('keeps the grown bar on its link: its head never passes the far end', () => {
    const list = draw(room, [burst(0, 0.000001)], 0.001);
    const bar = list.bars[0];
    expect(bar.x2).toBeCloseTo(fiber.bx);
    expect(lengthPx(bar)).toBeCloseTo(ROOM_MARKS.burstLong);
  });

  it('fills a link shorter than the minimum, no more', () => {
    const tight = computeGeometry(scenario, (x, y) => [x * 0.065, y * 0.065], 1);
    const g = tight.links[0]!;
    expect(g.len).toBeLessThan(ROOM_MARKS.burstLong);
    const bar = draw({ ...tight, marks: ROOM_MARKS }, [burst(0.0005, 0.000501)], 0.001).bars[0];
    expect(bar.x1).toBeCloseTo(g.ax);
    expect(bar.x2).toBeCloseTo(g.bx);
  });

  it('keeps ACK bars thinner than data bars, and control packets at least 14 px across', () => {
    const list = draw(
      room,
      [
        burst(0.0005, 0.000501, { cls: 1, lane: 0, dir: 1 }),
        burst(0.0005, 0.000501),
        ev({ kind: EventKind.ControlPacket, id: 1, link: 0, dir: 0, t0: 0.0004, t1: 0.0014 }),
      ],
      0.001,
    );
    const ack = list.bars.find((b) => b.color === CLASS_COLORS.ack)!;
    const data = list.bars.find((b) => b.color === CLASS_COLORS.data)!;
    expect(ack.width).toBeLessThan(data.width);
    expect(2 * list.diamonds[0].size).toBeGreaterThanOrEqual(14);
  });

  it('draws control packets closer than half a diamond as one, so large diamonds do not pile into a blot', () => {
    // 7 px apart on the 180 px fiber: apart at a desk's 5 px half-diagonal, one at the room's 10.
    const gap = (7 / fiber.len) * 0.001;
    const bhps = [
      ev({ kind: EventKind.ControlPacket, id: 1, link: 0, dir: 0, t0: 0.0004, t1: 0.0014 }),
      ev({ kind: EventKind.ControlPacket, id: 2, link: 0, dir: 0, t0: 0.0004 + gap, t1: 0.0014 + gap }),
    ];
    const inRoom = draw(room, bhps, 0.0009);
    expect(inRoom.stats.bhps).toBe(2);
    expect(inRoom.diamonds).toHaveLength(1);
    expect(draw(small, bhps, 0.0009).diamonds).toHaveLength(2);
  });

  it('on a desk screen (no minimums given) keeps a burst a short bar, not a speck', () => {
    const bar = draw(small, [burst(0.0005, 0.000501)], 0.001).bars[0];
    expect(lengthPx(bar)).toBeCloseTo(DESK_MARKS.burstLong);
    expect(bar.width).toBeGreaterThanOrEqual(DESK_MARKS.burstThick);
  });
});

describe('sampled bursts on links too fast to watch', () => {
  it('move a real burst across its link in SAMPLE_CROSS_SECONDS of wall time, on its lane, in its class', () => {
    const { store, model } = setup([]);
    frame(model, store, 0, 0);
    // 1 s/s: the 1 ms fiber is crossed in a millisecond; an ACK burst on lane 0, back.
    store.append(rows([burst(0.001, 0.0011, { cls: 1, lane: 0, dir: 1 })]));
    const first = frame(model, store, 0.04, 0.04);
    expect(first.stats.sampled).toBe(1);
    const at = (wall: number) => {
      store.append(rows([]));
      const list = frame(model, store, wall, wall);
      return list.bars.find((b) => b.color === CLASS_COLORS.ack);
    };
    const a = at(0.04 + SAMPLE_CROSS_SECONDS * 0.25)!;
    const b = at(0.04 + SAMPLE_CROSS_SECONDS * 0.75)!;
    // Back direction (dir 1): from B towards A, x decreasing, on the other side (y < 0).
    expect(b.x2).toBeLessThan(a.x2 - 300);
    expect(a.y1).toBeLessThan(0);
    // Gone once across.
    expect(frame(model, store, 0.04 + SAMPLE_CROSS_SECONDS + 0.01, 0.04 + SAMPLE_CROSS_SECONDS + 0.01).stats.sampled).toBe(0);
  });

  it('give way, paused, to the bursts in flight drawn where they are', () => {
    const { store, model } = setup([]);
    frame(model, store, 0, 0);
    store.append(rows([burst(0.0395, 0.0396)]));
    expect(frame(model, store, 0.04, 0.04).stats.sampled).toBe(1);
    // Paused at 0.04 s: the measured speed is still 1 s/s, but nothing is sampled or shaded.
    model.ingest(store, 0.04, 0.05);
    model.advance(0.04, 0.05, 0);
    const paused = buildDrawList(model, geom, { now: 0.04, wall: 0.05, flowStripes: false, paused: true });
    expect(paused.stats.sampled).toBe(0);
    expect(paused.stats.busyLanes).toBe(0);
    expect(paused.stats.bursts).toBe(1);
  });

  it('are not drawn where bursts are slow enough to watch one by one', () => {
    const { store, model } = setup([]);
    frame(model, store, 0, 0);
    // 0.01 s/s: a 1 ms fiber is crossed in 0.1 s of wall time, real bursts are drawn.
    store.append(rows([burst(0.0001, 0.00011)]));
    const slow = frame(model, store, 0.0004, 0.04);
    expect(slow.stats.sampled).toBe(0);
    expect(slow.stats.bursts).toBe(1);
  });
});
