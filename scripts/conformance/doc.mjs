// docs/conformance.md from the cached results: the alignment table (alignment.mjs), one
// table per case, cwnd overlays (ours and ns-2 on one SVG), and the differences the
// engine keeps on purpose (KNOWN_DIFFERENCES).
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lineChart } from '../validate/svg.mjs';
import { table } from '../validate/doc.mjs';
import { AGENT_ROWS, BASE_TCP, OTHER_ROWS } from './alignment.mjs';
import { CASES, PINNED, RECOVERY_VARIANTS } from './cases.mjs';
import { TARGETS, deterministicVerdict, pct, relDiff, seedsVerdict } from './compare.mjs';

const DOCS = fileURLToPath(new URL('../../docs', import.meta.url));
const mbps = (v) => (v / 1e6).toFixed(3);
// Counts print as they are; a fractional ssthresh to 3 decimals (14.7, not 30.799999999999997).
const num = (v) => (typeof v === 'number' && !Number.isInteger(v) ? String(Number(v.toFixed(3))) : `${v}`);
const pair = (a, b) => (a === b ? num(a) : `**${num(a)} / ${num(b)}**`);

/** Where the engine and ns-2 differ on purpose, with the size measured here or in issue 20. */
const KNOWN_DIFFERENCES = [
  [
    'Repeated timeout of one segment',
    'ns-2 halves the one-segment window (ssthresh 2); the engine holds ssthresh (RFC 5681 section 3.1, implementation note). Shows only after two timeouts of the same segment in a row.',
  ],
  [
    "Karn's rule",
    'ns-2 takes RTT samples from timestamps, also of resent segments; the engine skips them (RFC 6298 section 3). The RTO after a loss can differ by a few ms.',
  ],
  [
    "SACK's rescue retransmission (finding 5)",
    "RFC 6675 NextSeg rule 4 fires as soon as rules 1-3 find nothing, before any partial ACK, since RescueRxt is undefined at the start of recovery; ns-2's Sack1 has no rescue at all: one segment more resent than ns-2 in single-loss windows (the deterministic tables' retransmissions, e.g. 2 vs 1 for one lost segment). Kept as the RFC reads.",
  ],
  [
    'Timeout during fast recovery (finding 5)',
    "ssthresh from the window recovery was working towards (cwnd deflated to ssthresh, then RFC 5681 equation 4 on the flight within it), so a timeout in recovery halves once more, as ns-2 does; Linux keeps the fast retransmit's ssthresh (tcp_enter_loss in the Recovery state). Kept: the RFC's rule, and ns-2's.",
  ],
  [
    'Limited Transmit (finding 5, resolved)',
    "Both sides send one new segment on each of the first two duplicates (RFC 3042; ns-2's singledup_, on by default), the engine since issue 20, for all recovery kinds; segments it sent are left out of the FlightSize that sets ssthresh (the engine had counted the first window too when the very first segment was lost; a cumulative ACK with new SACK blocks no longer counts as a duplicate, RFC 6675 section 5).",
  ],
  [
    'Reno after recovery, one flow on a drop-tail queue',
    "ns-2's Reno resumes from cwnd = window / 2 with its fraction (151.0 / 2 = 75.5) while setting ssthresh to int(window / 2); the engine resumes from cwnd = ssthresh = 75 (RFC 5681 step 6, in ns-2's whole-segment ssthresh). Congestion avoidance then reaches the next whole segment about one ACK earlier, just before the duplicates of the next loss: that extra segment and Limited Transmit's overflow the full queue, a second loss in the window, and Reno (no partial-ACK repair) waits for a timeout in 3 of 6 recoveries of congestion-1: -8 % goodput there. A one-ACK phase race, not a rule: the multi-flow cases show no such bias.",
  ],
  [
    'Linux modules of ns-2',
    "ns-2's Linux BIC overestimates packets per ACK (issue 20); goodput of the Linux-module variants is compared with the 10 % target and their differences are listed (here and in the rows below), not fixed to match. ns-2's modules are 2.6.x-era kernel code: where it differs from current Linux or the RFC the engine follows those.",
  ],
  [
    'Vegas growth (ns-2 2.6.x module)',
    "ns-2's Linux Vegas (2.6.x tcp_vegas.c) steps cwnd towards the window saved at the start of the previous RTT plus one, so below alpha it grows one segment every other RTT (det-slow-start: about 12 segments/s after the loss against our 24); current Linux and the engine grow one per RTT. Measured ours / ns-2: det-slow-start +11.7 %, random p = 1e-3 +45.5 %, p = 1e-2 +44.5 %; the engine with 2.6's step rule instead (tried on the native build, not kept): +0.2 %, +8.3 %, +8.4 %, so that rule is the gap. Kept; no ns-2 option (no paper's numbers depend on ns-2's Vegas).",
  ],
  [
    'Westwood+ window after a loss (finding 5)',
    "The engine sets ssthresh = BWE x RTTmin on three duplicate ACKs and ends recovery at min(ssthresh, cwnd at the loss) (Mascolo et al.: cwnd = ssthresh only if cwnd > ssthresh; current Linux sets both to BWE x RTTmin when recovery completes); entering recovery never raises cwnd either: with BWE x RTTmin above the window at the loss, recovery works with that window (tcp_sender.cc, recoveryKeepsBelowWindow). ns-2's 2.6.x-era module keeps Reno's halved ssthresh and sets only cwnd to BWE x RTTmin when recovery completes (its traces: ssthresh always half the window). In congestion-1 the first loss ends slow start at t = 0.4 s, when BWE x RTTmin is 4.3 segments (the estimate is filtered over a rate that doubled every RTT): ns-2 slow-starts back to ssthresh 113, ours grows linearly from 4.3 and fills the pipe only at t = 8 s: -13.1 % (later epochs agree). Random loss: p = 1e-3 +2.8 %, p = 1e-2 +10.6 %; det-one -9.3 % (the same slow estimate at the loss at packet 300, ssthresh 6.5 vs 32). The engine with ns-2's rule instead (tried on the native build, not kept): congestion-1 -3.6 %, det-one -1.3 %, random p = 1e-3 +3.2 %, but p = 1e-2 -22 %.",
  ],
  [
    'Scalable TCP increase (ns-2 2.6.x module)',
    "As current Linux tcp_scalable (there is no RFC): 1 / min(cwnd, 100) segment per ACK, so never slower than Reno, and an eighth off at every window; ns-2's module uses TCP_SCALABLE_AI_CNT 50 (halved there for delayed ACKs; the harness's sink does not delay), so above 50 segments it grows twice as fast, and its integer window backs off by cwnd >> 3 (det-slow-start: ssthresh 19 from 21, ours 18.375). The engine's earlier rule, the paper's legacy window 16 with 1 % per RTT above it, was slower than Reno from 16 to 100 segments (det-slow-start -18.4 %, random p = 1e-2 -30 %). Now: det-slow-start -0.2 %, p = 1e-3 +0.6 %, p = 1e-2 +22.7 %: there ns-2's module also declares min_cwnd = tcp_reno_min_cwnd (ssthresh / 2), the floor down to which 2.6's rate halving lowers cwnd in every recovery before it slow-starts back to ssthresh (in ns-2's p = 1e-2 runs the window's low point after a cut is a median 0.54 of ssthresh, e.g. 26 to 13 with ssthresh 22), which undoes most of the gentle backoff; current Linux has no min_cwnd hook (PRR ends recovery at ssthresh) and neither has the engine. The engine ending each recovery at ssthresh / 2 instead (tried on the native build, not kept): p = 1e-2 +3.4 %, p = 1e-3 -4.1 %, congestion-1 +2.7 %.",
  ],
  [
    "Paper 004's dumb-bell, NewReno",
    "The three flows start together with equal round trips, so their packets reach the 5-packet queue at the same instants. At 0.62 s ns-2's queue drops two of NewReno's segments and ours one (same send times on both since delay_growth_ is aligned): ns-2's NewReno then times out, ours gets its third duplicate from Limited Transmit's segments and repairs its three holes in fast recovery (1 fast retransmit and 0 timeouts against 0 and 1; goodput -1.3 %). The order of simultaneous arrivals from different links is each scheduler's own; not traced further.",
  ],
  [
    'Delayed-ACK timer (finding 6)',
    "200 ms (BSD's and Linux's largest; RFC 1122 allows 500 ms); ns-2's DelAck sink uses 100 ms. No preset delays ACKs; the harness sets ns-2 to 200 ms.",
  ],
  [
    'Vegas alpha and beta (finding 6)',
    "2 and 4 segments as Linux's tcp_vegas (and ns-2's Linux module, the one compared here); the 1995 paper and ns-2's own Agent/TCP/Vegas use 1 and 3. Kept: the engine's Vegas follows Linux's round structure throughout (tcp/vegas.h).",
  ],
  [
    'CUBIC (finding 6)',
    "Kept on RFC 9438. ns-2's 2.6.x-era module uses beta 819/1024 = 0.8 (ours 0.7, section 4.6) and grows in the Reno-friendly region, where these windows live, by 3 (1 - 0.8) / (1 + 0.8) = 0.33 segment per RTT throughout; ours by 3 (1 - 0.7) / (1 + 0.7) = 0.53, and by 1 once W_est reaches the window before the cut (section 4.3; Linux has no such switch). Its smaller backoff does not make up for the slower growth: in det-slow-start ns-2 climbs about 8 segments/s after the loss, ours about 21 once past W_max. Measured ours / ns-2: det-slow-start +15.6 % (ssthresh 14.7 vs 16), random p = 1e-3 +18.6 %, p = 1e-2 +18.3 %. The switch to 1 is most of it: the same runs without it give +8.0 %, +11.1 % and +8.7 %, and with beta 0.8 as well -1.4 %, +16.8 % and +6.3 % (beta 0.8 alone: +15.5 %, +30.4 %, +25.7 %; experiments on the native build, not kept). No ns-2 option.",
  ],
  [
    'H-TCP (finding 6)',
    "As Linux's tcp_htcp with its defaults (use_rtt_scaling, use_bandwidth_switch): alpha scaled by RTTmin / 100 ms, adaptive beta only after two steady epochs and above 10 ms RTTmin, else 0.5; continuous where Linux rounds its factor down to a whole number. Before (beta adapted at every loss, no RTT scaling): random p = 1e-3 +38 %, p = 1e-2 +27.3 %; now +8.3 % and +11.4 %, det-slow-start +0.2 %, congestion-1 -3.3 %. The rest at p = 1e-2 is within ns-2: its H-TCP runs 12.5 % below its own HighSpeed TCP there (mean cwnd 11.6 against 13.2, both growing one segment per RTT at these windows), ours 4 % above our HighSpeed TCP.",
  ],
  [
    'Queue limit 0 or 1',
    'ns-2 passes nothing through a DropTail queue-limit of 0 or 1; ours always lets an idle line take a packet (docs/model.md section 2).',
  ],
];

