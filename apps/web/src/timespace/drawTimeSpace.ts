/**
 * Paints a time-space scene (geometry.ts) on a canvas: the columns and their names, the
 * time axis, the bands and lines, the marks, the labels on a white ground. Lines are at
 * least 2.5 px and grow with the text (presenter mode), so they read on a projector.
 * Colours are the app's (channel/classColors.ts, theme.ts); every meaning also has a shape
 * or a word (a BHP is a thin line, a burst a band, drops are crosses with their reason).
 */
import { CLASS_COLORS, MARK_COLORS } from '../channel/classColors';
import { NODE_COLORS, OKABE_ITO } from '../theme';
import type { Rect, Scene, SceneInterval, Tick } from './geometry';
import { nowLabelBox } from './labelLayout';

export interface Paint {
  width: number;
  height: number;
  plot: Rect;
  /** Where the column names sit (their baseline), px. */
  headerY: number;
  ticks: readonly Tick[];
  textPx: number;
  /** "now 10.6 ms" or "paused at …" beside the now line. */
  nowText: string;
  /** The burst under the pointer, outlined. */
  hovered: number;
}

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
export const INTERVAL_COLORS = {
  processing: OKABE_ITO.bluishGreen,
  setup: OKABE_ITO.black,
  fdl: MARK_COLORS.fdl,
} as const;

/** A BHP line's width, px: 2.5 at the page's text, growing with presenter mode's. */
export function bhpLineWidth(textPx: number): number {
  return 2.5 * Math.max(1, textPx / 16);
}

