/**
 * What the export menu writes: the time series of every flow and the aggregate (CSV, one
 * row per flow and sample, so 320 flows stay one tidy table), the event log (CSV, the
 * sentences the log shows), the summary and the scenario (JSON). Pure functions of the
 * stores; the menu only names and downloads the files.
 */
import { csvTextCell, type Scenario } from '@obs-tcp-sim/scenario';
import { categoryOf, entryText, LogModel } from '../log/filter';
import type { Names } from '../log/names';
import type { EventRing } from '../sim/visualStore';
import { SERIES_COLUMNS, TCP_STATE_NAMES, type SeriesStore } from '../sim/seriesStore';

/**
 * A CSV field. A number is written as the shortest text that reads back the same (its
 * sign kept). Text goes through `csvTextCell`: quoted when it holds a comma, a quote or a
 * line break (RFC 4180), and a leading = + - @ tab or CR made harmless, so a flow id
 * `=HYPERLINK(...)` from a link stays text in a spreadsheet instead of a live formula.
 */
export function csvField(value: string | number): string {
  return typeof value === 'number' ? numberText(value) : csvTextCell(value);
}

/** Shortest text that reads back as the same double; empty for NaN (no sample). */
function numberText(x: number): string {
  return Number.isNaN(x) ? '' : String(x);
}

const row = (fields: Array<string | number>) => fields.map(csvField).join(',') + '\r\n';

/**
 * Columns: t (s), flow (its id, or "all flows" for the aggregate), cwnd and ssthresh
 * (segments), srtt and rtt (s), goodput (bit/s), delivered (bytes), state (TCP phase).
 */
export function timeSeriesCsv(series: SeriesStore, flowIds: readonly string[]): string {
  const header = ['t_s', 'flow', 'cwnd_segments', 'ssthresh_segments', 'srtt_s', 'rtt_s', 'goodput_bps', 'delivered_bytes', 'state'];
  const parts = [row(header)];
  for (let f = 0; f < series.flowCount; f++) {
    const s = series.flow(f)!;
    const col = Object.fromEntries(SERIES_COLUMNS.map((c) => [c, s.column(c)])) as Record<(typeof SERIES_COLUMNS)[number], Float64Array>;
    const id = flowIds[f] ?? `flow ${f}`;
    for (let i = 0; i < s.length; i++) {
      const state = TCP_STATE_NAMES[col.state[i]] ?? '';
      parts.push(row([col.t[i], id, col.cwnd[i], col.ssthresh[i], col.srtt[i], col.rtt[i], col.goodput[i], col.delivered[i], state]));
    }
  }
  const a = series.aggregate;
  const [t, goodput, delivered, srtt, rtt] = (['t', 'goodput', 'delivered', 'srtt', 'rtt'] as const).map((c) => a.column(c));
  for (let i = 0; i < a.length; i++) parts.push(row([t[i], 'all flows', '', '', srtt[i], rtt[i], goodput[i], delivered[i], '']));
  return parts.join('');
}

/**
 * Columns: t (s), category (drops, tcp, formed), what happened: the event log's own
 * entries and sentences (log/filter.ts), every notable event the ring still holds.
 */
export function eventLogCsv(ring: Pick<EventRing, 'length' | 'overwritten' | 'event' | 'get'>, names: Names): string {
  const model = new LogModel(Math.max(1, ring.length));
  model.sync(ring, 0);
  const parts = [row(['t_s', 'category', 'event'])];
  for (const entry of model.entries) {
    const category = categoryOf(entry.event.kind);
    if (category) parts.push(row([entry.event.t0, category, entryText(entry, names)]));
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
