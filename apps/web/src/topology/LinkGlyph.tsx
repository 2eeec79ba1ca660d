/**
 * Packet links are thin dark lines; fibers are thick light-grey cables with a grey core.
 * Neither uses a burst colour: an idle fiber looks empty, and the bursts drawn over it
 * (the animation) are the only blue and orange on the network.
 */
import { LINK_COLORS } from '../theme';
import type { LinkKind } from './kinds';

export const LINK_KIND_LABEL: Record<LinkKind, string> = {
  packet: 'Packet link',
  fiber: 'Fiber (λ = wavelengths)',
};

/** `size` scales the strokes with the drawing's glyphs (editor/canvas/glyphScale.ts). */
export function LinkGlyph({
  kind,
  x1,
  y1,
  x2,
  y2,
  size = 1,
}: {
  kind: LinkKind;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  size?: number;
}) {
  if (kind === 'fiber') {
    return (
      <g>
        <line x1={x1} y1={y1} x2={x2} y2={y2} stroke={LINK_COLORS.fiber} strokeWidth={10 * size} strokeLinecap="round" />
        <line x1={x1} y1={y1} x2={x2} y2={y2} stroke={LINK_COLORS.fiberCore} strokeWidth={2 * size} />
      </g>
    );
  }
  return <line x1={x1} y1={y1} x2={x2} y2={y2} stroke={LINK_COLORS.packet} strokeWidth={3 * size} />;
}