export function drawTimeSpace(ctx: CanvasRenderingContext2D, scene: Scene, p: Paint): void {
  const s = Math.max(1, p.textPx / 16);
  const lw = bhpLineWidth(p.textPx);
  ctx.clearRect(0, 0, p.width, p.height);
  ctx.font = `${p.textPx}px ${FONT}`;
  ctx.textBaseline = 'middle';
  const { plot } = p;

  // Time axis: ticks and light rules across the plot.
  ctx.save();
  ctx.strokeStyle = '#e4e4e4';
  ctx.lineWidth = 1;
  ctx.fillStyle = '#333';
  ctx.textAlign = 'right';
  for (const t of p.ticks) {
    ctx.beginPath();
    ctx.moveTo(plot.left, Math.round(t.y) + 0.5);
    ctx.lineTo(plot.left + plot.width, Math.round(t.y) + 0.5);
    ctx.stroke();
    ctx.fillText(t.text, plot.left - 6 * s, t.y);
  }
  ctx.restore();

  // Columns: a grey line down from each node's name.
  ctx.save();
  ctx.textAlign = 'center';
  ctx.font = `600 ${p.textPx}px ${FONT}`;
  for (const c of scene.columns) {
    ctx.strokeStyle = '#9a9a9a';
    ctx.lineWidth = 2 * s;
    ctx.beginPath();
    ctx.moveTo(c.x, plot.top);
    ctx.lineTo(c.x, plot.top + plot.height);
    ctx.stroke();
    const g = p.textPx * 0.45;
    ctx.fillStyle = c.kind === 'core' ? NODE_COLORS.core : NODE_COLORS.edge;
    ctx.beginPath();
    if (c.kind === 'core') {
      ctx.moveTo(c.x - g * 2.2 - 4, p.headerY - g);
      ctx.lineTo(c.x - g * 2.2 - 4 + g, p.headerY);
      ctx.lineTo(c.x - g * 2.2 - 4, p.headerY + g);
      ctx.lineTo(c.x - g * 2.2 - 4 - g, p.headerY);
      ctx.closePath();
    } else {
      ctx.rect(c.x - g * 2.2 - 4 - g * 0.8, p.headerY - g * 0.8, g * 1.6, g * 1.6);
    }
    ctx.fill();
    ctx.fillStyle = '#111';
    ctx.fillText(c.id, c.x + g * 0.4, p.headerY);
  }
  ctx.restore();

  ctx.save();
  ctx.beginPath();
  ctx.rect(plot.left, plot.top, plot.width, plot.height);
  ctx.clip();

  // The wavelengths held, under the bursts.
  for (const iv of scene.intervals) if (iv.kind === 'hold') drawInterval(ctx, iv, s);

  // Bursts: bands in their class's colour; a detour dashed and paler.
  for (const b of scene.bands) {
    if (b.points.length < 3) continue;
    ctx.beginPath();
    ctx.moveTo(b.points[0][0], b.points[0][1]);
    for (const [x, y] of b.points.slice(1)) ctx.lineTo(x, y);
    ctx.closePath();
    ctx.globalAlpha = b.detour ? 0.45 : 0.9;
    ctx.fillStyle = CLASS_COLORS[b.cls] ?? CLASS_COLORS[2];
    ctx.fill();
    ctx.globalAlpha = 1;
    ctx.strokeStyle = b.id === p.hovered ? '#000' : shade(CLASS_COLORS[b.cls] ?? CLASS_COLORS[2]);
    ctx.lineWidth = (b.id === p.hovered ? 2 : 1) * s;
    ctx.setLineDash(b.detour ? [6 * s, 4 * s] : []);
    ctx.stroke();
    ctx.setLineDash([]);
  }

  // On the columns, over the bursts that reach them: processing, set-up, FDL delays.
  for (const iv of scene.intervals) if (iv.kind !== 'hold') drawInterval(ctx, iv, s);

  // BHPs: thin dark lines with an arrowhead where they are.
  for (const l of scene.lines) {
    ctx.strokeStyle = '#111';
    ctx.lineWidth = (l.id === p.hovered ? 1.6 : 1) * lw;
    ctx.beginPath();
    ctx.moveTo(l.x0, l.y0);
    ctx.lineTo(l.x1, l.y1);
    ctx.stroke();
    arrowHead(ctx, l.x0, l.y0, l.x1, l.y1, 5 * s);
  }

  // Offsets: a bracket beside the sending column.
  ctx.strokeStyle = '#111';
  ctx.lineWidth = 2 * s;
  for (const o of scene.offsets) {
    const w = 5 * s * o.side;
    ctx.beginPath();
    ctx.moveTo(o.x - w, o.y0);
    ctx.lineTo(o.x, o.y0);
    ctx.lineTo(o.x, o.y1);
    ctx.lineTo(o.x - w, o.y1);
    ctx.stroke();
  }

  // Marks: drops (a cross; in a circle if injected, in a square if late), cuts, deflections.
  for (const m of scene.marks) {
    const r = 7 * s;
    ctx.lineWidth = 3 * s;
    ctx.strokeStyle = MARK_COLORS.drop;
    if (m.kind === 'drop') {
      ctx.beginPath();
      ctx.moveTo(m.x - r, m.y - r);
      ctx.lineTo(m.x + r, m.y + r);
      ctx.moveTo(m.x + r, m.y - r);
      ctx.lineTo(m.x - r, m.y + r);
      ctx.stroke();
      ctx.lineWidth = 2 * s;
      if (m.reason === 0) {
        ctx.beginPath();
        ctx.arc(m.x, m.y, r * 1.45, 0, 2 * Math.PI);
        ctx.stroke();
      } else if (m.reason === 2) {
        ctx.strokeRect(m.x - r * 1.4, m.y - r * 1.4, r * 2.8, r * 2.8);
      }
    } else if (m.kind === 'cut') {
      ctx.beginPath();
      ctx.moveTo(m.x - r * 1.3, m.y);
      ctx.lineTo(m.x + r * 1.3, m.y);
      ctx.stroke();
    } else {
      ctx.strokeStyle = '#111';
      ctx.lineWidth = 2 * s;
      ctx.beginPath();
      ctx.arc(m.x, m.y, r * 0.8, 0, 2 * Math.PI);
      ctx.stroke();
    }
  }
  ctx.restore();

  // Now: a dashed rule across the plot.
  ctx.save();
  ctx.strokeStyle = '#111';
  ctx.lineWidth = 1.5 * s;
  ctx.setLineDash([6 * s, 5 * s]);
  ctx.beginPath();
  ctx.moveTo(plot.left, scene.nowY);
  ctx.lineTo(plot.left + plot.width, scene.nowY);
  ctx.stroke();
  ctx.restore();

  // Labels: white ground, leader line when away from their point.
  ctx.save();
  ctx.font = `${p.textPx}px ${FONT}`;
  ctx.textAlign = 'left';
  for (const l of scene.labels) {
    if (l.leader) {
      const cx = Math.max(l.box.left, Math.min(l.x, l.box.right));
      const cy = Math.max(l.box.top, Math.min(l.y, l.box.bottom));
      ctx.strokeStyle = '#555';
      ctx.lineWidth = 1.5 * s;
      ctx.beginPath();
      ctx.moveTo(l.x, l.y);
      ctx.lineTo(cx, cy);
      ctx.stroke();
    }
    ctx.fillStyle = 'rgba(255,255,255,0.92)';
    ctx.fillRect(l.box.left, l.box.top, l.box.right - l.box.left, l.box.bottom - l.box.top);
    ctx.fillStyle = l.key.startsWith('drop') ? '#8a2c00' : '#111';
    ctx.fillText(l.text, l.box.left + (l.box.right - l.box.left - ctx.measureText(l.text).width) / 2, (l.box.top + l.box.bottom) / 2);
  }
  ctx.restore();

  // The now line's words, at the right end of the line (above it, or under it), or at its
  // left end where a label of the diagram sits there (labelLayout.ts nowLabelBox).
  if (p.nowText) {
    ctx.save();
    ctx.font = `600 ${p.textPx}px ${FONT}`;
    ctx.textAlign = 'left';
    const w = ctx.measureText(p.nowText).width;
    const frame = { left: plot.left, top: plot.top, right: plot.left + plot.width, bottom: plot.top + plot.height };
    const box = nowLabelBox(
      scene.nowY,
      w,
      p.textPx,
      frame,
      scene.labels.map((l) => l.box),
    );
    ctx.fillStyle = 'rgba(255,255,255,0.92)';
    ctx.fillRect(box.left, box.top, box.right - box.left, box.bottom - box.top);
    ctx.fillStyle = '#111';
    ctx.fillText(p.nowText, box.left + 3, (box.top + box.bottom) / 2);
    ctx.restore();
  }
}

