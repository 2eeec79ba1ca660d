// Writes the sweep specs of docs/validation.md's mesh section (validation/specs/mesh-*.json)
// from the backbone builder, so the scenarios there are the ones @obs-tcp-sim/scenario's
// mesh-theory models: `node --import tsx scripts/validate/make-mesh-specs.ts`. The specs are
// committed; run this again only to change them (then `npm run validate -- --rerun --only mesh`).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { backboneScenario, type BackboneScenarioOptions } from '@obs-tcp-sim/scenario/mesh-theory';

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
