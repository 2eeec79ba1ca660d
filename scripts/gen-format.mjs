// Writes the scenario format's generated references from the schema's field table:
// packages/scenario/scenario.schema.json (JSON Schema, for editors) and the field reference
// in docs/format.md. `node --import tsx scripts/gen-format.mjs`; json-schema.test.ts fails
// while either is stale.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scenarioJsonSchema } from '../packages/scenario/src/schema/json-schema.ts';
import { withFieldReference } from '../packages/scenario/src/schema/format-doc.ts';
import { writeIfChanged } from './write-if-changed.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
writeIfChanged(root, 'packages/scenario/scenario.schema.json', `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`, 'gen-format');
writeIfChanged(root, 'docs/format.md', withFieldReference(readFileSync(join(root, 'docs/format.md'), 'utf8')), 'gen-format');
