// Packets and drops on the copies' own access links (engine link indices past the
// scenario's) are drawn on the group's fan (accessLinks.ts, topology/accessFan.ts).
import { describe, expect, it } from 'vitest';
import type { Scenario } from '@obs-tcp-sim/scenario';
import { EventKind, VisualStore, type VisualEvent } from '../sim/visualStore';
import { scenarioFans } from '../topology/accessFan';
import { accessLayout } from './accessLinks';
import { buildDrawList } from './drawList';
import { computeGeometry } from './geometry';
import { AnimationModel, flowSources, linkInfos } from './animationModel';
import { NODE_RADIUS } from './style';
import { ev, identity, lineScenario, rows } from './testSupport';

/** lineScenario with a 320-copy group from edge A to host H, each copy on its own access link at A. */
function fanScenario(): Scenario {
  const s = lineScenario();
  s.flows = [
    { ...s.flows[0], id: 'tcp', src: 'A', dst: 'H', count: 320, access: { src: { rate: 1e8, delay: 1e-3 } } },
  ] as Scenario['flows'];
  return s;
}

const scenario = fanScenario();
const access = accessLayout(scenario);
const geom = computeGeometry(scenario, identity, 1);
const fan = scenarioFans(scenario, identity, (k) => NODE_RADIUS[k] ?? 16, 1)[0];

function setup(events: VisualEvent[]) {
  const store = new VisualStore(4096, 4096);
  store.append(rows(events));
  const model = new AnimationModel([]);
  model.setLinks(linkInfos(scenario, access), flowSources(scenario), access);
  return { store, model };
}

function frame(model: AnimationModel, store: VisualStore, now: number, wall: number) {
  model.ingest(store, now, wall);
  model.advance(now, wall);
  return buildDrawList(model, geom, { now, wall, flowStripes: false, chosenSpeed: 0.01 });
}

/** Engine link index of copy k's source-side access link (two scenario links first). */
const accessLink = (k: number) => scenario.links.length + k;
const packet = (k: number, extra: Partial<VisualEvent> = {}) =>
  ev({ kind: EventKind.PacketOnLink, t0: 0.01, t1: 0.0100512, id: k, link: accessLink(k), dir: 0, cls: 0, ...extra });

const distanceToSegment = (x: number, y: number, sp: { x1: number; y1: number; x2: number; y2: number }) => {
  const dx = sp.x2 - sp.x1;
  const dy = sp.y2 - sp.y1;
  const t = Math.max(0, Math.min(1, ((x - sp.x1) * dx + (y - sp.y1) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - sp.x1 - t * dx, y - sp.y1 - t * dy);
};

describe('the animation on access links', () => {
  it('has one display link per spoke after the scenario’s, each along its spoke, data running towards the node', () => {
    expect(geom.links).toHaveLength(scenario.links.length + fan.spokes.length);
    fan.spokes.forEach((sp, k) => {
      const g = geom.links[scenario.links.length + k]!;
      expect(g.spoke).toBe(true);
      expect(g.delay).toBe(1e-3);
      // Direction 0 (data, from the copy's host) ends at the hub's edge.
      expect(g.bx).toBeCloseTo(sp.x1, 6);
      expect(g.by).toBeCloseTo(sp.y1, 6);
      expect(distanceToSegment(g.ax, g.ay, sp)).toBeLessThan(1e-6);
    });
  });

  it('draws copy k’s packet on spoke k mod spokes, half way along it half way through its delay', () => {
    const k = 7;
    const { store, model } = setup([packet(k)]);
    const list = frame(model, store, 0.0105, 1);
    expect(list.stats.packets).toBe(1);
    const sq = list.squares[0];
    const sp = fan.spokes[k % fan.spokes.length];
    expect(distanceToSegment(sq.x, sq.y, sp)).toBeLessThan(4); // beside its spoke (packet offset)
    for (const [j, other] of fan.spokes.entries())
      if (j !== k % fan.spokes.length) expect(distanceToSegment(sq.x, sq.y, other)).toBeGreaterThan(4);
  });

  it('keeps 320 copies’ packets to the fan’s spokes, none on the scenario’s links', () => {
    const { store, model } = setup(Array.from({ length: 320 }, (_, k) => packet(k)));
    const list = frame(model, store, 0.0105, 1);
    const onSpokes = list.squares.filter((sq) => fan.spokes.some((sp) => distanceToSegment(sq.x, sq.y, sp) < 4)).length;
    expect(onSpokes).toBe(list.squares.length);
    expect(list.squares.length + list.stats.summaries).toBeGreaterThan(0);
  });

  it('flashes queue drops of every copy once, at the fan, counting them', () => {
    const drop = (k: number) =>
      ev({ kind: EventKind.PacketDropped, t0: 0.01, t1: 0.01, id: k, link: accessLink(k), dir: 0, cls: 0, reason: 0 });
    const { store, model } = setup([drop(0), drop(1), drop(2), drop(319)]);
    const list = frame(model, store, 0.02, 1);
    expect(list.stats.flashes).toBe(1);
    expect(list.labels.find((l) => l.text.startsWith('queue full'))?.text).toBe('queue full (data) ×4');
    const ring = list.rings[0];
    const middle = fan.spokes[fan.spokes.length >> 1];
    expect(distanceToSegment(ring.x, ring.y, middle)).toBeLessThan(4);
  });

  it('flashes the copies’ RTOs once, at the fan’s middle host, counting them', () => {
    const rto = (k: number) => ev({ kind: EventKind.TcpEvent, t0: 0.01, t1: 0.01, id: k, reason: 0 });
    const { store, model } = setup([rto(0), rto(5), rto(319)]);
    const list = frame(model, store, 0.02, 1);
    expect(list.stats.flashes).toBe(1);
    expect(list.labels.find((l) => l.text.startsWith('RTO'))?.text).toBe('RTO ×3');
    const middle = fan.spokes[fan.spokes.length >> 1];
    expect(list.rings[0].x).toBeCloseTo(middle.x2, 6);
    expect(list.rings[0].y).toBeCloseTo(middle.y2, 6);
  });

  it('gives each drawn host its spoke’s end, for a log row that names one', () => {
    const k = 8;
    const host = geom.nodes[scenario.nodes.length + k];
    const sp = fan.spokes[k % fan.spokes.length];
    expect([host.x, host.y]).toEqual([sp.x2, sp.y2]);
  });

  it('without the layout, an index past the scenario’s links is not drawn anywhere', () => {
    const model = new AnimationModel([]);
    model.setLinks(linkInfos({ nodes: scenario.nodes, links: scenario.links }, { fans: [] }), []);
    const store = new VisualStore(64, 64);
    store.append(rows([packet(3)]));
    expect(frame(model, store, 0.0105, 1).stats.packets).toBe(0);
  });
});
