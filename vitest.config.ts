import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One Vitest run for the whole repo (`npx vitest run`, used by scripts/test.sh).
// packages/* run in Node against the real wasm engine (packages/engine/wasm, built by
// scripts/build-wasm.sh); apps/web brings its own config (apps/web/vite.config.ts).
// e2e/ is Playwright's and is not collected here.
export default defineConfig({
  test: {
    // One file per core. Vitest's default keeps a core for its main process (cores - 1),
    // which on the 2-core machines CI runs on meant one file at a time; the main process
    // only collects results, and the files (wasm runs, jsdom) keep their workers busy.
    maxWorkers: availableParallelism(),
    // The files of one worker share their imported modules (the wasm engine, the schema,
    // React): importing them again for each of ~200 files cost 40 s of the run's 240 s of
    // worker time, 15 s so. A test that changes shared state puts it back (fake timers are
    // undone in afterEach); the suite passes with its files shuffled (--sequence.shuffle.files).
    isolate: false,
    projects: [
      {
        extends: true,
        test: { name: 'scenario', root: './packages/scenario', include: ['src/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'sweep', root: './packages/sweep', include: ['src/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'theory', root: './packages/theory', include: ['src/**/*.test.ts'] },
      },
      {
        extends: true,
        // Runs whole scenarios in wasm: give them time on a busy 2-core machine.
        test: { name: 'engine', root: './packages/engine', include: ['src/**/*.test.ts'], testTimeout: 120_000 },
      },
      {
        extends: true,
        test: { name: 'cli', root: './packages/cli', include: ['src/**/*.test.ts'], testTimeout: 180_000 },
      },
      { extends: true, test: { name: 'validation', root: './validation', include: ['**/*.test.ts'], testTimeout: 300_000 } },
      // The pinned ns-2 conformance cases (scripts/conformance/): ns-2 and the engine, seconds each.
      { extends: true, test: { name: 'conformance', root: './scripts/conformance', include: ['*.test.ts'], testTimeout: 120_000 } },
      // npm run bench's ns-2 script against the engine's scenario (wasm-core/bench/ns2/), no timing.
      { extends: true, test: { name: 'bench-ns2', root: './wasm-core/bench/ns2', include: ['*.test.ts'], testTimeout: 120_000 } },
      // The bounds' patches still apply to the engine (wasm-core/bench/bounds/), no timing.
      { extends: true, test: { name: 'bench-bounds', root: './wasm-core/bench/bounds', include: ['*.test.ts'] } },
      // The engine's headers generated from the scenario schema (scripts/engine-tables/).
      { extends: true, test: { name: 'engine-tables', root: './scripts/engine-tables', include: ['*.test.ts'] } },
      // docs/sweeps.md's Slurm job array on a one-node Slurm (scripts/cluster/).
      { extends: true, test: { name: 'cluster', root: './scripts/cluster', include: ['*.test.ts'], testTimeout: 300_000 } },
      // Figures docs/presets.md quotes, from runs (scripts/docs-figures/).
      { extends: true, test: { name: 'docs-figures', root: './scripts/docs-figures', include: ['*.test.ts'], testTimeout: 120_000 } },
      // The example study (examples/study/): python3 with pandas drives the CLI.
      { extends: true, test: { name: 'examples', root: './examples', include: ['**/*.test.ts'], testTimeout: 180_000 } },
      './apps/web',
    ],
  },
});
