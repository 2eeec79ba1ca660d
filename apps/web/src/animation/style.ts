/**
 * Colours and sizes of the animation (Okabe & Ito, theme.ts). Class is carried by colour
 * and by thickness/size, so nothing depends on colour alone: ACK bursts are thinner bars
 * and ACK packets smaller squares than data ones.
 */
import { OKABE_ITO } from '../theme';

export const CLASS_COLORS = {
  data: OKABE_ITO.blue,
  ack: OKABE_ITO.orange,
  background: '#8c8c8c',
} as const;

/** Burst classes as the engine numbers them (cls): 0 data, 1 ACK, 2 background. */
export function burstColor(cls: number): string {
  return cls === 1 ? CLASS_COLORS.ack : cls === 2 ? CLASS_COLORS.background : CLASS_COLORS.data;
}

/** Packet classes: 0 data, 1 ACK. */
export function packetColor(cls: number): string {
  return cls === 1 ? CLASS_COLORS.ack : CLASS_COLORS.data;
}

export const LANE_COLOR = 'rgba(0, 0, 0, 0.28)';
export const CONTROL_COLOR = '#222222';
export const DROP_COLOR = OKABE_ITO.vermillion;
export const TCP_EVENT_COLOR = OKABE_ITO.reddishPurple;
/** A core sent a burst off its route: a solid green ring, the burst is not lost. */
export const DEFLECT_COLOR = OKABE_ITO.bluishGreen;
/** A core cut a burst short: a broken (dashed) black ring, shape as well as colour. */
export const CUT_COLOR = OKABE_ITO.black;
/** The dash of a cut burst's ring, px at zoom 1. */
export const CUT_DASH = [6, 5] as const;
export const SUMMARY_COLOR = OKABE_ITO.bluishGreen;
/** A wavelength's share of time busy, at speeds where single bursts flash by. */
export const BUSY_COLOR = OKABE_ITO.blue;

/** What the event log points at: a yellow band under its link, a black ring round its node. */
export const FOCUS_COLOR = OKABE_ITO.yellow;
export const FOCUS_RING_COLOR = OKABE_ITO.black;

/** Drop flashes last this long in wall time, whatever the speed. */
export const FLASH_SECONDS = 0.6;

/** Glyph radii of the node kinds at zoom 1 (topology/NodeGlyph.tsx): lanes stop there. */
export const NODE_RADIUS: Record<string, number> = { host: 18, router: 15, edge: 17, core: 21 };

/**
 * Smallest marks on a link, px whatever the zoom: a 1 µs burst on a 10 ms fiber is a
 * fraction of a pixel long at its true length, and must still be seen.
 */
export interface MarkMinimums {
  /** Thickness of a data or background burst bar (an ACK bar is ACK_THICKNESS of it). */
  burstThick: number;
  /** Length of a burst bar: a shorter one is drawn this long about its true middle. */
  burstLong: number;
  /** Width and height of a control packet's diamond. */
  bhp: number;
}

/**
 * Presenter mode, a projector seen from the back of a room (issue 36 asks for bursts of
 * 8 x 24 px and control packets of 14 px): a pixel or two more, which antialiased edges eat.
 */
export const ROOM_MARKS: MarkMinimums = { burstThick: 10, burstLong: 28, bhp: 20 };
/**
 * ROOM_MARKS on a projector of `viewportHeight` lines: larger in proportion above 720, as
 * presenter mode's text is (view/presenterText.ts), so a 1080p room sees the same marks.
 */
export function roomMarks(viewportHeight: number): MarkMinimums {
  const k = Math.min(2, Math.max(1, viewportHeight / 720));
  return { burstThick: ROOM_MARKS.burstThick * k, burstLong: ROOM_MARKS.burstLong * k, bhp: ROOM_MARKS.bhp * k };
}

/** A desk screen: bursts long enough to read as bars, not specks. */
export const DESK_MARKS: MarkMinimums = { burstThick: 4, burstLong: 12, bhp: 10 };

/** An ACK burst's bar is this much thinner than a data one: class by shape as well as colour. */
export const ACK_THICKNESS = 0.6;

/** Thickness of a burst bar of class `cls` (engine numbering) on a link whose lanes give it `laneWidth`. */
export function burstThickness(laneWidth: number, cls: number, marks: MarkMinimums): number {
  const full = Math.max(laneWidth, marks.burstThick);
  return cls === 1 ? full * ACK_THICKNESS : full;
}

/** Half the diagonal of a control packet's diamond at size factor `s`. */
export function bhpHalf(s: number, marks: MarkMinimums): number {
  return Math.max(4 * s, marks.bhp / 2);
}

/**
 * A control packet's diamond: near-black with a white edge, so it reads apart from every
 * burst class (blue, orange, grey bars) by colour as well as by shape, even on top of one.
 */
export const BHP_FILL = CONTROL_COLOR;
export const BHP_EDGE = '#ffffff';
