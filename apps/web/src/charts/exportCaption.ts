/**
 * The caption written over exported charts: which scenario they come from and its key
 * parameters, so a PNG pasted into slides or a report still says what it shows:
 *
 *   Paper 000: LOBS testbed, data-burst vs ACK-burst loss — preset, edited
 *   1 TCP flow (NewReno, MSS 512 B) · burst loss: data 1.0 %, ACK 0.0 % · fibers 2 λ × 1.25 Gbit/s ·
 *   hybrid assembly (1 ms, 40 KB), JET, LAUC-VF · seed 1 · 20 s simulated · 2 live changes
 */
import { findPreset, type Scenario } from '@obs-tcp-sim/scenario';
import { formatDelay, formatPercent, formatRate } from '../format';
import { formatBytes } from '../log/describe';

export interface CaptionInput {
  scenario: Scenario;
  /** The preset the scenario comes from, if any. */
  presetTitle: string | null;
  edited: boolean;
  /** Live changes made during the run (each is marked on the charts). */
  liveChanges: number;
}

const VARIANT_NAMES: Record<string, string> = {
  tahoe: 'Tahoe',
  reno: 'Reno',
  newreno: 'NewReno',
  sack: 'SACK',
  hstcp: 'HSTCP',
  stcp: 'Scalable',
  bic: 'BIC',
  cubic: 'CUBIC',
  htcp: 'H-TCP',
  vegas: 'Vegas',
  westwood: 'Westwood+',
};

const SCHEDULING: Record<string, string> = { ffuc: 'FFUC', lauc: 'LAUC', 'lauc-vf': 'LAUC-VF' };

/** The title line and the parameters, as parts to be joined by " · " and wrapped. */
export function exportCaption({ scenario, presetTitle, edited, liveChanges }: CaptionInput): { title: string; parts: string[] } {
  const name = (scenario.name ?? '').trim();
  const source = presetTitle ? `preset${edited ? ', edited' : ''}` : '';
  const title =
    name && presetTitle && name !== presetTitle
      ? `${name} — from the preset "${presetTitle}"${edited ? ', edited' : ''}`
      : `${name || presetTitle || 'Untitled scenario'}${source ? ` — ${source}` : ''}`;

  const parts: string[] = [];
  const flows = scenario.flows ?? [];
  const total = flows.reduce((a, f) => a + Math.max(1, f.count ?? 1), 0);
  if (total === 0) parts.push('no TCP flow');
  else {
    const variants = unique(flows.map((f) => VARIANT_NAMES[f.tcp.variant] ?? f.tcp.variant));
    const mss = unique(flows.map((f) => `${f.tcp.mss} B`));
    parts.push(`${total} TCP flow${total === 1 ? '' : 's'} (${variants.join(', ')}, MSS ${mss.join('/')})`);
  }
  const obs = scenario.obs;
  parts.push(`burst loss: data ${formatPercent(obs.burstLoss.data)}, ACK ${formatPercent(obs.burstLoss.ack)}`);
  const fibers = scenario.links.filter((l): l is Extract<Scenario['links'][number], { kind: 'fiber' }> => l.kind === 'fiber');
  if (fibers.length > 0) {
    const kinds = unique(fibers.map((l) => `${l.wavelengths} λ × ${formatRate(l.rate)}`));
    parts.push(kinds.length === 1 ? `fibers ${kinds[0]}` : `fibers ${kinds.slice(0, 3).join(', ')}${kinds.length > 3 ? ', …' : ''}`);
    const a = obs.assembly;
    const limits =
      a.policy === 'time'
        ? formatDelay(a.maxTime)
        : a.policy === 'size'
          ? formatBytes(a.maxBytes)
          : `${formatDelay(a.maxTime)}, ${formatBytes(a.maxBytes)}`;
    parts.push(`${a.policy} assembly (${limits}), ${obs.reservation.toUpperCase()}, ${SCHEDULING[obs.scheduling] ?? obs.scheduling}`);
  } else {
    parts.push('no fiber (packet switching only)');
  }
  parts.push(`seed ${scenario.seed}`, `${Number(scenario.duration.toPrecision(4))} s simulated`);
  if (liveChanges > 0) parts.push(`${liveChanges} live change${liveChanges === 1 ? '' : 's'} (dashed markers)`);
  return { title, parts };
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/**
 * Parts joined by " · " into lines no wider than `maxWidth` (by `width`); a part too long
 * for a line of its own is put on one anyway (the figure then widens to hold it).
 */
export function wrapParts(parts: readonly string[], maxWidth: number, width: (text: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const p of parts) {
    const next = line ? `${line} · ${p}` : p;
    if (line && width(next) > maxWidth) {
      lines.push(line);
      line = p;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The caption of the run the charts show: the values it started from, and how many live
 * changes it has had since (each a marker on the charts).
 */
export function chartCaption(state: { presetId: string | null; edited: boolean; run: { start: Scenario; changes: readonly unknown[] } }): {
  title: string;
  parts: string[];
} {
  const preset = state.presetId === null ? undefined : findPreset(state.presetId);
  return exportCaption({
    scenario: state.run.start,
    presetTitle: preset?.title ?? null,
    edited: state.edited,
    liveChanges: state.run.changes.length,
  });
}
