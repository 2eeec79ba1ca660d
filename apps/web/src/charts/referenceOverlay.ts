/**
 * Horizontal reference lines on a live chart (the theory lines of the throughput chart):
 * their look, whether they may stretch the y axis, where their labels go, and how they
 * are painted, the same on screen and in an exported file.
 */
import type { ChartContext } from './svgRecorder';
import type { TheoryLine, TheoryLineKind, TheoryLines } from '../theory/referenceLines';

export interface ChartReference {
  key: string;
  /** In the chart's units (Mbit/s on the throughput chart). */
  value: number;
  /** Model and value, the label on the chart: "Mathis 12.3 Mbit/s". */
  name: string;
  /** The same in the axis' unit, without it ("Mathis 12.3"), where the full one has no room. */
  short: string;
  /** What the value is computed from (the label's tooltip). */
  detail: string;
  color: string;
  dash: number[];
  width: number;
}

/**
 * Dark colours apart from every flow colour and the total's grey, and a dash pattern each,
 * so the three lines differ in shape too (a projector washes colours out).
 */
export const REFERENCE_STYLE: Record<TheoryLineKind, { color: string; dash: number[]; width: number }> = {
  capacity: { color: '#000000', dash: [14, 4, 3, 4], width: 2 },
  mathis: { color: '#4B2E83', dash: [9, 5], width: 2.5 },
  padhye: { color: '#1F5F3F', dash: [3, 4], width: 3 },
};

const SHORT_NAME: Record<TheoryLineKind, string> = { capacity: 'capacity', mathis: 'Mathis', padhye: 'Padhye' };

/** Theory lines in a chart's units (`perBit`: chart units per bit/s) with their look. */
export function chartReferences(theory: TheoryLines, perBit: number): ChartReference[] {
  return theory.lines.map((l: TheoryLine) => ({
    key: l.kind,
    value: l.value * perBit,
    name: l.name,
    short: `${SHORT_NAME[l.kind]} ${Number((l.value * perBit).toPrecision(3))}`,
    detail: l.detail,
    ...REFERENCE_STYLE[l.kind],
  }));
}

/**
 * A reference line stretches the y axis only when it is near the data (at most this many
 * times its top): a 1 Gbit/s capacity over a 5 Mbit/s flow would flatten the flow to the
 * floor. A line above the axis is named at the top instead, with an arrow.
 */
export const REFERENCE_FIT_FACTOR = 2;

export function fitsWithData(value: number, dataMax: number): boolean {
  return dataMax > 0 && value > 0 && value <= REFERENCE_FIT_FACTOR * dataMax;
}

export interface LabelBox {
  /** px from the plot's left and top. */
  x: number;
  top: number;
}

/**
 * Places the labels of reference lines in a plot of `width` x `height` px, each
 * `labelHeight` px tall and as wide as given, at the right end. Each wants to sit just
 * above its line (py, px from the top; -Infinity for a line above the axis: the top row);
 * where they would cover each other they are pushed apart vertically, keeping the order
 * of their lines, within the plot. Only when the plot is too short for that does a label
 * move left of the ones it would cover, to the left end, or to the nearest free height (its
 * line sample still says which line is its own); when nothing is free it overlaps rather
 * than vanish.
 */
