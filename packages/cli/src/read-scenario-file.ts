// Reading the files (and standard input) the CLI is given. Anyone may have written them,
// so nothing here trusts their size or shape:
//   - at most `maxBytes` are read, whatever the input is (a 50 MB file, /dev/zero, an
//     endless pipe): reading stops one byte past the cap and the input is refused;
//   - before JSON.parse builds anything, one pass over the text bounds its nesting, the
//     number of objects and arrays and the length of every array (json-shape.ts, which the
//     share-link decoder uses too), so no file can make V8 abort (an array past its
//     largest size) or fill the heap with empty objects;
//   - every refusal is a ScenarioError with one line.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { resolve } from 'node:path';
import { ScenarioError } from '@obs-tcp-sim/scenario/error';
import { checkJsonShape, type JsonShapeLimits } from '@obs-tcp-sim/scenario/json-shape';
import { lineAndColumn, parseScenarioText } from '@obs-tcp-sim/scenario/parse-text';

export const MiB = 1024 * 1024;

/**
 * What one input may be. The byte caps are the defaults of --max-input-bytes.
 * - maxBytes: scenario, spec and base files and standard input. The largest scenario the
 *   engine accepts (10,000 nodes, 100,000 links and flows) takes about 30 MB written
 *   compactly; the presets take 2-6 KB.
 * - maxShardBytes: one shard file (merge, sweep --resume). A shard holds its runs (about
 *   20 bytes per output value, 55 per line for its run and check) and the base scenario: a sweep at
 *   the spec limits (1,000,000 runs x 50 outputs) takes about 1.3 GB in all, so it needs
 *   20 shards or more at this cap (or --max-input-bytes). A shard file is JSON Lines: its
 *   lines are bounded one by one (packages/sweep/src/shards.ts), the first, which holds
 *   the base scenario, as a scenario file.
 * - maxDepth: a scenario nests 5 levels (flows[0].tcp.rto.fixed).
 * - maxContainers (objects and arrays): a scenario with every node and link the engine
 *   allows (10,000 and 100,000) holds about 320,000.
 * - maxItems (array items and object members, each counted by its comma or colon): that
 *   same scenario holds about 1,500,000 values; the engine reads about 300,000 a second,
 *   so 2,000,000 is refused before it starts (about 7 s of reading).
 * - maxListLength: a scenario's lists hold at most 100,000 items.
 */
export const INPUT_LIMITS = Object.freeze({
  maxBytes: 32 * MiB,
  maxShardBytes: 64 * MiB,
  maxDepth: 64,
  maxContainers: 1_000_000,
  maxItems: 2_000_000,
  maxListLength: 1_000_000,
  /** Largest --max-input-bytes: V8 holds at most 2^29 - 24 characters in one string. */
  maxBytesCeiling: 1024 * MiB,
});

const READ_ERRORS: Record<string, string> = {
  ENOENT: 'no such file',
  ENOTDIR: 'no such file (a part of the path is not a directory)',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ELOOP: 'too many symbolic links',
  ENAMETOOLONG: 'the file name is too long',
};

/** "32 MiB", "1.5 MiB", "512 KiB", "100 bytes". */
export function formatBytes(bytes: number): string {
  for (const [unit, size] of [
    ['GiB', 1024 * MiB],
    ['MiB', MiB],
    ['KiB', 1024],
  ] as const) {
    if (bytes >= size) return `${Number.isInteger(bytes / size) ? bytes / size : (bytes / size).toFixed(1)} ${unit}`;
  }
  return `${bytes} bytes`;
}

/**
 * The text of a file (or of standard input for '-'), read up to `maxBytes`; a byte order
 * mark is dropped. Throws ScenarioError with one line when it cannot be read or is larger.
 * A path named inside another file (a spec's base) must be a regular file: a spec from
 * someone else must not make obs-sim wait on the terminal (/dev/tty, /dev/stdin) or a
 * named pipe; such a path is opened without blocking, so a named pipe with no writer does
 * not hang the open itself. What the user names on the command line is read as it comes.
 * `kind`: what the file should be, for messages.
 */
export function readInputText(
  file: string,
  {
    maxBytes = INPUT_LIMITS.maxBytes,
    kind = 'scenario file',
    regularOnly = false,
  }: { maxBytes?: number; kind?: string; regularOnly?: boolean } = {},
): string {
  const stdin = file === '-' && !regularOnly;
  let fd: number;
  try {
    fd = stdin ? 0 : openSync(resolve(userDirectory(), file), regularOnly ? constants.O_RDONLY | constants.O_NONBLOCK : 'r');
  } catch (error) {
    throw readError(error, kind);
  }
  try {
    if (!stdin) {
      const stat = fstatSync(fd);
      if (stat.isDirectory()) throw new ScenarioError(`is a directory, not a ${kind}`);
      if (regularOnly && !stat.isFile())
        throw new ScenarioError(`is not a regular file (a device, a pipe or a socket), so it cannot be a ${kind} named in another file`);
      if (stat.isFile() && stat.size > maxBytes) throw tooLarge(maxBytes, stat.size);
    }
    const bytes = readCapped(fd, maxBytes, kind);
    let text: string;
    try {
      text = bytes.toString('utf8');
    } catch {
      throw new ScenarioError(`is too large to hold as text (${formatBytes(bytes.length)})`);
    }
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } finally {
    if (!stdin) closeSync(fd);
  }
}

