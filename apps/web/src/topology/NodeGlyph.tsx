/** One symbol per node kind; shape alone tells the kinds apart (colour only repeats it). */
import { NODE_COLORS } from '../theme';
import type { NodeKind } from './kinds';

export const NODE_KIND_LABEL: Record<NodeKind, string> = {
  host: 'Host (TCP end)',
  router: 'Router (packet)',
  edge: 'OBS edge node',
  core: 'OBS core switch',
};

export function NodeGlyph({ kind, x = 0, y = 0, size = 1 }: { kind: NodeKind; x?: number; y?: number; size?: number }) {
  const transform = `translate(${x},${y}) scale(${size})`;
  switch (kind) {
    case 'host':
      // A screen: rounded rectangle, outlined.
      return (
        <g transform={transform}>
          <rect x={-18} y={-13} width={36} height={26} rx={4} fill="#ffffff" stroke={NODE_COLORS.host} strokeWidth={3} />
        </g>
      );
    case 'router':
      return (
        <g transform={transform}>
          <circle r={15} fill={NODE_COLORS.router} stroke="#000" strokeWidth={2} />
        </g>
      );
    case 'edge':
      return (
        <g transform={transform}>
          <rect x={-15} y={-15} width={30} height={30} fill={NODE_COLORS.edge} stroke="#000" strokeWidth={2} />
        </g>
      );
    case 'core':
      return (
        <g transform={transform}>
          <polygon points="0,-21 21,0 0,21 -21,0" fill={NODE_COLORS.core} stroke="#000" strokeWidth={2} />
        </g>
      );
  }
}
