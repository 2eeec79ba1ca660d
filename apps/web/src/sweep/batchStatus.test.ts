import { describe, expect, it, vi } from 'vitest';
import { settleBatch, type BatchStatus } from './batchStatus';

describe('settleBatch', () => {
  it('shows the results, says done and lets the batch go', async () => {
    const batch = {};
    const running = { current: batch as object | null };
    const statuses: BatchStatus[] = [];
    const show = vi.fn();
    await settleBatch(running, batch, Promise.resolve(7), performance.now(), (s) => statuses.push(s), show);
    expect(show).toHaveBeenCalledWith(7);
    expect(statuses.map((s) => s.kind)).toEqual(['done']);
    expect(running.current).toBeNull();
  });

  it('says why it failed, a throw of show included', async () => {
    const batch = {};
    const running = { current: batch as object | null };
    const statuses: BatchStatus[] = [];
    await settleBatch(running, batch, Promise.reject(new Error('worker died')), 0, (s) => statuses.push(s), vi.fn());
    running.current = batch;
    await settleBatch(
      running,
      batch,
      Promise.resolve(1),
      0,
      (s) => statuses.push(s),
      () => {
        throw new Error('no table');
      },
    );
    expect(statuses).toEqual([
      { kind: 'failed', message: 'worker died' },
      { kind: 'failed', message: 'no table' },
    ]);
    expect(running.current).toBeNull();
  });

  it('says nothing of a batch cancelled or replaced, and leaves the new one running', async () => {
    const old = {};
    const next = {};
    const running = { current: next as object | null };
    const setStatus = vi.fn();
    const show = vi.fn();
    await settleBatch(running, old, Promise.resolve(1), 0, setStatus, show);
    await settleBatch(running, old, Promise.reject(new Error('cancelled')), 0, setStatus, show);
    expect(show).not.toHaveBeenCalled();
    expect(setStatus).not.toHaveBeenCalled();
    expect(running.current).toBe(next);
  });
});