/**
 * Reads from `fd` until its end or one byte past `maxBytes`, in chunks, so a device or a
 * pipe without end (/dev/zero) costs at most the cap.
 */
function readCapped(fd: number, maxBytes: number, kind: string): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  while (total <= maxBytes) {
    const chunk = Buffer.allocUnsafe(Math.min(MiB, maxBytes + 1 - total));
    let n: number;
    try {
      n = readSync(fd, chunk, 0, chunk.length, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        // Standard input left non-blocking by whoever started us: wait a little, try again.
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
        continue;
      }
      if (code === 'EOF') break; // Windows' end of a pipe
      throw readError(error, kind);
    }
    if (n === 0) break;
    chunks.push(n === chunk.length ? chunk : chunk.subarray(0, n));
    total += n;
  }
  if (total > maxBytes) throw tooLarge(maxBytes, null);
  return Buffer.concat(chunks, total);
}

function tooLarge(maxBytes: number, size: number | null): ScenarioError {
  const what = size === null ? `holds more than ${formatBytes(maxBytes)}` : `is ${formatBytes(size)}, more than ${formatBytes(maxBytes)}`;
  return new ScenarioError(`${what}, the most obs-sim reads from one input (--max-input-bytes raises it)`);
}

function readError(error: unknown, kind: string): ScenarioError {
  if (error instanceof ScenarioError) return error;
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (code === 'EISDIR') return new ScenarioError(`is a directory, not a ${kind}`);
  const known = Object.prototype.hasOwnProperty.call(READ_ERRORS, code) ? READ_ERRORS[code] : undefined;
  return new ScenarioError(known ?? `cannot read: ${code || (error instanceof Error ? error.message : String(error))}`);
}

/**
 * Why JSON text is refused before it is parsed (its nesting, objects and arrays, values,
 * or one list past `limits`), or null.
 */
export function checkJsonShapeText(text: string, limits: JsonShape): string | null {
  const broken = checkJsonShape(text, limits);
  if (broken === null) return null;
  const at = `(at ${where(text, broken.offset)})`;
  switch (broken.rule) {
    case 'depth':
      return `nests deeper than ${limits.maxDepth} levels ${at}`;
    case 'containers':
      return `holds more than ${limits.maxContainers} objects and arrays, more than the format needs ${at}`;
    case 'items':
      return `holds more than ${limits.maxItems} values, more than the format needs ${at}`;
    default:
      return `has a list of more than ${limits.maxListLength} items, more than the format needs ${at}`;
  }
}

function where(text: string, offset: number): string {
  const { line, column } = lineAndColumn(text, offset);
  return `line ${line}, column ${column}`;
}

export type JsonShape = Required<JsonShapeLimits>;

/** The limits of a scenario or spec file. */
export const SCENARIO_SHAPE: Readonly<JsonShape> = Object.freeze({
  maxDepth: INPUT_LIMITS.maxDepth,
  maxContainers: INPUT_LIMITS.maxContainers,
  maxItems: INPUT_LIMITS.maxItems,
  maxListLength: INPUT_LIMITS.maxListLength,
});

/**
 * Reads a JSON file (capped, shape-checked) and parses it; the value must be an object.
 * Throws ScenarioError with one line (syntax errors with line and column).
 */
export function readJsonFile(
  file: string,
  {
    maxBytes,
    kind = 'scenario file',
    shape = SCENARIO_SHAPE,
    regularOnly = false,
  }: { maxBytes?: number; kind?: string; shape?: JsonShape; regularOnly?: boolean } = {},
): { text: string; value: Record<string, unknown> } {
  const text = readInputText(file, { maxBytes, kind, regularOnly });
  const refused = checkJsonShapeText(text, shape);
  if (refused) throw new ScenarioError(refused);
  return { text, value: parseScenarioText(text) as unknown as Record<string, unknown> };
}

/**
 * Reads a scenario file; throws ScenarioError with one line when it cannot be read, is
 * too large or oddly shaped, or is not a JSON object. Returns the text as written, for
 * the engine, which reads the numbers itself.
 */
export function readScenarioFile(file: string, options: { maxBytes?: number } = {}): string {
  return readJsonFile(file, options).text;
}

/**
 * `npm run sim` runs the script from the repository root; a relative path means
 * the directory the user typed the command in, which npm passes as INIT_CWD.
 */
export function userDirectory(): string {
  return process.env.npm_lifecycle_event === 'sim' && process.env.INIT_CWD ? process.env.INIT_CWD : process.cwd();
}