function overlay(file, title, cwnd) {
  const svg = lineChart({
    title,
    xLabel: 'time (s)',
    yLabel: 'cwnd (segments)',
    legend: 'bottom-right',
    series: [
      { label: 'ours', points: cwnd.t.map((x, k) => ({ x, y: cwnd.ours[k] })), marker: null, width: 1.6 },
      { label: 'ns-2', points: cwnd.t.map((x, k) => ({ x, y: cwnd.ns2[k] })), marker: null, dash: true, width: 1.6 },
    ],
  });
  mkdirSync(join(DOCS, 'figures'), { recursive: true });
  writeFileSync(join(DOCS, 'figures', file), svg);
  return `figures/${file}`;
}

/** Runs ns-2 could not complete, listed under the case's table. */
function failures(res) {
  const failed = res.rows.filter((r) => r.error);
  return failed.length ? `ns-2 failed on ${failed.map((r) => `${r.variant} seed ${r.seed} (${r.error})`).join('; ')}: not compared.\n` : '';
}

function deterministicSection(c, res) {
  const rows = res.rows.filter((r) => !r.error);
  const lines = [`### ${c.title} (\`${c.id}\`)`, ''];
  lines.push(
    `Drops (packet ordinals of tcp1 on its first link): ${rows[0]?.drops?.length > 8 ? `${rows[0].drops[0]} .. ${rows[0].drops.at(-1)} (${rows[0].drops.length})` : (rows[0]?.drops ?? []).join(', ')}. Cells read ours / ns-2, in bold where they differ.`,
    '',
  );
  let pass = 0,
    total = 0;
  const body = rows.map((r) => {
    const v = deterministicVerdict(r);
    total++;
    pass += v.pass ? 1 : 0;
    return [
      r.variant,
      pair(r.ours.fastRetransmits, r.ns2.fastRetransmits),
      pair(r.ours.rtos, r.ns2.rtos),
      pair(r.ours.retransmits, r.ns2.retransmits),
      pair(r.ours.ssthresh, r.ns2.ssthresh),
      `${mbps(r.ours.goodput)} / ${mbps(r.ns2.goodput)}`,
      pct(relDiff(r.ours.goodput, r.ns2.goodput)),
      v.pass ? 'agrees' : `differs: ${v.why}`,
    ];
  });
  lines.push(
    table(
      ['variant', 'fast retransmits', 'timeouts', 'retransmitted', 'ssthresh at the end', 'goodput (Mbit/s)', 'difference', 'verdict'],
      body,
    ),
    '',
    failures(res),
  );
  const figs = rows
    .filter((r) => RECOVERY_VARIANTS.includes(r.variant) && r.cwnd)
    .map((r) => `![cwnd of ${r.variant}, ${c.id}](${overlay(`conformance-${c.id}-${r.variant}.svg`, `${c.title}: ${r.variant}`, r.cwnd)})`);
  lines.push(figs.join('\n'), '');
  return { text: lines.join('\n'), pass, total };
}

