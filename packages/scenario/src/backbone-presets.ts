// The backbone presets (docs/presets.md: nsfnet, nsfnet-continuity, usnet), built from the
// same backboneScenario as the mesh models of docs/mesh.md, so that the preset a class
// watches is the network the analytic models describe. Two things are added for the app:
// a layout scaled onto the presets' 900 x 400 canvas, and one TCP flow across the whole
// backbone between two hosts, so the charts have a window and a throughput to show.
// scripts/make-backbone-presets.ts writes the files; backbone-presets.test.ts holds them
// equal to what this builds.
import { BACKBONES, type Backbone } from './mesh-theory/backbones';
import { backboneScenario, edgeIdOf } from './mesh-theory/backbone-scenario';

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
 * Where the cities go on the canvas: the backbones' frame (x 100..1060, y 100..610) into
 * x 110..790, y 45..355. Not to scale: the frame is squeezed more in y than in x, which
 * keeps a US map wide; the margins leave room for the edge nodes (34 px outwards) and the
 * two hosts beyond them at the sides.
 */
const FRAME = { x0: 100, x1: 1060, y0: 100, y1: 610 };
const CANVAS = { x0: 110, x1: 790, y0: 45, y1: 355 };

function onCanvas(net: Backbone): Backbone {
  const sx = (CANVAS.x1 - CANVAS.x0) / (FRAME.x1 - FRAME.x0);
  const sy = (CANVAS.y1 - CANVAS.y0) / (FRAME.y1 - FRAME.y0);
  return {
    ...net,
    cities: net.cities.map((c) => ({
      ...c,
      x: Math.round(CANVAS.x0 + (c.x - FRAME.x0) * sx),
      y: Math.round(CANVAS.y0 + (c.y - FRAME.y0) * sy),
    })),
  };
}

type Json = Record<string, any>;

/** The TCP flow's settings, spelled out as every preset's are (first-lesson's, with a larger window for the longer round trip). */
const FLOW_TCP = {
  variant: 'reno',
  mss: 1460,
  maxWindow: 64,
  initialCwnd: 1,
  initialSsthresh: 65535,
  dupAckThreshold: 3,
  delayedAck: false,
  rto: { initial: 1, min: 0.2, max: 60, fixed: null },
};

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
  const edgeOf = (city: string) => base.nodes.find((n: Json) => n.id === edgeIdOf(city));
  const src = edgeOf(options.from);
  const dst = edgeOf(options.to);
  // The hosts sit beside their edges towards the canvas's side, so they read as "outside" the backbone.
  const server = { id: 'Server', kind: 'host', x: Math.max(20, src.x - 70), y: src.y };
  const client = { id: 'Client', kind: 'host', x: Math.min(880, dst.x + 70), y: dst.y };
  return {
    ...base,
    // Charts want more than the ten samples backboneScenario takes for a loss run.
    sampleInterval: 0.05,
    nodes: [server, ...base.nodes, client],
    links: [accessLink('access-src', 'Server', src.id), ...base.links, accessLink('access-dst', dst.id, 'Client')],
    flows: [{ id: 'tcp1', src: 'Server', dst: 'Client', count: 1, start: 0, tcp: structuredClone(FLOW_TCP), app: { kind: 'bulk' } }],
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
