// The engine's stdout/stderr, kept in a small ring so that when the wasm aborts, the
// error we report carries its last words (an assertion message, "Aborted(...)").
// The C++ core does no I/O of its own, so in a healthy run this stays empty.

export interface EngineLog {
  write(line: unknown): void;
  /** The last lines, oldest first. */
  lines(): string[];
  /** Emscripten's `print` and `printErr` options, writing into this log. */
  moduleOptions(): { print: (line: string) => void; printErr: (line: string) => void };
}

/** A ring of the last `capacity` lines. */
export function createEngineLog(capacity = 64): EngineLog {
  const lines: string[] = [];
  const write = (line: unknown) => {
    lines.push(String(line));
    if (lines.length > capacity) lines.shift();
  };
  return {
    write,
    lines: () => lines.slice(),
    /** Emscripten's `print` and `printErr` options. */
    moduleOptions: () => ({ print: write, printErr: write }),
  };
}

const UNCAUGHT_CPP = 'the engine threw a C++ exception that nothing caught (its message is not readable from JavaScript)';

/**
 * An uncaught C++ exception reaches JavaScript as a WebAssembly.Exception (built with
 * -fwasm-exceptions) or as a bare pointer (JS-based exceptions), neither an Error.
 */
function isCppException(value: unknown): boolean {
  // WebAssembly.Exception is missing from older lib.dom typings and older engines.
  const WasmException = (globalThis.WebAssembly as { Exception?: unknown } | undefined)?.Exception;
  return typeof value === 'number' || (typeof WasmException === 'function' && value instanceof WasmException);
}

/**
 * The engine threw or trapped. After this the wasm instance must not be used again: a
 * trap can leave the C++ heap in any state.
 */
export class EngineCrashError extends Error {
  override name = 'EngineCrashError' as const;
  readonly engineOutput: string[];
  constructor(cause: unknown, engineOutput: string[]) {
    const first = cause instanceof Error ? cause.message : isCppException(cause) ? UNCAUGHT_CPP : String(cause);
    // Emscripten prints "Aborted(reason)" and then throws it again; don't say it twice.
    const fresh = engineOutput.filter((line) => line.trim() !== '' && !first.includes(line.trim()));
    const message = fresh.length === 0 ? first : `${first}\nengine output:\n  ${fresh.join('\n  ')}`;
    super(message, { cause });
    this.engineOutput = engineOutput;
  }
}
