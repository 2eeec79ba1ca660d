/**
 * The time-space diagram in words: what a burst under the pointer did along the path, the
 * figure's description for screen readers (what the diagram shows, refreshed about once
 * a second), and its table (one row per burst on screen). Pure: stories and names in,
 * strings out. Times are the engine's, as the diagram draws them.
 */
import { formatBytes } from '../log/describe';
import type { Names } from '@obs-tcp-sim/engine';
import { DROP_WORDS, formatAt, formatSpan, type Scene } from './geometry';

export { formatAt };
import type { PathSpec } from './pathSpec';
import type { BurstStory } from './timeSpaceModel';

const CLASS = ['data', 'ACK', 'background'];

/** "data burst 0 (1 segment of tcp1, 1.5 KB)". */
export function burstName(s: BurstStory, names: Names): string {
  const what = `${CLASS[s.cls] ?? ''} burst ${s.id}`.trim();
  const f = s.formed;
  if (!f) return what;
  const parts: string[] = [];
  if (s.cls !== 2) {
    const unit = s.cls === 1 ? (f.segments === 1 ? 'ACK' : 'ACKs') : f.segments === 1 ? 'segment' : 'segments';
    const of =
      f.mainFlow < 0 ? '' : f.flows > 1 ? ` of ${f.flows} flows, mostly ${names.flow(f.mainFlow)}` : ` of ${names.flow(f.mainFlow)}`;
    parts.push(`${f.segments} ${unit}${of}`);
  }
  parts.push(formatBytes(f.bytes));
  return `${what} (${parts.join(', ')})`;
}

/** What the burst did along the path, in order, one sentence each (the ones its events tell). */
export function storySentences(s: BurstStory, spec: PathSpec, names: Names, now: number): string[] {
  const col = (c: number) => spec.columns[c]?.id ?? '?';
  const near = (hop: number, back: boolean) => (back ? hop + 1 : hop);
  const far = (hop: number, back: boolean) => (back ? hop : hop + 1);
  const out: string[] = [];
  const f = s.formed;
  if (f && f.column >= 0) {
    const firstBand = s.bands.find((b) => near(b.hop, b.back) === f.column);
    const leaves = firstBand ? `, the burst ${formatSpan(f.offset)} later, at ${formatAt(firstBand.t0)} (the offset)` : '';
    out.push(`${col(f.column)} sends ${burstName(s, names)} at ${formatAt(f.t)}: its control packet (BHP) leaves first${leaves}.`);
  } else {
    out.push(`${burstName(s, names)[0].toUpperCase()}${burstName(s, names).slice(1)} comes along the path.`);
  }
  for (const b of s.bhps) {
    const c = far(b.hop, b.back);
    if (b.t1 > now) {
      out.push(`Its BHP is on the way to ${col(c)} (arrives at ${formatAt(b.t1)}).`);
      continue;
    }
    if (spec.columns[c].kind !== 'core') continue;
    const done = b.t1 + spec.controlProcessing;
    const setup = spec.columns[c].setupTime;
    const switched = !(s.drop && s.drop.column === c);
    const set = setup > 0 && switched ? ` and sets its switch by ${formatAt(done + setup)}` : '';
    out.push(`The BHP reaches ${col(c)} at ${formatAt(b.t1)}; ${col(c)} processes it until ${formatAt(done)}${set}.`);
  }
  for (const b of s.bands) {
    const a = near(b.hop, b.back);
    const z = far(b.hop, b.back);
    const arrive = b.t0 + spec.hops[b.hop].delay;
    const fdl = b.fdl > 0 ? ` after ${formatSpan(b.fdl)} in a fiber delay line at ${col(a)}` : '';
    if (b.t0 > now) continue;
    out.push(
      arrive <= now
        ? `The burst crosses ${col(a)} → ${col(z)}${fdl}: it leaves at ${formatAt(b.t0)}, its first bit arrives at ${formatAt(arrive)}.`
        : `The burst is on ${col(a)} → ${col(z)}${fdl} (left at ${formatAt(b.t0)}, arrives at ${formatAt(arrive)}).`,
    );
  }
  for (const d of s.deflections) {
    const out1 = s.side.find((h) => h.leaving && h.column === d.column);
    const back = s.side.find((h) => !h.leaving && (!out1 || h.t0 >= out1.t0));
    const via = out1 ? ` via ${out1.other}` : '';
    const rejoin = back ? `, back on the path at ${col(back.column)} at ${formatAt(back.t0)}` : '';
    out.push(`${col(d.column)} deflects it at ${formatAt(d.t)}${via}${rejoin}.`);
  }
  for (const c of s.cuts) {
    const unit = s.cls === 1 ? 'ACK' : 'segment';
    out.push(
      `${col(c.column)} cuts it short at ${formatAt(c.t)}: ${c.segments} ${unit}${c.segments === 1 ? '' : 's'} (${formatBytes(c.bytes)}) lost.`,
    );
  }
  if (s.drop) {
    const where = s.drop.column >= 0 ? ` at ${col(s.drop.column)}` : '';
    const reason = DROP_WORDS[s.drop.reason] ?? 'lost';
    let why = '';
    if (s.drop.reason === 2 && s.drop.column >= 0) {
      const arriving = s.bands.find((b) => far(b.hop, b.back) === s.drop!.column);
      if (arriving)
        why = `: its first bit arrived at ${formatAt(arriving.t0 + spec.hops[arriving.hop].delay)}, before its BHP was processed (${formatAt(s.drop.t)})`;
    } else if (s.drop.reason === 1) why = ': no free wavelength';
    else if (s.drop.reason === 0) why = ': injected loss';
    out.push(`Dropped${where} (${reason})${why}.`);
  } else if (s.delivered && s.delivered.t <= now) {
    out.push(`Its last bit reaches ${col(s.delivered.column)} at ${formatAt(s.delivered.t)}.`);
  }
  return out;
}

