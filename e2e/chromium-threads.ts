/**
 * CPU time of every thread of the browser the tests drive, grouped by what the thread does
 * (Linux only: /proc/<pid>/task/<tid>/stat, user + system ticks). Read before and after a
 * stretch of wall time, it says where the page's time went: the engine's worker, the
 * renderer's main thread, its compositor and raster threads, the GPU (viz) process. Used by
 * the page-bench measurements (issue 40, item 4: the page's share apart from the engine's).
 *
 * The browser is found as the processes whose command line names Chromium and whose parent
 * chain reaches this test process, so another browser on the machine is not counted.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** What a Chromium thread does, from its name (comm). */
export type ThreadGroup = 'engine worker' | 'page main thread' | 'compositor' | 'raster' | 'GPU process' | 'browser process' | 'other';

const TICK_MS = 10; // USER_HZ is 100 on Linux.

function groupOf(comm: string, processType: string, isMainThread: boolean): ThreadGroup {
  if (comm.startsWith('DedicatedWorker')) return 'engine worker';
  if (processType === 'gpu-process') return 'GPU process';
  if (processType === 'browser') return 'browser process';
  // A renderer's main thread is its first (thread id = process id), named after the program.
  if (processType === 'renderer' && isMainThread) return 'page main thread';
  if (comm === 'Compositor') return 'compositor';
  if (comm.startsWith('CompositorTileW') || comm.startsWith('ThreadPoolForeg')) return 'raster';
  return 'other';
}

function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

function descendsFromUs(pid: number): boolean {
  for (let p = pid, hops = 0; p > 1 && hops < 20; hops++) {
    if (p === process.pid) return true;
    p = parentOf(p);
  }
  return false;
}

/** CPU milliseconds per thread group, summed over the browser's processes now. */
export function chromiumThreadTimes(): Map<ThreadGroup, number> {
  const out = new Map<ThreadGroup, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      if (!cmdline.includes('chrom') || !descendsFromUs(Number(name))) continue;
      const processType = /--type=([\w-]+)/.exec(cmdline)?.[1] ?? 'browser';
      for (const tid of readdirSync(`/proc/${name}/task`)) {
        const comm = readFileSync(`/proc/${name}/task/${tid}/comm`, 'utf8').trim();
        const stat = readFileSync(`/proc/${name}/task/${tid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const ms = (Number(fields[11]) + Number(fields[12])) * TICK_MS;
        const group = groupOf(comm, processType, tid === name);
        out.set(group, (out.get(group) ?? 0) + ms);
      }
    } catch {
      // A process or thread that ended while we looked.
    }
  }
  return out;
}

/** CPU seconds per group between two readings (threads that ended meanwhile are lost). */
export function cpuSecondsBetween(before: Map<ThreadGroup, number>, after: Map<ThreadGroup, number>): Record<ThreadGroup, number> {
  const groups: ThreadGroup[] = ['engine worker', 'page main thread', 'compositor', 'raster', 'GPU process', 'browser process', 'other'];
  return Object.fromEntries(groups.map((g) => [g, Math.round(Math.max(0, (after.get(g) ?? 0) - (before.get(g) ?? 0))) / 1000])) as Record<
    ThreadGroup,
    number
  >;
}
