/**
 * Which optical path each recent burst took, by burst id, from its BurstFormed event's
 * `link` (the index in the engine's routes.opticalPaths, docs/engine-api.md "Routes"): the
 * channel view's bars know a burst's id, not where it came from or goes. A fixed table
 * indexed by id modulo its size (ids are sequential per run), as the log's BurstOrigin
 * table: O(1), no allocation; an id overwritten by a much newer burst is not found.
 */
export class BurstPathTable {
  private readonly ids: Float64Array;
  private readonly paths: Int32Array;

  constructor(private readonly size = 1 << 17) {
    this.ids = new Float64Array(size).fill(-1);
    this.paths = new Int32Array(size);
  }

  clear(): void {
    this.ids.fill(-1);
  }

  remember(id: number, path: number): void {
    if (!(id >= 0)) return;
    const slot = id % this.size;
    this.ids[slot] = id;
    this.paths[slot] = path;
  }

  /** The burst's optical path index, -1 if unknown. */
  find(id: number): number {
    if (!(id >= 0)) return -1;
    const slot = id % this.size;
    return this.ids[slot] === id ? this.paths[slot] : -1;
  }
}
