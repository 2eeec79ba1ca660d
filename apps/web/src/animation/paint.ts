/**
 * The thin canvas half: paints a draw list. Strokes that share colour, width, alpha and
 * dash go into one path, so hundreds of bursts cost a handful of canvas calls.
 */
import type { DrawList, LinePrim, MarkPrim } from './types';

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
    ctx.beginPath();
    ctx.arc(r.x, r.y, r.r, 0, 2 * Math.PI);
    ctx.stroke();
  }
  ctx.lineJoin = 'round';
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
  }
  ctx.globalAlpha = 1;
}

function strokeBatched(ctx: CanvasRenderingContext2D, lines: LinePrim[]): void {
  const groups = new Map<string, LinePrim[]>();
  for (const l of lines) {
    const key = `${l.color}|${l.width}|${l.alpha}|${l.dash ? l.dash.join(',') : ''}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = []));
    g.push(l);
  }
  for (const g of groups.values()) {
    const first = g[0];
    ctx.globalAlpha = first.alpha;
    ctx.strokeStyle = first.color;
    ctx.lineWidth = first.width;
    ctx.setLineDash(first.dash ? [...first.dash] : []);
    ctx.beginPath();
    for (const l of g) {
      ctx.moveTo(l.x1, l.y1);
      ctx.lineTo(l.x2, l.y2);
    }
    ctx.stroke();
  }
}

function marks(ctx: CanvasRenderingContext2D, list: MarkPrim[], shape: (ctx: CanvasRenderingContext2D, m: MarkPrim) => void): void {
  const groups = new Map<string, MarkPrim[]>();
  for (const m of list) {
    const key = `${m.fill}|${m.stroke}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = []));
    g.push(m);
  }
  ctx.lineWidth = 1;
  for (const g of groups.values()) {
    ctx.fillStyle = g[0].fill;
    ctx.strokeStyle = g[0].stroke;
    ctx.beginPath();
    for (const m of g) shape(ctx, m);
    ctx.fill();
    ctx.stroke();
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
