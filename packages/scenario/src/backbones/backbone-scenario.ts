// A format v1 scenario of an OBS backbone (docs/mesh.md): one core per city of topologies.ts,
// one edge node per core beside it ("E-SEA" next to "SEA") where the traffic enters and
// leaves, and a uniform traffic matrix between all the edges. Fiber core–core links with a
// propagation delay of 5 µs per km (light in fibre) and K wavelengths; each edge's access
// fiber has 4K, so the access hops are never the bottleneck and loss happens at the cores
// (docs/mesh.md). No flows: the matrix's background bursts alone, as the papers' loss curves.
// Every other field has the engine's default written out (the form of the presets, which
// the app's shape check asks of a scenario from outside).
import { scenarioSchema } from '../schema/schema';
import type { WavelengthConversion } from '../scenario';
import { BACKBONES, type Backbone } from './topologies';

export interface BackboneScenarioOptions {
  backbone: keyof typeof BACKBONES | Backbone;
  /** Wavelengths per core–core fiber, K (default 16). */
  wavelengths?: number;
  /** traffic.load, ρ (default 0.6). */
  load?: number;
  /** Every core's `conversion` (default "full"). */
  conversion?: WavelengthConversion;
  wavelengthChoice?: 'first-fit' | 'random';
  /** Bits per second per wavelength (default 1e9). */
  rate?: number;
  model?: 'poisson' | 'self-similar';
  /** Simulated seconds (default 1); samples every tenth of it. */
  duration?: number;
  seed?: number;
  name?: string;
  /**
   * obs.offset in seconds (default OFFSET). Not "auto": the auto offset is exact to the
   * last core, so a BHP that waits behind another on a busy control channel arrives there
   * after its burst and the burst is lost as late (about 1 % on NSFNET at load 0.6).
   */
  offset?: number | 'auto';
}

/** Room for the longest path's processing (7 cores x 10 µs on NSFNET) and the queueing of BHPs on control channels. */
export const OFFSET = 1e-4;

/** Light in fibre: 200,000 km/s, 5 µs per km (a division, so 2100 km is 0.0105 s exactly as printed). */
export const KM_PER_SECOND = 200_000;
/** The access fibers' delay, edge to core. */
export const ACCESS_DELAY = 1e-6;
/** Pixels between a core and its edge node on the canvas. */
const EDGE_OFFSET = 34;

export const edgeIdOf = (city: string): string => `E-${city}`;

export function backboneScenario(options: BackboneScenarioOptions): Record<string, unknown> {
  const net = typeof options.backbone === 'string' ? BACKBONES[options.backbone] : options.backbone;
  const k = options.wavelengths ?? 16;
  const rate = options.rate ?? 1e9;
  const conversion = options.conversion ?? 'full';
  const duration = options.duration ?? 1;
  const cx = net.cities.reduce((s, c) => s + c.x, 0) / net.cities.length;
  const cy = net.cities.reduce((s, c) => s + c.y, 0) / net.cities.length;
  const edgeAt = (x: number, y: number) => {
    const len = Math.hypot(x - cx, y - cy) || 1;
    return { x: Math.round(x + ((x - cx) / len) * EDGE_OFFSET), y: Math.round(y + ((y - cy) / len) * EDGE_OFFSET) };
  };
  const conversionLabel = typeof conversion === 'object' ? `range ${conversion.range}` : `${conversion} conversion`;
  const coreConversion = () => (typeof conversion === 'object' ? { ...conversion } : conversion);
  // Format v1 without the mesh fields, completed with the engine's defaults; the mesh fields
  // (docs/mesh.md) go back in after.
  const plain = scenarioSchema.parse({
    version: 1,
    name: options.name ?? `${net.name}, K=${k}, load ${options.load ?? 0.6}, ${conversionLabel}`,
    seed: options.seed ?? 1,
    duration,
    sampleInterval: duration / 10,
    obs: { scheduling: 'lauc', reservation: 'jet', offset: options.offset ?? OFFSET },
    nodes: [
      ...net.cities.map((c) => ({ id: c.id, kind: 'core', x: c.x, y: c.y })),
      ...net.cities.map((c) => ({ id: edgeIdOf(c.id), kind: 'edge', ...edgeAt(c.x, c.y) })),
    ],
    links: [
      ...net.links.map((l) => ({
        id: `${l.a}-${l.b}`,
        a: l.a,
        b: l.b,
        kind: 'fiber',
        rate,
        delay: l.km / KM_PER_SECOND,
        wavelengths: k,
      })),
      ...net.cities.map((c) => ({
        id: `${edgeIdOf(c.id)}-${c.id}`,
        a: edgeIdOf(c.id),
        b: c.id,
        kind: 'fiber',
        rate,
        delay: ACCESS_DELAY,
        wavelengths: 4 * k,
      })),
    ],
    flows: [],
    background: [],
  });
  return {
    ...plain,
    obs: { ...plain.obs, wavelengthChoice: options.wavelengthChoice ?? 'first-fit' },
    nodes: plain.nodes.map((n) => (n.kind === 'core' ? { ...n, conversion: coreConversion() } : n)),
    traffic: { matrix: 'uniform', load: options.load ?? 0.6, model: options.model ?? 'poisson', meanBytes: 40000 },
  };
}
