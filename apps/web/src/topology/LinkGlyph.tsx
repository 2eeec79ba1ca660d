/** Packet links are thin grey lines; fibers are thick light-blue cables with a dark core. */
import { LINK_COLORS, OKABE_ITO } from '../theme';
import type { LinkKind } from './kinds';

export const LINK_KIND_LABEL: Record<LinkKind, string> = {
  packet: 'Packet link',
  fiber: 'Fiber (λ = wavelengths)',
};

export function LinkGlyph({ kind, x1, y1, x2, y2 }: { kind: LinkKind; x1: number; y1: number; x2: number; y2: number }) {
  if (kind === 'fiber') {
    return (
      <g>
        <line x1={x1} y1={y1} x2={x2} y2={y2} stroke={LINK_COLORS.fiber} strokeWidth={10} strokeLinecap="round" />
        <line x1={x1} y1={y1} x2={x2} y2={y2} stroke={OKABE_ITO.blue} strokeWidth={2} />
      </g>
    );
  }
  return <line x1={x1} y1={y1} x2={x2} y2={y2} stroke={LINK_COLORS.packet} strokeWidth={3} />;
}