function seedsSection(c, res) {
  const lines = [`### ${c.title} (\`${c.id}\`)`, ''];
  const byVariant = new Map();
  for (const r of res.rows.filter((x) => !x.error)) {
    // Random: the seeds of a variant are its samples; congestion: the flows of a variant
    // (which flow of a drop-tail mix gets what is chaotic on both simulators, the spread is
    // not); paper 004: each flow on its own (three variants).
    const key = c.family === 'paper004' ? `${r.variant}|${r.flow}` : r.variant;
    if (!byVariant.has(key)) byVariant.set(key, []);
    byVariant.get(key).push(r);
  }
  let pass = 0,
    total = 0;
  const body = [];
  for (const [key, rows] of byVariant) {
    const v = seedsVerdict(rows);
    total++;
    pass += v.pass ? 1 : 0;
    const ci = (x) => (x.high > x.low ? `${mbps(x.mean)} [${mbps(x.low)}, ${mbps(x.high)}]` : mbps(x.mean));
    const counts = (k) => `${rows.reduce((s, r) => s + r.ours[k], 0)} / ${rows.reduce((s, r) => s + r.ns2[k], 0)}`;
    body.push([
      key.replace('|', ' '),
      ci(v.ours),
      ci(v.ns2),
      pct(v.diff),
      counts('fastRetransmits'),
      counts('rtos'),
      v.pass ? 'agrees' : 'differs',
    ]);
  }
  const seeds =
    c.family === 'random'
      ? ` Means over ${c.seeds.length} seeds with 95 % intervals.`
      : c.family === 'congestion'
        ? ` Means per flow over the flows of the variant and ${c.seeds.length} seeds with 95 % intervals; each seed starts the flows at its own offsets in [0, 0.1) s after 0.1 s x their index, the same on both simulators (cases.mjs startJitter: one seed of a drop-tail dumb-bell is one sample of chaotic dynamics); counts summed over flows and seeds.`
        : '';
  lines.push(`Goodput in Mbit/s, ours / ns-2.${seeds}`, '');
  lines.push(
    table(
      [
        c.family === 'paper004' ? 'variant, flow' : 'variant',
        'goodput ours',
        'goodput ns-2',
        'difference',
        'fast retransmits',
        'timeouts',
        'verdict',
      ],
      body,
    ),
    '',
    failures(res),
  );
  if (c.family === 'paper004' || c.id === 'congestion-1') {
    const figs = res.rows
      .filter((r) => r.cwnd && r.seed === c.seeds[0])
      .map(
        (r) =>
          `![cwnd of ${r.flow}, ${c.id}](${overlay(`conformance-${c.id}-${r.variant === 'paper' ? r.flow : r.variant}.svg`, `${c.title}: ${r.variant === 'paper' ? r.flow : r.variant}`, r.cwnd)})`,
      );
    lines.push(figs.join('\n'), '');
  }
  return { text: lines.join('\n'), pass, total };
}

