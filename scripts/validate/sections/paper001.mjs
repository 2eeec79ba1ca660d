// Paper 001 (high-speed TCP variants over OBS, ns-2): goodput of each variant vs burst
// size (Fig. 3), assembly time (Fig. 4) and wavelengths (Fig. 5), the variants against
// Reno and their cwnd vs time (Fig. 2).
//
// Nothing in the preset is random (no injected loss, no background), so every seed gives
// the same run. What does change a run is when the flows start relative to each other,
// so the specs replicate each point over start times of the CUBIC flow (the sixth flow,
// which the paper does not have) instead of seeds, and the intervals here are Student's t
// over those runs, computed as the sweeps compute theirs (describeSamples).
import { figure, scaled, stat, table, toY, withCi } from '../doc.mjs';
import { lineChart } from '../svg.mjs';

export const id = 'paper001';
export const specs = [
  'paper001-variants',
  'paper001-burst-size',
  'paper001-assembly-time',
  'paper001-wavelengths',
  'paper001-wavelengths-8',
];
// probes.mjs: cwnd samples every 0.5 s (the paper's sampling) and overtaken bursts.
export const probes = { 'paper001-variants': { every: 0.5, overtaken: true }, 'paper001-reordering': { overtaken: true } };
export const quickPlans = {
  'paper001-variants': { seeds: 1, duration: 5, values: 2 },
  'paper001-burst-size': { seeds: 1, duration: 3, values2: 2 },
  'paper001-assembly-time': { seeds: 1, duration: 3, values2: 2 },
  'paper001-wavelengths': { seeds: 1, duration: 3, values2: 2 },
  'paper001-wavelengths-8': { seeds: 1, duration: 1, values2: 1 },
  'paper001-reordering': { seeds: 1, duration: 2 },
};

const VARIANTS = ['reno', 'hstcp', 'bic', 'stcp', 'htcp', 'cubic'];
const HIGH_SPEED = VARIANTS.slice(1);
const NAMES = { reno: 'Reno', hstcp: 'HSTCP', bic: 'BIC', stcp: 'STCP', htcp: 'H-TCP', cubic: 'CUBIC' };
const COLORS = { reno: '#000000', hstcp: '#1f77b4', bic: '#d62728', stcp: '#2ca02c', htcp: '#9467bd', cubic: '#ff7f0e' };
const PHASE_PATH = 'flows[cubic].start';

/**
 * The points of a sweep replicated over start times: one group per value of the swept
 * parameter (or a single group when the start time is the only parameter).
 * @returns {{ x: number | null, runs: number, of: (output: string) => ReturnType<typeof stat> }[]}
 */
function replicated(res) {
  const phaseAxis = res.parameters.findIndex((p) => p.paths.includes(PHASE_PATH));
  if (phaseAxis < 0) throw new Error(`${res.name}: no ${PHASE_PATH} parameter to replicate over`);
  const groups = new Map();
  for (const p of res.points) {
    const x = res.parameters.length === 1 ? null : p.values[1 - phaseAxis];
    if (!groups.has(x)) groups.set(x, []);
    groups.get(x).push(p);
  }
  return [...groups].map(([x, pts]) => ({ x, runs: pts.length, of: (o) => stat(pts.map((p) => p.outputs[o].mean)) }));
}

const mbit = (x) => scaled(x, 1e-6);
const above = (a, b) => a.low > b.high; // a significantly above b (intervals apart)
const fmtBytes = (b) => (b >= 1e6 ? `${b / 1e6} MB` : `${(b / 1e3).toLocaleString('en-US')} KB`);
const fmtTime = (t) => `${Number((t * 1e3).toPrecision(3))} ms`;

/** Per-variant curves for a figure: goodput in Mbit/s with intervals. */
function curves(groups, xOf = (x) => x) {
  return VARIANTS.map((f) => ({
    label: NAMES[f],
    color: COLORS[f],
    points: groups.map((g) => ({ x: xOf(g.x), ...toY(mbit(g.of(`flows[${f}].goodput`))) })),
  }));
}
/** Whole decades around the means and upper bounds (a lower bound can be negative: the
 * chart clamps it to the axis). */
function logDomain(series) {
  const pts = series.flatMap((c) => c.points);
  const lo = Math.min(...pts.map((p) => p.y).filter((y) => y > 0));
  const hi = Math.max(...pts.map((p) => p.high ?? p.y));
  return [10 ** Math.floor(Math.log10(lo)), 10 ** Math.ceil(Math.log10(hi))];
}

/** Index of the largest mean. */
const argmax = (xs) => xs.reduce((best, x, i) => (x.mean > xs[best].mean ? i : best), 0);

