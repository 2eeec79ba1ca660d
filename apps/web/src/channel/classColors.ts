/**
 * Burst classes in the channel view, Okabe & Ito like the rest of the app (theme.ts):
 * data blue, ACK orange, background grey. Apart for every common colour-vision
 * deficiency; the legend names them.
 */
import { OKABE_ITO } from '../theme';

export const CLASS_COLORS = [OKABE_ITO.blue, OKABE_ITO.orange, '#8c8c8c'] as const;
export const CLASS_NAMES = ['data burst', 'ACK burst', 'background burst'] as const;

export function classColor(cls: number): string {
  return CLASS_COLORS[cls] ?? CLASS_COLORS[2];
}

/** Marks: void filling, FDL delay, drops, now. */
export const MARK_COLORS = {
  voidFilled: OKABE_ITO.black,
  fdl: OKABE_ITO.reddishPurple,
  drop: OKABE_ITO.vermillion,
  now: OKABE_ITO.black,
  selected: OKABE_ITO.black,
  hatch: '#d2d2d2',
} as const;

/** Drop reasons (BurstDropped.reason) as the legend and the marks say them. */
export const DROP_LABELS = ['injected loss', 'no free wavelength', 'late'] as const;