function drawInterval(ctx: CanvasRenderingContext2D, iv: SceneInterval, s: number): void {
  const h = Math.max(1, iv.y1 - iv.y0);
  if (iv.kind === 'hold') {
    // The wavelength held: hatched while idle (reserved, nothing on it yet), solid while the burst passes.
    const w = 5 * s;
    const color = CLASS_COLORS[iv.cls] ?? CLASS_COLORS[2];
    const busy = Math.max(iv.y0, Math.min(iv.busyFrom ?? iv.y0, iv.y1));
    if (busy > iv.y0 + 0.5) {
      ctx.save();
      ctx.beginPath();
      ctx.rect(iv.x - w / 2, iv.y0, w, busy - iv.y0);
      ctx.clip();
      ctx.strokeStyle = color;
      ctx.lineWidth = 1.5 * s;
      for (let y = iv.y0 - w; y < busy + w; y += 4 * s) {
        ctx.beginPath();
        ctx.moveTo(iv.x - w / 2, y + w);
        ctx.lineTo(iv.x + w / 2, y);
        ctx.stroke();
      }
      ctx.restore();
      ctx.strokeStyle = color;
      ctx.lineWidth = 1;
      ctx.strokeRect(iv.x - w / 2, iv.y0, w, busy - iv.y0);
    }
    ctx.fillStyle = color;
    ctx.fillRect(iv.x - w / 2, busy, w, Math.max(1, iv.y1 - busy));
    return;
  }
  // The set-up is wider than the processing over it: a mark, often thinner than a pixel in time.
  const w = (iv.kind === 'fdl' ? 9 : iv.kind === 'setup' ? 14 : 8) * s;
  ctx.fillStyle = INTERVAL_COLORS[iv.kind];
  ctx.fillRect(iv.x - w / 2, iv.y0, w, h);
}

function arrowHead(ctx: CanvasRenderingContext2D, x0: number, y0: number, x1: number, y1: number, size: number): void {
  const a = Math.atan2(y1 - y0, x1 - x0);
  if (!Number.isFinite(a) || Math.hypot(x1 - x0, y1 - y0) < size) return;
  ctx.fillStyle = '#111';
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  ctx.lineTo(x1 - size * 1.6 * Math.cos(a - 0.45), y1 - size * 1.6 * Math.sin(a - 0.45));
  ctx.lineTo(x1 - size * 1.6 * Math.cos(a + 0.45), y1 - size * 1.6 * Math.sin(a + 0.45));
  ctx.closePath();
  ctx.fill();
}

/** A darker edge for a band of this colour. */
function shade(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  const f = 0.6;
  const r = Math.round(((n >> 16) & 255) * f);
  const g = Math.round(((n >> 8) & 255) * f);
  const b = Math.round((n & 255) * f);
  return `rgb(${r},${g},${b})`;
}
