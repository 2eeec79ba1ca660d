/**
 * The loss matrix's colour scale: fixed classes, not stretched to the run, so two runs (or
 * a run and the class's memory of the last one) read alike. Losses of interest span three
 * decades (0.1 % to 50 %), hence class bounds that grow roughly tenfold, then double.
 * Colours: ColorBrewer's YlOrRd, sequential and readable by the colour-blind; each class
 * names the text colour that contrasts with it best (4.5:1 or more).
 */

export interface LossClass {
  /** Lowest loss of the class (inclusive); the first class is exactly 0. */
  from: number;
  /** The legend's words: "1–5 %". */
  label: string;
  fill: string;
  text: string;
}

export const LOSS_CLASSES: readonly LossClass[] = [
  { from: 0, label: '0', fill: '#ffffff', text: '#111111' },
  { from: Number.MIN_VALUE, label: 'under 0.1 %', fill: '#ffffb2', text: '#111111' },
  { from: 0.001, label: '0.1–1 %', fill: '#fed976', text: '#111111' },
  { from: 0.01, label: '1–5 %', fill: '#feb24c', text: '#111111' },
  { from: 0.05, label: '5–10 %', fill: '#fd8d3c', text: '#111111' },
  { from: 0.1, label: '10–25 %', fill: '#fc4e2a', text: '#111111' },
  { from: 0.25, label: '25–50 %', fill: '#e31a1c', text: '#ffffff' },
  { from: 0.5, label: '50 % and more', fill: '#b10026', text: '#ffffff' },
];

/** The class a loss falls in (loss in [0, 1]). */
export function lossClass(loss: number): LossClass {
  let found = LOSS_CLASSES[0];
  for (const c of LOSS_CLASSES) if (loss >= c.from) found = c;
  return found;
}

/** A loss as the cell prints it: two significant digits below 10 %, none above ("0.42 %", "3.1 %", "27 %"). */
export function lossText(loss: number): string {
  if (loss === 0) return '0 %';
  const pct = loss * 100;
  if (pct >= 10) return `${Math.round(pct)} %`;
  return `${Number(pct.toPrecision(2))} %`;
}