/** One row of the diagram's table. */
export interface TableRow {
  id: number;
  cells: string[];
}

export const TABLE_HEAD = ['Burst', 'Class', 'Sent by', 'BHP leaves', 'Burst leaves', 'Offset', 'Outcome'];

/** One row per burst drawn, in the order they were sent. */
export function tableRows(stories: readonly BurstStory[], spec: PathSpec, now: number): TableRow[] {
  const col = (c: number) => spec.columns[c]?.id ?? '?';
  const near = (hop: number, back: boolean) => (back ? hop + 1 : hop);
  return [...stories]
    .sort((a, b) => (a.formed?.t ?? a.bhps[0]?.t0 ?? 0) - (b.formed?.t ?? b.bhps[0]?.t0 ?? 0) || a.id - b.id)
    .map((s) => {
      const f = s.formed;
      const from = f && f.column >= 0 ? f.column : -1;
      const bhp = from >= 0 ? s.bhps.find((b) => near(b.hop, b.back) === from) : undefined;
      const band = from >= 0 ? s.bands.find((b) => near(b.hop, b.back) === from) : undefined;
      return {
        id: s.id,
        cells: [
          String(s.id),
          CLASS[s.cls] ?? '',
          from >= 0 ? col(from) : '—',
          bhp ? formatAt(bhp.t0) : '—',
          band ? formatAt(band.t0) : '—',
          f ? formatSpan(f.offset) : '—',
          outcome(s, spec, now),
        ],
      };
    });
}

function outcome(s: BurstStory, spec: PathSpec, now: number): string {
  const col = (c: number) => spec.columns[c]?.id ?? '?';
  if (s.drop) return `dropped${s.drop.column >= 0 ? ` at ${col(s.drop.column)}` : ''} (${DROP_WORDS[s.drop.reason] ?? 'lost'})`;
  const parts: string[] = [];
  for (const d of s.deflections) parts.push(`deflected at ${col(d.column)}`);
  for (const c of s.cuts) parts.push(`cut at ${col(c.column)}`);
  if (s.delivered && s.delivered.t <= now) parts.push(`delivered to ${col(s.delivered.column)}`);
  else parts.push('on its way');
  return parts.join(', ');
}

/** The figure's description: the path, the window, how many bursts, and the labelled one's story. */
export function describeScene(
  scene: Scene,
  stories: ReadonlyMap<number, BurstStory>,
  spec: PathSpec,
  names: Names,
  window: { from: number; to: number; now: number },
): string {
  const path = spec.columns.map((c) => c.id).join(' → ');
  const head = `Time-space diagram of the path ${path}: simulated time runs down from ${formatAt(window.from)} to ${formatAt(window.to)}, now ${formatAt(window.now)}.`;
  if (scene.shown === 0) return `${head} No burst on this path in this time.`;
  const count =
    scene.every > 1
      ? `${scene.shown} bursts drawn, a sample of one in ${scene.every} (every drop kept; ${scene.hidden} left out).`
      : `${scene.shown} burst${scene.shown === 1 ? '' : 's'} drawn.`;
  const drops = scene.marks.filter((m) => m.kind === 'drop').length;
  const dropWords = drops > 0 ? ` ${drops} dropped.` : '';
  const featured = stories.get(scene.featured);
  const story = featured ? ` Labelled: ${storySentences(featured, spec, names, window.now).join(' ')}` : '';
  return `${head} ${count}${dropWords}${story}`;
}
