// The backbone presets (docs/presets.md: nsfnet, nsfnet-continuity, usnet), built from the
// same backboneScenario as the mesh models of docs/mesh.md, so that the preset a class
// watches is the network the analytic models describe. Two things are added for the app:
// a layout scaled onto the presets' 900 x 400 canvas, and one TCP flow across the whole
// backbone between two hosts, so the charts have a window and a throughput to show.
// scripts/make-backbone-presets.ts writes the files; backbone-presets.test.ts holds them
// equal to what this builds.
import { BACKBONES, type Backbone } from './backbones/topologies';
import { backboneScenario, edgeIdOf } from './backbones/backbone-scenario';
import { tcpSettings } from './tcp-settings';

export interface BackbonePresetOptions {
  backbone: keyof typeof BACKBONES;
  name: string;
  conversion: 'full' | 'none';
  wavelengthChoice: 'first-fit' | 'random';
  /** The TCP flow's ends: the cities whose edges the hosts hang on. */
  from: string;
  to: string;
  seed?: number;
}

/** Wavelengths per core fiber: few enough that a teacher can count them in the channel view. */
export const PRESET_WAVELENGTHS = 8;
/** Network load: full conversion loses a few per cent of the bursts, none tens of per cent (docs/presets.md). */
export const PRESET_LOAD = 0.2;
/** Simulated seconds: about 50 round trips of the flow, a few seconds of wasm. */
export const PRESET_DURATION = 5;

/**
 * Where the cores go on the canvas: x 50..850, y 40..345 (2.6 : 1), the shape of the network
 * view with *Larger network* at 1280 x 720 and at 1920 x 1080, where a backbone can be read
 * (docs/presets.md has the screenshots' verdicts; the default split, 3.7 : 1 and 250 px
 * high, is too small for 28 or 50 nodes whatever their layout). USNET is its map in
 * backbones.ts scaled into that box. NSFNET's map is not: its geography puts five cores
 * (ANN, ITH, PIT, PRI, CPK) within 130 km of map of each other, which a projector cannot
 * separate, so the preset has a schematic of it with every city in its region but the
 * east spread out (PAL also moves inside the SEA-SDG link, off it).
 */
const NSFNET_SCHEMATIC: Record<string, [number, number]> = {
  SEA: [100, 70],
  PAL: [185, 195],
  SDG: [200, 320],
  SLC: [250, 160],
  BOU: [370, 200],
  LIN: [480, 150],
  HOU: [480, 320],
  CHA: [590, 125],
  ANN: [690, 70],
  PIT: [700, 190],
  ATL: [650, 320],
  ITH: [800, 80],
  PRI: [810, 200],
  CPK: [790, 300],
};
/** The extent of each map's own coordinates (the schematic's above, USNET's in backbones.ts). */
const FRAMES = { NSFNET: { x0: 100, x1: 810, y0: 70, y1: 320 }, USNET: { x0: 100, x1: 1000, y0: 110, y1: 610 } };
const BOX = { x0: 50, x1: 850, y0: 40, y1: 345 };

function onCanvas(net: Backbone): Backbone {
  const frame = net.name === 'NSFNET' ? FRAMES.NSFNET : FRAMES.USNET;
  const place = (c: Backbone['cities'][number]): [number, number] => {
    const [x, y] = net.name === 'NSFNET' ? NSFNET_SCHEMATIC[c.id] : [c.x, c.y];
    return [
      Math.round(BOX.x0 + ((x - frame.x0) * (BOX.x1 - BOX.x0)) / (frame.x1 - frame.x0)),
      Math.round(BOX.y0 + ((y - frame.y0) * (BOX.y1 - BOX.y0)) / (frame.y1 - frame.y0)),
    ];
  };
  return { ...net, cities: net.cities.map((c) => ({ ...c, x: place(c)[0], y: place(c)[1] })) };
}

type Point = { x: number; y: number };
const CANVAS = { width: 900, height: 400, margin: 15 };

