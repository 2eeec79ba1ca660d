/** The width of a figure's text in an export, px: measured where there is a canvas, else estimated (generously). */
export type TextWidth = (text: string, px: number, bold?: boolean) => number;

const FONT = 'sans-serif';
let measureCtx: CanvasRenderingContext2D | null | undefined;

export const exportTextWidth: TextWidth = (text, px, bold = false) => {
  if (measureCtx === undefined) measureCtx = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!measureCtx) return [...text].length * px * (bold ? 0.66 : 0.6);
  measureCtx.font = `${bold ? '700 ' : ''}${px}px ${FONT}`;
  return Math.ceil(measureCtx.measureText(text).width);
};
