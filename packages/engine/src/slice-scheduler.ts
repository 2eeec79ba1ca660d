/** Cancels a scheduled callback; calling it after the callback ran does nothing. */
export type Cancel = () => void;

/** Wall clock in milliseconds. */
export interface Clock {
  now(): number;
}

/**
 * How the runner gives the event loop back between slices of simulation, so that
 * messages (pause, setLive) are handled between them.
 */
export interface SliceScheduler {
  /** As soon as pending messages have been handled. */
  soon(run: () => void): Cancel;
  /** After about `ms` milliseconds. */
  after(ms: number, run: () => void): Cancel;
}

export const performanceClock: Clock = { now: () => performance.now() };

/**
 * setTimeout(0) is clamped to 4 ms after a few nested calls in browsers, which would
 * idle the engine most of the time; a MessageChannel message (or setImmediate in Node)
 * yields to the event loop without that delay.
 */
export function createSliceScheduler(): SliceScheduler {
  const after = (ms: number, run: () => void): Cancel => {
    const id = setTimeout(run, ms);
    return () => clearTimeout(id);
  };
  if (typeof setImmediate === 'function') {
    return {
      soon(run) {
        const id = setImmediate(run);
        return () => clearImmediate(id);
      },
      after,
    };
  }
  const channel = new MessageChannel();
  const queue: { run: () => void; cancelled: boolean }[] = [];
  channel.port1.onmessage = () => {
    const task = queue.shift();
    if (task && !task.cancelled) task.run();
  };
  return {
    soon(run) {
      const task = { run, cancelled: false };
      queue.push(task);
      channel.port2.postMessage(null);
      return () => {
        task.cancelled = true;
      };
    },
    after,
  };
}
