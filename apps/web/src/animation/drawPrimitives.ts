/**
 * The primitives the pure drawing functions produce (a draw list, drawList.ts) for the thin
 * canvas painter (paint.ts) and the SVG export (svg.ts).
 */

/** A straight stroke: lanes, burst bars, flow stripes, packet-rate bands. */
export interface LinePrim {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  width: number;
  color: string;
  alpha: number;
  /** Dash pattern in px (control channel), none if absent. */
  dash?: readonly number[];
}

/** A small mark centred on (x, y): BHP diamonds, packet squares. */
export interface MarkPrim {
  x: number;
  y: number;
  /** Half the side (squares) or half the diagonal (diamonds), px. */
  size: number;
  fill: string;
  stroke: string;
}

/** An expanding drop ring. */
export interface RingPrim {
  x: number;
  y: number;
  r: number;
  width: number;
  color: string;
  alpha: number;
  /** Dash pattern in px (a burst cut short), solid if absent. */
  dash?: readonly number[];
}

export interface LabelPrim {
  x: number;
  y: number;
  text: string;
  color: string;
  alpha: number;
  /** px */
  size: number;
  align: 'left' | 'center' | 'right';
  bold: boolean;
  /** Stacked under its place (no room above it): moved further down, not up, to clear others. */
  below?: boolean;
}

/** Everything drawn in one frame, in painting order: lanes, bars, marks, rings, labels. */
export interface DrawList {
  lanes: LinePrim[];
  bars: LinePrim[];
  diamonds: MarkPrim[];
  squares: MarkPrim[];
  rings: RingPrim[];
  labels: LabelPrim[];
  /**
   * True while something moves with wall time (drop flashes fading, packet-rate
   * summaries settling): the layer keeps redrawing even if the simulation is paused.
   */
  animating: boolean;
  /** Counts for tests and the data-* attributes of the canvas. */
  stats: {
    bursts: number;
    bhps: number;
    packets: number;
    summaries: number;
    flashes: number;
    busyLanes: number;
    focus: number;
    /** Sampled bursts drawn (burstSamples.ts): real ones, slowed, on links too fast to watch. */
    sampled: number;
  };
}
