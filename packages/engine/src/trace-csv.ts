/**
 * Traces of a run as tidy CSV (docs/summary.md, "Traces"): one row per observation, units in
 * the column names, read by pandas as they are. The CLI writes them (`obs-sim run --trace
 * DIR`); the app's time-series export writes the flows' table with the same columns and
 * rows (apps/web/src/files/exports.ts).
 *
 *   flows.csv       every flow at every sampleInterval: cwnd, ssthresh, srtt, the last RTT
 *                   sample, goodput over the interval, bytes delivered, TCP phase
 *   bursts.csv      every burst, once its fate is known: where it formed, what it carried,
 *                   its optical path, and whether it arrived, was dropped (where and why)
 *                   or was still in flight at the end
 *   tcp-events.csv  every timeout, fast retransmit and exit from recovery
 *   packet-drops.csv every packet lost on a packet link (queue full, random loss, listed)
 *   links.csv       every packet link direction at every sampleInterval: its queue and its
 *                   drops so far
 */
import { csvTextCell } from '@obs-tcp-sim/scenario';
import { TCP_PHASES, VisualEventKind, type LinkSampleColumns, type SampleColumns, type VisualEventColumns } from './engine-module';
import type { Names } from './names';

/**
 * A CSV field. A number is written as the shortest text that reads back the same (its
 * sign kept), NaN as an empty field. Text goes through `csvTextCell`: quoted when it holds
 * a comma, a quote or a line break (RFC 4180), and a leading = + - @ tab or CR made
 * harmless, so a flow id `=HYPERLINK(...)` from a link stays text in a spreadsheet.
 */
export function csvField(value: string | number): string {
  if (typeof value !== 'number') return csvTextCell(value);
  return Number.isNaN(value) ? '' : String(value);
}

/** One CSV line (CRLF, as RFC 4180 has it). */
export function csvRow(fields: ReadonlyArray<string | number>): string {
  return fields.map(csvField).join(',') + '\r\n';
}

/** The flows' time series: the app's export and flows.csv. */
export const FLOW_SERIES_HEADER = [
  't_s',
  'flow',
  'cwnd_segments',
  'ssthresh_segments',
  'srtt_s',
  'rtt_s',
  'goodput_bps',
  'delivered_bytes',
  'state',
] as const;

/** One row of FLOW_SERIES_HEADER (state: the engine's phase number, or a name already). */
export function flowSeriesRow(
  t: number,
  flow: string,
  cwnd: number | '',
  ssthresh: number | '',
  srtt: number,
  rtt: number,
  goodput: number,
  delivered: number,
  state: number | string,
): string {
  const phase = typeof state === 'number' ? (TCP_PHASES[state] ?? '') : state;
  return csvRow([t, flow, cwnd, ssthresh, srtt, rtt, goodput, delivered, phase]);
}

export const BURST_HEADER = [
  'burst',
  'class',
  'edge',
  'egress',
  'path',
  'formed_s',
  'offset_s',
  'bytes',
  'segments',
  'flows',
  'main_flow',
  'deflections',
  'cut_bytes',
  'outcome',
  'at_node',
  'reason',
  'end_s',
] as const;

export const TCP_EVENT_HEADER = ['t_s', 'flow', 'event', 'cwnd_after_segments', 'snd_una_segments'] as const;

export const LINK_HEADER = ['t_s', 'link', 'direction', 'queued_packets', 'queue_drops', 'random_drops'] as const;

export const PACKET_DROP_HEADER = ['t_s', 'link', 'direction', 'class', 'flow', 'seq', 'bytes', 'reason'] as const;

/** The visual event kinds a trace reads (not the per-link bars the animation draws). */
export const TRACE_EVENT_KINDS =
  (1 << VisualEventKind.BurstFormed) |
  (1 << VisualEventKind.BurstDropped) |
  (1 << VisualEventKind.PacketDropped) |
  (1 << VisualEventKind.TcpEvent) |
  (1 << VisualEventKind.BurstDelivered) |
  (1 << VisualEventKind.BurstDeflected) |
  (1 << VisualEventKind.BurstSegmented);

const BURST_CLASSES = ['data', 'ack', 'background'];
const BURST_DROP_REASONS = ['injected', 'contention', 'late'];
const PACKET_CLASSES = ['data', 'ack'];
const PACKET_DROP_REASONS = ['queue', 'random', 'listed'];
const TCP_EVENTS = ['rto', 'fast-retransmit', 'recovery-exit'];

/** The four files, each as the lines written so far; the writer of each file drains them. */
export type TraceFile = 'flows' | 'bursts' | 'tcp-events' | 'packet-drops' | 'links';
export const TRACE_FILES: Record<TraceFile, readonly string[]> = {
  flows: FLOW_SERIES_HEADER,
  bursts: BURST_HEADER,
  'tcp-events': TCP_EVENT_HEADER,
  'packet-drops': PACKET_DROP_HEADER,
  links: LINK_HEADER,
};

interface OpenBurst {
  cls: number;
  edge: number;
  path: number;
  formed: number;
  offset: number;
  bytes: number;
  segments: number;
  flows: number;
  mainFlow: number;
  deflections: number;
  cutBytes: number;
}

