/**
 * Draws the channel Gantt on a canvas: one row per wavelength of each watched link
 * direction, reservations as bars in their class colour, the voids between them hatched,
 * void-filled bursts outlined, FDL delays bracketed, and drops as marks on a "no room"
 * row. Only what overlaps the window is drawn, so thousands of stored bars cost little.
 */
import { scaleLinear } from 'd3-scale';
import { formatDuration } from '../log/describe';
import { dashedVertical } from '../charts/drawSeries';
import { classColor, DROP_LABELS, MARK_COLORS } from './classColors';
import { fdlMarker, visibleByLane, voidsOf, type LinkTrack } from './reservations';
import { LABEL_H, marginLabels, type GanttRow } from './rowLayout';

export const GANTT_MARGIN = { top: 18, right: 14, bottom: 44, left: 86 };

export interface GanttStats {
  bars: number;
  drops: number;
  voidFilled: number;
  fdl: number;
  /** Bars of the selected burst drawn (0 or 1 per watched direction it crossed). */
  selected: number;
  /** Where the left margin's labels were written (canvas px, measured): tests check none overlap. */
  labels: LabelBox[];
}

export interface LabelBox {
  text: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface GanttFrame {
  width: number;
  height: number;
  rows: GanttRow[];
  /** Per row's track index: the track (undefined if not watched yet). */
  tracks: Array<LinkTrack | undefined>;
  wavelengths: number[];
  from: number;
  to: number;
  now: number;
  /** Ticks relative to now (following) or absolute (held). */
  relative: boolean;
  /** Time of the oldest event still kept for drawing (older moments cannot be shown). */
  keptFrom: number;
  /** The burst whose hops the view lists (BurstHops.tsx): its bar gets a dashed box; -1 none. */
  selectedBurst?: number;
}

let hatch: CanvasPattern | null = null;
function hatchPattern(ctx: CanvasRenderingContext2D): CanvasPattern | null {
  if (hatch) return hatch;
  const c = document.createElement('canvas');
  c.width = c.height = 8;
  const g = c.getContext('2d');
  if (!g) return null;
  g.strokeStyle = MARK_COLORS.hatch;
  g.lineWidth = 1.2;
  g.beginPath();
  g.moveTo(0, 8);
  g.lineTo(8, 0);
  g.moveTo(-2, 2);
  g.lineTo(2, -2);
  g.moveTo(6, 10);
  g.lineTo(10, 6);
  g.stroke();
  hatch = ctx.createPattern(c, 'repeat');
  return hatch;
}

export function drawGantt(ctx: CanvasRenderingContext2D, f: GanttFrame): GanttStats {
  const stats: GanttStats = { bars: 0, drops: 0, voidFilled: 0, fdl: 0, selected: 0, labels: [] };
  const { width, height, rows } = f;
  const m = GANTT_MARGIN;
  const innerW = Math.max(1, width - m.left - m.right);
  const x = scaleLinear()
    .domain([f.from, f.to])
    .range([m.left, m.left + innerW]);
  ctx.clearRect(0, 0, width, height);
  ctx.font = '14px system-ui, "Segoe UI", Roboto, "DejaVu Sans", Arial, sans-serif';
  ctx.textBaseline = 'middle';

  const rowsBottom = rows.length ? Math.max(...rows.map((r) => r.y + r.h)) + m.top : m.top;
  const plotBottom = Math.min(height - m.bottom, rowsBottom);

  // Per track: the visible reservations, once.
  const perTrack = new Map<number, ReturnType<typeof visibleByLane>>();
  for (const r of rows) {
    if (r.type !== 'lane' || perTrack.has(r.track)) continue;
    const track = f.tracks[r.track];
    perTrack.set(r.track, track ? visibleByLane(track, f.from, f.to, f.wavelengths[r.track] ?? 1) : []);
  }

  ctx.save();
  for (const row of rows) {
    if (row.type === 'header') continue;
    const y = row.y + m.top;
    ctx.fillStyle = row.type === 'noroom' ? '#fff1ea' : row.lane % 2 ? '#f4f4f4' : '#fafafa';
    ctx.fillRect(m.left, y, innerW, row.h);
    ctx.strokeStyle = '#d0d0d0';
    ctx.lineWidth = 1;
    ctx.strokeRect(m.left + 0.5, y + 0.5, innerW - 1, row.h - 1);
  }
  // The margin's labels, laid out so none sits on another (rowLayout.ts).
  for (const label of marginLabels(rows)) {
    const cy = label.y + m.top;
    if (label.kind === 'header') {
      ctx.font = 'bold 14px system-ui, "Segoe UI", Roboto, "DejaVu Sans", Arial, sans-serif';
      ctx.fillStyle = '#111';
      ctx.textAlign = 'left';
      // Squeezed rather than cut at the canvas's right edge.
      const room = Math.max(1, width - 8);
      ctx.fillText(label.text, 4, cy + 1, room);
      const w = Math.min(room, ctx.measureText(label.text).width);
      stats.labels.push({ text: label.text, left: 4, right: 4 + w, top: cy - LABEL_H / 2, bottom: cy + LABEL_H / 2 });
      ctx.font = '14px system-ui, "Segoe UI", Roboto, "DejaVu Sans", Arial, sans-serif';
      continue;
    }
    ctx.fillStyle = label.kind === 'noroom' ? '#8a2b00' : '#111';
    ctx.textAlign = 'right';
    ctx.fillText(label.text, m.left - 8, cy);
    const w = ctx.measureText(label.text).width;
    stats.labels.push({ text: label.text, left: m.left - 8 - w, right: m.left - 8, top: cy - LABEL_H / 2, bottom: cy + LABEL_H / 2 });
  }

  // Clip the marks to the plot.
  ctx.beginPath();
  ctx.rect(m.left, 0, innerW, plotBottom);
  ctx.clip();

  for (const row of rows) {
    const y = row.y + m.top;
    if (row.type === 'lane') {
      const bars = perTrack.get(row.track)?.[row.lane] ?? [];
      const pad = Math.max(2, Math.min(6, row.h * 0.12));
      const top = y + pad + 6; // room above for the FDL bracket
      const h = Math.max(4, row.h - 2 * pad - 6);
      // Voids: the gaps between consecutive reservations.
      const pattern = hatchPattern(ctx);
      if (pattern) {
        ctx.fillStyle = pattern;
        for (const [a, b] of voidsOf(bars)) {
          const xa = Math.max(m.left, x(a));
          const xb = Math.min(m.left + innerW, x(b));
          if (xb > xa) ctx.fillRect(xa, top, xb - xa, h);
        }
      }
      for (const r of bars) {
        const xa = x(r.t0);
        const w = Math.max(2, x(r.t1) - xa);
        if (xa + w < m.left - 200 || xa > m.left + innerW + 200) continue;
        stats.bars++;
        ctx.fillStyle = classColor(r.cls);
        ctx.fillRect(xa, top, w, h);
        if (r.id === f.selectedBurst) {
          // A selection's usual dashed box, wide enough to find a 2 px bar by.
          stats.selected++;
          ctx.strokeStyle = MARK_COLORS.selected;
          ctx.lineWidth = 2;
          ctx.setLineDash([4, 3]);
          ctx.strokeRect(xa - 5, top - 4, w + 10, h + 8);
          ctx.setLineDash([]);
        }
        if (r.voidFilled) {
          stats.voidFilled++;
          ctx.strokeStyle = MARK_COLORS.voidFilled;
          ctx.lineWidth = 2.5;
          ctx.strokeRect(xa - 1.5, top - 1.5, w + 3, h + 3);
          // A small down-pointing triangle: "dropped into this gap".
          ctx.fillStyle = MARK_COLORS.voidFilled;
          ctx.beginPath();
          ctx.moveTo(xa + w / 2 - 5, top - 9);
          ctx.lineTo(xa + w / 2 + 5, top - 9);
          ctx.lineTo(xa + w / 2, top - 2);
          ctx.closePath();
          ctx.fill();
        }
        const fdl = fdlMarker(r);
        if (fdl) {
          stats.fdl++;
          const xf = x(fdl.from);
          const by = top - 4;
          ctx.strokeStyle = MARK_COLORS.fdl;
          ctx.fillStyle = MARK_COLORS.fdl;
          ctx.lineWidth = 2;
          ctx.beginPath();
          ctx.moveTo(xf, by + 5);
          ctx.lineTo(xf, by);
          ctx.lineTo(xa, by);
          ctx.lineTo(xa, top + h);
          ctx.stroke();
          // Dashed "where it would have been" outline.
          ctx.setLineDash([4, 3]);
          ctx.strokeRect(xf, top, Math.max(2, x(r.t1 - fdl.delay) - xf), h);
          ctx.setLineDash([]);
          const label = `FDL +${formatDuration(fdl.delay)}`;
          const lw = ctx.measureText(label).width;
          if (xa - xf > lw + 8) {
            ctx.textAlign = 'center';
            ctx.fillStyle = '#5e2a4a';
            ctx.fillText(label, (xf + xa) / 2, top + h / 2);
          }
        }
      }
    } else if (row.type === 'noroom') {
      const track = f.tracks[row.track];
      if (!track) continue;
      const cy = y + row.h / 2;
      let lastLabelEnd = -Infinity;
      for (const d of track.drops) {
        if (d.t < f.from || d.t > f.to) continue;
        stats.drops++;
        const cx = x(d.t);
        drawDropMark(ctx, cx, cy, d.reason);
        const label = DROP_LABELS[d.reason] ?? '';
        const lw = ctx.measureText(label).width;
        if (cx + 16 > lastLabelEnd + 6 && cx + 16 + lw < m.left + innerW) {
          ctx.fillStyle = '#5a1d00';
          ctx.textAlign = 'left';
          ctx.fillText(label, cx + 16, cy + 1);
          lastLabelEnd = cx + 16 + lw;
        }
      }
    }
  }

  // Say so when the window holds nothing (TCP idle after a loss, or no traffic this way).
  if (stats.bars === 0 && stats.drops === 0 && rows.length > 0) {
    let latest = -Infinity;
    for (const t of f.tracks) {
      const r = t?.reservations.at(-1);
      if (r && r.t1 > latest) latest = r.t1;
    }
    const msg =
      f.to < f.keptFrom
        ? `Too long ago: only events from ${f.keptFrom.toFixed(3)} s on are kept for drawing.`
        : latest === -Infinity
          ? 'No burst has taken this link yet.'
          : latest < f.from
            ? `No burst in this window: the last one ended ${formatDuration(f.now - latest)} before now.`
            : 'No burst in this window.';
    ctx.font = '600 15px system-ui, "Segoe UI", Roboto, "DejaVu Sans", Arial, sans-serif';
    const tw = ctx.measureText(msg).width;
    const cy = m.top + (plotBottom - m.top) / 2;
    const cx = m.left + innerW / 2;
    ctx.fillStyle = 'rgba(255,255,255,0.92)';
    ctx.fillRect(cx - tw / 2 - 10, cy - 14, tw + 20, 28);
    ctx.fillStyle = '#3d3d3d';
    ctx.textAlign = 'center';
    ctx.fillText(msg, cx, cy);
    ctx.font = '14px system-ui, "Segoe UI", Roboto, "DejaVu Sans", Arial, sans-serif';
  }

  // Now.
  if (f.now >= f.from && f.now <= f.to) {
    dashedVertical(ctx, Math.round(x(f.now)) + 0.5, plotBottom, MARK_COLORS.now, [6, 4]);
  }
  ctx.restore();

  if (f.now >= f.from && f.now <= f.to) {
    ctx.fillStyle = '#111';
    ctx.textAlign = 'center';
    ctx.font = 'bold 14px system-ui, "Segoe UI", Roboto, "DejaVu Sans", Arial, sans-serif';
    ctx.fillText('now', x(f.now), 8);
    ctx.font = '14px system-ui, "Segoe UI", Roboto, "DejaVu Sans", Arial, sans-serif';
  }

  // Time axis.
  const axisY = plotBottom + 2;
  ctx.strokeStyle = '#111';
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.moveTo(m.left, axisY + 0.5);
  ctx.lineTo(m.left + innerW, axisY + 0.5);
  ctx.stroke();
  ctx.fillStyle = '#111';
  ctx.textAlign = 'center';
  const ticks = Math.max(2, Math.floor(innerW / 110));
  // A tick at xv and its label, which never runs past the plot's ends.
  const tick = (xv: number, text: string) => {
    ctx.beginPath();
    ctx.moveTo(xv, axisY);
    ctx.lineTo(xv, axisY + 6);
    ctx.stroke();
    const half = ctx.measureText(text).width / 2;
    const cx = Math.min(Math.max(xv, m.left - 30 + half), width - 2 - half);
    ctx.fillText(text, cx, axisY + 16);
  };
  if (f.relative) {
    const rel = scaleLinear()
      .domain([f.from - f.now, f.to - f.now])
      .range([m.left, m.left + innerW]);
    for (const v of rel.ticks(ticks)) tick(rel(v), Math.abs(v) < 1e-15 ? 'now' : `${v > 0 ? '+' : '−'}${formatDuration(Math.abs(v))}`);
  } else {
    const fmt = x.tickFormat(ticks);
    for (const v of x.ticks(ticks)) tick(x(v), `${fmt(v)} s`);
  }
  ctx.font = '600 15px system-ui, "Segoe UI", Roboto, "DejaVu Sans", Arial, sans-serif';
  ctx.fillText(
    f.relative ? `simulated time, relative to now (t = ${f.now.toFixed(4)} s)` : 'simulated time (s) — held',
    m.left + innerW / 2,
    axisY + 35,
  );
  return stats;
}

/** ✕ for contention, ✕ in a circle for injected loss, ✕ in a square for late: shape says why. */
export function drawDropMark(ctx: CanvasRenderingContext2D, cx: number, cy: number, reason: number): void {
  const r = 6;
  ctx.strokeStyle = MARK_COLORS.drop;
  ctx.lineWidth = 3;
  ctx.beginPath();
  ctx.moveTo(cx - r, cy - r);
  ctx.lineTo(cx + r, cy + r);
  ctx.moveTo(cx + r, cy - r);
  ctx.lineTo(cx - r, cy + r);
  ctx.stroke();
  ctx.lineWidth = 1.8;
  if (reason === 0) {
    ctx.beginPath();
    ctx.arc(cx, cy, r + 4, 0, 2 * Math.PI);
    ctx.stroke();
  } else if (reason === 2) {
    ctx.strokeRect(cx - r - 3, cy - r - 3, 2 * r + 6, 2 * r + 6);
  }
}
