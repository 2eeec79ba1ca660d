/**
 * The live chart's hover read-out, written straight into its DOM element (it follows the
 * pointer every frame; React renders nothing here): the time, each shown flow's value at
 * the nearest sample, and the RTO / fast-retransmit markers under the pointer.
 */
import { describeScratch } from './describeScratch';
import { nearestIndex } from './decimate';
import { MARKER_STYLE } from './drawSeries';
import type { Layer } from './layers';
import { TcpEventName, type VisualEvent } from '../sim/visualStore';

/** Markers closer than this (px) to the pointer are named in the read-out. */
const MARKER_PICK_PX = 6;
const MAX_TOOLTIP_ROWS = 10;

/** A TCP event marker where the last redraw put it. */
export interface PlacedMarker {
  x: number;
  y: number;
  kind: number;
  event: VisualEvent;
}

/** The read-out: time, then each shown flow's value at the nearest sample, then markers. */
export function renderTooltip(
  tip: HTMLElement,
  t: number,
  layers: readonly Layer[],
  placed: readonly PlacedMarker[],
  px: number,
  flowIds: readonly string[],
  following: boolean,
): void {
  const rows: HTMLElement[] = [];
  let sampleTime = t;
  let shown = 0;
  let hidden = 0;
  for (const layer of layers) {
    if (!layer.inTooltip) continue;
    const src = layer.source;
    const tcol = src.column('t');
    const i = nearestIndex(tcol, src.length, t);
    if (i < 0) continue;
    if (shown === 0) sampleTime = tcol[i];
    if (shown >= MAX_TOOLTIP_ROWS) {
      hidden++;
      continue;
    }
    rows.push(row(layer.color, layer.label, layer.describe(i, describeScratch(src.length))));
    shown++;
  }
  if (hidden > 0) rows.push(row(null, `+${hidden} more`, ''));
  const near = placed.filter((m) => Math.abs(m.x - px) <= MARKER_PICK_PX).slice(0, 2);
  for (const m of near) {
    const r = row(
      null,
      `${TcpEventName[m.kind]} · ${flowIds[m.event.id] ?? m.event.id}`,
      `at ${m.event.t0.toFixed(3)} s, cwnd → ${m.event.value.toFixed(1)}`,
    );
    const glyph = r.firstElementChild as HTMLElement;
    glyph.className = 'tip-glyph';
    glyph.textContent = m.kind === 0 ? '▼' : '◆';
    glyph.style.color = m.kind === 0 ? MARKER_STYLE.rto.fill : MARKER_STYLE.fastRetransmit.fill;
    rows.push(r);
  }
  const head = document.createElement('div');
  head.className = 'tip-time';
  head.textContent = `t = ${sampleTime.toFixed(sampleTime < 10 ? 3 : 2)} s`;
  const hint = document.createElement('div');
  hint.className = 'tip-hint';
  hint.textContent = following ? 'wheel: zoom in' : 'drag: pan · double-click: whole run';
  rows.push(hint);
  tip.dataset.time = String(sampleTime);
  tip.dataset.rows = String(shown);
  tip.replaceChildren(head, ...rows);
}

function row(color: string | null, label: string, value: string): HTMLElement {
  const r = document.createElement('div');
  r.className = 'tip-row';
  const sw = document.createElement('span');
  sw.className = 'tip-swatch';
  if (color) sw.style.background = color;
  else sw.classList.add('none');
  const name = document.createElement('span');
  name.className = 'tip-label';
  name.textContent = label;
  const v = document.createElement('span');
  v.className = 'tip-value';
  v.textContent = value;
  r.append(sw, name, v);
  return r;
}
