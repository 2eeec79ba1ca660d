/**
 * A draw list as an SVG fragment: the same picture as the canvas painter, for tests and
 * for looking at frames outside a browser.
 */
import type { DrawList } from './drawPrimitives';

const n = (v: number) => (Math.round(v * 100) / 100).toString();
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function drawListToSvg(list: DrawList): string {
  const parts: string[] = [];
  for (const l of [...list.lanes, ...list.bars]) {
    const dash = l.dash ? ` stroke-dasharray="${l.dash.map(n).join(' ')}"` : '';
    parts.push(
      `<line x1="${n(l.x1)}" y1="${n(l.y1)}" x2="${n(l.x2)}" y2="${n(l.y2)}" stroke="${l.color}" stroke-width="${n(l.width)}" stroke-opacity="${n(l.alpha)}"${dash}/>`,
    );
  }
  for (const m of list.squares) {
    parts.push(
      `<rect x="${n(m.x - m.size)}" y="${n(m.y - m.size)}" width="${n(2 * m.size)}" height="${n(2 * m.size)}" fill="${m.fill}" stroke="${m.stroke}" stroke-width="1"/>`,
    );
  }
  for (const m of list.diamonds) {
    const pts = [
      [m.x, m.y - m.size],
      [m.x + m.size, m.y],
      [m.x, m.y + m.size],
      [m.x - m.size, m.y],
    ]
      .map(([x, y]) => `${n(x)},${n(y)}`)
      .join(' ');
    parts.push(`<polygon points="${pts}" fill="${m.fill}" stroke="${m.stroke}" stroke-width="1"/>`);
  }
  for (const r of list.rings) {
    parts.push(
      `<circle cx="${n(r.x)}" cy="${n(r.y)}" r="${n(r.r)}" fill="none" stroke="${r.color}" stroke-width="${n(r.width)}" stroke-opacity="${n(r.alpha)}"${r.dash ? ` stroke-dasharray="${r.dash.map(n).join(' ')}"` : ''}/>`,
    );
  }
  for (const l of list.labels) {
    const anchor = l.align === 'center' ? 'middle' : l.align === 'left' ? 'start' : 'end';
    parts.push(
      `<text x="${n(l.x)}" y="${n(l.y)}" text-anchor="${anchor}" font-family="system-ui, sans-serif" font-size="${n(l.size)}" font-weight="${l.bold ? 700 : 400}" fill="${l.color}" fill-opacity="${n(l.alpha)}" stroke="#fff" stroke-width="3.5" stroke-opacity="${n(l.alpha)}" paint-order="stroke">${esc(l.text)}</text>`,
    );
  }
  return parts.join('\n');
}