/**
 * Turns drained samples and visual events into trace rows. A burst's row waits for its
 * fate (delivered or dropped); `finish` writes those still in flight.
 */
export class TraceRows {
  private readonly open = new Map<number, OpenBurst>();

  constructor(
    private readonly names: Names,
    private readonly write: (file: TraceFile, text: string) => void,
  ) {
    for (const [file, header] of Object.entries(TRACE_FILES)) write(file as TraceFile, csvRow(header));
  }

  samples(s: SampleColumns): void {
    const parts: string[] = [];
    for (let i = 0; i < s.t.length; i++) {
      const flow = this.names.flow(s.flow[i]);
      parts.push(flowSeriesRow(s.t[i], flow, s.cwnd[i], s.ssthresh[i], s.srtt[i], s.rtt[i], s.goodput[i], s.delivered[i], s.state[i]));
    }
    if (parts.length > 0) this.write('flows', parts.join(''));
  }

  links(s: LinkSampleColumns): void {
    const parts: string[] = [];
    for (let i = 0; i < s.t.length; i++) {
      const link = s.link[i];
      const direction = `${this.names.linkFrom(link, s.dir[i])}->${this.names.linkTo(link, s.dir[i])}`;
      parts.push(csvRow([s.t[i], this.names.link(link), direction, s.queued[i], s.queueDrops[i], s.randomDrops[i]]));
    }
    if (parts.length > 0) this.write('links', parts.join(''));
  }

  events(e: VisualEventColumns): void {
    const bursts: string[] = [];
    const tcp: string[] = [];
    const drops: string[] = [];
    for (let i = 0; i < e.kind.length; i++) {
      const id = e.id[i];
      switch (e.kind[i]) {
        case VisualEventKind.BurstFormed:
          this.open.set(id, {
            cls: e.cls[i],
            edge: e.node[i],
            path: e.link[i],
            formed: e.t0[i],
            offset: e.value[i],
            bytes: e.bytes[i],
            segments: e.segments[i],
            flows: e.dir[i],
            mainFlow: e.lane[i],
            deflections: 0,
            cutBytes: 0,
          });
          break;
        case VisualEventKind.BurstDeflected: {
          const b = this.open.get(id);
          if (b) b.deflections++;
          break;
        }
        case VisualEventKind.BurstSegmented: {
          const b = this.open.get(id);
          if (b) b.cutBytes += e.bytes[i];
          break;
        }
        case VisualEventKind.BurstDelivered:
        case VisualEventKind.BurstDropped: {
          const b = this.open.get(id);
          if (!b) break; // formed before the trace began: never, the trace starts at t = 0
          this.open.delete(id);
          const dropped = e.kind[i] === VisualEventKind.BurstDropped;
          bursts.push(this.burstRow(id, b, dropped ? 'dropped' : 'delivered', e.node[i], dropped ? e.reason[i] : -1, e.t0[i]));
          break;
        }
        case VisualEventKind.TcpEvent:
          tcp.push(csvRow([e.t0[i], this.names.flow(id), TCP_EVENTS[e.reason[i]] ?? String(e.reason[i]), e.value[i], e.segments[i]]));
          break;
        case VisualEventKind.PacketDropped: {
          const link = e.link[i];
          drops.push(
            csvRow([
              e.t0[i],
              this.names.link(link),
              `${this.names.linkFrom(link, e.dir[i])}->${this.names.linkTo(link, e.dir[i])}`,
              PACKET_CLASSES[e.cls[i]] ?? String(e.cls[i]),
              this.names.flow(id),
              e.segments[i],
              e.bytes[i],
              PACKET_DROP_REASONS[e.reason[i]] ?? String(e.reason[i]),
            ]),
          );
          break;
        }
      }
    }
    if (bursts.length > 0) this.write('bursts', bursts.join(''));
    if (tcp.length > 0) this.write('tcp-events', tcp.join(''));
    if (drops.length > 0) this.write('packet-drops', drops.join(''));
  }

  /** The bursts still on their way at the end of the run, outcome "in flight". */
  finish(): void {
    const rows = [...this.open].map(([id, b]) => this.burstRow(id, b, 'in flight', -1, -1, NaN));
    this.open.clear();
    if (rows.length > 0) this.write('bursts', rows.join(''));
  }

  private burstRow(id: number, b: OpenBurst, outcome: string, node: number, reason: number, end: number): string {
    const path = this.names.opticalPath(b.path);
    return csvRow([
      id,
      BURST_CLASSES[b.cls] ?? String(b.cls),
      this.names.node(b.edge),
      path?.egress ?? '',
      path ? path.nodes.join(' ') : '',
      b.formed,
      b.offset,
      b.bytes,
      b.segments,
      b.flows,
      b.cls === 2 || b.mainFlow < 0 ? '' : this.names.flow(b.mainFlow),
      b.deflections,
      b.cutBytes,
      outcome,
      node >= 0 ? this.names.node(node) : '',
      reason >= 0 ? (BURST_DROP_REASONS[reason] ?? String(reason)) : '',
      end,
    ]);
  }
}
