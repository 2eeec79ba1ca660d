// Writes the sweep specs of docs/validation.md's mesh section (validation/specs/mesh-*.json)
// from the backbone builder, so the scenarios there are the ones @obs-tcp-sim/scenario's
// mesh-theory models: `node --import tsx scripts/validate/make-mesh-specs.ts`. The specs are
// committed; run this again only to change them (then `npm run validate -- --rerun --only mesh`).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { backboneScenario, type BackboneScenarioOptions } from '@obs-tcp-sim/scenario/backbones';

const DIR = join(import.meta.dirname, '../../validation/specs');
const LOADS = { from: 0.3, to: 0.8, steps: 6 };
const LOSS_OUTPUTS = ['bursts.background.droppedContention', 'bursts.background.droppedLate', 'bursts.background.sent', 'bursts.inFlight'];

function spec(
  name: string,
  title: string,
  options: Omit<BackboneScenarioOptions, 'backbone'>,
  outputs = LOSS_OUTPUTS,
  values: unknown = LOADS,
) {
  const base = backboneScenario({ backbone: 'nsfnet', duration: 1, ...options });
  const body = { sweep: 1, name: title, base, parameter: { path: 'traffic.load', values }, seeds: 4, outputs };
  writeFileSync(join(DIR, `${name}.json`), JSON.stringify(body, null, 2) + '\n');
}

spec('mesh-nsfnet-full-k16', 'NSFNET, full conversion, K = 16: burst loss vs network load', { wavelengths: 16 });
spec('mesh-nsfnet-full-k8', 'NSFNET, full conversion, K = 8: burst loss vs network load', { wavelengths: 8 });
spec('mesh-nsfnet-none-random', 'NSFNET, no conversion, random choice, K = 16', {
  wavelengths: 16,
  conversion: 'none',
  wavelengthChoice: 'random',
});
spec('mesh-nsfnet-none-first-fit', 'NSFNET, no conversion, first-fit choice, K = 16', {
  wavelengths: 16,
  conversion: 'none',
  wavelengthChoice: 'first-fit',
});
spec('mesh-nsfnet-range2-random', 'NSFNET, conversion range 2, random choice, K = 16', {
  wavelengths: 16,
  conversion: { range: 2 },
  wavelengthChoice: 'random',
});
// Per link at one load: each core-to-core direction's dropped / carried (loss = r / (1 + r)).
const nsfnet = backboneScenario({ backbone: 'nsfnet' }) as {
  links: { id: string; a: string; b: string }[];
  nodes: { id: string; kind: string }[];
};
const core = new Set(nsfnet.nodes.filter((n) => n.kind === 'core').map((n) => n.id));
const perLink = nsfnet.links
  .filter((l) => core.has(l.a) && core.has(l.b))
  .flatMap((l) => ['ab', 'ba'].map((d) => `links[${l.id}].${d}.dropped.background.contention / links[${l.id}].${d}.bursts`));
spec('mesh-nsfnet-links-k16', 'NSFNET, full conversion, K = 16, load 0.6: loss per link direction', { wavelengths: 16 }, perLink, [0.6]);

