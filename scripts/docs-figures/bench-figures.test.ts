// docs/performance.md's page timings are the recorded bench runs' (bench-figures.ts;
// record with node scripts/record-bench.mjs, then node --import tsx scripts/gen-docs-figures.mjs).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';
import { BENCH_FIGURES, withBenchFigures } from './bench-figures';

const doc = readFileSync(new URL('../../docs/performance.md', import.meta.url), 'utf8');
const benchDir = new URL('../../docs/figures/bench/', import.meta.url);

it('every page timing docs/performance.md quotes is the recorded run it names', () => {
  expect(withBenchFigures(doc, benchDir)).toBe(doc);
  for (const id of BENCH_FIGURES) expect(doc).toContain(`<!-- measured: ${id} -->`);
});

it('a recorded run that differs gives other text: the test can fail', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-figures-'));
  try {
    for (const id of BENCH_FIGURES) {
      const name = `${id.slice('bench-'.length)}.json`;
      const json = readFileSync(new URL(name, benchDir), 'utf8');
      writeFileSync(join(dir, name), json.replace(/"cores": \d+/, '"cores": 97'));
    }
    const other = withBenchFigures(doc, pathToFileURL(`${dir}/`));
    expect(other).not.toBe(doc);
    expect(other.match(/on\s97\scores/g)).toHaveLength(BENCH_FIGURES.length);
  } finally {
    rmSync(dir, { recursive: true });
  }
});
