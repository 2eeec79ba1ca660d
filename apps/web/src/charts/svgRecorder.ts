/**
 * The 2D-context calls a chart paints with, and a recorder that turns them into SVG.
 *
 * The screen paints a chart on a canvas; its export (chartExport.ts) replays the same
 * painter on an SvgRecorder, so the file is vector and drawn by the code that draws the
 * screen. `ChartContext` is the contract between the two: painters take a ChartContext,
 * and SvgRecorder implements it, so a painter that starts using a call the recorder lacks
 * fails to compile instead of throwing in the export (a live change's flag once did:
 * "measureText is not a function", and the export gave no file and no word).
 */
import { exportTextWidth, type TextWidth } from './exportText';

type Colour = string | CanvasGradient | CanvasPattern;

export type ChartContext = Pick<
  CanvasRenderingContext2D,
  | 'save'
  | 'restore'
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'closePath'
  | 'rect'
  | 'stroke'
  | 'fill'
  | 'fillRect'
  | 'strokeRect'
  | 'fillText'
  | 'setLineDash'
  | 'globalAlpha'
  | 'lineWidth'
  | 'lineJoin'
  | 'lineCap'
  | 'font'
  | 'textBaseline'
  | 'textAlign'
> & {
  strokeStyle: Colour;
  fillStyle: Colour;
  /** Whole circles are all the charts draw (dots and markers). */
  arc(x: number, y: number, radius: number, startAngle: number, endAngle: number): void;
  measureText(text: string): { width: number };
};

interface Style {
  strokeStyle: string;
  fillStyle: string;
  globalAlpha: number;
  lineWidth: number;
  lineJoin: CanvasLineJoin;
  lineCap: CanvasLineCap;
  dash: number[];
  font: string;
  textBaseline: CanvasTextBaseline;
  textAlign: CanvasTextAlign;
}

const f = (x: number) => String(Math.round(x * 100) / 100);
export const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A canvas font ("700 14px system-ui, sans-serif") as SVG text attributes. */
export function parseCanvasFont(font: string): { px: number; bold: boolean; family: string } {
  const m = /^\s*(?:(normal|bold|[1-9]00)\s+)?(?:(?:italic|oblique|normal)\s+)?(\d+(?:\.\d+)?)px\s+(.+)$/.exec(font);
  if (!m) return { px: 10, bold: false, family: 'sans-serif' };
  const weight = m[1] ?? 'normal';
  return { px: Number(m[2]), bold: weight === 'bold' || Number(weight) >= 600, family: m[3].trim() };
}

/** Canvas baselines as SVG's dominant-baseline (what the eye sees as the same line). */
const BASELINE: Record<CanvasTextBaseline, string | null> = {
  alphabetic: null,
  ideographic: null,
  bottom: 'text-after-edge',
  top: 'text-before-edge',
  hanging: 'hanging',
  middle: 'central',
};
const ANCHOR: Record<CanvasTextAlign, string | null> = { left: null, start: null, center: 'middle', right: 'end', end: 'end' };

/** ChartContext, writing SVG elements to `out`. */
export class SvgRecorder implements ChartContext {
  readonly out: string[] = [];
  private d = '';
  private style: Style = {
    strokeStyle: '#000',
    fillStyle: '#000',
    globalAlpha: 1,
    lineWidth: 1,
    lineJoin: 'miter',
    lineCap: 'butt',
    dash: [],
    font: '10px sans-serif',
    textBaseline: 'alphabetic',
    textAlign: 'start',
  };
  private stack: Style[] = [];

  constructor(private readonly textWidth: TextWidth = exportTextWidth) {}

