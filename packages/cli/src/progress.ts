// Progress of a sweep on stderr: a bar redrawn in place on a terminal, plain lines at
// every tenth otherwise (a Slurm or Kubernetes log), so logs stay short.

export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

export class Progress {
  readonly total: number;
  readonly stream: NodeJS.WriteStream;
  readonly quiet: boolean;
  readonly label: string;
  readonly now: () => number;
  readonly tty: boolean;
  readonly started: number;
  done: number;
  lastDraw: number;
  lastTenth: number;

  /** `total`: runs. */
  constructor(total: number, options: { stream?: NodeJS.WriteStream; quiet?: boolean; label?: string; now?: () => number } = {}) {
    this.total = total;
    this.stream = options.stream ?? process.stderr;
    this.quiet = options.quiet ?? false;
    this.label = options.label ?? 'sweep';
    this.now = options.now ?? (() => performance.now() / 1000);
    this.tty = Boolean(this.stream.isTTY);
    this.started = this.now();
    this.done = 0;
    this.lastDraw = -Infinity;
    this.lastTenth = 0;
  }

  start(text: string): void {
    if (!this.quiet) this.stream.write(`obs-sim: ${this.label}: ${text}\n`);
  }

  /** One more run finished. */
  tick(): void {
    this.done++;
    if (this.quiet) return;
    const elapsed = this.now() - this.started;
    if (this.tty) {
      if (this.done === this.total || elapsed - this.lastDraw >= 0.1) {
        this.lastDraw = elapsed;
        this.stream.write(`\r\x1b[2K${this.line(elapsed, true)}`);
        if (this.done === this.total) this.stream.write('\n');
      }
      return;
    }
    const tenth = Math.floor((10 * this.done) / this.total);
    if (tenth > this.lastTenth || this.done === this.total) {
      this.lastTenth = tenth;
      this.stream.write(`obs-sim: ${this.label}: ${this.line(elapsed, false)}\n`);
    }
  }

  line(elapsed: number, bar: boolean): string {
    const share = this.total === 0 ? 1 : this.done / this.total;
    const width = 30;
    const filled = Math.round(share * width);
    const head = bar ? `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ` : '';
    const eta =
      this.done === this.total
        ? 'done'
        : this.done === 0
          ? 'ETA ?'
          : `ETA ${formatDuration((elapsed / this.done) * (this.total - this.done))}`;
    return `${head}${this.done}/${this.total} runs (${Math.floor(share * 100)} %), ${formatDuration(elapsed)} elapsed, ${eta}`;
  }

  /** Clears the bar (on a terminal) so that a message can take its line; the next tick draws it again. */
  clear(): void {
    if (this.quiet || !this.tty || this.done === 0 || this.done === this.total) return;
    this.stream.write('\r\x1b[2K');
    this.lastDraw = -Infinity;
  }

  /** Leaves the terminal on a fresh line after a failure mid-bar. */
  abort(): void {
    if (!this.quiet && this.tty && this.done < this.total) this.stream.write('\n');
  }
}