// Contention resolution and QoS (docs/mesh.md sections 6-8), read by sections/mesh-contention.mjs.
type Scenario = Record<string, unknown> & { nodes: { kind: string; [k: string]: unknown }[] };
function onEveryCore(options: Omit<BackboneScenarioOptions, 'backbone'>, field: string): Scenario {
  const base = backboneScenario({ backbone: 'nsfnet', duration: 1, ...options }) as Scenario;
  for (const n of base.nodes) if (n.kind === 'core') n[field] = true;
  return base;
}
function writeSpec(name: string, title: string, base: unknown, path: string, values: unknown, outputs: string[], seeds = 4) {
  const body = { sweep: 1, name: title, base, parameter: { path, values }, seeds, outputs };
  writeFileSync(join(DIR, `${name}.json`), JSON.stringify(body, null, 2) + '\n');
}
// Deflection: light loads too, where it pays; the same loads without it.
const DEFLECTION_LOADS = [0.1, 0.2, 0.3, 0.4, 0.6, 0.8];
writeSpec(
  'mesh-nsfnet-plain-k16',
  'NSFNET, full conversion, K = 16, no deflection: burst loss vs network load',
  backboneScenario({ backbone: 'nsfnet', duration: 1, wavelengths: 16 }),
  'traffic.load',
  DEFLECTION_LOADS,
  LOSS_OUTPUTS,
);
writeSpec(
  'mesh-nsfnet-deflection-k16',
  'NSFNET, full conversion, K = 16, deflection on every core (at most 1 per burst)',
  onEveryCore({ wavelengths: 16 }, 'deflection'),
  'traffic.load',
  DEFLECTION_LOADS,
  [...LOSS_OUTPUTS, 'bursts.background.deflections'],
);
// Segmentation: byte loss against full conversion's burst loss at the same loads (with
// LAUC a burst is refused by the horizons alone, whatever its length, so without
// segmentation the byte loss and the burst loss are the same in expectation).
writeSpec(
  'mesh-nsfnet-segmentation-k16',
  'NSFNET, full conversion, K = 16, segmentation on every core',
  onEveryCore({ wavelengths: 16 }, 'segmentation'),
  'traffic.load',
  LOADS,
  [...LOSS_OUTPUTS, 'bursts.background.bytesLost / bursts.background.bytesSent', 'bursts.background.segmented'],
);
// TCP on a shared core: the first lesson's E1 - C1 - E2 with 1 Gbit/s access links, ten
// NewReno flows, Poisson background bursts E1 -> E2 on the 4 wavelengths of C1 -> E2.
function sharedCore(segmentation: boolean) {
  const s = JSON.parse(readFileSync(join(import.meta.dirname, '../../packages/scenario/presets/first-lesson.json'), 'utf8'));
  s.name = `Shared core: 10 NewReno flows and background bursts, ${segmentation ? 'segmentation' : 'whole bursts dropped'}`;
  s.duration = 4;
  s.sampleInterval = 0.1;
  s.obs.burstLoss = { data: 0, ack: 0 };
  s.obs.offset = 1e-4;
  for (const i of [0, 3]) Object.assign(s.links[i], { rate: 1e9, queue: 1000 });
  s.links[1].wavelengths = 64;
  s.links[2].wavelengths = 4;
  Object.assign(s.flows[0], { count: 10 });
  Object.assign(s.flows[0].tcp, { variant: 'newreno', maxWindow: 1000 });
  s.background = [{ src: 'E1', dst: 'E2', load: 0.35, meanBytes: 40000 }];
  if (segmentation) s.nodes[2].segmentation = true;
  return s;
}
for (const [name, seg] of [
  ['mesh-shared-core-whole', false],
  ['mesh-shared-core-segmented', true],
] as const)
  writeSpec(name, sharedCore(seg).name, sharedCore(seg), 'background[0].load', [0.2, 0.35, 0.5], ['aggregate.goodput'], 30);
// QoS: one core, 16 wavelengths to E2, the low class at 0.3, the high class (extra offset of
// 10 mean burst durations) swept.
const meanDuration = (40000 * 8) / 1e9;
const twoClasses = {
  version: 1,
  name: 'One core, K = 16: a class with an extra offset of 10 mean bursts and one without',
  seed: 1,
  duration: 8,
  sampleInterval: 0.8,
  obs: { scheduling: 'lauc-vf', reservation: 'jet', offset: 1e-4 },
  nodes: [
    { id: 'E1', kind: 'edge', x: 100, y: 200 },
    { id: 'C1', kind: 'core', x: 300, y: 200 },
    { id: 'E2', kind: 'edge', x: 500, y: 200 },
  ],
  links: [
    { id: 'in', a: 'E1', b: 'C1', kind: 'fiber', rate: 1e9, delay: 1e-3, wavelengths: 64 },
    { id: 'out', a: 'C1', b: 'E2', kind: 'fiber', rate: 1e9, delay: 1e-3, wavelengths: 16 },
  ],
  background: [
    { src: 'E1', dst: 'E2', load: 0.3, meanBytes: 40000 },
    { src: 'E1', dst: 'E2', load: 0.5, meanBytes: 40000, extraOffset: 10 * meanDuration },
  ],
};
writeSpec('mesh-qos-one-core', twoClasses.name, twoClasses, 'background[1].load', [0.5, 0.6, 0.7, 0.8], ['qos[0].loss', 'qos[1].loss'], 6);
