// What bin/obs-sim.mjs runs once tsx is registered: main() with the process's arguments,
// its exit status, and one line for a bug in the CLI itself.
import { oneLine } from '@obs-tcp-sim/scenario/safe-text';
import { main } from './main';

export function runCli(argv: string[]): void {
  // Piping into `head` closes stdout early; that is not an error worth a stack trace.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });

  main(argv).then(
    (status) => {
      process.exitCode = status;
    },
    (error: unknown) => {
      // A bug in the CLI itself: one line unless asked for the details.
      process.stderr.write(`obs-sim: internal error: ${oneLine(error instanceof Error ? error.message : String(error))}\n`);
      if (process.env.OBS_SIM_DEBUG) process.stderr.write(`${error instanceof Error ? error.stack : ''}\n`);
      process.exitCode = 1;
    },
  );
}
