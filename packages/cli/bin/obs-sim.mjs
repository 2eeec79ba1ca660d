#!/usr/bin/env node
// Entry point of `npm run sim -- scenario.json`. Plain ESM so it starts on plain Node.
import { oneLine } from '@obs-tcp-sim/scenario/src/safe-text.js';
import { main } from '../src/main.mjs';

// Piping into `head` closes stdout early; that is not an error worth a stack trace.
process.stdout.on('error', (error) => {
  if (/** @type {NodeJS.ErrnoException} */ (error).code === 'EPIPE') process.exit(0);
  throw error;
});

main(process.argv.slice(2)).then(
  (status) => {
    process.exitCode = status;
  },
  (error) => {
    // A bug in the CLI itself: one line unless asked for the details.
    process.stderr.write(`obs-sim: internal error: ${oneLine(error instanceof Error ? error.message : String(error))}\n`);
    if (process.env.OBS_SIM_DEBUG) process.stderr.write(`${error instanceof Error ? error.stack : ''}\n`);
    process.exitCode = 1;
  },
);
