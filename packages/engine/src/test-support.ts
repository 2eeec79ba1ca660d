// Helpers for tests that drive the real engine with controlled time. Not shipped: only
// *.test.ts files import this.
import type { Simulation } from './engine-module';
import type { Frame } from './frame';
import type { Cancel, Clock, SliceScheduler } from './slice-scheduler';

/**
 * Wall time that moves only when the test sets `ms`, plus, if given, the time the
 * engine's work would take (e.g. events executed / events per ms) so slices end as
 * they would on a real machine.
 */
export class FakeClock implements Clock {
  constructor(
    public ms = 0,
    private readonly workMs: () => number = () => 0,
  ) {}

  now(): number {
    return this.ms + this.workMs();
  }
}

/** Holds scheduled slices until the test runs them, so slices are observable one by one. */
export class ManualScheduler implements SliceScheduler {
  readonly tasks: { run: () => void; delayMs: number; cancelled: boolean }[] = [];

  soon(run: () => void): Cancel {
    return this.add(run, 0);
  }

  after(ms: number, run: () => void): Cancel {
    return this.add(run, ms);
  }

  get pending(): number {
    return this.tasks.filter((t) => !t.cancelled).length;
  }

  /** Runs the oldest live task; returns its delay, or null if there was none. */
  runNext(): number | null {
    for (;;) {
      const task = this.tasks.shift();
      if (!task) return null;
      if (task.cancelled) continue;
      task.run();
      return task.delayMs;
    }
  }

  private add(run: () => void, delayMs: number): Cancel {
    const task = { run, delayMs, cancelled: false };
    this.tasks.push(task);
    return () => {
      task.cancelled = true;
    };
  }
}

/** Rows of every frame's samples, in arrival order. */
export function concatenatedRows(frames: Frame[]): { t: number[]; flow: number[]; delivered: number[] } {
  const rows = { t: [] as number[], flow: [] as number[], delivered: [] as number[] };
  for (const frame of frames) {
    rows.t.push(...frame.samples.t);
    rows.flow.push(...frame.samples.flow);
    rows.delivered.push(...frame.samples.delivered);
  }
  return rows;
}

/**
 * The real simulation with one method replaced, to stand in for an engine trap at a
 * chosen moment (a real trap cannot be provoked on purpose from a correct engine).
 */
export function failingOn<K extends keyof Simulation>(sim: Simulation, method: K, failure: () => never): Simulation {
  return new Proxy(sim, {
    get(target, prop) {
      if (prop === method) return failure;
      const value = Reflect.get(target, prop) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