export function render(ctx) {
  const variantsRes = ctx.get('paper001-variants');
  const sizeRes = ctx.get('paper001-burst-size');
  const timeRes = ctx.get('paper001-assembly-time');
  const wlRes = ctx.get('paper001-wavelengths');
  const wl8Res = ctx.get('paper001-wavelengths-8');
  const series = ctx.get('paper001-variants.probe');
  const reorder = ctx.get('paper001-reordering.probe');
  const base = variantsRes.base;
  const phases = variantsRes.parameters[0].values;
  const sweepDuration = sizeRes.base.duration;

  // Numbers of the scenario that the explanations use (from the base, not typed in).
  const fiber = base.links.find((l) => l.kind === 'fiber');
  const { maxTime, maxBytes } = base.obs.assembly;
  const e1 = base.nodes.find((n) => n.kind === 'edge').id;
  const accessIn = base.links.filter((l) => l.kind === 'packet' && (l.b === e1 || l.a === e1)).reduce((s, l) => s + l.rate, 0);
  const reorderBytes = (fiber.rate * maxTime) / 8; // a full burst lasts longer than the timer above this
  const reachableBytes = (accessIn * maxTime) / 8; // the most the access links deliver in one timer period

  // ---- Fig. 2: the variants against Reno (the preset, 60 s) --------------------------
  const [all] = replicated(variantsRes);
  const byVariant = Object.fromEntries(
    VARIANTS.map((f) => [
      f,
      {
        g: all.of(`flows[${f}].goodput`),
        cwnd: all.of(`flows[${f}].meanCwnd`),
        fr: all.of(`flows[${f}].fastRetransmits`),
        rto: all.of(`flows[${f}].rtos`),
      },
    ]),
  );
  const reno = byVariant.reno.g;
  const winsPerRun = (f) =>
    variantsRes.points.filter((p) => p.outputs[`flows[${f}].goodput`].mean > p.outputs['flows[reno].goodput'].mean).length;
  const fig2Verdict = HIGH_SPEED.every((f) => above(byVariant[f].g, reno))
    ? 'agrees'
    : HIGH_SPEED.every((f) => byVariant[f].g.mean > reno.mean)
      ? `agrees in trend: every mean above Reno's; ${HIGH_SPEED.filter((f) => !above(byVariant[f].g, reno))
          .map((f) => NAMES[f])
          .join(', ')} within its interval`
      : 'differs';
  ctx.verdicts.push({
    paper: '001',
    claim: 'all high-speed variants beat regular TCP (Fig. 2)',
    paper_: 'each > Reno',
    ours: `Mbit/s, 60 s: Reno ${withCi(mbit(reno), 1)}; ${HIGH_SPEED.map((f) => `${NAMES[f]} ${withCi(mbit(byVariant[f].g), 1)}`).join('; ')}`,
    verdict: fig2Verdict,
  });

  // ---- Fig. 3: burst size ------------------------------------------------------------
  const sizes = replicated(sizeRes);
  const sizeAgg = sizes.map((g) => g.of('aggregate.goodput'));
  const sPeak = argmax(sizeAgg);
  const sMin = sPeak + argmin(sizeAgg.slice(sPeak));
  const sRise = above(sizeAgg[sPeak], sizeAgg[0]);
  const sFall = sMin > sPeak && above(sizeAgg[sPeak], sizeAgg[sMin]);
  const sLast = sizeAgg.at(-1);
  const sLevel =
    Math.abs(sizeAgg.at(-1).mean - sizeAgg.at(-2).mean) <= Math.max(sizeAgg.at(-1).high - sizeAgg.at(-1).mean, 0.05 * sizeAgg.at(-1).mean);
  const sRecovers = sLast.mean > 1.25 * sizeAgg[sMin].mean; // climbs back from the dip before levelling
  const dropsAt = (g) => g.of('bursts.data.droppedContention').mean;
  const sLossless = dropsAt(sizes[sMin]) < dropsAt(sizes[sPeak]);
  const fig3Verdict = !(sRise && sFall && sLevel)
    ? 'differs'
    : sRecovers || sLossless
      ? `agrees in trend: rises, falls${sRecovers ? ', climbs back part way' : ''} and levels off; ${sLossless ? 'the fall comes with fewer drops, from bursts overtaking each other' : ''}`
      : 'agrees';
  ctx.verdicts.push({
    paper: '001',
    claim: 'throughput vs burst size (5 ms) rises, then falls, then levels off (Fig. 3)',
    paper_: 'rise, fall, level',
    ours: `all flows: ${(sizeAgg[0].mean / 1e6).toFixed(0)} Mbit/s at ${fmtBytes(sizes[0].x)}, peak ${(sizeAgg[sPeak].mean / 1e6).toFixed(0)} at ${fmtBytes(sizes[sPeak].x)}, ${(sizeAgg[sMin].mean / 1e6).toFixed(0)} at ${fmtBytes(sizes[sMin].x)}, ${(sLast.mean / 1e6).toFixed(0)} from ${fmtBytes(sizes.at(-2).x)} on`,
    verdict: fig3Verdict,
  });

  // ---- Fig. 4: assembly time ---------------------------------------------------------
  const times = replicated(timeRes);
  const timeAgg = times.map((g) => g.of('aggregate.goodput'));
  const tPeak = argmax(timeAgg);
  const tRise = tPeak > 0 && above(timeAgg[tPeak], timeAgg[0]);
  const tLow = timeAgg.at(-1).mean < 0.25 * timeAgg[tPeak].mean && above(timeAgg[tPeak], timeAgg.at(-1));
  const fig4Verdict = tRise && tLow ? 'agrees' : tLow ? 'agrees in trend: falls to a low value, no significant rise first' : 'differs';
  ctx.verdicts.push({
    paper: '001',
    claim: 'throughput vs assembly time (40,000 B) rises, then falls quickly to a low value (Fig. 4)',
    paper_: 'rise, fast fall',
    ours: `all flows: ${(timeAgg[0].mean / 1e6).toFixed(0)} Mbit/s at ${fmtTime(times[0].x)}, peak ${(timeAgg[tPeak].mean / 1e6).toFixed(0)} at ${fmtTime(times[tPeak].x)}, ${(timeAgg.at(-1).mean / 1e6).toFixed(1)} at ${fmtTime(times.at(-1).x)}`,
    verdict: fig4Verdict,
  });

  // ---- Fig. 5: wavelengths -----------------------------------------------------------
  const wls = [...replicated(wlRes), ...replicated(wl8Res)];
  const wlAgg = wls.map((g) => g.of('aggregate.goodput'));
  const wlMonotone = wlAgg.every((s, i) => i === 0 || s.mean >= wlAgg[i - 1].mean);
  const wlRise = above(wlAgg.at(-1), wlAgg[0]);
  const variantMonotone = VARIANTS.filter((f) =>
    wls.every((g, i) => i === 0 || g.of(`flows[${f}].goodput`).mean >= wls[i - 1].of(`flows[${f}].goodput`).mean),
  );
  const fig5Verdict =
    wlMonotone && wlRise ? 'agrees' : wlRise ? 'agrees in trend: higher with more wavelengths, not at every step' : 'differs';
  ctx.verdicts.push({
    paper: '001',
    claim: 'throughput rises with the number of wavelengths (Fig. 5)',
    paper_: 'rises',
    ours: `all flows: ${wls.map((g, i) => `${(wlAgg[i].mean / 1e6).toFixed(0)}`).join(', ')} Mbit/s at ${wls.map((g) => g.x).join(', ')} wavelengths; every step up for ${variantMonotone.length === VARIANTS.length ? 'every variant' : variantMonotone.map((f) => NAMES[f]).join(', ')}`,
    verdict: fig5Verdict,
  });

  // ---- Figures -----------------------------------------------------------------------
  const preset = series.runs.find((r) => r.values[0] === 0);
  const cwndFig = ctx.fig(
    'paper001-cwnd.svg',
    lineChart({
      title: `Paper 001, Fig. 2: cwnd vs time, the preset (${base.duration} s, samples every ${series.every} s)`,
      xLabel: 'time (s)',
      yLabel: 'congestion window (segments)',
      xDomain: [0, base.duration],
      series: VARIANTS.map((f) => ({
        label: NAMES[f],
        color: COLORS[f],
        marker: null,
        points: preset.t.map((t, k) => ({ x: t, y: preset.cwnd[f][k] })),
      })),
      legend: 'top-left',
    }),
  );
  // The mean over the start times, its interval drawn every 5 s (every sample would hide the lines).
  const every5 = Math.round(5 / series.every);
  const meanCwnd = VARIANTS.map((f) => ({
    label: NAMES[f],
    color: COLORS[f],
    marker: null,
    points: preset.t.map((t, k) => {
      const s = stat(series.runs.map((r) => r.cwnd[f][k]));
      return k % every5 === 0 && k > 0 ? { x: t, ...toY(s) } : { x: t, y: s.mean };
    }),
  }));
  const cwndMeanFig = ctx.fig(
    'paper001-cwnd-mean.svg',
    lineChart({
      title: `Paper 001, Fig. 2: cwnd vs time, mean of ${series.runs.length} start times of the CUBIC flow`,
      xLabel: 'time (s)',
      yLabel: 'congestion window (segments)',
      xDomain: [0, base.duration],
      series: meanCwnd,
      legend: 'top-left',
    }),
  );
  const sizeFig = ctx.fig(
    'paper001-burst-size.svg',
    lineChart({
      title: `Paper 001, Fig. 3: goodput vs burst size (assembly time ${fmtTime(maxTime)}, ${sweepDuration} s)`,
      xLabel: 'burst size threshold (bytes)',
      yLabel: 'goodput (Mbit/s)',
      xLog: true,
      yLog: true,
      xDomain: [sizes[0].x / 2, sizes.at(-1).x * 2],
      series: curves(sizes),
      yDomain: logDomain(curves(sizes)),
      legend: 'top-left',
    }),
  );
  const timeFig = ctx.fig(
    'paper001-assembly-time.svg',
    lineChart({
      title: `Paper 001, Fig. 4: goodput vs assembly time (burst size ${maxBytes.toLocaleString('en-US')} B, ${sweepDuration} s)`,
      xLabel: 'assembly time (ms)',
      yLabel: 'goodput (Mbit/s)',
      xLog: true,
      yLog: true,
      series: curves(times, (x) => x * 1e3),
      yDomain: logDomain(curves(times)),
      legend: 'bottom-left',
    }),
  );
  const wlFig = ctx.fig(
    'paper001-wavelengths.svg',
    lineChart({
      title: `Paper 001, Fig. 5: goodput vs wavelengths per fiber (${sweepDuration} s)`,
      xLabel: 'wavelengths per fiber',
      yLabel: 'goodput (Mbit/s)',
      yLog: true,
      xDomain: [0.5, wls.at(-1).x + 0.5],
      series: curves(wls),
      yDomain: logDomain(curves(wls)),
      legend: 'top-left',
    }),
  );

  // ---- Tables ------------------------------------------------------------------------
  const goodputTable = (groups, label, fmtX) =>
    table(
      [label, 'all flows', ...VARIANTS.map((f) => NAMES[f])],
      groups.map((g) => [
        fmtX(g.x),
        withCi(mbit(g.of('aggregate.goodput')), 1),
        ...VARIANTS.map((f) => withCi(mbit(g.of(`flows[${f}].goodput`)), 1)),
      ]),
    );
  const total = (g, what) => VARIANTS.reduce((s, f) => s + g.of(`flows[${f}].${what}`).mean, 0);
  const diagTable = (groups, label, fmtX) =>
    table(
      [
        label,
        'runs',
        'data bursts sent',
        'lost to contention',
        'mean data burst (KB)',
        'ACK bursts sent',
        'fast retransmits (all flows)',
        'RTOs (all flows)',
        'access-queue drops',
        'RTT (ms)',
      ],
      groups.map((g) => [
        fmtX(g.x),
        g.runs,
        g.of('bursts.data.sent').mean.toFixed(0),
        g.of('bursts.data.droppedContention').mean.toFixed(1),
        (g.of('bursts.data.meanBytes').mean / 1e3).toFixed(1),
        g.of('bursts.ack.sent').mean.toFixed(0),
        total(g, 'fastRetransmits').toFixed(1),
        total(g, 'rtos').toFixed(1),
        g.of('packets.queueDrops').mean.toFixed(0),
        (g.of('flows[reno].meanRtt').mean * 1e3).toFixed(1),
      ]),
    );
  const fig2Table = table(
    [
      'variant',
      'goodput, Mbit/s (95 % CI)',
      'mean cwnd, segments (95 % CI)',
      `above Reno in … of ${variantsRes.points.length} runs`,
      'fast retransmits',
      'RTOs',
    ],
    VARIANTS.map((f) => [
      NAMES[f],
      withCi(mbit(byVariant[f].g), 1),
      withCi(byVariant[f].cwnd, 0),
      f === 'reno' ? '' : winsPerRun(f),
      byVariant[f].fr.mean.toFixed(1),
      byVariant[f].rto.mean.toFixed(1),
    ]),
  );
  // The longest burst an edge can form: the size threshold, or what the access links
  // deliver within one timer period if that is less.
  const longest = (bytes, timer) => Math.min(bytes, (accessIn * timer) / 8);
  const reorderRows = reorder.runs.map((r) => {
    const [bytes, timer] = r.values;
    const lasts = (longest(bytes, timer) * 8) / fiber.rate;
    const fr = VARIANTS.reduce((sum, f) => sum + r.outputs[`flows[${f}].fastRetransmits`], 0);
    return [
      bytes.toLocaleString('en-US'),
      fmtTime(timer),
      fmtTime(lasts),
      lasts > timer ? 'yes' : 'no',
      `${r.dataBurstsOvertaken} / ${r.dataBurstsDelivered}`,
      r.outputs['bursts.data.droppedContention'],
      r.outputs['packets.queueDrops'],
      fr,
      (r.outputs['aggregate.goodput'] / 1e6).toFixed(1),
    ];
  });
  const reorderTable = table(
    [
      'burst size (B)',
      'assembly time',
      'the longest burst lasts',
      'longer than the timer',
      'data bursts overtaken / delivered',
      'data bursts lost',
      'access-queue drops',
      'fast retransmits (all flows)',
      'goodput, all flows (Mbit/s)',
    ],
    reorderRows,
  );
  const overtakingMatchesRule = reorder.runs.every(
    (r) => r.dataBurstsOvertaken > 0 === (longest(r.values[0], r.values[1]) * 8) / fiber.rate > r.values[1],
  );
  const reorderAt = (bytes, timer) => reorder.runs.find((r) => r.values[0] === bytes && r.values[1] === timer);
  const overtakenPreset = series.runs.reduce((s, r) => s + r.dataBurstsOvertaken, 0);

  const wl8Wall = ctx.meta('paper001-wavelengths-8')
    ? (ctx.meta('paper001-wavelengths-8').wallSeconds / wl8Res.runs.length).toFixed(0)
    : 'n/a';
  const cpuMinutes = Math.max(1, Math.round(specs.reduce((sum, name) => sum + (ctx.meta(name)?.wallSeconds ?? 0), 0) / 60));

  // The points the explanations name.
  const sPeakG = sizes[sPeak],
    sMinG = sizes[sMin];
  const tPeakG = times[tPeak];
  const t0 = times[0],
    tEnd = times.at(-1),
    t5 = times.find((g) => g.x === maxTime);
  const lateTimes = times.filter((g) => g.x >= maxTime);
  const w1 = wls[0],
    w6 = wls.find((g) => g.x === 6),
    w8 = wls.at(-1);
  const lossShare = (g) => g.of('bursts.data.droppedContention').mean / g.of('bursts.data.sent').mean;
  const rttMs = (g) => (g.of('flows[reno].meanRtt').mean * 1e3).toFixed(0);
  const mb = (g) => (g.of('aggregate.goodput').mean / 1e6).toFixed(0);
  const fixedTimerProbe = reorderAt(reorder.parameters[0].values.at(-1), maxTime);

  return `## Paper 001 — high-speed TCP variants over OBS

**Scenario as set up**: the \`paper001\` preset ([presets.md](presets.md#paper001--high-speed-tcp-variants-over-obs-paper-001),
\`packages/scenario/presets/paper001-highspeed.json\`): one sender per variant, each on its own
1 Gbit/s, 1 ms access link into E1, E1 -(10 ms)- C1 -(10 ms)- C2 -(1 ms)- E2, one receiver per
variant behind E2; ${fiber.wavelengths} wavelengths of 1 Gbit/s per fiber; hybrid assembly ${fmtTime(maxTime)} /
${maxBytes.toLocaleString('en-US')} B with data and ACKs in separate queues (all six flows share them, so a burst carries
segments of several flows); JIT reservation, LAUC-VF, control processing 10 us, set-up 10 us, no
FDLs (bufferless cores); no injected loss, no background; bulk flows of Reno, HSTCP, BIC,
Scalable TCP, H-TCP and CUBIC, MSS 1000 B, window up to 20,000 segments, RTO min 0.2 s; the
high-speed variants recover with SACK. The only losses are the cores' own: under JIT a core
reserves a wavelength from the moment it has processed the control packet, so a burst sent
right behind others can find every wavelength taken (presets.md). Fig. 2 is the preset as
it is (${base.duration} s); Figs. 3-5 sweep one assembly or link parameter of it in ${sweepDuration} s runs.

**Runs: start times, not seeds.** Nothing in this scenario is random, so the seed changes
nothing: seeds 1 and 2 give the same run, event for event (pinned in
\`validation/paper001.test.ts\`), and intervals over seeds would be zero. What does change
a run, a lot, is when the flows start relative to each other: a burst's content and
timing decide which bursts meet at C1, and TCP carries the consequence for seconds. So each
point is run ${phases.length} times with the CUBIC flow (the one the paper does not have) starting at
${phases.map((p) => `${p}`).join(', ')} s (steps longer than the longest assembly
time swept, so the first burst cannot absorb the shift); the paper's five variants start at
0 as in the preset, and the first run is the preset itself. Goodput counts from each flow's
own start, so the later start costs CUBIC nothing. The intervals below are 95 % intervals
of the mean over these runs (Student's t, as the sweeps compute them), i.e. over a spread
of start times, not over random draws: they say how much a point depends on the flows'
phase. The ${w8.x}-wavelength point, whose runs each carry about ${(w8.of('aggregate.goodput').mean / 1e9).toFixed(1)} Gbit/s (${wl8Wall} s of
computing per run), has ${wl8Res.parameters[1].values.length} start times (${wl8Res.parameters[1].values.join(', ')} s).

Assumptions where the paper is silent (presets.md; none chosen to match):
- The topology, rates and delays (Fig. 1 is not in the text): RTT about ${(all.of('flows[reno].meanRtt').mean * 1e3).toFixed(0)} ms here.
- Six flows sharing one core, each on its own access link; MSS 1000 B (ns-2's default);
  RTO min 0.2 s; CUBIC added (the paper cites CUBIC-FIT).
- The swept ranges (the paper gives only the fixed values, 0.005 s and 40,000 B): burst
  sizes ${fmtBytes(sizes[0].x)} to ${fmtBytes(sizes.at(-1).x)} and assembly times ${fmtTime(times[0].x)} to ${fmtTime(times.at(-1).x)} in
  factors of about 2, and ${wls.map((g) => g.x).join(', ')} wavelengths (at ${w8.x} no burst meets contention).
- ${sweepDuration} s per run for Figs. 3-5 instead of the preset's ${base.duration} s (an override, to keep the
  sweeps near ${cpuMinutes} CPU minutes): the high-speed windows are still growing then, so
  the levels are lower than in ${base.duration} s runs; the shapes are what is compared.
- "Throughput" is goodput (bytes delivered in order).

### Fig. 2 — the variants against Reno, cwnd vs time

${fig2Table}

Verdict: **${fig2Verdict}**. Every high-speed variant's ${fig2Verdict === 'agrees' ? 'interval' : 'mean'} lies above Reno's, as in the paper.
${
  HIGH_SPEED.filter((f) => winsPerRun(f) < variantsRes.points.length).length === 0
    ? 'Each does so in every run.'
    : `Not in every run: ${HIGH_SPEED.filter((f) => winsPerRun(f) < variantsRes.points.length)
        .map((f) => `${NAMES[f]} in ${winsPerRun(f)} of ${variantsRes.points.length}`)
        .join(', ')}.`
}
All flows lose the same bursts (each burst carries several flows' segments), so the
difference is how each variant regrows its window after a loss: Reno by one segment per
RTT, the others by rules that grow with the window or with the time since the last loss.
${
  VARIANTS.every((f) => f === 'reno' || byVariant[f].rto.mean < byVariant.reno.rto.mean)
    ? `Reno also times out most (${byVariant.reno.rto.mean.toFixed(1)} RTOs per run against ${Math.min(...HIGH_SPEED.map((f) => byVariant[f].rto.mean)).toFixed(1)}-${Math.max(...HIGH_SPEED.map((f) => byVariant[f].rto.mean)).toFixed(1)}): a lost burst takes a
run of its segments, which Reno's recovery rarely repairs without a timeout; the others
recover with SACK.`
    : 'The high-speed variants recover with SACK, Reno with its own fast recovery.'
}

![Paper 001: cwnd of each variant vs time in the preset run, sampled every 0.5 s as in the paper.](${cwndFig})

*Paper 001: cwnd of each variant vs time in the preset run (all flows start at 0), sampled every ${series.every} s as in the paper.* Drawn by \`npm run validate\` from a probe of [\`validation/specs/paper001-variants.json\`](../validation/specs/paper001-variants.json) (\`scripts/validate/probes.mjs\` runs the spec's runs in the engine's node runner and keeps the samples, which a sweep does not).

![Paper 001: mean cwnd over the start times, with 95 % intervals every 5 s.](${cwndMeanFig})

*Paper 001: cwnd of each variant vs time, mean over the ${series.runs.length} start times of the CUBIC flow, with 95 % intervals every 5 s (the same probe). CUBIC's early peak is its own first slow start in the runs where it starts late, into a core the others already share; it is over within a few seconds.* The goodput and mean-cwnd table comes from the sweep itself: ${'`'}npx obs-sim sweep validation/specs/paper001-variants.json --workers 1 --out validation/results/paper001-variants.csv --json validation/results/paper001-variants.json${'`'}.

### Fig. 3 — goodput vs burst size (assembly time ${fmtTime(maxTime)})

Goodput, Mbit/s (95 % CI over the ${sizes[0].runs} runs):

${goodputTable(sizes, 'burst size', fmtBytes)}

Means over the runs:

${diagTable(sizes, 'burst size', fmtBytes)}

${figure(sizeFig, 'Paper 001, Fig. 3: goodput of each variant vs the burst size threshold, assembly time 5 ms; bars are 95 % intervals over the start times.', ['paper001-burst-size'])}

Verdict: **${fig3Verdict}**.
- **Rise** (${fmtBytes(sizes[0].x)} to ${fmtBytes(sPeakG.x)}, ${mb(sizes[0])} to ${mb(sPeakG)} Mbit/s). The data bursts sent per run stay within a
  factor of two (${sizes[0].of('bursts.data.sent').mean.toFixed(0)} at ${fmtBytes(sizes[0].x)}, ${sPeakG.of('bursts.data.sent').mean.toFixed(0)} at ${fmtBytes(sPeakG.x)}) while each carries
  ${(sPeakG.of('bursts.data.meanBytes').mean / sizes[0].of('bursts.data.meanBytes').mean).toFixed(0)} times more, and fewer are lost (${dropsAt(sizes[0]).toFixed(1)} to ${dropsAt(sPeakG).toFixed(1)} per run, ${(lossShare(sizes[0]) * 100).toFixed(2)} % to ${(lossShare(sPeakG) * 100).toFixed(2)} % of them):
  far fewer loss events per segment sent, so larger windows (the correlation benefit of
  the theory section). The paper's reason is close: more traffic per burst.
- **Fall** (${mb(sPeakG)} to ${mb(sMinG)} Mbit/s at ${fmtBytes(sMinG.x)}). Not from losses: at ${fmtBytes(sMinG.x)} ${dropsAt(sMinG) === 0 ? 'no burst is lost at all' : `${dropsAt(sMinG).toFixed(1)} bursts are lost per run`},
  and there are no timeouts, yet the flows make ${total(sMinG, 'fastRetransmits').toFixed(0)} fast retransmits per run. Above
  ${reorderBytes.toLocaleString('en-US')} B a full burst lasts longer on its 1 Gbit/s wavelength than the ${fmtTime(maxTime)} timer, so the
  next burst of the same queue, sent at most one timer later and shorter, overtakes it on
  another wavelength; the egress hands on a burst's packets when its last bit arrives, the
  receivers see a hole, send duplicate ACKs, and the senders retransmit segments that were
  never lost and cut their windows (docs/model.md, section 3: the egress). The probe below
  counts the overtaken bursts. The windows then stay
  near one burst per round trip: ${fmtBytes(sMinG.x)} per ${rttMs(sMinG)} ms is
  ${((sMinG.x * 8) / sMinG.of('flows[reno].meanRtt').mean / 1e6).toFixed(0)} Mbit/s, against ${mb(sMinG)} measured. The paper explains its fall by more losses; here
  it is reordering.
- **Level** (${sizes
    .slice(sMin + 1)
    .map((g) => `${mb(g)} at ${fmtBytes(g.x)}`)
    .join(', ')}). A larger threshold raises that ceiling
  until ${reachableBytes.toLocaleString('en-US')} B, the most the ${Math.round(accessIn / 1e9)} access links deliver in one ${fmtTime(maxTime)} timer period:
  beyond it the size threshold is never reached, every burst is cut by the timer, and the
  runs no longer depend on the threshold (the last two points are the same runs). So the
  curve does level off, after climbing back part of the way.

Overtaken data bursts (probe [\`validation/specs/paper001-reordering.json\`](../validation/specs/paper001-reordering.json), the preset with
burst size and assembly time changed, ${reorder.base.duration} s, the preset's start times; from the engine's burst
events, which the summaries do not carry):

${reorderTable}

${overtakingMatchesRule ? 'Bursts are overtaken exactly where the longest burst an edge can form (the size threshold, or what six 1 Gbit/s links deliver in one timer period if that is less) lasts longer than the timer' : 'Bursts are overtaken mostly, not only, where the longest burst lasts longer than the timer (see the table)'}${fixedTimerProbe ? ` (${fixedTimerProbe.dataBurstsOvertaken} of ${fixedTimerProbe.dataBurstsDelivered} at ${fmtBytes(fixedTimerProbe.values[0])} and ${fmtTime(maxTime)})` : ''}; the preset itself
(${maxBytes.toLocaleString('en-US')} B, ${fmtTime(maxTime)}) has ${overtakenPreset} overtaken bursts in its ${series.runs.length} runs of ${base.duration} s. We did not add
resequencing at the egress to remove the effect: ns-2's OBS modules differ on this, and
the paper does not say.

### Fig. 4 — goodput vs assembly time (burst size ${maxBytes.toLocaleString('en-US')} B)

Goodput, Mbit/s (95 % CI over the ${times[0].runs} runs):

${goodputTable(times, 'assembly time', fmtTime)}

Means over the runs:

${diagTable(times, 'assembly time', fmtTime)}

${figure(timeFig, 'Paper 001, Fig. 4: goodput of each variant vs the assembly time, burst size 40,000 B; bars are 95 % intervals over the start times.', ['paper001-assembly-time'])}

Verdict: **${fig4Verdict}**.
- **Rise** (${times
    .slice(0, tPeak + 1)
    .map((g) => `${mb(g)} Mbit/s at ${fmtTime(g.x)}`)
    .join(', ')}). Bursts do grow with the timer
  (${times
    .slice(0, tPeak + 1)
    .map((g) => `${(g.of('bursts.data.meanBytes').mean / 1e3).toFixed(0)} KB`)
    .join(', ')} on average), the paper's reason, but the jump comes where
  they stop overtaking each other: a ${maxBytes.toLocaleString('en-US')} B burst lasts ${fmtTime((maxBytes * 8) / fiber.rate)} on a wavelength, longer than
  the ${times
    .filter((g) => g.x < (maxBytes * 8) / fiber.rate)
    .map((g) => fmtTime(g.x))
    .join(' and ')} timers (the probe: ${reorder.runs
    .filter((r) => r.values[0] === maxBytes)
    .map((r) => r.dataBurstsOvertaken)
    .join(', ')} bursts
  overtaken in ${reorder.base.duration} s at ${reorder.runs
    .filter((r) => r.values[0] === maxBytes)
    .map((r) => fmtTime(r.values[1]))
    .join(
      ', ',
    )}). At ${fmtTime(t0.x)} only ${dropsAt(t0).toFixed(1)} bursts are lost per run, yet the flows make ${total(t0, 'fastRetransmits').toFixed(0)} fast
  retransmits.
- **Fall** (to ${(tEnd.of('aggregate.goodput').mean / 1e6).toFixed(1)} Mbit/s at ${fmtTime(tEnd.x)}, ${((tEnd.of('aggregate.goodput').mean / tPeakG.of('aggregate.goodput').mean) * 100).toFixed(1)} % of the peak). ACK bursts never reach
  ${maxBytes.toLocaleString('en-US')} B (${maxBytes / 40} ACKs), so each waits for the timer: the RTT grows from ${rttMs(tPeakG)} ms at
  ${fmtTime(tPeakG.x)} to ${rttMs(tEnd)} ms at ${fmtTime(tEnd.x)}, and the senders receive a timer's worth of ACKs at once and
  answer with their windows in a train. From ${fmtTime(t5.x)} on the core loses between
  ${Math.min(...lateTimes.map(dropsAt)).toFixed(0)} and ${Math.max(...lateTimes.map(dropsAt)).toFixed(0)} bursts per run while the bursts sent fall from ${t5.of('bursts.data.sent').mean.toFixed(0)} to ${tEnd.of('bursts.data.sent').mean.toFixed(0)}: each loss
  weighs on ever fewer segments. This is close to the paper's reason (bursts formed more
  slowly, less traffic injected).

### Fig. 5 — goodput vs wavelengths per fiber

Goodput, Mbit/s (95 % CI over the runs):

${goodputTable(wls, 'wavelengths', (x) => x)}

Means over the runs:

${diagTable(wls, 'wavelengths', (x) => x)}

${figure(wlFig, 'Paper 001, Fig. 5: goodput of each variant vs wavelengths per fiber (5 ms / 40,000 B); bars are 95 % intervals over the start times.', ['paper001-wavelengths', 'paper001-wavelengths-8'])}

Verdict: **${fig5Verdict}**. More wavelengths, fewer bursts meet a full core: ${(lossShare(w1) * 100).toFixed(2)} % of the data
bursts are lost with ${w1.x} wavelength, ${(lossShare(w6) * 100).toFixed(3)} % with ${w6.x}, ${w8.of('bursts.data.droppedContention').mean === 0 ? 'none' : (lossShare(w8) * 100).toFixed(3) + ' %'} with ${w8.x} (the paper's
reason). ${
    variantMonotone.length === VARIANTS.length
      ? 'Every variant gains at every step.'
      : `Every step up holds for ${variantMonotone.map((f) => NAMES[f]).join(', ')}; ${VARIANTS.filter((f) => !variantMonotone.includes(f))
          .map((f) => NAMES[f])
          .join(', ')} dip${VARIANTS.length - variantMonotone.length === 1 ? 's' : ''} somewhere within the intervals.`
  }
With ${w8.x} wavelengths nothing is lost in the core and the high-speed flows run into their
own 1 Gbit/s access links (${w8.of('packets.queueDrops').mean.toFixed(0)} access-queue drops per run), while Reno, after the
timeouts of its first slow start, regrows by one segment per RTT and stays at
${(w8.of('flows[reno].goodput').mean / 1e6).toFixed(0)} Mbit/s.
`;
}

const argmin = (xs) => xs.reduce((best, x, i) => (x.mean < xs[best].mean ? i : best), 0);
