#!/usr/bin/env node
// Entry point of `npx obs-sim scenario.json` (or `node packages/cli/bin/obs-sim.mjs`).
// The CLI is TypeScript; this launcher, the package's one JavaScript file, registers tsx
// (a devDependency) so that Node compiles the TypeScript as it loads it, then runs the CLI
// (docs/typescript.md). Worker threads register tsx themselves (src/worker-pool.ts).
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../src/run-cli.ts');
runCli(process.argv.slice(2));
