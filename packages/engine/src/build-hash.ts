// Which engine build made a result: the first 16 hex digits of the SHA-256 of the wasm
// module's bytes. Two builds that differ in any instruction differ here; the same source
// built twice by the same toolchain gives the same bytes, and the same hash. The CLI
// reads it from the file it loads (node-engine.ts), the app from the file it was built
// with (apps/web/vite.config.ts): one rule, so both name a build alike.
import { createHash } from 'node:crypto';

export function buildHashOf(wasm: Uint8Array): string {
  return createHash('sha256').update(wasm).digest('hex').slice(0, 16);
}
