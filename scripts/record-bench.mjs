// Keeps a bench run's result for the docs: copies e2e/artifacts/<id>.json (written by
// `npm run bench`'s page-bench project, wasm-core/bench/vs_ns2.mjs, ab_engines.mjs or
// bounds/run.sh) to docs/figures/bench/<id>.json with the commit and
// date it was measured at, then `node --import tsx scripts/gen-docs-figures.mjs` writes
// docs/performance.md's text from it. `node scripts/record-bench.mjs page-sweep page-realtime`.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeIfChanged } from './write-if-changed.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ids = process.argv.slice(2);
if (ids.length === 0) {
  console.error('usage: node scripts/record-bench.mjs <id> ... (e2e/artifacts/<id>.json)');
  process.exit(2);
}
const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
const date = new Date().toISOString().slice(0, 10);
for (const id of ids) {
  const measured = JSON.parse(readFileSync(join(root, 'e2e/artifacts', `${id}.json`), 'utf8'));
  writeIfChanged(root, `docs/figures/bench/${id}.json`, `${JSON.stringify({ commit, date, ...measured }, null, 2)}\n`, 'record-bench');
}
