import { describe, expect, it } from 'vitest';
import { scaleLinear } from 'd3-scale';
import { parseCanvasFont, SvgRecorder } from './svgRecorder';
import { drawChangeFlag, drawChangeLine } from './drawSeries';
import { chartPainter } from './paintChart';

/** Widths as a fixed 0.5 em per character, so the boxes are known. */
const halfEm = (text: string, px: number) => text.length * px * 0.5;

describe('SvgRecorder', () => {
  it('reads canvas fonts: size, weight and family', () => {
    expect(parseCanvasFont('12px system-ui, sans-serif')).toEqual({ px: 12, bold: false, family: 'system-ui, sans-serif' });
    expect(parseCanvasFont("700 14px 'DejaVu Sans', Arial")).toEqual({ px: 14, bold: true, family: "'DejaVu Sans', Arial" });
    expect(parseCanvasFont('bold 9.5px serif')).toMatchObject({ px: 9.5, bold: true });
    expect(parseCanvasFont('no size here')).toMatchObject({ px: 10 });
  });

  it('measures text at the font set, and writes it with baseline, anchor and colour', () => {
    const rec = new SvgRecorder(halfEm);
    rec.font = '700 20px serif';
    expect(rec.measureText('abcd').width).toBe(40);
    rec.fillStyle = '#123456';
    rec.textBaseline = 'middle';
    rec.textAlign = 'center';
    rec.fillText('a < b', 10, 20);
    expect(rec.out.at(-1)).toBe(
      '<text x="10" y="20" font-size="20" font-family="serif" font-weight="700" dominant-baseline="central" text-anchor="middle" fill="#123456">a &lt; b</text>',
    );
  });

  it('fills and strokes rectangles with the style in force, restored after save/restore', () => {
    const rec = new SvgRecorder(halfEm);
    rec.save();
    rec.fillStyle = 'red';
    rec.globalAlpha = 0.5;
    rec.fillRect(1, 2, 3, 4);
    rec.restore();
    rec.strokeRect(0, 0, 2, 2);
    expect(rec.out[0]).toBe('<path d="M1 2h3v4h-3Z" fill="red" fill-opacity="0.5"/>');
    expect(rec.out[1]).toContain('stroke="#000"');
    expect(rec.out[1]).not.toContain('opacity');
  });

  // The export of a chart with a live change's flag threw "measureText is not a function".
  it("draws a live change's line and flag: the dashed line, the box, and the words", () => {
    const rec = new SvgRecorder(halfEm);
    const words = 'assembly time 1 → 5 ms at 5.751 s';
    drawChangeLine(rec, 50, 100);
    drawChangeFlag(rec, { left: 52, top: 2, width: 120, text: words, count: 1 });
    expect(rec.out.some((e) => e.includes('stroke-dasharray="5 3"'))).toBe(true);
    expect(rec.out).toContain('<path d="M52 2h120v15h-120Z" fill="rgba(255, 255, 255, 0.92)"/>');
    expect(rec.out.some((e) => e.includes(`>${words}</text>`))).toBe(true);
  });

  it('replays a whole frame with flags, markers and references without a missing call', () => {
    const x = scaleLinear().domain([0, 10]).range([0, 400]);
    const y = scaleLinear().domain([0, 100]).range([200, 0]);
    const paint = chartPainter({
      prepared: [],
      x,
      y,
      yMax: () => 100,
      innerW: 400,
      innerH: 200,
      d0: 0,
      d1: 10,
      references: [{ name: 'theory', value: 50, color: '#000', width: 2, dash: [4, 2] } as never],
      markers: [
        { x: 10, y: 10, kind: 0, event: {} as never },
        { x: 20, y: 20, kind: 1, event: {} as never },
      ],
      changes: [
        { at: 2, label: 'loss 0 → 1 %' },
        { at: 2.05, label: 'loss 1 → 2 %' },
      ],
    });
    const rec = new SvgRecorder(halfEm);
    paint(rec);
    expect(rec.out.filter((e) => e.startsWith('<text')).map((e) => /> ?([^<]*)<\/text>$/.exec(e)?.[1])).toEqual([
      'loss 0 → 1 % at 2 s',
      'loss 1 → 2 % at 2.05 s',
    ]);
  });
});
