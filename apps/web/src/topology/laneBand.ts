/**
 * The band a link's animation takes either side of its centre line (lanes, marks): the
 * animation draws in it (animation/geometry.ts), labels beside a link keep out of it
 * (labelPlacement.ts).
 */

/** Room one direction's wavelength lanes may take at zoom 1, px. */
export const LANES_MAX_WIDTH = 28;

export const LANE_SPACING = 5;

/**
 * How far from a link's centre line its animation reaches on either side, px at zoom 1:
 * the control channel and the wavelength lanes of a fiber, the packets and their summary
 * band on a packet link. Labels beside a link go beyond it.
 */
export function laneBandHalfWidth(kind: string, wavelengths: number, s = 1): number {
  if (kind !== 'fiber') return (6 + 8) * s;
  const w = Math.max(1, wavelengths);
  const spacing = Math.min(LANE_SPACING, LANES_MAX_WIDTH / w);
  return (8 + (w + 1) * spacing) * s;
}
