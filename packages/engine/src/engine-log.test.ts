import { describe, expect, it } from 'vitest';
import { EngineCrashError, createEngineLog } from './engine-log';

describe('createEngineLog', () => {
  it('keeps the last lines only', () => {
    const log = createEngineLog(3);
    const { print, printErr } = log.moduleOptions();
    print('one');
    printErr('two');
    print('three');
    printErr('four');
    expect(log.lines()).toEqual(['two', 'three', 'four']);
  });
});

describe('EngineCrashError', () => {
  it('ends its message with what the engine printed last', () => {
    const error = new EngineCrashError(new Error('RuntimeError: unreachable'), ['assertion failed: bytes conserved']);
    expect(error.name).toBe('EngineCrashError');
    expect(error.message).toBe('RuntimeError: unreachable\nengine output:\n  assertion failed: bytes conserved');
    expect(error.engineOutput).toEqual(['assertion failed: bytes conserved']);
  });

  it('does not repeat the abort line Emscripten prints and then throws', () => {
    const error = new EngineCrashError(new Error('Aborted(OOM). Build with -s ASSERTIONS=1 for more info.'), ['Aborted(OOM)']);
    expect(error.message).toBe('Aborted(OOM). Build with -s ASSERTIONS=1 for more info.');
  });

  it('explains a C++ exception that reached JavaScript as a bare pointer', () => {
    expect(new EngineCrashError(5251912, []).message).toMatch(/C\+\+ exception/);
  });

  it('explains a C++ exception that reached JavaScript as a WebAssembly.Exception', () => {
    const WasmApi = WebAssembly as unknown as {
      Tag: new (type: { parameters: string[] }) => object;
      Exception: new (tag: object, payload: unknown[]) => unknown;
    };
    const thrown = new WasmApi.Exception(new WasmApi.Tag({ parameters: ['i32'] }), [42]);
    expect(new EngineCrashError(thrown, []).message).toMatch(/C\+\+ exception/);
  });
});
