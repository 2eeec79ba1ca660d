// Writes the backbone presets (packages/scenario/presets/nsfnet.json, nsfnet-continuity.json,
// usnet.json) from packages/scenario/src/backbone-presets.ts: `node --import tsx
// scripts/make-backbone-presets.ts`. The files are committed; backbone-presets.test.ts fails
// when they differ from what the builder gives, so run this after changing it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BACKBONE_PRESETS, backbonePreset } from '../packages/scenario/src/backbone-presets';

const DIR = join(import.meta.dirname, '../packages/scenario/presets');

for (const [file, options] of Object.entries(BACKBONE_PRESETS)) {
  writeFileSync(join(DIR, file), JSON.stringify(backbonePreset(options), null, 2) + '\n');
  console.log(`wrote ${file}`);
}
