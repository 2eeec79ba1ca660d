import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { wasmFiles, wasmIsBuilt } from '@obs-tcp-sim/engine/node';

const buildScript = fileURLToPath(new URL('../../../scripts/build-wasm.sh', import.meta.url));

/**
 * Builds the wasm engine if it is missing, so a fresh checkout can run `npx obs-sim` (or `npm run sim`)
 * directly. The build's output goes to stderr: stdout carries only the summary JSON.
 * Returns null when the engine is ready, else why it is not.
 */
export function ensureWasmBuilt(note: (line: string) => void): string | null {
  if (wasmIsBuilt()) return null;
  note(`the engine is not built yet (${wasmFiles.binary} is missing): running bash scripts/build-wasm.sh`);
  const result = spawnSync('bash', [buildScript], { stdio: ['ignore', process.stderr, process.stderr] });
  if (result.error) return `could not run scripts/build-wasm.sh: ${result.error.message}`;
  if (result.status !== 0) return `scripts/build-wasm.sh failed (exit ${result.status}); its output is above`;
  if (!wasmIsBuilt()) return `scripts/build-wasm.sh finished but ${wasmFiles.binary} is still missing`;
  return null;
}