/** Writes docs/conformance.md; returns a one-line summary. */
export function writeDoc(results, { engine, ns2 }) {
  const byId = new Map(results.map((r) => [r.id, r]));
  const out = [];
  out.push('# Conformance with ns-2', '');
  out.push('*Generated by `npm run conformance` (scripts/conformance/); do not edit by hand.*', '');
  out.push(
    "ns-2 2.35 is the simulator the papers used, so it is the engine's external reference. Each case of",
    '`scripts/conformance/cases.mjs` is one description from which the harness writes an ns-2 script',
    '(`tcl.mjs`) and a scenario of ours (`scenario.mjs`); both run, and their goodput, fast retransmits,',
    'timeouts, retransmitted segments and cwnd against time are compared (`compare.mjs`). Results are',
    "cached in `validation/conformance/<case>.json`, keyed by the harness's code, the case and ns-2's",
    `version (${ns2}); each case says which engine build made it (the first digits of the SHA-256 of`,
    '`obs_engine.wasm`, as `obs-sim` writes in its summaries), listed [at the end](#provenance-of-the-results),',
    `and \`npm run conformance -- --rerun-stale\` runs again those another build made (the build here: ${engine}). \`npm test\` runs a pinned subset`,
    `(${PINNED.map((p) => p.id).join(', ')}, for ${RECOVERY_VARIANTS.join(', ')}) afresh in \`scripts/conformance/pinned.test.ts\`.`,
    '',
    `Targets (issue 20): deterministic cases agree exactly on the counts of fast retransmits and timeouts and on ssthresh after recovery, and within ${TARGETS.deterministicGoodput * 100} % on goodput, for ${RECOVERY_VARIANTS.join(', ')}; random and congestion cases within ${TARGETS.goodput * 100} % on goodput (or with overlapping 95 % intervals) for every variant.`,
    '',
  );
  out.push(
    '## Alignment',
    '',
    'Every setting that makes the two runs the same experiment, written once in `scripts/conformance/alignment.mjs`. TCP settings of every case unless it says otherwise: ' +
      Object.entries(BASE_TCP)
        .map(([k, v]) => `${k} ${typeof v === 'object' ? JSON.stringify(v) : v}`)
        .join(', ') +
      '.',
    '',
  );
  out.push(
    table(
      ['quantity', 'ns-2', 'ours', 'why they agree'],
      AGENT_ROWS.map((r) => [
        r.name,
        `\`${r.ns2Var}\` = ${r.ns2(BASE_TCP)}${r.agents === 'classic' ? ' (Agent/TCP family)' : ''}`,
        `\`${r.ours}\``,
        r.why,
      ]),
    ),
    '',
  );
  out.push(
    table(
      ['quantity', 'ns-2', 'ours', 'why they agree'],
      OTHER_ROWS.map((r) => [r.name, `\`${r.ns2Var}\`: ${r.ns2Text}`, `\`${r.ours}\``, r.why]),
    ),
    '',
  );
  out.push(
    'Variants: tahoe `Agent/TCP`, reno `Agent/TCP/Reno`, newreno `Agent/TCP/Newreno`, sack `Agent/TCP/Sack1`; the others `Agent/TCP/Linux` with `select_ca` highspeed (hstcp), scalable (stcp), bic, cubic, htcp, vegas, westwood, sink `Agent/TCPSink/Sack1`.',
    '',
  );

  let pass = 0,
    total = 0;
  const families = [
    ['deterministic', 'Deterministic losses'],
    ['random', 'Random loss'],
    ['congestion', 'Drop-tail congestion'],
    ['paper004', "Paper 004's dumb-bell"],
  ];
  for (const [family, heading] of families) {
    out.push(`## ${heading}`, '');
    for (const c of CASES.filter((x) => x.family === family)) {
      const res = byId.get(c.id);
      if (!res) {
        out.push(`### ${c.title} (\`${c.id}\`)`, '', 'Not run yet.', '');
        continue;
      }
      const s = family === 'deterministic' ? deterministicSection(c, res) : seedsSection(c, res);
      out.push(s.text);
      pass += s.pass;
      total += s.total;
    }
  }
  out.push('## Differences kept on purpose', '');
  out.push(table(['what', 'difference'], KNOWN_DIFFERENCES), '');
  out.push('## Provenance of the results', '');
  out.push(
    table(
      ['case', 'rows', 'engine', 'ns-2', 'ran'],
      CASES.filter((c) => byId.has(c.id)).map((c) => {
        const r = byId.get(c.id);
        return [`\`${c.id}\``, String(r.rows.length), `\`${r.engine}\``, r.ns2, String(r.ranAt).slice(0, 10)];
      }),
    ),
    '',
  );
  const summary = `${pass} of ${total} comparisons agree`;
  out.splice(2, 0, `**${summary}.**`, '');
  writeFileSync(join(DOCS, 'conformance.md'), out.join('\n') + '\n');
  return summary;
}
