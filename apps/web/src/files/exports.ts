/**
 * What the export menu writes: the time series of every flow and the aggregate (CSV, one
 * row per flow and sample, so 320 flows stay one tidy table), the event log (CSV, the
 * sentences the log shows), the summary and the scenario (JSON). Pure functions of the
 * stores; the menu only names and downloads the files.
 */
import type { Scenario } from '@obs-tcp-sim/scenario';
import { FLOW_SERIES_HEADER, csvRow, flowSeriesRow } from '@obs-tcp-sim/engine';
import { categoryOf, entryText, LogModel } from '../log/filter';
import type { Names } from '@obs-tcp-sim/engine';
import type { EventRing } from '../sim/visualStore';
import { SERIES_COLUMNS, type SeriesStore } from '../sim/seriesStore';

/**
 * Columns: t (s), flow (its id, or "all flows" for the aggregate), cwnd and ssthresh
 * (segments), srtt and rtt (s), goodput (bit/s), delivered (bytes), state (TCP phase).
 */
export function timeSeriesCsv(series: SeriesStore, flowIds: readonly string[]): string {
  const parts = [csvRow(FLOW_SERIES_HEADER)];
  for (let f = 0; f < series.flowCount; f++) {
    const s = series.flow(f)!;
    const col = Object.fromEntries(SERIES_COLUMNS.map((c) => [c, s.column(c)])) as Record<(typeof SERIES_COLUMNS)[number], Float64Array>;
    const id = flowIds[f] ?? `flow ${f}`;
    for (let i = 0; i < s.length; i++) {
      parts.push(
        flowSeriesRow(col.t[i], id, col.cwnd[i], col.ssthresh[i], col.srtt[i], col.rtt[i], col.goodput[i], col.delivered[i], col.state[i]),
      );
    }
  }
  const a = series.aggregate;
  const [t, goodput, delivered, srtt, rtt] = (['t', 'goodput', 'delivered', 'srtt', 'rtt'] as const).map((c) => a.column(c));
  for (let i = 0; i < a.length; i++) parts.push(flowSeriesRow(t[i], 'all flows', '', '', srtt[i], rtt[i], goodput[i], delivered[i], ''));
  return parts.join('');
}

/**
 * Columns: t (s), category (drops, tcp, formed), what happened: the event log's own
 * entries and sentences (log/filter.ts), every notable event the ring still holds.
 */
export function eventLogCsv(ring: Pick<EventRing, 'length' | 'overwritten' | 'event' | 'get'>, names: Names): string {
  const model = new LogModel(Math.max(1, ring.length));
  model.sync(ring, 0);
  const parts = [csvRow(['t_s', 'category', 'event'])];
  for (const entry of model.entries) {
    const category = categoryOf(entry.event.kind);
    if (category) parts.push(csvRow([entry.event.t0, category, entryText(entry, names)]));
  }
  return parts.join('');
}

export function jsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** A file name from the scenario's name: "Paper 000: LOBS testbed" -> "paper-000-lobs-testbed". */
export function fileStem(scenario: Pick<Scenario, 'name'>): string {
  const stem = (scenario.name ?? '')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return stem || 'scenario';
}