export function placeLabels(
  labels: readonly { py: number; width: number }[],
  width: number,
  height: number,
  labelHeight: number,
  gap = 6,
  /** Boxes already on the plot that no label may cover (the live changes' flags). */
  obstacles: ReadonlyArray<LabelBox & { width: number; height: number }> = [],
): LabelBox[] {
  const lowest = Math.max(0, height - labelHeight);
  const ideal = labels.map(({ py }) => (Number.isNaN(py) || py === -Infinity ? 0 : Math.max(0, Math.min(lowest, py - labelHeight))));
  const order = labels.map((_, i) => i).sort((a, b) => ideal[a] - ideal[b] || a - b);
  const top = new Array<number>(labels.length);
  let previous = -Infinity;
  for (const i of order) previous = top[i] = Math.max(ideal[i], previous + labelHeight);
  let next = Infinity;
  for (const i of [...order].reverse()) next = top[i] = Math.max(0, Math.min(top[i], next - labelHeight, lowest));

  const placed: Array<LabelBox & { width: number; height: number }> = [...obstacles];
  const covers = (x: number, t: number, w: number) =>
    placed.filter((p) => p.top < t + labelHeight && t < p.top + p.height && p.x < x + w && x < p.x + p.width);
  /** At height t: the right end, else left of what it would cover, else the left end. */
  const fitAt = (t: number, w: number): number | null => {
    let x = width - w;
    while (x >= 0) {
      const hit = covers(x, t, w);
      if (hit.length === 0) return x;
      x = Math.min(...hit.map((p) => p.x)) - gap - w;
    }
    return w <= width && covers(0, t, w).length === 0 ? 0 : null;
  };
  const out = new Array<LabelBox>(labels.length);
  for (const i of order) {
    const w = labels[i].width;
    // Its place in the stack first; in a plot too short for the stack, the nearest free height.
    const heights = [top[i]];
    for (let t = 0; t <= lowest; t++) if (t !== top[i]) heights.push(t);
    heights.sort((a, b) => Math.abs(a - top[i]) - Math.abs(b - top[i]) || a - b);
    let box: LabelBox = { x: Math.max(0, width - w), top: top[i] };
    for (const t of heights) {
      const x = fitAt(t, w);
      if (x !== null) {
        box = { x, top: t };
        break;
      }
    }
    out[i] = box;
    placed.push({ ...box, width: w, height: labelHeight });
  }
  return out;
}

/** Whether any two boxes (each `height` tall, widths given) cover each other. */
export function anyOverlap(boxes: readonly LabelBox[], widths: readonly number[], height: number): boolean {
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i], boxes[j]];
      if (a.top < b.top + height && b.top < a.top + height && a.x < b.x + widths[j] && b.x < a.x + widths[i]) return true;
    }
  }
  return false;
}

export interface PlacedLabel extends LabelBox {
  text: string;
}

/**
 * The labels of a chart's reference lines, text and place: the full names ("Mathis 53.7
 * Mbit/s"), or, where they cannot all be placed apart, the short ones in the axis' unit
 * ("Mathis 53.7"). A line above the axis (value over `top`) gets an arrow and the top row.
 */
export function layoutLabels(
  refs: readonly ChartReference[],
  y: (v: number) => number,
  top: number,
  width: number,
  height: number,
  labelHeight: number,
  measure: (text: string) => number,
  obstacles: ReadonlyArray<LabelBox & { width: number; height: number }> = [],
): PlacedLabel[] {
  const attempt = (pick: (r: ChartReference) => string) => {
    const text = refs.map((r) => (r.value <= top ? pick(r) : `↑ ${pick(r)}`));
    const widths = text.map(measure);
    const boxes = placeLabels(
      refs.map((r, i) => ({ py: r.value <= top ? y(r.value) : -Infinity, width: widths[i] })),
      width,
      height,
      labelHeight,
      6,
      obstacles,
    );
    return { text, widths, boxes };
  };
  let a = attempt((r) => r.name);
  if (anyOverlap(a.boxes, a.widths, labelHeight)) a = attempt((r) => r.short);
  return a.boxes.map((b, i) => ({ ...b, text: a.text[i] }));
}

/** The labels' font (charts.css, .chart-references li): measured with it to be placed. */
export const LABEL_FONT = "700 14px system-ui, 'Segoe UI', Roboto, 'DejaVu Sans', Arial, sans-serif";
/** A label's width besides its text: padding and the line sample before the text, px. */
export const LABEL_EXTRA_PX = 36;

let measurer: CanvasRenderingContext2D | null | undefined;

/** A label's width on screen, px (an estimate where there is no canvas to measure with). */
export function labelWidth(text: string): number {
  if (measurer === undefined) measurer = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!measurer) return text.length * 8.5 + LABEL_EXTRA_PX;
  measurer.font = LABEL_FONT;
  return Math.ceil(measurer.measureText(text).width) + LABEL_EXTRA_PX;
}

/** Paints the lines that are on the axis (at most `top`) across the plot. */
export function paintReferences(
  ctx: ChartContext,
  lines: readonly ChartReference[],
  y: (v: number) => number,
  top: number,
  width: number,
): void {
  for (const line of lines) {
    if (!(line.value <= top)) continue;
    const py = Math.round(y(line.value)) + 0.5;
    ctx.save();
    ctx.strokeStyle = line.color;
    ctx.lineWidth = line.width;
    ctx.setLineDash(line.dash);
    ctx.beginPath();
    ctx.moveTo(0, py);
    ctx.lineTo(width, py);
    ctx.stroke();
    ctx.restore();
  }
}