  get strokeStyle(): string {
    return this.style.strokeStyle;
  }
  set strokeStyle(v: Colour) {
    // Gradients and patterns have no SVG form here: a chart that used one would show black.
    this.style.strokeStyle = typeof v === 'string' ? v : '#000';
  }
  get fillStyle(): string {
    return this.style.fillStyle;
  }
  set fillStyle(v: Colour) {
    this.style.fillStyle = typeof v === 'string' ? v : '#000';
  }
  get globalAlpha() {
    return this.style.globalAlpha;
  }
  set globalAlpha(v: number) {
    this.style.globalAlpha = v;
  }
  get lineWidth() {
    return this.style.lineWidth;
  }
  set lineWidth(v: number) {
    this.style.lineWidth = v;
  }
  get lineJoin() {
    return this.style.lineJoin;
  }
  set lineJoin(v: CanvasLineJoin) {
    this.style.lineJoin = v;
  }
  get lineCap() {
    return this.style.lineCap;
  }
  set lineCap(v: CanvasLineCap) {
    this.style.lineCap = v;
  }
  get font() {
    return this.style.font;
  }
  set font(v: string) {
    this.style.font = v;
  }
  get textBaseline() {
    return this.style.textBaseline;
  }
  set textBaseline(v: CanvasTextBaseline) {
    this.style.textBaseline = v;
  }
  get textAlign() {
    return this.style.textAlign;
  }
  set textAlign(v: CanvasTextAlign) {
    this.style.textAlign = v;
  }

  save(): void {
    this.stack.push({ ...this.style, dash: [...this.style.dash] });
  }
  restore(): void {
    this.style = this.stack.pop() ?? this.style;
  }
  setLineDash(dash: readonly number[]): void {
    this.style.dash = [...dash];
  }
  beginPath(): void {
    this.d = '';
  }
  moveTo(x: number, y: number): void {
    this.d += `M${f(x)} ${f(y)}`;
  }
  lineTo(x: number, y: number): void {
    this.d += `L${f(x)} ${f(y)}`;
  }
  closePath(): void {
    this.d += 'Z';
  }
  rect(x: number, y: number, w: number, h: number): void {
    this.d += rectPath(x, y, w, h);
  }
  /** Whole circles only (the charts draw dots): two half arcs. */
  arc(x: number, y: number, r: number): void {
    this.d += `M${f(x + r)} ${f(y)}A${f(r)} ${f(r)} 0 1 0 ${f(x - r)} ${f(y)}A${f(r)} ${f(r)} 0 1 0 ${f(x + r)} ${f(y)}Z`;
  }
  stroke(): void {
    if (this.d) this.out.push(this.strokedPath(this.d));
  }
  fill(): void {
    if (this.d) this.out.push(this.filledPath(this.d));
  }
  fillRect(x: number, y: number, w: number, h: number): void {
    this.out.push(this.filledPath(rectPath(x, y, w, h)));
  }
  strokeRect(x: number, y: number, w: number, h: number): void {
    this.out.push(this.strokedPath(rectPath(x, y, w, h)));
  }
  measureText(text: string): { width: number } {
    const { px, bold } = parseCanvasFont(this.style.font);
    return { width: this.textWidth(text, px, bold) };
  }
  fillText(text: string, x: number, y: number): void {
    const s = this.style;
    const { px, bold, family } = parseCanvasFont(s.font);
    const baseline = BASELINE[s.textBaseline];
    const anchor = ANCHOR[s.textAlign];
    this.out.push(
      `<text x="${f(x)}" y="${f(y)}" font-size="${f(px)}" font-family="${escapeXml(family)}"${bold ? ' font-weight="700"' : ''}` +
        `${baseline ? ` dominant-baseline="${baseline}"` : ''}${anchor ? ` text-anchor="${anchor}"` : ''}` +
        ` fill="${escapeXml(s.fillStyle)}"${this.opacity('fill')}>${escapeXml(text)}</text>`,
    );
  }

  private opacity(what: 'fill' | 'stroke'): string {
    return this.style.globalAlpha < 1 ? ` ${what}-opacity="${this.style.globalAlpha}"` : '';
  }
  private strokedPath(d: string): string {
    const s = this.style;
    const dash = s.dash.length ? ` stroke-dasharray="${s.dash.map(f).join(' ')}"` : '';
    return `<path d="${d}" fill="none" stroke="${escapeXml(s.strokeStyle)}" stroke-width="${f(s.lineWidth)}" stroke-linejoin="${s.lineJoin}" stroke-linecap="${s.lineCap}"${this.opacity('stroke')}${dash}/>`;
  }
  private filledPath(d: string): string {
    return `<path d="${d}" fill="${escapeXml(this.style.fillStyle)}"${this.opacity('fill')}/>`;
  }
}

function rectPath(x: number, y: number, w: number, h: number): string {
  return `M${f(x)} ${f(y)}h${f(w)}v${f(h)}h${f(-w)}Z`;
}
