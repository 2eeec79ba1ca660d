// `obs-sim run --trace DIR`: the run's traces as CSV files in DIR (the rows are
// packages/engine/src/trace-csv.ts's; docs/summary.md, "Traces", lists the columns).
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { EngineRoutes } from '@obs-tcp-sim/engine';
import { makeNames, type ScenarioShape } from '@obs-tcp-sim/engine/names';
import { TRACE_EVENT_KINDS, TRACE_FILES, TraceRows, type TraceFile } from '@obs-tcp-sim/engine/trace';
import type { RunWatcher } from '@obs-tcp-sim/engine/node';

/** Text gathered per file before it is written: a few writes a second, not one per row. */
const FLUSH_BYTES = 1 << 20;

/**
 * A watcher that writes DIR/flows.csv, bursts.csv, tcp-events.csv, packet-drops.csv and links.csv as
 * the run goes (the files are made, or emptied, before the run starts). `scenarioText`:
 * the scenario the engine runs, for the names of nodes, links and flows (read once the
 * engine has accepted it).
 */
export function traceWriter(dir: string, scenarioText: string): RunWatcher & { close(): void } {
  mkdirSync(dir, { recursive: true });
  const files = new Map<TraceFile, { fd: number; pending: string[]; bytes: number }>();
  for (const name of Object.keys(TRACE_FILES) as TraceFile[])
    files.set(name, { fd: openSync(path.join(dir, `${name}.csv`), 'w'), pending: [], bytes: 0 });
  const flush = (name: TraceFile) => {
    const file = files.get(name)!;
    if (file.pending.length === 0) return;
    writeSync(file.fd, file.pending.join(''));
    file.pending = [];
    file.bytes = 0;
  };
  const write = (name: TraceFile, text: string) => {
    const file = files.get(name)!;
    file.pending.push(text);
    file.bytes += text.length;
    if (file.bytes >= FLUSH_BYTES) flush(name);
  };
  let rows: TraceRows | null = null;
  return {
    eventKinds: TRACE_EVENT_KINDS,
    linkSamples: true,
    begin(sim) {
      const flowIds = JSON.parse(sim.flowIdsJson()) as string[];
      const routes = JSON.parse(sim.routesJson()) as EngineRoutes;
      rows = new TraceRows(makeNames(JSON.parse(scenarioText) as ScenarioShape, flowIds, routes), write);
    },
    drained(samples, events, links) {
      rows?.samples(samples);
      if (events) rows?.events(events);
      if (links) rows?.links(links);
    },
    end() {
      rows?.finish();
      for (const name of files.keys()) flush(name);
    },
    close() {
      for (const file of files.values()) closeSync(file.fd);
    },
  };
}
