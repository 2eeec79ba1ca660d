/**
 * A flow group's per-copy access links, drawn as one fan (accessFan.ts): thin packet-link
 * spokes from the node, each ending at a small host (a screen, like the host glyph).
 */
import { LINK_COLORS, NODE_COLORS } from '../theme';
import { FAN_HOST_HALF, type Fan } from './accessFan';

export function FanGlyph({ fan, size = 1 }: { fan: Fan; size?: number }) {
  const w = FAN_HOST_HALF.w * size;
  const h = FAN_HOST_HALF.h * size;
  return (
    <g className="fan-glyph">
      {fan.spokes.map((sp, i) => (
        <line key={`l${i}`} x1={sp.x1} y1={sp.y1} x2={sp.x2} y2={sp.y2} stroke={LINK_COLORS.packet} strokeWidth={1.5 * size} />
      ))}
      {fan.spokes.map((sp, i) => (
        <rect
          key={`h${i}`}
          x={sp.x2 - w}
          y={sp.y2 - h}
          width={2 * w}
          height={2 * h}
          rx={1.5 * size}
          fill="#ffffff"
          stroke={NODE_COLORS.host}
          strokeWidth={1.8 * size}
        />
      ))}
    </g>
  );
}
