/**
 * Where the flags of a run's live changes go on a chart. Each change has a dashed line at
 * its time; its flag (its name and time in a box at the top) sits right of the line, or
 * left of it where it would be cut at the plot's right edge. Flags that would cover each
 * other take the next of three rows; a flag with no free row joins the nearest flag
 * before it, which becomes a group ("3 changes, 0.97–1.6 s"), so no flag ever hides
 * another. The reference lines' labels are placed around these boxes (referenceOverlay.ts).
 */
import { formatChangeTime } from '../store/scenarioStore';

export const FLAG_FONT = '12px system-ui, sans-serif';
/** A flag's box: its height, the rows' pitch, the padding around its words, px. */
export const FLAG_HEIGHT = 15;
const ROW_PITCH = 17;
const ROWS = 3;
const PADDING = 8;
const GAP = 4;

export interface ChangeFlag {
  /** The box, px from the plot's left and top. */
  left: number;
  top: number;
  width: number;
  text: string;
  /** The changes it names (more than one: a group). */
  count: number;
}

export function layoutChangeFlags(
  changes: ReadonlyArray<{ at: number; label: string }>,
  toX: (t: number) => number,
  d0: number,
  d1: number,
  innerW: number,
  measure: (text: string) => number,
): ChangeFlag[] {
  const shown = changes.filter((c) => c.at >= d0 && c.at <= d1).sort((a, b) => a.at - b.at);
  const flags: Array<ChangeFlag & { px: number; first: number; last: number }> = [];
  const box = (px: number, text: string) => {
    const width = measure(text) + PADDING;
    const right = px + 2;
    const left = right + width <= innerW ? right : px - 2 - width >= 0 ? px - 2 - width : Math.max(0, innerW - width);
    return { left, width };
  };
  const overlaps = (a: { left: number; width: number }, b: { left: number; width: number }) =>
    a.left < b.left + b.width + GAP && b.left < a.left + a.width + GAP;
  for (const c of shown) {
    const px = toX(c.at);
    const text = `${c.label} at ${formatChangeTime(c.at)}`;
    const b = box(px, text);
    const row = [...Array(ROWS).keys()].find((r) => !flags.some((f) => f.top === 2 + r * ROW_PITCH && overlaps(f, b)));
    if (row !== undefined) {
      flags.push({ ...b, top: 2 + row * ROW_PITCH, text, count: 1, px, first: c.at, last: c.at });
      continue;
    }
    // No free row: the nearest flag to the left takes it in, as a group.
    const host = flags.reduce((best, f) => (Math.abs(f.px - px) < Math.abs(best.px - px) ? f : best));
    host.count++;
    host.last = c.at;
    host.text = `${host.count} changes, ${formatChangeTime(host.first).replace(/ s$/, '')}–${formatChangeTime(host.last)}`;
    Object.assign(host, box(host.px, host.text));
  }
  return flags.map(({ left, top, width, text, count }) => ({ left, top, width, text, count }));
}
