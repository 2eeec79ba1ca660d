/**
 * Where a histogram's parts go in its box. At 1280x720 each of the channel view's two
 * histograms gets about 90 px of height; with both axis titles kept, the bars had 15 px.
 * So the titles go first when the box is short (the caption above names the quantity and
 * its unit), and the bars keep at least MIN_PLOT px; bin labels are as many as fit
 * without touching each other or the box's edges.
 */

export interface HistogramMargins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface HistogramLayout {
  margin: HistogramMargins;
  /** The x-axis title under the bin labels, and "↑ bursts" above the y axis. */
  titles: boolean;
  innerW: number;
  innerH: number;
}

/** Bars shorter than this read as noise. */
export const MIN_PLOT = 48;
const WITH_TITLES: HistogramMargins = { top: 22, right: 8, bottom: 48, left: 52 };
const WITHOUT_TITLES: HistogramMargins = { top: 10, right: 8, bottom: 22, left: 52 };

export function histogramLayout(width: number, height: number): HistogramLayout {
  const titles = height - WITH_TITLES.top - WITH_TITLES.bottom >= MIN_PLOT;
  const margin = titles ? WITH_TITLES : WITHOUT_TITLES;
  return {
    margin,
    titles,
    innerW: Math.max(0, width - margin.left - margin.right),
    innerH: Math.max(0, height - margin.top - margin.bottom),
  };
}

/** Estimated width of a 14 px tick label (digits and units), px. */
export function tickLabelWidth(text: string): number {
  return 8.2 * text.length + 2;
}

export interface BinLabel {
  index: number;
  /** Left edge of the label, px from the plot's left (labels start at their bin's edge). */
  x: number;
  text: string;
}

/**
 * Which bins' lower edges get a label: every k-th, k the smallest step at which the widest
 * label and a gap fit, starting at the first bin; a label that would run past the right
 * edge of the box (`innerW + rightRoom`) is left out.
 */
export function binLabels(labels: readonly string[], innerW: number, rightRoom: number, width = tickLabelWidth, gap = 10): BinLabel[] {
  if (labels.length === 0 || innerW <= 0) return [];
  const bw = innerW / labels.length;
  const widest = Math.max(...labels.map(width));
  const every = Math.max(1, Math.ceil((widest + gap) / Math.max(1e-9, bw)));
  const out: BinLabel[] = [];
  for (let i = 0; i < labels.length; i += every) {
    const x = i * bw;
    if (x + width(labels[i]) > innerW + rightRoom) break;
    out.push({ index: i, x, text: labels[i] });
  }
  return out;
}
