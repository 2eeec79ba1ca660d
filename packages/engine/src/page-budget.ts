/**
 * The run budget of the engine in the page (docs/model.md section 8). Events: the engine's
 * default (1e10, about an hour of engine time). Memory: 256 MiB, a quarter of the CLI's
 * default, because a tab shares its memory with the charts and a phone has little: the
 * largest preset holds about 30 MB, and a run that grows without end is stopped within
 * seconds instead of after a gigabyte.
 */
export const PAGE_RUN_BUDGET = Object.freeze({
  /** Negative: the engine's default. */
  maxEvents: -1,
  maxMemoryBytes: 256 * 1024 * 1024,
});
