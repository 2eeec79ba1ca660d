// Paper 003: slow (MEMS) vs fast (SOA) paths, aggregate goodput vs Pl and Wm; aggregate
// throughput vs time (Fig. 3) and how losses are found, over every flow (probes.mjs).
import { figure, stat, table, withCi } from '../doc.mjs';
import { lineChart } from '../svg.mjs';

export const id = 'paper003';
export const specs = ['paper003-fast-pl', 'paper003-slow-pl'];
// probes.mjs: the sweeps' own runs again, for timeouts and fast retransmits summed over
// every flow; and longer runs per Wm at Pl 1e-3 for throughput vs time (Fig. 3), keeping
// the aggregate bytes delivered (and flow 0's cwnd).
export const probes = {
  'paper003-fast-pl': { totals: true },
  'paper003-slow-pl': { totals: true },
  'paper003-fast-time': { every: 0.02, aggregate: true, totals: true, cwndFlows: ['fast#0'] },
  'paper003-slow-time': { every: 0.05, aggregate: true, totals: true, cwndFlows: ['slow#0'] },
};
export const quickPlans = {
  'paper003-fast-pl': { seeds: 1, duration: 0.2 },
  'paper003-slow-pl': { seeds: 1, duration: 2 },
  'paper003-fast-time': { seeds: 1, duration: 0.2 },
  'paper003-slow-time': { seeds: 1, duration: 5 },
};

/**
 * Timeouts and fast retransmits over every flow, per (Pl, Wm) point of a grid probe:
 * totals over the point's seeds and the mean per run.
 */
function detections(probe) {
  const points = new Map();
  for (const r of probe.runs) {
    const key = r.values.join(' ');
    if (!points.has(key)) points.set(key, { pl: r.values[0], wm: r.values.at(-1), runs: 0, rtos: 0, fr: 0, dropped: 0 });
    const p = points.get(key);
    p.runs++;
    p.rtos += r.totals.rtos;
    p.fr += r.totals.fastRetransmits;
    p.dropped += r.outputs['bursts.data.dropped'];
  }
  return [...points.values()].map((p) => ({ ...p, rtoShare: p.rtos + p.fr > 0 ? p.rtos / (p.rtos + p.fr) : null }));
}

/** Aggregate average throughput since the start (the paper's definition), bit/s, per kept sample. */
const sinceStart = (run) => run.t.map((t, k) => (t > 0 ? (run.aggregate[k] * 8) / t : null));
/** Aggregate throughput over each span of `step` samples, bit/s, at the end of the span. */
const overSpans = (run, step) => run.t.flatMap((t, k) => (k >= step && k % step === 0 ? [{ x: t, y: ((run.aggregate[k] - run.aggregate[k - step]) * 8) / (t - run.t[k - step]) }] : []));

/** Points of a Pl x Wm grid: { pl, wm, goodput interval, outputs }. */
function grid(res, flow) {
  const { count, tcp, app } = res.base.flows[0];
  return res.points.map((p) => ({
    ideal: Math.min((count * p.values.at(-1) * tcp.mss * 8) / p.outputs[`flows[${flow}#0].meanRtt`].mean, count * app.rate),
    pl: p.values[0], wm: p.values.at(-1),
    g: p.outputs['aggregate.goodput'],
    dropped: p.outputs['bursts.data.dropped'].mean, sent: p.outputs['bursts.data.sent'].mean,
    segs: p.outputs['bursts.data.meanSegments'].mean,
    rtos: p.outputs[`flows[${flow}#0].rtos`].mean, fr: p.outputs[`flows[${flow}#0].fastRetransmits`].mean,
    rtt: p.outputs[`flows[${flow}#0].meanRtt`].mean,
  }));
}

