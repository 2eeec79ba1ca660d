/**
 * Where a batch of runs on the engine workers is (a sweep's, a comparison's), and how one
 * ends: its results shown and the time it took, or the error that stopped it; nothing
 * once it was cancelled or another batch started.
 */

export type BatchStatus =
  | { kind: 'idle' }
  | { kind: 'running'; since: number; done: number; total: number }
  | { kind: 'done'; seconds: number }
  | { kind: 'failed'; message: string };

/**
 * Waits for `results` of `batch`, started at `since` (performance.now()); while `running`
 * still holds this batch, `show`s them and says done (or says why it failed), then lets
 * `running` go.
 */
export async function settleBatch<B, R>(
  running: { current: B | null },
  batch: B,
  results: Promise<R>,
  since: number,
  setStatus: (status: BatchStatus) => void,
  show: (results: R) => void,
): Promise<void> {
  try {
    const found = await results;
    if (running.current !== batch) return; // cancelled or started again
    show(found);
    setStatus({ kind: 'done', seconds: (performance.now() - since) / 1000 });
  } catch (error) {
    if (running.current === batch) setStatus({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  } finally {
    if (running.current === batch) running.current = null;
  }
}