function segmentDistance(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/**
 * A spot `radius` from `at`, in the one of 16 directions farthest from every node placed
 * so far and every core fiber: a node beside its core but off the fibers, where neither
 * its glyph nor its label covers another (the radial spot backboneScenario picks lands on
 * fibers of the middle cores once the map is wide and low).
 */
function freeSpot(at: Point, radius: number, nodes: Point[], fibers: [Point, Point][]): Point {
  let best: Point | null = null;
  let bestScore = -Infinity;
  for (let k = 0; k < 16; k++) {
    const angle = (k * Math.PI) / 8;
    const p = { x: Math.round(at.x + radius * Math.cos(angle)), y: Math.round(at.y + radius * Math.sin(angle)) };
    const m = CANVAS.margin;
    if (p.x < m || p.x > CANVAS.width - m || p.y < m || p.y > CANVAS.height - m) continue;
    const score = Math.min(
      ...nodes.map((n) => Math.hypot(n.x - p.x, n.y - p.y)),
      ...fibers.map(([a, b]) => 1.5 * segmentDistance(p, a, b)),
    );
    if (score > bestScore) [best, bestScore] = [p, score];
  }
  return best!;
}

/** Core to its edge node, and edge node to a host, in canvas units. */
const EDGE_RADIUS = 36;
const HOST_RADIUS = 60;

type Json = Record<string, any>;

/** 10 Mbit/s access, as in the first lesson: under a thousand segments a second, so the flow plays at real time. */
const accessLink = (id: string, a: string, b: string) => ({
  id,
  a,
  b,
  kind: 'packet',
  rate: 10_000_000,
  delay: 0.001,
  queue: 100,
  loss: 0,
  arq: { retries: 0, retryDelay: 0 },
});

export function backbonePreset(options: BackbonePresetOptions): Json {
  const net = onCanvas(BACKBONES[options.backbone]);
  const base = backboneScenario({
    backbone: net,
    name: options.name,
    wavelengths: PRESET_WAVELENGTHS,
    load: PRESET_LOAD,
    conversion: options.conversion,
    wavelengthChoice: options.wavelengthChoice,
    duration: PRESET_DURATION,
    seed: options.seed ?? 1,
  }) as Json;
  const coreAt = new Map<string, Point>(net.cities.map((c) => [c.id, { x: c.x, y: c.y }]));
  const fibers = net.links.map((l): [Point, Point] => [coreAt.get(l.a)!, coreAt.get(l.b)!]);
  const placed: Point[] = [...coreAt.values()];
  const nodes = base.nodes.map((n: Json) => {
    if (n.kind !== 'edge') return n;
    const spot = freeSpot(coreAt.get(n.id.slice(edgeIdOf('').length))!, EDGE_RADIUS, placed, fibers);
    placed.push(spot);
    return { ...n, ...spot };
  });
  const edgeOf = (city: string) => nodes.find((n: Json) => n.id === edgeIdOf(city));
  const src = edgeOf(options.from);
  const dst = edgeOf(options.to);
  const server = { id: 'Server', kind: 'host', ...freeSpot(src, HOST_RADIUS, placed, fibers) };
  placed.push(server);
  const client = { id: 'Client', kind: 'host', ...freeSpot(dst, HOST_RADIUS, placed, fibers) };
  return {
    ...base,
    // Charts want more than the ten samples backboneScenario takes for a loss run.
    sampleInterval: 0.05,
    nodes: [server, ...nodes, client],
    links: [accessLink('access-src', 'Server', src.id), ...base.links, accessLink('access-dst', dst.id, 'Client')],
    // The TCP flow's settings: first-lesson's, with a larger window (64) for the longer round trip.
    flows: [{ id: 'tcp1', src: 'Server', dst: 'Client', count: 1, start: 0, tcp: tcpSettings(), app: { kind: 'bulk' } }],
  };
}

/** The three presets, by file name in packages/scenario/presets. */
export const BACKBONE_PRESETS: Readonly<Record<string, BackbonePresetOptions>> = {
  'nsfnet.json': {
    backbone: 'nsfnet',
    name: 'NSFNET backbone: 14 cores, uniform Poisson traffic, full conversion',
    conversion: 'full',
    wavelengthChoice: 'first-fit',
    from: 'SEA',
    to: 'PRI',
  },
  'nsfnet-continuity.json': {
    backbone: 'nsfnet',
    name: 'NSFNET backbone without wavelength conversion',
    conversion: 'none',
    wavelengthChoice: 'first-fit',
    from: 'SEA',
    to: 'PRI',
  },
  'usnet.json': {
    backbone: 'usnet',
    name: 'USNET backbone: 24 cores, uniform Poisson traffic, full conversion',
    conversion: 'full',
    wavelengthChoice: 'first-fit',
    from: 'N1',
    to: 'N24',
  },
};
