/**
 * How much of a stretch of wall time the page's main thread spent running, and how much
 * it spent ready but waiting for a core, read from Linux's per-thread scheduler counters
 * (/proc/<pid>/task/<tid>/schedstat: time on a CPU, time waiting on a run queue, in ns).
 *
 * Why: a long task is wall time. On a shared 2-core machine a task that used 5 ms of CPU
 * was seen to last 51 ms because the thread waited for a core. The main-thread test says
 * which of the two a long task was, so its report can be read; the rule it checks stays
 * the wall-clock one.
 *
 * The renderer is the one whose dedicated worker (the engine) has used the most CPU; its
 * main thread's id is the process id. Where /proc is not readable, the clock reports
 * nothing and the test still measures long tasks.
 */
import { readdirSync, readFileSync } from 'node:fs';

interface Sample {
  /** Date.now() of the reading. */
  at: number;
  cpuNs: number;
  waitNs: number;
}

export interface ThreadTime {
  cpuMs: number;
  waitMs: number;
}

/** CPU ticks (user + system) from a /proc stat line, fields 14 and 15. */
function ticks(statPath: string): number {
  const stat = readFileSync(statPath, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** The renderer whose dedicated worker (the engine) has used the most CPU. */
function engineRenderer(): number | null {
  let best: number | null = null;
  let bestTicks = -1;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      if (!cmdline.includes('--type=renderer')) continue;
      for (const tid of readdirSync(`/proc/${name}/task`)) {
        if (!readFileSync(`/proc/${name}/task/${tid}/comm`, 'utf8').startsWith('DedicatedWorker')) continue;
        const t = ticks(`/proc/${name}/task/${tid}/stat`);
        if (t > bestTicks) {
          bestTicks = t;
          best = Number(name);
        }
      }
    } catch {
      // A process that ended while we looked.
    }
  }
  return best;
}

export class ThreadClock {
  private samples: Sample[] = [];
  private timer: ReturnType<typeof setInterval> | null = null;
  private file: string | null = null;

  /** True once a window was measured from the counters. */
  available = false;

  /** Finds the renderer running the engine now, then reads its main thread every `everyMs`. */
  start(everyMs = 5): void {
    this.samples = [];
    try {
      const pid = engineRenderer();
      this.file = pid === null ? null : `/proc/${pid}/task/${pid}/schedstat`;
    } catch {
      this.file = null;
    }
    if (!this.file) return;
    this.read();
    this.timer = setInterval(() => this.read(), everyMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.file) this.read();
    if (this.samples.length >= 2) this.available = true;
  }

  /** CPU and run-queue time of the main thread between two Date.now() instants (interpolated). */
  between(from: number, to: number): ThreadTime | null {
    if (this.samples.length < 2) return null;
    const a = this.at(from);
    const b = this.at(to);
    return { cpuMs: round((b.cpuNs - a.cpuNs) / 1e6), waitMs: round((b.waitNs - a.waitNs) / 1e6) };
  }

  /** Over the whole sampled stretch. */
  total(): ThreadTime | null {
    if (this.samples.length < 2) return null;
    return this.between(this.samples[0].at, this.samples[this.samples.length - 1].at);
  }

  private read(): void {
    try {
      const [cpu, wait] = readFileSync(this.file!, 'utf8').split(' ').map(Number);
      this.samples.push({ at: Date.now(), cpuNs: cpu, waitNs: wait });
    } catch {
      if (this.timer) clearInterval(this.timer);
      this.timer = null;
      this.file = null;
    }
  }

  private at(t: number): { cpuNs: number; waitNs: number } {
    const s = this.samples;
    if (t <= s[0].at) return s[0];
    const last = s[s.length - 1];
    if (t >= last.at) return last;
    let i = 1;
    while (s[i].at < t) i++;
    const p = s[i - 1];
    const q = s[i];
    const f = q.at === p.at ? 0 : (t - p.at) / (q.at - p.at);
    return { cpuNs: p.cpuNs + f * (q.cpuNs - p.cpuNs), waitNs: p.waitNs + f * (q.waitNs - p.waitNs) };
  }
}

const round = (x: number) => Math.round(x * 10) / 10;
