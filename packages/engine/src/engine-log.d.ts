export interface EngineLog {
  write(line: unknown): void;
  /** The last lines, oldest first. */
  lines(): string[];
  /** Emscripten's `print` and `printErr` options, writing into this log. */
  moduleOptions(): { print: (line: string) => void; printErr: (line: string) => void };
}

export declare function createEngineLog(capacity?: number): EngineLog;

/**
 * The engine threw or trapped; its message ends with the engine's last output lines.
 * After this the wasm instance must not be used again.
 */
export declare class EngineCrashError extends Error {
  name: 'EngineCrashError';
  engineOutput: string[];
  constructor(cause: unknown, engineOutput: string[]);
}
