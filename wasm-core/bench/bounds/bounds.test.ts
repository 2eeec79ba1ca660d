// The bounds of wasm-core/bench/bounds/ are patches to the engine, measured by run.sh: each
// must still apply to the engine as it is, or its figures in docs/performance.md could no
// longer be measured again.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = fileURLToPath(new URL('../../..', import.meta.url));
const patches = readdirSync(here).filter((f) => f.endsWith('.patch'));

describe('each bound applies to the engine of this checkout', () => {
  it('has a patch', () => expect(patches.length).toBeGreaterThan(0));
  it.each(patches)('%s', (patch) => {
    // Throws, with git's message naming the file and line, if a hunk no longer applies.
    execFileSync('git', ['apply', '--check', `${here}${patch}`], { cwd: root, stdio: 'pipe' });
  });
});
