/**
 * The thin canvas half: paints a draw list. Strokes that share colour, width, alpha and
 * dash go into one path, so hundreds of bursts cost a handful of canvas calls.
 */
import type { DrawList, LinePrim, MarkPrim } from './drawPrimitives';

export function paintDrawList(ctx: CanvasRenderingContext2D, list: DrawList, width: number, height: number, dpr: number): void {
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, width, height);
  ctx.lineCap = 'butt';
  strokeBatched(ctx, list.lanes);
  strokeBatched(ctx, list.bars);
  ctx.setLineDash([]);
  ctx.globalAlpha = 1;
  marks(ctx, list.squares, square);
  marks(ctx, list.diamonds, diamond);
  for (const r of list.rings) {
    ctx.globalAlpha = r.alpha;
    ctx.strokeStyle = r.color;
    ctx.lineWidth = r.width;
    ctx.setLineDash(r.dash ?? []);
    ctx.beginPath();
    ctx.arc(r.x, r.y, r.r, 0, 2 * Math.PI);
    ctx.stroke();
  }
  ctx.setLineDash([]);
  ctx.lineJoin = 'round';
  const painted: Array<[string, number, number, number, number]> = [];
  for (const l of list.labels) {
    ctx.globalAlpha = l.alpha;
    ctx.font = `${l.bold ? '700 ' : ''}${l.size}px system-ui, sans-serif`;
    ctx.textAlign = l.align;
    ctx.textBaseline = 'alphabetic';
    // A white halo keeps the text legible over lanes, bars and nodes.
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = 3.5;
    ctx.strokeText(l.text, l.x, l.y);
    ctx.fillStyle = l.color;
    ctx.fillText(l.text, l.x, l.y);
    if (l.alpha > 0) painted.push(paintedBox(ctx, l));
  }
  ctx.globalAlpha = 1;
  publishLabels(ctx, painted);
}

/** A painted label's box as the canvas measured it: [text, left, top, right, bottom], px. */
function paintedBox(ctx: CanvasRenderingContext2D, l: DrawList['labels'][number]): [string, number, number, number, number] {
  const m = ctx.measureText(l.text);
  const left = l.align === 'center' ? l.x - m.width / 2 : l.align === 'right' ? l.x - m.width : l.x;
  const r = (v: number) => Math.round(v * 10) / 10;
  return [l.text, r(left), r(l.y - m.actualBoundingBoxAscent), r(left + m.width), r(l.y + m.actualBoundingBoxDescent)];
}

/**
 * The labels' boxes on the canvas element (data-labels), for tests that check no label
 * covers a node or a name (e2e/backbone-labels.spec.ts), as the channel view does for its
 * own. Written only when they change: most frames keep them.
 */
function publishLabels(ctx: CanvasRenderingContext2D, painted: ReadonlyArray<[string, number, number, number, number]>): void {
  const canvas = ctx.canvas as HTMLCanvasElement | OffscreenCanvas;
  if (!('dataset' in canvas)) return;
  const json = JSON.stringify(painted);
  if (canvas.dataset.labels !== json) canvas.dataset.labels = json;
}

/**
 * Primitives grouped by style for one path per group. The groups are kept between frames
 * (their arrays emptied, not dropped) and found by a linear scan of the few styles in use,
 * so grouping allocates nothing per primitive, where a string key per primitive did.
 */
interface Group<T> {
  first: T;
  items: T[];
}

function groupInto<T>(items: readonly T[], groups: Group<T>[], same: (a: T, b: T) => boolean): number {
  let used = 0;
  for (const item of items) {
    let g: Group<T> | undefined;
    for (let i = 0; i < used; i++) {
      if (same(groups[i].first, item)) {
        g = groups[i];
        break;
      }
    }
    if (!g) {
      g = groups[used] ??= { first: item, items: [] };
      g.first = item;
      g.items.length = 0;
      used++;
    }
    g.items.push(item);
  }
  return used;
}

function sameLineStyle(a: LinePrim, b: LinePrim): boolean {
  if (a.color !== b.color || a.width !== b.width || a.alpha !== b.alpha) return false;
  const da = a.dash;
  const db = b.dash;
  if (da === db) return true;
  if (!da || !db || da.length !== db.length) return false;
  for (let i = 0; i < da.length; i++) if (da[i] !== db[i]) return false;
  return true;
}

const sameMarkStyle = (a: MarkPrim, b: MarkPrim) => a.fill === b.fill && a.stroke === b.stroke;

const lineGroups: Group<LinePrim>[] = [];
const markGroups: Group<MarkPrim>[] = [];
const NO_DASH: number[] = [];

function strokeBatched(ctx: CanvasRenderingContext2D, lines: LinePrim[]): void {
  const used = groupInto(lines, lineGroups, sameLineStyle);
  for (let i = 0; i < used; i++) {
    const { first, items } = lineGroups[i];
    ctx.globalAlpha = first.alpha;
    ctx.strokeStyle = first.color;
    ctx.lineWidth = first.width;
    ctx.setLineDash(first.dash ? (first.dash as number[]) : NO_DASH);
    ctx.beginPath();
    for (const l of items) {
      ctx.moveTo(l.x1, l.y1);
      ctx.lineTo(l.x2, l.y2);
    }
    ctx.stroke();
    items.length = 0;
  }
}

function marks(ctx: CanvasRenderingContext2D, list: MarkPrim[], shape: (ctx: CanvasRenderingContext2D, m: MarkPrim) => void): void {
  const used = groupInto(list, markGroups, sameMarkStyle);
  ctx.lineWidth = 1;
  for (let i = 0; i < used; i++) {
    const { first, items } = markGroups[i];
    ctx.fillStyle = first.fill;
    ctx.strokeStyle = first.stroke;
    ctx.beginPath();
    for (const m of items) shape(ctx, m);
    ctx.fill();
    ctx.stroke();
    items.length = 0;
  }
}

function square(ctx: CanvasRenderingContext2D, m: MarkPrim): void {
  ctx.rect(m.x - m.size, m.y - m.size, 2 * m.size, 2 * m.size);
}

function diamond(ctx: CanvasRenderingContext2D, m: MarkPrim): void {
  ctx.moveTo(m.x, m.y - m.size);
  ctx.lineTo(m.x + m.size, m.y);
  ctx.lineTo(m.x, m.y + m.size);
  ctx.lineTo(m.x - m.size, m.y);
  ctx.closePath();
}
