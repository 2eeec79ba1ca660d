// How obs-sim speaks on stderr: one line per message, each through oneLine (control,
// bidirectional and format characters escaped, cut to a few hundred characters), because
// a message may quote what a file or the engine said about a file anyone could write.
import { oneLine } from '@obs-tcp-sim/scenario/safe-text';
import { showInput } from '@obs-tcp-sim/sweep';

export const EXIT_OK = 0;
export const EXIT_ENGINE_FAILED = 1;
export const EXIT_BAD_INPUT = 2;
/** Some runs failed (recorded in their shard file) or are missing (merge). */
export const EXIT_INCOMPLETE = 3;

/** Writes `obs-sim: <message>` as one bounded line on stderr. */
export function complain(message: string): void {
  process.stderr.write(`obs-sim: ${oneLine(message)}\n`);
}

/** A file name as given, for the start of a message: unsafe characters escaped, cut if long; `-` is standard input. */
export function showFile(name: string): string {
  return name === '-' ? 'standard input' : showInput(name, 120);
}

/** The first line of a message (the engine promises one; keep the promise if one slips). */
export function firstLine(text: string): string {
  const end = text.indexOf('\n');
  return end < 0 ? text : text.slice(0, end);
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** "engine error: ..." once, on one line. */
export function engineError(error: unknown): string {
  const message = firstLine(messageOf(error));
  return message.startsWith('engine error') ? message : `engine error: ${message}`;
}
