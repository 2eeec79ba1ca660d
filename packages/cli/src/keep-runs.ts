// `obs-sim sweep --keep-runs FILE`: every run's whole summary, one JSON object per line
// (JSON Lines), for what the chosen outputs leave out. Runs finish in any order on the
// pool; lines are written in run order (a run that finishes early waits in memory for
// the ones before it), so the file depends only on the sweep, and a sweep stopped midway
// leaves a file whose lines are the first runs, each complete. A shard resumed
// (`--resume`) adds the lines of the runs it does now after those the file holds.
import { closeSync, existsSync, openSync, readFileSync, truncateSync, writeSync } from 'node:fs';
import { axisSettings, sweepRun, type Sweep } from '@obs-tcp-sim/sweep';
import type { Summary } from '@obs-tcp-sim/scenario';
import { provenanceOf } from './provenance';

export class RunKeeper {
  private readonly fd: number;
  private next = 0;
  private readonly waiting = new Map<number, string>();

  /**
   * `order`: the run indices this sweep (or shard) runs now, ascending. `append`: add to
   * what `file` holds (a resumed shard), after dropping a last line cut short by a stop.
   * Throws when `file` cannot be opened.
   */
  constructor(
    file: string,
    private readonly sweep: Sweep,
    private readonly order: readonly number[],
    append = false,
  ) {
    if (append && existsSync(file)) {
      const text = readFileSync(file);
      const end = text.lastIndexOf(0x0a) + 1;
      if (end < text.length) truncateSync(file, end);
    }
    this.fd = openSync(file, append ? 'a' : 'w');
  }

  /** One run's summary, as the engine gave it. */
  add(run: number, summary: Summary): void {
    this.waiting.set(run, runLine(this.sweep, run, summary));
    while (this.next < this.order.length && this.waiting.has(this.order[this.next])) {
      const index = this.order[this.next++];
      writeSync(this.fd, this.waiting.get(index) as string);
      this.waiting.delete(index);
    }
  }

  close(): void {
    closeSync(this.fd);
  }
}

/**
 * One line: the run, its point, seed and swept values (path: value), what made it
 * (provenance, as `obs-sim run` gives it) and the summary.
 */
export function runLine(sweep: Sweep, run: number, summary: Summary): string {
  const { point, seed, values, scenario } = sweepRun(sweep, run);
  const settings = Object.fromEntries(sweep.axes.flatMap((axis, a) => axisSettings(axis, values[a])));
  const provenance = provenanceOf(JSON.stringify(scenario), summary);
  return `${JSON.stringify({ run, point, seed, values: settings, provenance, summary })}\n`;
}