export function render(ctx) {
  const fastRes = ctx.get('paper003-fast-pl');
  const slowRes = ctx.get('paper003-slow-pl');
  const fast = grid(fastRes, 'fast');
  const slow = grid(slowRes, 'slow');
  const find = (rows, pl, wm) => rows.find((r) => Math.abs(r.pl / pl - 1) < 1e-9 && r.wm === wm);
  const gb = (x) => ({ mean: x.mean / 1e9, low: (x.low ?? x.mean) / 1e9, high: (x.high ?? x.mean) / 1e9 });

  const f2_64 = find(fast, 1e-2, 64), f4_128 = find(fast, 1e-4, 128), f3_512 = find(fast, 1e-3, 512);
  const s3_512 = find(slow, 1e-3, 512), s2_512 = find(slow, 1e-2, 512);
  const ratioFastSlow = (pl, wm) => find(fast, pl, wm).g.mean / find(slow, pl, wm).g.mean;
  const wms = [...new Set(fast.map((r) => r.wm))];
  const pls = [...new Set(fast.map((r) => r.pl))];
  const levelVerdict = (paper, ours) => (Math.abs(ours / paper - 1) <= 0.25 ? 'agrees' : `differs (${(ours / paper).toFixed(1)}x)`);

  ctx.verdicts.push(
    { paper: '003', claim: 'fast, Pl 1e-2, Wm 64: 298 Mbit/s', paper_: '0.298 Gbit/s', ours: `${withCi(gb(f2_64.g), 2)} Gbit/s`, verdict: levelVerdict(0.298e9, f2_64.g.mean) },
    { paper: '003', claim: 'fast, Pl 1e-4, Wm 128: 9.2 Gbit/s', paper_: '9.2 Gbit/s', ours: `${withCi(gb(f4_128.g), 2)} Gbit/s`, verdict: levelVerdict(9.2e9, f4_128.g.mean) },
    { paper: '003', claim: 'fast, Pl 1e-3, Wm 512: about 2.2 Gbit/s, losses found by triple duplicate ACKs', paper_: '≈ 2.2 Gbit/s', ours: `${withCi(gb(f3_512.g), 2)} Gbit/s; flow 0: ${f3_512.fr.toFixed(1)} fast retransmits, ${f3_512.rtos.toFixed(1)} RTOs`, verdict: `${levelVerdict(2.2e9, f3_512.g.mean)}; mechanism ${f3_512.fr > f3_512.rtos ? 'agrees' : 'differs'}` },
    { paper: '003', claim: 'Pl ≥ 1e-3: fast ≈ slow despite 4x the line rate', paper_: 'ratio ≈ 1', ours: `fast/slow at Wm 512: ${ratioFastSlow(1e-3, 512).toFixed(1)} (1e-3), ${ratioFastSlow(1e-2, 512).toFixed(1)} (1e-2)`, verdict: Math.max(ratioFastSlow(1e-3, 512), ratioFastSlow(1e-2, 512)) < 1.5 ? 'agrees' : 'differs' },
  );

  // ---- How losses are found, over every flow (probes of the sweeps' own runs) ---------
  const fastDet = detections(ctx.get('paper003-fast-pl.probe'));
  const slowDet = detections(ctx.get('paper003-slow-pl.probe'));
  const pct = (x) => (x === null ? 'n/a' : `${(x * 100).toFixed(x > 0.99 && x < 1 ? 1 : 0)} %`);
  const slowSeen = slowDet.filter((p) => p.rtoShare !== null);
  const slowAll = slowSeen.reduce((a, p) => ({ rtos: a.rtos + p.rtos, fr: a.fr + p.fr }), { rtos: 0, fr: 0 });
  const slowLowest = slowSeen.reduce((lo, p) => (p.rtoShare < lo.rtoShare ? p : lo), slowSeen[0]);
  const slowRtoVerdict = slowSeen.every((p) => p.rtoShare >= 0.95) ? 'agrees'
    : slowSeen.every((p) => p.rtoShare > 0.5) ? 'agrees in trend: timeouts find most losses, not every one' : 'differs';
  ctx.verdicts.push({ paper: '003', claim: 'slow path: every loss ends in an RTO and slow start (all flows)', paper_: 'RTO only',
    ours: `all flows, ${slowRes.runs.length} runs: ${slowAll.rtos} RTOs, ${slowAll.fr} fast retransmits (${pct(slowAll.rtos / (slowAll.rtos + slowAll.fr))} by RTO); lowest ${pct(slowLowest.rtoShare)} (Pl ${slowLowest.pl}, Wm ${slowLowest.wm})`,
    verdict: slowRtoVerdict });
  const fast3 = fastDet.filter((p) => Math.abs(p.pl / 1e-3 - 1) < 1e-9);
  const perBurst = (p) => (p.fr + p.rtos) / p.dropped;
  const fastTdVerdict = fast3.every((p) => p.rtoShare !== null && p.rtoShare < 0.5) ? 'agrees' : fast3.some((p) => p.rtoShare !== null && p.rtoShare < 0.5) ? 'agrees in trend: not at every Wm' : 'differs';
  ctx.verdicts.push({ paper: '003', claim: 'fast path, Pl 1e-3: losses mostly found by triple duplicate ACKs (all flows)', paper_: 'mostly TD',
    ours: `all flows, per run: ${fast3.map((p) => `Wm ${p.wm}: ${(p.fr / p.runs).toFixed(0)} fast retransmits, ${(p.rtos / p.runs).toFixed(0)} RTOs`).join('; ')}`,
    verdict: fastTdVerdict });

  // ---- Aggregate throughput vs time (Fig. 3) -----------------------------------------
  const fastTime = ctx.get('paper003-fast-time.probe');
  const fastSpan = Math.round(0.2 / fastTime.every);
  const lastSecond = Math.round(1 / fastTime.every);
  const fastCurves = wms.map((wm) => {
    const runs = fastTime.runs.filter((r) => r.values[0] === wm);
    const since = runs.map(sinceStart);
    const spans = runs.map((r) => overSpans(r, fastSpan));
    const barEvery = Math.round(0.5 / fastTime.every);
    const n = runs[0].t.length - 1;
    return {
      wm, runs: runs.length,
      end: stat(since.map((c) => c.at(-1))),
      last: stat(runs.map((r) => ((r.aggregate[n] - r.aggregate[n - lastSecond]) * 8) / (r.t[n] - r.t[n - lastSecond]))),
      recoveries: runs.reduce((sum, r) => sum + r.totals.fastRetransmits + r.totals.rtos, 0) / runs.reduce((sum, r) => sum + r.outputs['bursts.data.dropped'], 0),
      since: runs[0].t.map((x, k) => {
        if (x === 0) return { x, y: null };
        const st = stat(since.map((c) => c[k]));
        return k % barEvery === 0 ? { x, y: st.mean / 1e9, low: st.low / 1e9, high: st.high / 1e9 } : { x, y: st.mean / 1e9 };
      }),
      spans: spans[0].map((p, k) => ({ x: p.x, y: stat(spans.map((sp) => sp[k].y)).mean / 1e9 })),
    };
  });
  const fastSpread = Math.max(...fastCurves.map((c) => c.end.mean)) / Math.min(...fastCurves.map((c) => c.end.mean));
  const fastOrdered = fastCurves.every((c, i) => i === 0 || c.end.mean > fastCurves[i - 1].end.mean);
  ctx.verdicts.push({ paper: '003', claim: 'fast path, Pl 1e-3: the aggregate converges to the same level whatever Wm (Fig. 3)', paper_: '≈ 2.2 Gbit/s for every Wm',
    ours: `average over ${fastTime.base.duration} s: ${fastCurves.map((c) => `Wm ${c.wm}: ${withCi(gb(c.end), 1)}`).join('; ')} Gbit/s (largest/smallest ${fastSpread.toFixed(1)})`,
    verdict: fastSpread <= 1.25 ? 'agrees' : `differs: ${fastOrdered ? 'ordered by Wm' : 'apart'}, each near its window limit` });

  const colors = ['#1f77b4', '#d62728', '#2ca02c'];
  const fastTimeFig = ctx.fig('paper003-fast-time.svg', lineChart({
    title: `Paper 003, Fig. 3: fast path, aggregate throughput vs time (Pl 1e-3, ${fastCurves[0].runs} seeds)`,
    xLabel: 'time (s)', yLabel: 'aggregate throughput (Gbit/s)', xDomain: [0, fastTime.base.duration], yDomain: [0, 45],
    series: [
      ...fastCurves.map((c, i) => ({ label: `Wm ${c.wm}, average since t = 0`, color: colors[i], marker: null, width: 2.2, points: c.since })),
      ...fastCurves.map((c, i) => ({ label: `Wm ${c.wm}, over each ${fastSpan * fastTime.every} s`, color: colors[i], marker: null, dash: true, width: 1, points: c.spans })),
    ],
    hLines: [{ y: 2.2, label: 'paper: about 2.2 Gbit/s, every Wm' }], legend: 'top-right',
  }));

  const slowTime = ctx.get('paper003-slow-time.probe');
  const slowSpan = Math.round(0.5 / slowTime.every);
  const slowRuns = slowTime.runs.map((r) => ({ wm: r.values[0], seed: r.seed, run: r, since: sinceStart(r), spans: overSpans(r, slowSpan) }));
  const slowTimeFig = ctx.fig('paper003-slow-time.svg', lineChart({
    title: `Paper 003, Fig. 3: slow path, aggregate throughput vs time (Pl 1e-3, seed ${slowRuns[0].seed})`,
    xLabel: 'time (s)', yLabel: 'aggregate throughput (Gbit/s)', xDomain: [0, slowTime.base.duration], yDomain: [0, 7],
    series: [
      ...slowRuns.map((r, i) => ({ label: `Wm ${r.wm}, average since t = 0`, color: colors[i], marker: null, width: 2.2, points: r.run.t.map((x, k) => ({ x, y: r.since[k] === null ? null : r.since[k] / 1e9 })) })),
      ...slowRuns.map((r, i) => ({ label: `Wm ${r.wm}, over each ${slowSpan * slowTime.every} s`, color: colors[i], marker: null, dash: true, width: 1, points: r.spans.map((p) => ({ x: p.x, y: p.y / 1e9 })) })),
    ],
    hLines: [{ y: 5.592, label: 'paper, Wm 512 before any loss: 5.592 Gbit/s' }], legend: 'top-left',
  }));
  const slowIdeal = (r) => (80 * r.wm * 512 * 8) / r.run.outputs['flows[slow#0].meanRtt'];
  const slowRows = slowRuns.map((r) => [r.wm, (r.run.outputs['aggregate.goodput'] / 1e9).toFixed(2), (slowIdeal(r) / 1e9).toFixed(2),
    `${r.run.outputs['bursts.data.dropped']} / ${r.run.outputs['bursts.data.sent']}`, r.run.outputs['bursts.ack.dropped'],
    r.run.totals.rtos, r.run.totals.fastRetransmits, (r.run.outputs['flows[slow#0].meanRtt'] * 1e3).toFixed(1)]);
  const slow512 = slowRuns.find((r) => r.wm === 512);
  // Flow 0's cwnd at Wm 512: from its first fall, the time back to Wm (null if never).
  const c512 = slow512.run.cwnd['slow#0'];
  const fallAt = c512.findIndex((c, k) => k > 0 && c < c512[k - 1] / 1.5);
  const afterFall = fallAt < 0 ? -1 : c512.findIndex((c, k) => k > fallAt && c >= 512);
  const halfAt = fallAt < 0 ? -1 : Math.min(c512.length - 1, fallAt + Math.round(0.5 / slowTime.every));
  const slowFall = fallAt < 0 ? null : { at: slow512.run.t[fallAt], half: Math.round(c512[halfAt]), back: afterFall < 0 ? null : slow512.run.t[afterFall] - slow512.run.t[halfAt] };
  const slowBest = slowRuns.reduce((b, r) => (r.run.outputs['aggregate.goodput'] > b.run.outputs['aggregate.goodput'] ? r : b));

  const detRows = fastDet.map((f) => {
    const sl = slowDet.find((p) => p.pl === f.pl && p.wm === f.wm);
    return [f.pl, f.wm, (f.dropped / f.runs).toFixed(1), (f.fr / f.runs).toFixed(1), (f.rtos / f.runs).toFixed(1), pct(f.rtoShare), f.dropped > 0 ? ((f.fr + f.rtos) / f.dropped).toFixed(1) : 'n/a',
      (sl.dropped / sl.runs).toFixed(1), (sl.fr / sl.runs).toFixed(1), (sl.rtos / sl.runs).toFixed(1), pct(sl.rtoShare)];
  });

  const series = [];
  wms.forEach((wm, i) => {
    series.push({ label: `fast, Wm ${wm}`, color: colors[i], points: fast.filter((r) => r.wm === wm).map((r) => ({ x: r.pl, y: r.g.mean, low: r.g.low, high: r.g.high })) });
    series.push({ label: `slow, Wm ${wm}`, color: colors[i], dash: true, points: slow.filter((r) => r.wm === wm).map((r) => ({ x: r.pl, y: r.g.mean, low: r.g.low, high: r.g.high })) });
  });
  series.push({ label: 'paper: fast 298 Mbit/s (1e-2, 64), 9.2 Gbit/s (1e-4, 128)', color: '#000', marker: 'diamond', line: false, points: [{ x: 1e-2, y: 0.298e9 }, { x: 1e-4, y: 9.2e9 }] });
  const fig = ctx.fig('paper003-pl.svg', lineChart({
    title: 'Paper 003: aggregate goodput vs burst loss probability',
    xLabel: 'burst loss probability Pl (data and ACK bursts)', yLabel: 'aggregate goodput (bit/s)', xLog: true, yLog: true,
    xDomain: [5e-5, 2e-2], yDomain: [1e6, 1e11], series, legend: 'bottom-left',
  }));

  const rows = (rs) => rs.map((r) => [r.pl, r.wm, withCi(gb(r.g), 2), (r.ideal / 1e9).toFixed(2), r.segs.toFixed(0), `${r.dropped.toFixed(1)} / ${r.sent.toFixed(0)}`, r.fr.toFixed(1), r.rtos.toFixed(1), (r.rtt * 1e3).toFixed(1)]);
  const headers = ['Pl', 'Wm', 'goodput, Gbit/s (95 % CI)', 'ideal, Gbit/s', 'segments per data burst', 'data bursts lost / sent', 'fast retransmits (flow 0)', 'RTOs (flow 0)', 'RTT, ms (flow 0)'];

  return `## Paper 003 — slow (MEMS) vs fast (SOA) paths

**Scenario as set up**: the presets \`paper003-fast\` and \`paper003-slow\`
([presets.md](presets.md#paper003-slow-and-paper003-fast--slow-mems-and-fast-soa-paths-paper-003)),
swept over Pl ∈ {${pls.join(', ')}} (data and ACK bursts alike) and Wm ∈ {${wms.join(', ')}} segments:
ingress edge -> one core -> egress edge, one wavelength, hybrid assembly with mixed-flow
bursts, JET, LAUC-VF; N CBR flows of 100 Mbit/s, TCP "sack" (Reno's window rules with SACK
recovery: the paper's "NewReno with SACK"), MSS 512 B. Fast: 40 Gbit/s, N = 320, Tmax
0.5 ms, Lmax 25 KB, set-up 1 us; slow: 10 Gbit/s, N = 80, Tmax 10 ms, Lmax 10 MB, set-up
(extra offset) 10 ms. Runs: fast ${fastRes.base.duration} s (the preset: 2 s; shortened to keep the sweep
near a few CPU minutes), slow ${slowRes.base.duration} s, ${fastRes.seeds.length} seeds each: a small sweep, so the
intervals are wide.

Assumptions and known deviations (presets.md; not tuned here):
- **RTO: the RFC 6298 estimator with a 0.2 s minimum, not the paper's fixed 30 ms /
  10.5 ms.** Here both directions cross the core, so the slow path's RTT is about 57 ms and
  the fast path's 10-13 ms; the paper's fixed values would time out every segment (the
  preset measured 12.9 Mbit/s on the slow path, 0.42 Gbit/s on the fast one).
- The N sources share one access link at the line rate; CBR limits each flow to
  100 Mbit/s. Slow-path run length: at about 40 data bursts per second, Pl = 1e-4 and
  1e-3 give few or no burst losses in ${slowRes.base.duration} s, so those points are close to lossless and
  depend on the seed.

Fast path:

${table(headers, rows(fast))}

Slow path:

${table(headers, rows(slow))}

${figure(fig, 'Paper 003: aggregate goodput vs Pl for each Wm, fast path (solid) and slow path (dashed), with the paper\'s two fast-path numbers; bars are 95 % intervals over the seeds.', specs)}

### How losses are found, over every flow

The tables above count flow 0 only. A probe (\`scripts/validate/probes.mjs\`) runs the
same ${fastRes.runs.length} + ${slowRes.runs.length} runs again in the engine's node runner (same specs, same seeds: the same
runs, with the same summaries) and sums timeouts and fast retransmits over all
${fastRes.base.flows[0].count} fast or ${slowRes.base.flows[0].count} slow flows. A fast retransmit here is one loss episode found from the ACKs
(three duplicate ACKs, or SACK blocks saying as much), counted once per episode however
many segments it repairs. Means per run; "by RTO" is RTOs / (RTOs + fast retransmits)
over the point's ${fastDet[0].runs} seeds; "recoveries per lost burst" is (fast retransmits + RTOs) / data
bursts lost, about the number of flows one lost burst hits. Pl applies to ACK bursts
too, and a lost ACK burst can time flows out with no data lost (the slow path's 40 RTOs
per run with no data burst lost are one lost ACK burst timing out all 80 flows).

${table(['Pl', 'Wm', 'fast: data bursts lost', 'fast: fast retransmits', 'fast: RTOs', 'fast: by RTO', 'fast: recoveries per lost burst', 'slow: data bursts lost', 'slow: fast retransmits', 'slow: RTOs', 'slow: by RTO'], detRows)}

**Slow path: ${slowRtoVerdict}.** Over the ${slowRes.runs.length} slow-path runs, ${slowAll.rtos} timeouts against ${slowAll.fr}
fast retransmits (${pct(slowAll.rtos / (slowAll.rtos + slowAll.fr))} by RTO); the lowest point is Pl ${slowLowest.pl}, Wm ${slowLowest.wm}, ${pct(slowLowest.rtoShare)}:
${slowLowest.fr} fast retransmits against ${slowLowest.rtos} RTOs in its ${slowLowest.runs} runs, which lost ${slowLowest.dropped} data burst${slowLowest.dropped === 1 ? '' : 's'}. The rule was set before the runs: "agrees" if
at least 95 % of the detections are timeouts at every point with any. A lost slow burst
holds thousands of segments, hundreds of each flow's, so almost no flow has segments
left behind the hole to bring duplicate ACKs: the paper's reason (about 154 segments of
each flow per lost burst) holds here, with a handful of exceptions.

**Fast path, Pl 1e-3: ${fastTdVerdict}.** ${fast3.map((p) => `Wm ${p.wm}: ${pct(1 - p.rtoShare)} by fast retransmit`).join(', ')}. But not for the
paper's reason. The paper reckons that a lost burst of about 44 segments holds no more
than one segment of each source; here a lost burst hits ${fast3.map((p) => perBurst(p).toFixed(1)).join(', ')} flows (Wm ${fast3.map((p) => p.wm).join(', ')}),
so at Wm ${fast3[0].wm} it takes about ${(46 / perBurst(fast3[0])).toFixed(0)} segments of each. As far as we can tell, this is how the
traffic reaches the edge: a window-limited flow sends a train of segments at the access
rate whenever an ACK burst opens its window, and a 25 KB burst fills in 5 us at 40 Gbit/s,
so it holds long runs of few flows; flows held to 100 Mbit/s by CBR (Wm 512 at low loss,
where the window is not the limit) are paced and mix more (${perBurst(fastDet.find((p) => p.pl === 0.0001 && p.wm === 512)).toFixed(0)} flows per lost burst at
Pl 1e-4, Wm 512). SACK recovers a run in one fast recovery as long as segments follow it in the window;
timeouts are commonest where Wm is small and Pl large, when a window holds too few segments
behind the hole (and lost ACK bursts add some). The number of flows hit per lost burst is
what sets how often each flow has to halve its window, which matters for Fig. 3 below.

### Fig. 3 — aggregate throughput vs time (Pl 1e-3)

The paper plots the aggregate average throughput (bytes delivered by all flows since
t = 0, over t) against time for Wm 64, 128, 512 on both paths, at Pl 1e-3; it does not
give the time span. Two small specs run each Wm at Pl 1e-3 (the presets' own value) and a probe keeps the
aggregate bytes delivered: the fast path for ${fastTime.base.duration} s (the preset: 2 s), ${fastCurves[0].runs} seeds, samples every
${fastTime.every} s; the slow path for ${slowTime.base.duration} s (the preset: 10 s, in which Pl 1e-3 loses on average 0.4
data bursts, too few to show anything), one seed, the preset's (${slowRuns[0].seed}), not chosen.
Solid: the paper's measure, the average since t = 0; dashed: over short spans, where
losses show.

![Paper 003, Fig. 3, fast path: aggregate throughput vs time at Pl 1e-3 for each Wm.](${fastTimeFig})

*Paper 003, Fig. 3, fast path: aggregate throughput vs time at Pl 1e-3 for each Wm; solid, the average since t = 0, mean of ${fastCurves[0].runs} seeds with 95 % intervals every 0.5 s; dashed, over each ${fastSpan * fastTime.every} s (mean of the seeds); dotted, the paper's level for every Wm.* Drawn by \`npm run validate\` from a probe of [\`validation/specs/paper003-fast-time.json\`](../validation/specs/paper003-fast-time.json) (\`scripts/validate/probes.mjs\` runs the spec's runs in the engine's node runner and keeps the samples, which a sweep does not).

**Fast path: ${fastSpread <= 1.25 ? 'agrees' : 'differs'}.** After ${fastTime.base.duration} s the averages are ${fastCurves.map((c) => `Wm ${c.wm} ${withCi(gb(c.end), 1)}`).join(', ')} Gbit/s
(over the last second: ${fastCurves.map((c) => `${(c.last.mean / 1e9).toFixed(1)}`).join(', ')}), ${fastOrdered ? 'ordered by Wm' : 'apart'} (largest / smallest ${fastSpread.toFixed(1)}), where the
paper's all converge near 2.2 Gbit/s. Wm 64 and 128 sit near their window limits (the
"ideal" column above) from about 0.5 s on (dashed). Wm 512 overshoots in slow start, then the
first burst losses halve many windows at once and its rate falls to about half within a
second, and it climbs back by congestion avoidance, still rising at ${fastTime.base.duration} s. This is
the paper's picture for Wm 512 ("it never reaches its maximum value"), but here the
windows regrow between losses: a lost burst hits ${fast3.map((p) => perBurst(p).toFixed(0)).join(', ')} flows (Wm ${fast3.map((p) => p.wm).join(', ')}), not the
~44 the paper assumes, so each flow sees a loss about ${fast3.length ? (44 / perBurst(fast3[0])).toFixed(0) : 'n/a'} times less often than
in its reckoning (at Wm 64), and the paper's fixed 10.5 ms RTO, near its RTT, is a second likely
reason (above). We did not change how bursts mix flows: the paper does not describe its
access traffic beyond "CBR".

![Paper 003, Fig. 3, slow path: aggregate throughput vs time at Pl 1e-3 for each Wm.](${slowTimeFig})

*Paper 003, Fig. 3, slow path: aggregate throughput vs time at Pl 1e-3 for each Wm, one ${slowTime.base.duration} s run each (seed ${slowRuns[0].seed}); solid, the average since t = 0; dashed, over each ${slowSpan * slowTime.every} s, where a lost burst shows as a dip; dotted, the paper's starting level for Wm 512.* Drawn by \`npm run validate\` from a probe of [\`validation/specs/paper003-slow-time.json\`](../validation/specs/paper003-slow-time.json) (as above).

| Wm | goodput, Gbit/s (${slowTime.base.duration} s) | ideal at our RTT, Gbit/s | data bursts lost / sent | ACK bursts lost | RTOs (all flows) | fast retransmits (all flows) | RTT, ms (flow 0) |
| --- | --- | --- | --- | --- | --- | --- | --- |
${slowRows.map((r) => `| ${r.join(' | ')} |`).join('\n')}

**Slow path: as in the paper, at our RTT's level.** The best is Wm ${slowBest.wm}, as in the paper, and each curve
starts at its window limit N · Wm · MSS / RTT (${(slowIdeal(slow512) / 1e9).toFixed(2)} Gbit/s for Wm 512 at our ${(slow512.run.outputs['flows[slow#0].meanRtt'] * 1e3).toFixed(0)} ms RTT; the
paper's 5.592 Gbit/s is the same formula at 30 ms, see above). Each lost data or ACK burst
times the flows out together (dips in the dashed curves; timeouts and ${slowRuns.every((r) => r.run.totals.fastRetransmits <= 3) ? 'almost no' : 'few'} fast
retransmits in the table). Slow start after the timeout (the correlation benefit: a
whole window of each flow travels in one burst) brings the windows back to half their
size within a few round trips, but then congestion avoidance adds one segment per RTT:
${slowFall === null ? 'flow 0 at Wm 512 loses nothing in this run.' : `flow 0 at Wm 512 first falls at ${slowFall.at.toFixed(1)} s, is back at ${slowFall.half} segments half a second later, and ${slowFall.back === null ? 'does not reach 512 again in the run' : `needs ${slowFall.back.toFixed(0)} s more to reach 512`}.`}
That slow second phase is what pulls the Wm 512 curve down from its start; the paper's
Fig. 5 describes the fast first phase ("congestion window inflate is very rapid"). One seed per Wm: where and how often the losses
fall is luck; the mechanism is not.

**Verdicts.** Fast path, Pl 1e-2, Wm 64: ${withCi(gb(f2_64.g), 2)} Gbit/s against the paper's 0.298
(${levelVerdict(0.298e9, f2_64.g.mean)}); Pl 1e-4, Wm 128: ${withCi(gb(f4_128.g), 2)} against 9.2 (${levelVerdict(9.2e9, f4_128.g.mean)}); Pl 1e-3,
Wm 512: ${withCi(gb(f3_512.g), 2)} against about 2.2 (${levelVerdict(2.2e9, f3_512.g.mean)}), with flow 0 recovering by
${f3_512.fr.toFixed(1)} fast retransmits and ${f3_512.rtos.toFixed(1)} RTOs (the paper: losses found by triple duplicate ACKs)
and ${f3_512.segs.toFixed(0)} segments per burst (the paper: about 44). Slow path, Wm 512: ${withCi(gb(s3_512.g), 2)}
Gbit/s at Pl 1e-3 and ${withCi(gb(s2_512.g), 2)} at 1e-2, where flow 0 times out ${s2_512.rtos.toFixed(1)} times
(the paper: every slow-path loss ends in an RTO). The fast path carries
${ratioFastSlow(1e-3, 512).toFixed(1)} and ${ratioFastSlow(1e-2, 512).toFixed(1)} times the slow path at Pl 1e-3 and 1e-2 (Wm 512), not about the
same as in the paper.

Why the levels differ, as far as we can tell:
- **Without loss the fast path is window-limited, at our RTT.** The "ideal" column is
  min(N · Wm · MSS / RTT, N × 100 Mbit/s) at the measured RTT of flow 0. At Pl 1e-4 and
  Wm 128 it is ${(f4_128.ideal / 1e9).toFixed(1)} Gbit/s and we measure ${(f4_128.g.mean / 1e9).toFixed(1)}. The paper's 9.2 Gbit/s is the same formula
  at an RTT of about ${((320 * 128 * 512 * 8) / 9.2e9 * 1e3).toFixed(0)} ms; it does not state its fast-path RTT, ours is ${(f4_128.rtt * 1e3).toFixed(1)} ms
  (2 × 5 ms of propagation, 0.5 ms assembly, offsets).
- **Under loss the paper's fast path collapses and ours does not.** A lost fast-path burst
  holds about ${f3_512.segs.toFixed(0)} segments, but of few flows (${fast3.map((p) => perBurst(p).toFixed(1)).join(', ')} recoveries per lost burst at
  Pl 1e-3, Wm ${fast3.map((p) => p.wm).join(', ')}: the table above), not one segment of each of about 44 flows as the paper
  reckons; so each flow meets far fewer losses, and SACK repairs each by a fast retransmit
  (the paper's own mechanism). With the estimator's 0.2 s minimum timeouts stay a minority, and the aggregate stays at
  ${(f3_512.g.mean / 1e9).toFixed(1)} Gbit/s at Pl 1e-3 (Wm 512). The paper's fixed 10.5 ms RTO, close to its RTT,
  probably adds spurious timeouts that we do not have; with that fixed RTO our RTT (above
  10.5 ms) times out every segment instead (presets.md: 0.42 Gbit/s). Neither setting
  gives the paper's levels.
- **Slow path.** Window-limited at a 57 ms RTT (the paper's 5.592 Gbit/s implies 30 ms,
  presets.md). Only a few bursts are lost per run (about 40 data bursts per second), so
  the 2-seed intervals are wide; each lost burst times flows out, as in the paper
  (${s2_512.fr.toFixed(1)} fast retransmits against ${s2_512.rtos.toFixed(1)} RTOs for flow 0 at Pl 1e-2).

So: the mechanism (duplicate ACKs on the fast path, timeouts on the slow one, over every
flow; ${f3_512.segs.toFixed(0)} segments per fast burst, about 12,000 per slow one) is reproduced, though a lost
fast burst hits a few flows rather than one segment of each of 44; the levels, the fast
path's convergence whatever Wm, and the "fast ≈ slow" equality are not.
`;
}
