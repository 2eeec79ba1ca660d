/**
 * Loss by QoS class and the counts of contention resolved at cores, for the section above
 * the loss matrix: the summary's `qos` (docs/mesh.md section 8) and the per-class counters
 * of deflection and segmentation (sections 6 and 7). Pure: summary in, rows and lines out.
 * Every field is optional (older engines, scenarios without these features, a summary
 * arriving partly filled), so a field that is absent shows nothing rather than a 0 the run
 * never counted.
 */
import { formatCount, formatDelay } from '../format';
import type { SummaryLike } from '../sim/controller';
import { lossText } from './lossColors';

type BurstClassLike = NonNullable<NonNullable<SummaryLike['bursts']>['data']>;

export interface ClassLossRow {
  /** "none" for the class without an extra offset, else "200 µs". */
  offsetText: string;
  sent: number;
  /** Dropped by every reason. */
  dropped: number;
  /** dropped / sent; null when nothing was sent (nothing to measure). */
  loss: number | null;
  /** Bursts that lost a part and went on; null when segmentation is off. */
  segmented: number | null;
}

export interface ClassLossTable {
  rows: ClassLossRow[];
  /** The "Cut short" column: only when some class counts segmented bursts. */
  showCut: boolean;
}

export interface ClassLossView {
  /** null without `qos` (no source has an extra offset). */
  table: ClassLossTable | null;
  /** Lines of "Contention resolved at cores"; empty when no core deflects or segments. */
  contentionLines: string[];
}

const n = (v: number | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const has = (v: unknown): v is number => typeof v === 'number';
const plural = (count: number, one: string, many: string) => `${formatCount(count)} ${count === 1 ? one : many}`;

/** The class's extra offset in friendly units; 0 (or a value the engine did not give) is "none". */
export function offsetText(seconds: number | undefined): string {
  return n(seconds) > 0 ? formatDelay(n(seconds)) : 'none';
}

/** One row per entry of `qos`, in the engine's (ascending) order; null without classes. */
export function classLossTable(qos: SummaryLike['qos']): ClassLossTable | null {
  if (!Array.isArray(qos)) return null;
  const rows: ClassLossRow[] = qos
    .filter((q) => typeof q === 'object' && q !== null)
    .map((q) => {
      const sent = n(q.sent);
      const dropped = n(q.dropped?.injected) + n(q.dropped?.contention) + n(q.dropped?.late);
      return {
        offsetText: offsetText(q.extraOffset),
        sent,
        dropped,
        loss: sent > 0 ? dropped / sent : null,
        segmented: has(q.segmented) ? n(q.segmented) : null,
      };
    });
  // An empty `qos` has no class to show: no table rather than a header over nothing.
  return rows.length ? { rows, showCut: rows.some((r) => r.segmented !== null) } : null;
}

/**
 * The counters of deflection and segmentation summed over the burst classes (data, ACK,
 * background). A line appears only when its counters do: the engine emits them only when
 * some core has the feature, so an absent counter means "not on", not "none happened".
 */
export function contentionLines(bursts: SummaryLike['bursts']): string[] {
  const classes = [bursts?.data, bursts?.ack, bursts?.background].filter((c): c is BurstClassLike => typeof c === 'object' && c !== null);
  const any = (key: keyof BurstClassLike) => classes.some((c) => has(c[key]));
  const sum = (key: keyof BurstClassLike) => classes.reduce((s, c) => s + n(c[key] as number | undefined), 0);
  const lines: string[] = [];
  if (any('deflections')) lines.push(`Deflected: ${plural(sum('deflections'), 'time', 'times')}`);
  if (any('segmented')) {
    const segments = any('segmentsCut') ? `, ${plural(sum('segmentsCut'), 'TCP segment', 'TCP segments')} cut` : '';
    lines.push(`Cut short: ${plural(sum('segmented'), 'burst', 'bursts')}${segments}`);
  }
  if (any('bytesSent') || any('bytesLost')) {
    const sent = sum('bytesSent');
    lines.push(sent > 0 ? `Bytes lost: ${lossText(sum('bytesLost') / sent)} of the bytes sent` : 'Bytes lost: — (no bytes sent yet)');
  }
  return lines;
}

export function classLossView(summary: SummaryLike | null | undefined): ClassLossView {
  return { table: classLossTable(summary?.qos), contentionLines: contentionLines(summary?.bursts) };
}
