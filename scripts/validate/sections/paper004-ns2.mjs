// Paper 004's dumb-bell in ns-2 2.35, the paper's own simulator, beside ours: the
// conformance harness (scripts/conformance/, `npm run conformance`) runs the preset's
// set-up at each packet size on both; this reads its cached results, so the report shows
// what ns-2 gives for the set-up the paper describes.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { signedPercent, table } from '../doc.mjs';

const DIR = fileURLToPath(new URL('../../../validation/conformance/', import.meta.url));
const SIZES = [1460, 2000, 3000, 4000];

/** The markdown block, or a line saying how to make it when the results are missing. */
export function ns2Block(names, paperChange) {
  const runs = SIZES.map((size) => {
    const file = `${DIR}paper004-${size}.json`;
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  });
  if (runs.some((r) => r === null)) return 'ns-2 on the same set-up: not run yet (`npm run conformance -- --only paper004`).\n';
  const variants = Object.keys(names);
  const rowOf = (res, v) => res.rows.find((r) => r.flow === v && !r.error);
  const rows = [];
  for (const v of variants) {
    const first = rowOf(runs[0], v),
      last = rowOf(runs.at(-1), v);
    rows.push([
      names[v],
      ...runs.map((res) => {
        const r = rowOf(res, v);
        return r ? `${(r.ours.goodput / 1e6).toFixed(3)} / ${(r.ns2.goodput / 1e6).toFixed(3)}` : 'n/a';
      }),
      `${signedPercent(last.ours.goodput / first.ours.goodput - 1)} / ${signedPercent(last.ns2.goodput / first.ns2.goodput - 1)} / ${signedPercent(paperChange[v])}`,
      `${first.ours.fastRetransmits}, ${first.ours.rtos} / ${first.ns2.fastRetransmits}, ${first.ns2.rtos}`,
    ]);
  }
  return [
    '### ns-2 on the same set-up',
    '',
    "The papers' simulator on the preset's dumb-bell at each packet size (the conformance harness, [docs/conformance.md](conformance.md#paper-004s-dumb-bell); the alignment of every parameter is written there). Goodput in Mbit/s over the 5 s, ours / ns-2; the change from 1460 to 4000 B, ours / ns-2 / the paper's.",
    '',
    table(['variant', ...SIZES.map((s) => `${s} B`), 'change 1460 -> 4000 B', 'fast retransmits, timeouts at 1460 B'], rows),
    '',
    verdictLine(runs, variants, rowOf, names, paperChange),
    '',
  ].join('\n');
}

/** What the table shows, read from it: same counts or not, and the sign of Tahoe's change in ns-2. */
function verdictLine(runs, variants, rowOf, names, paperChange) {
  const sameCounts = runs.every((res) =>
    variants.every((v) => {
      const r = rowOf(res, v);
      return r && r.ours.fastRetransmits === r.ns2.fastRetransmits && r.ours.rtos === r.ns2.rtos;
    }),
  );
  const changes = variants.map((v) => [v, rowOf(runs.at(-1), v).ns2.goodput / rowOf(runs[0], v).ns2.goodput - 1]);
  const against = changes
    .filter(([v, c]) => Math.sign(c) !== Math.sign(paperChange[v]))
    .map(([v, c]) => `${names[v]} ${signedPercent(c)} against the paper's ${signedPercent(paperChange[v])}`);
  return (
    `ns-2 (${runs[0].ns2}) ${sameCounts ? 'has the same fast retransmits and timeouts as ours at every size' : 'differs from ours in fast retransmits or timeouts at some size (see the table)'}` +
    (against.length
      ? `; ns-2 itself gives ${against.join(', ')} on the set-up the paper describes.`
      : '; its changes with the packet size have the signs the paper reports.')
  );
}
