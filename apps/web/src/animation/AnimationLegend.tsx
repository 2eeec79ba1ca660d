/**
 * What the animation's marks mean; the editor places it where it has room. The marks of a
 * core that deflects or cuts bursts (docs/mesh.md sections 6, 7) are listed only when some
 * core of the scenario does: the legend of every other network stays as short as before.
 */
import { BHP_EDGE, BHP_FILL, CLASS_COLORS, CONTROL_COLOR, CUT_COLOR, DEFLECT_COLOR, DROP_COLOR, SUMMARY_COLOR } from './style';

const W = 34;
const H = 16;

function Bar({ color, width }: { color: string; width: number }) {
  return (
    <svg width={W} height={H} aria-hidden="true">
      <line x1={2} y1={H / 2} x2={W - 2} y2={H / 2} stroke="rgba(0,0,0,0.28)" strokeWidth={1} />
      <line x1={8} y1={H / 2} x2={W - 6} y2={H / 2} stroke={color} strokeWidth={width} />
    </svg>
  );
}

/** A mark's ring around the place it happened (a drop, a deflection, a cut), dashed or not. */
function Ring({ color, dash }: { color: string; dash?: string }) {
  return (
    <svg width={W} height={H} aria-hidden="true">
      <circle cx={W / 2} cy={H / 2} r={6} fill="none" stroke={color} strokeWidth={2.5} strokeDasharray={dash} />
    </svg>
  );
}

const ITEMS = [
  { key: 'data', label: 'Data burst', icon: <Bar color={CLASS_COLORS.data} width={5} /> },
  { key: 'ack', label: 'ACK burst', icon: <Bar color={CLASS_COLORS.ack} width={3} /> },
  { key: 'bg', label: 'Background burst', icon: <Bar color={CLASS_COLORS.background} width={5} /> },
  {
    key: 'bhp',
    label: 'Control packet (BHP)',
    icon: (
      <svg width={W} height={H} aria-hidden="true">
        <line x1={2} y1={H / 2} x2={W - 2} y2={H / 2} stroke={CONTROL_COLOR} strokeDasharray="4 3" strokeWidth={1.2} />
        <polygon points={`${W / 2},2 ${W / 2 + 6},${H / 2} ${W / 2},${H - 2} ${W / 2 - 6},${H / 2}`} fill={BHP_FILL} stroke={BHP_EDGE} />
      </svg>
    ),
  },
  {
    key: 'packets',
    label: 'Packet (data, ACK)',
    icon: (
      <svg width={W} height={H} aria-hidden="true">
        <rect x={6} y={H / 2 - 3.5} width={7} height={7} fill={CLASS_COLORS.data} stroke="#000" />
        <rect x={20} y={H / 2 - 2} width={4} height={4} fill={CLASS_COLORS.ack} stroke="#000" />
      </svg>
    ),
  },
  {
    key: 'summary',
    label: 'Packets/s (at speed)',
    icon: (
      <svg width={W} height={H} aria-hidden="true">
        <line x1={2} y1={H / 2} x2={W - 2} y2={H / 2} stroke={SUMMARY_COLOR} strokeOpacity={0.6} strokeWidth={6} />
      </svg>
    ),
  },
  { key: 'drop', label: 'Drop, with its reason', icon: <Ring color={DROP_COLOR} /> },
  { key: 'deflect', label: 'Deflected, goes on', icon: <Ring color={DEFLECT_COLOR} /> },
  { key: 'cut', label: 'Cut short (segmented)', icon: <Ring color={CUT_COLOR} dash="5 3" /> },
] as const;

/** Which of the contention marks a scenario's cores can make. */
export interface ContentionMarks {
  deflection: boolean;
  segmentation: boolean;
}

export function contentionMarksOf(nodes: readonly { kind: string; deflection?: boolean; segmentation?: boolean }[]): ContentionMarks {
  const cores = nodes.filter((n) => n.kind === 'core');
  return { deflection: cores.some((n) => n.deflection === true), segmentation: cores.some((n) => n.segmentation === true) };
}

/** The legend's entries for those marks: all but the contention ones the scenario cannot make. */
export function legendKeys(marks: ContentionMarks = { deflection: false, segmentation: false }): string[] {
  return ITEMS.filter((i) => (i.key !== 'deflect' || marks.deflection) && (i.key !== 'cut' || marks.segmentation)).map((i) => i.key);
}

export function AnimationLegend({ className = 'legend', marks }: { className?: string; marks?: ContentionMarks }) {
  const shown = new Set(legendKeys(marks));
  return (
    <ul className={className} aria-label="Animation legend" data-testid="animation-legend">
      {ITEMS.filter((item) => shown.has(item.key)).map((item) => (
        <li key={item.key}>
          {item.icon}
          {item.label}
        </li>
      ))}
    </ul>
  );
}
