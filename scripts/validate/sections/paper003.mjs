// Paper 003: slow (MEMS) vs fast (SOA) paths, aggregate goodput vs Pl and Wm; aggregate
// throughput vs time (Fig. 3) and how losses are found, over every flow (probes.mjs).
import { figure, stat, table, withCi } from '../doc.mjs';
import { padhye } from '../theory.mjs';
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
  'paper003-slow-lossless': { every: 0.05, aggregate: true },
};
export const quickPlans = {
  'paper003-fast-pl': { seeds: 1, duration: 0.2 },
  'paper003-slow-pl': { seeds: 1, duration: 2 },
  'paper003-fast-time': { seeds: 1, duration: 0.2 },
  'paper003-slow-time': { seeds: 1, duration: 5 },
  'paper003-slow-lossless': { seeds: 1, duration: 2 },
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
const overSpans = (run, step) =>
  run.t.flatMap((t, k) =>
    k >= step && k % step === 0 ? [{ x: t, y: ((run.aggregate[k] - run.aggregate[k - step]) * 8) / (t - run.t[k - step]) }] : [],
  );

/** Points of a Pl x Wm grid: { pl, wm, goodput interval, outputs }. */
function grid(res, flow) {
  const { count, tcp, app } = res.base.flows[0];
  return res.points.map((p) => ({
    ideal: Math.min((count * p.values.at(-1) * tcp.mss * 8) / p.outputs[`flows[${flow}#0].meanRtt`].mean, count * app.rate),
    pl: p.values[0],
    wm: p.values.at(-1),
    g: p.outputs['aggregate.goodput'],
    dropped: p.outputs['bursts.data.dropped'].mean,
    sent: p.outputs['bursts.data.sent'].mean,
    segs: p.outputs['bursts.data.meanSegments'].mean,
    rtos: p.outputs[`flows[${flow}#0].rtos`].mean,
    fr: p.outputs[`flows[${flow}#0].fastRetransmits`].mean,
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
  const signed = (ours, paper) => `${ours >= paper ? '+' : ''}${((ours / paper - 1) * 100).toFixed(0)} %`;
  const pct = (x) => (x === null ? 'n/a' : `${(x * 100).toFixed(x > 0.99 && x < 1 ? 1 : 0)} %`);
  const miss = (ours, paper, tol) => (Math.abs(ours / paper - 1) <= tol ? 'met' : `missed: ${signed(ours, paper)}`);

  const f2_64 = find(fast, 1e-2, 64),
    f4_128 = find(fast, 1e-4, 128),
    f3_512 = find(fast, 1e-3, 512);
  const s3_512 = find(slow, 1e-3, 512),
    s2_512 = find(slow, 1e-2, 512);
  const wms = [...new Set(fast.map((r) => r.wm))];
  const pls = [...new Set(fast.map((r) => r.pl))];
  const levelVerdict = (paper, ours) => (Math.abs(ours / paper - 1) <= 0.25 ? 'agrees' : `differs (${(ours / paper).toFixed(1)}x)`);
  const { tcp: fastTcp } = fastRes.base.flows[0];
  const { tcp: slowTcp } = slowRes.base.flows[0];
  const fastCount = fastRes.base.flows[0].count,
    slowCount = slowRes.base.flows[0].count;

  // ---- The paper's numbers as targets (issue 21) ---------------------------------------
  // Slow path before any loss: the lossless run's aggregate from 1 s (windows open) on.
  const lossless = ctx.get('paper003-slow-lossless.probe').runs[0];
  const from = lossless.t.findIndex((t) => t >= 1 - 1e-9),
    last = lossless.t.length - 1;
  const slowOpen = ((lossless.aggregate[last] - lossless.aggregate[from]) * 8) / (lossless.t[last] - lossless.t[from]);
  const slowOpenRtt = lossless.outputs['flows[slow#0].meanRtt'];
  const losslessBurst = lossless.outputs['bursts.data.meanBytes'];
  const slowTime = ctx.get('paper003-slow-time.probe');
  const slow512Run = slowTime.runs.find((r) => r.values[0] === 512);
  const meanBurst = slow512Run.outputs['bursts.data.meanBytes'];
  const fastTime = ctx.get('paper003-fast-time.probe');
  const fastEnd = wms.map((wm) => {
    const runs = fastTime.runs.filter((r) => r.values[0] === wm);
    const n = runs[0].t.length - 1;
    return {
      wm,
      end: stat(runs.map((r) => (r.aggregate[n] * 8) / r.t[n])),
      rtt: stat(runs.map((r) => r.outputs['flows[fast#0].meanRtt'])).mean,
      dropped: stat(runs.map((r) => r.outputs['bursts.data.dropped'])).mean,
    };
  });
  const fastWorst = fastEnd.reduce((w, c) => (Math.abs(c.end.mean / 2.2e9 - 1) > Math.abs(w.end.mean / 2.2e9 - 1) ? c : w));
  const fastSpread = Math.max(...fastEnd.map((c) => c.end.mean)) / Math.min(...fastEnd.map((c) => c.end.mean));
  // Padhye et al. for one flow that loses one segment per lost burst it rides in (p = Pl),
  // at its measured RTT, T0 the preset's minimum RTO, and the window limit.
  const theory = (pl, wm, rtt) => fastCount * padhye({ mss: fastTcp.mss, rtt, p: pl, t0: fastTcp.rto.min, wmax: wm });
  const cross = {
    low: find(fast, 1e-4, 64).g.mean / find(slow, 1e-4, 512).g.mean,
    mid: find(fast, 1e-3, 64).g.mean / find(slow, 1e-3, 512).g.mean,
    high: find(fast, 1e-2, 64).g.mean / find(slow, 1e-2, 512).g.mean,
  };
  const crossHolds = cross.low > 1 && cross.mid <= 1.1 && cross.high <= 1.1;
  const crossLate = !crossHolds && cross.low > 1 && cross.high <= 1.1;

  const fastDet = detections(ctx.get('paper003-fast-pl.probe'));
  const slowDet = detections(ctx.get('paper003-slow-pl.probe'));
  const fast3 = fastDet.filter((p) => Math.abs(p.pl / 1e-3 - 1) < 1e-9);
  const perBurst = (p) => (p.fr + p.rtos) / p.dropped;
  const tdEverywhere = fast3.every((p) => p.rtoShare !== null && p.rtoShare < 0.5);

  const targets = [
    [
      'slow, Wm 512, before the first loss',
      '5.592 Gbit/s',
      'within 10 %',
      `${(slowOpen / 1e9).toFixed(2)} Gbit/s (Pl 0, from 1 s to 3 s)`,
      miss(slowOpen, 5.592e9, 0.1),
    ],
    [
      'slow, Wm 512, Pl 1e-3: mean data burst',
      '6.32 MB',
      'within 20 %',
      `${(meanBurst / 1e6).toFixed(2)} MB (${slowTime.base.duration} s run)`,
      miss(meanBurst, 6.32e6, 0.2),
    ],
    [
      'fast, Pl 1e-3: aggregate for every Wm',
      '≈ 2.2 Gbit/s',
      'within 30 %',
      `${fastEnd.map((c) => `Wm ${c.wm}: ${(c.end.mean / 1e9).toFixed(2)}`).join(', ')} Gbit/s (average over ${fastTime.base.duration} s)`,
      fastEnd.every((c) => Math.abs(c.end.mean / 2.2e9 - 1) <= 0.3) ? 'met' : `missed: up to ${signed(fastWorst.end.mean, 2.2e9)}`,
    ],
    ['fast, Pl 1e-3, Wm 512: segments per burst', 'about 44', 'within 20 %', `${f3_512.segs.toFixed(1)}`, miss(f3_512.segs, 44, 0.2)],
    [
      'fast, Pl 1e-3: losses found by',
      'mostly triple duplicate ACKs',
      'most at every Wm',
      fast3.map((p) => `Wm ${p.wm}: ${pct(1 - p.rtoShare)} by duplicate ACKs`).join(', '),
      tdEverywhere ? 'met' : 'missed',
    ],
    [
      'Fig. 13: fast (Wm 64) vs slow (Wm 512)',
      'fast above at low Pl, at or below from 1e-3',
      'ratio > 1 at 1e-4, ≤ 1.1 from 1e-3',
      `fast / slow: ${cross.low.toFixed(2)} (1e-4), ${cross.mid.toFixed(2)} (1e-3), ${cross.high.toFixed(2)} (1e-2)`,
      crossHolds ? 'met' : crossLate ? 'missed: the crossing comes between 1e-3 and 1e-2' : 'missed',
    ],
  ];

  ctx.verdicts.push(
    {
      paper: '003',
      claim: 'slow, Wm 512, before the first loss: 5.592 Gbit/s',
      paper_: '5.592 Gbit/s',
      ours: `${(slowOpen / 1e9).toFixed(2)} Gbit/s at a ${(slowOpenRtt * 1e3).toFixed(0)} ms RTT`,
      verdict:
        Math.abs(slowOpen / 5.592e9 - 1) <= 0.1 ? 'agrees' : `differs (${signed(slowOpen, 5.592e9)}): the bursts' own transmission time`,
    },
    {
      paper: '003',
      claim: 'slow, Wm 512, Pl 1e-3: mean data burst 6.32 MB',
      paper_: '6.32 MB',
      ours: `${(meanBurst / 1e6).toFixed(2)} MB`,
      verdict: Math.abs(meanBurst / 6.32e6 - 1) <= 0.2 ? 'agrees' : 'differs',
    },
    {
      paper: '003',
      claim: 'fast, Pl 1e-2, Wm 64: 298 Mbit/s',
      paper_: '0.298 Gbit/s',
      ours: `${withCi(gb(f2_64.g), 2)} Gbit/s`,
      verdict: levelVerdict(0.298e9, f2_64.g.mean),
    },
    {
      paper: '003',
      claim: 'fast, Pl 1e-4, Wm 128: 9.2 Gbit/s',
      paper_: '9.2 Gbit/s',
      ours: `${withCi(gb(f4_128.g), 2)} Gbit/s`,
      verdict: levelVerdict(9.2e9, f4_128.g.mean),
    },
    {
      paper: '003',
      claim: 'fast, Pl 1e-3: about 2.2 Gbit/s whatever Wm, about 44 segments per burst, losses found by triple duplicate ACKs',
      paper_: '≈ 2.2 Gbit/s',
      ours: `${fastEnd.map((c) => `Wm ${c.wm}: ${(c.end.mean / 1e9).toFixed(1)}`).join(', ')} Gbit/s over ${fastTime.base.duration} s (largest/smallest ${fastSpread.toFixed(2)}); ${f3_512.segs.toFixed(0)} segments per burst`,
      verdict: `level ${fastEnd.every((c) => Math.abs(c.end.mean / 2.2e9 - 1) <= 0.3) ? 'agrees' : `differs (${(fastWorst.end.mean / 2.2e9).toFixed(1)}x)`}; same level for every Wm ${fastSpread <= 1.25 ? 'agrees' : 'differs'}; mechanism ${tdEverywhere ? 'agrees' : 'differs'}`,
    },
    {
      paper: '003',
      claim: 'Fig. 13: fast above slow at low Pl, not from Pl 1e-3',
      paper_: 'crossing by 1e-3',
      ours: `fast (Wm 64) / slow (Wm 512): ${cross.low.toFixed(1)}, ${cross.mid.toFixed(1)}, ${cross.high.toFixed(1)} at Pl 1e-4, 1e-3, 1e-2`,
      verdict: crossHolds
        ? 'agrees'
        : crossLate
          ? 'agrees in trend: the crossing comes later, between 1e-3 and 1e-2'
          : 'differs: no crossing',
    },
  );

  // ---- How losses are found, over every flow (probes of the sweeps' own runs) ---------
  const slowSeen = slowDet.filter((p) => p.rtoShare !== null);
  const slowAll = slowSeen.reduce((a, p) => ({ rtos: a.rtos + p.rtos, fr: a.fr + p.fr, dropped: a.dropped + p.dropped }), {
    rtos: 0,
    fr: 0,
    dropped: 0,
  });
  // By Wm, over every Pl: the window decides whether anything follows the hole.
  const slowByWm = wms.map((wm) => {
    const ps = slowSeen.filter((p) => p.wm === wm);
    const rtos = ps.reduce((n, p) => n + p.rtos, 0),
      fr = ps.reduce((n, p) => n + p.fr, 0);
    return { wm, rtos, fr, share: rtos + fr > 0 ? rtos / (rtos + fr) : null };
  });
  const slowShare = slowAll.rtos / (slowAll.rtos + slowAll.fr);
  const slowRtoVerdict = slowSeen.every((p) => p.rtoShare >= 0.95)
    ? 'agrees'
    : slowShare > 0.5
      ? `agrees in trend: ${pct(slowShare)} by timeout; at Wm ${
          slowByWm
            .filter((w) => w.share !== null && w.share < 0.5)
            .map((w) => w.wm)
            .join(', ') || 'none'
        } SACK repairs most lost bursts in fast recovery`
      : 'differs: SACK repairs most lost bursts in fast recovery';
  ctx.verdicts.push({
    paper: '003',
    claim: 'slow path: every loss ends in an RTO and slow start (all flows)',
    paper_: 'RTO only',
    ours: `all flows, ${slowRes.runs.length} runs: ${slowAll.rtos} RTOs, ${slowAll.fr} fast retransmits (${pct(slowAll.rtos / (slowAll.rtos + slowAll.fr))} by RTO)`,
    verdict: slowRtoVerdict,
  });

  // ---- Aggregate throughput vs time (Fig. 3) -----------------------------------------
  const fastSpan = Math.round(0.2 / fastTime.every);
  const fastCurves = wms.map((wm) => {
    const runs = fastTime.runs.filter((r) => r.values[0] === wm);
    const since = runs.map(sinceStart);
    const spans = runs.map((r) => overSpans(r, fastSpan));
    const barEvery = Math.round(0.5 / fastTime.every);
    return {
      wm,
      runs: runs.length,
      since: runs[0].t.map((x, k) => {
        if (x === 0) return { x, y: null };
        const st = stat(since.map((c) => c[k]));
        return k % barEvery === 0 ? { x, y: st.mean / 1e9, low: st.low / 1e9, high: st.high / 1e9 } : { x, y: st.mean / 1e9 };
      }),
      spans: spans[0].map((p, k) => ({ x: p.x, y: stat(spans.map((sp) => sp[k].y)).mean / 1e9 })),
    };
  });
  const colors = ['#1f77b4', '#d62728', '#2ca02c'];
  const fastTimeFig = ctx.fig(
    'paper003-fast-time.svg',
    lineChart({
      title: `Paper 003, Fig. 3: fast path, aggregate throughput vs time (Pl 1e-3, ${fastCurves[0].runs} seeds)`,
      xLabel: 'time (s)',
      yLabel: 'aggregate throughput (Gbit/s)',
      xDomain: [0, fastTime.base.duration],
      yDomain: [0, 16],
      series: [
        ...fastCurves.map((c, i) => ({
          label: `Wm ${c.wm}, average since t = 0`,
          color: colors[i],
          marker: null,
          width: 2.2,
          points: c.since,
        })),
        ...fastCurves.map((c, i) => ({
          label: `Wm ${c.wm}, over each ${fastSpan * fastTime.every} s`,
          color: colors[i],
          marker: null,
          dash: true,
          width: 1,
          points: c.spans,
        })),
      ],
      hLines: [{ y: 2.2, label: 'paper: about 2.2 Gbit/s, every Wm' }],
      legend: 'top-right',
    }),
  );

  const slowSpan = Math.round(0.5 / slowTime.every);
  const slowRuns = slowTime.runs.map((r) => ({
    wm: r.values[0],
    seed: r.seed,
    run: r,
    since: sinceStart(r),
    spans: overSpans(r, slowSpan),
  }));
  const slowTimeFig = ctx.fig(
    'paper003-slow-time.svg',
    lineChart({
      title: `Paper 003, Fig. 3: slow path, aggregate throughput vs time (Pl 1e-3, seed ${slowRuns[0].seed})`,
      xLabel: 'time (s)',
      yLabel: 'aggregate throughput (Gbit/s)',
      xDomain: [0, slowTime.base.duration],
      yDomain: [0, 7],
      series: [
        ...slowRuns.map((r, i) => ({
          label: `Wm ${r.wm}, average since t = 0`,
          color: colors[i],
          marker: null,
          width: 2.2,
          points: r.run.t.map((x, k) => ({ x, y: r.since[k] === null ? null : r.since[k] / 1e9 })),
        })),
        ...slowRuns.map((r, i) => ({
          label: `Wm ${r.wm}, over each ${slowSpan * slowTime.every} s`,
          color: colors[i],
          marker: null,
          dash: true,
          width: 1,
          points: r.spans.map((p) => ({ x: p.x, y: p.y / 1e9 })),
        })),
      ],
      hLines: [{ y: 5.592, label: 'paper, Wm 512 before any loss: 5.592 Gbit/s' }],
      legend: 'top-left',
    }),
  );
  const slowIdeal = (r) => (slowCount * r.wm * slowTcp.mss * 8) / r.run.outputs['flows[slow#0].meanRtt'];
  const slowRows = slowRuns.map((r) => [
    r.wm,
    (r.run.outputs['aggregate.goodput'] / 1e9).toFixed(2),
    (slowIdeal(r) / 1e9).toFixed(2),
    `${r.run.outputs['bursts.data.dropped']} / ${r.run.outputs['bursts.data.sent']}`,
    r.run.totals.rtos,
    r.run.totals.fastRetransmits,
    (r.run.outputs['flows[slow#0].meanRtt'] * 1e3).toFixed(1),
  ]);
  const slowBest = slowRuns.reduce((b, r) => (r.run.outputs['aggregate.goodput'] > b.run.outputs['aggregate.goodput'] ? r : b));

  const detRows = fastDet.map((f) => {
    const sl = slowDet.find((p) => p.pl === f.pl && p.wm === f.wm);
    return [
      f.pl,
      f.wm,
      (f.dropped / f.runs).toFixed(1),
      (f.fr / f.runs).toFixed(1),
      (f.rtos / f.runs).toFixed(1),
      pct(f.rtoShare),
      f.dropped > 0 ? perBurst(f).toFixed(1) : 'n/a',
      (sl.dropped / sl.runs).toFixed(1),
      (sl.fr / sl.runs).toFixed(1),
      (sl.rtos / sl.runs).toFixed(1),
      pct(sl.rtoShare),
      sl.dropped > 0 ? perBurst(sl).toFixed(1) : 'n/a',
    ];
  });

  const series = [];
  wms.forEach((wm, i) => {
    series.push({
      label: `fast, Wm ${wm}`,
      color: colors[i],
      points: fast.filter((r) => r.wm === wm).map((r) => ({ x: r.pl, y: r.g.mean, low: r.g.low, high: r.g.high })),
    });
    series.push({
      label: `slow, Wm ${wm}`,
      color: colors[i],
      dash: true,
      points: slow.filter((r) => r.wm === wm).map((r) => ({ x: r.pl, y: r.g.mean, low: r.g.low, high: r.g.high })),
    });
  });
  series.push({
    label: 'Padhye et al., fast, Wm 64 (p = Pl, measured RTT, T0 10.5 ms)',
    color: '#777',
    dash: true,
    marker: null,
    points: fast.filter((r) => r.wm === 64).map((r) => ({ x: r.pl, y: theory(r.pl, 64, r.rtt) })),
  });
  series.push({
    label: 'paper: fast 298 Mbit/s (1e-2, 64), 9.2 Gbit/s (1e-4, 128)',
    color: '#000',
    marker: 'diamond',
    line: false,
    points: [
      { x: 1e-2, y: 0.298e9 },
      { x: 1e-4, y: 9.2e9 },
    ],
  });
  const fig = ctx.fig(
    'paper003-pl.svg',
    lineChart({
      title: 'Paper 003: aggregate goodput vs burst loss probability',
      xLabel: 'burst loss probability Pl (data bursts)',
      yLabel: 'aggregate goodput (bit/s)',
      xLog: true,
      yLog: true,
      xDomain: [5e-5, 2e-2],
      yDomain: [1e8, 1e12],
      series,
      legend: 'top-right',
    }),
  );

  const rows = (rs, withTheory) =>
    rs.map((r) => [
      r.pl,
      r.wm,
      withCi(gb(r.g), 2),
      (r.ideal / 1e9).toFixed(2),
      ...(withTheory ? [(theory(r.pl, r.wm, r.rtt) / 1e9).toFixed(2)] : []),
      r.segs.toFixed(0),
      `${r.dropped.toFixed(1)} / ${r.sent.toFixed(0)}`,
      r.fr.toFixed(1),
      r.rtos.toFixed(1),
      (r.rtt * 1e3).toFixed(1),
    ]);
  const headers = (withTheory) => [
    'Pl',
    'Wm',
    'goodput, Gbit/s (95 % CI)',
    'window limit, Gbit/s',
    ...(withTheory ? ['Padhye et al., Gbit/s'] : []),
    'segments per data burst',
    'data bursts lost / sent',
    'fast retransmits (flow 0)',
    'RTOs (flow 0)',
    'RTT, ms (flow 0)',
  ];
  const fast3_64 = fast3.find((p) => p.wm === 64);
  const theory3 = fastEnd.map((c) => ({ wm: c.wm, g: theory(1e-3, c.wm, c.rtt) }));

  return `## Paper 003 — slow (MEMS) vs fast (SOA) paths

**Scenario as set up**: the presets \`paper003-fast\` and \`paper003-slow\`
([presets.md](presets.md#paper003-slow-and-paper003-fast--slow-mems-and-fast-soa-paths-paper-003)),
swept over Pl ∈ {${pls.join(', ')}} and Wm ∈ {${wms.join(', ')}} segments: ingress edge E1 -> one
core C1 -> egress edge E2, one wavelength, hybrid assembly with mixed-flow bursts, JET,
LAUC-VF; N CBR flows of 100 Mbit/s, TCP "sack" (Reno's window rules with SACK recovery:
the paper's "NewReno with SACK"), MSS 512 B. Fast: 40 Gbit/s, N = ${fastCount}, Tmax 0.5 ms,
Lmax 25 KB, set-up 1 us; slow: 10 Gbit/s, N = ${slowCount}, Tmax 10 ms, Lmax 10 MB, set-up
(extra offset) 10 ms. As an ns-2 script draws it (docs/routing.md):
- **each flow its own 100 Mbit/s access link** at both ends (\`access\`), as the paper gives
  every flow "the same access bandwidth B = 100 Mbit/s";
- **ACKs back over a 5 ms electronic packet path** E2-R1-E1, chosen by link cost: the
  paper's ideal throughput MSS · Wm · N / RTT = 5.592 Gbit/s needs a 30 ms RTT on the slow
  path, that is 10 ms assembly + 10 ms offset + 5 ms there + 5 ms back, so its ACKs did not
  cross the MEMS core with its offset. No ACK bursts are sent; Pl acts on data bursts;
- **RTO 30 ms (slow) and 10.5 ms (fast) read as ns-2's \`minrto_\`**, the lower bound of the
  RFC 6298 estimator. Read as a fixed timer, 30 ms expires before the first ACK of a 30 ms
  round trip and times out every segment (the slow preset then carries 0.02 Gbit/s);
- starts spread uniformly over the first Tmax (seeded).

Runs: fast ${fastRes.base.duration} s (the preset: 2 s; short, to keep the sweep near a few CPU minutes, so slow start
weighs on it), slow ${slowRes.base.duration} s, ${fastRes.seeds.length} seeds each.

### The paper's numbers as targets

${table(['what', 'paper', 'target', 'ours', ''], targets)}

**Slow path before any loss: ${miss(slowOpen, 5.592e9, 0.1)}.** With nothing lost, the ${slowCount} flows carry
${(slowOpen / 1e9).toFixed(2)} Gbit/s once their windows are open (1 s to 3 s of a Pl 0 run,
[\`paper003-slow-lossless\`](../validation/specs/paper003-slow-lossless.json)): the window limit at our round trip of
${(slowOpenRtt * 1e3).toFixed(1)} ms, not 30 ms. The paper's 30 ms has no room for the burst itself: a
${(losslessBurst / 1e6).toFixed(1)} MB burst takes ${(((losslessBurst * 8) / 10e9) * 1e3).toFixed(1)} ms to send at 10 Gbit/s, and its segments reach
E2 only as it ends; the 100 Mbit/s access spreads each window over the round trip, so a
segment also waits in assembly. With a small window the bursts are small and the round trip
is the paper's: Wm 16 measures 30.7 ms. Its ideal aggregate would need bursts sent in no
time.

**Mean data burst: ${miss(meanBurst, 6.32e6, 0.2)}** (${(meanBurst / 1e6).toFixed(2)} MB against 6.32 MB; ${lossless.outputs['bursts.data.meanSegments'].toFixed(0)} segments per
burst without loss, where the paper counts 12,360): each round trip's data leaves E1 as two
bursts filled to the 10 MB limit and a smaller one, each carrying segments of all ${slowCount}
flows.

**Fast path, Pl 1e-3: ${fastEnd.every((c) => Math.abs(c.end.mean / 2.2e9 - 1) <= 0.3) ? 'met' : `missed by ${signed(fastWorst.end.mean, 2.2e9)} at worst`}.** The level is the same
for every Wm (largest / smallest ${fastSpread.toFixed(2)}), as the paper finds, and the mechanism is
the paper's: ${f3_512.segs.toFixed(0)} segments per burst, one from each of about ${fast3_64 ? perBurst(fast3_64).toFixed(0) : 'n/a'} flows (recoveries per lost
burst, below), found by triple duplicate ACKs. But our level is that of TCP's square-root
law for that loss: a flow rides in a lost burst with probability Pl per segment sent, and
Padhye et al.'s formula at p = 1e-3, the measured RTT and a 10.5 ms T0 gives
${theory3.map((t) => `${(t.g / 1e9).toFixed(1)}`).join(', ')} Gbit/s for Wm ${wms.join(', ')}; we measure ${fastEnd.map((c) => (c.end.mean / 1e9).toFixed(1)).join(', ')} over ${fastTime.base.duration} s, slow start
included. The paper's 2.2 Gbit/s is ${(theory3.at(-1).g / 2.2e9).toFixed(1)} times below that formula, and its 298 Mbit/s at
Pl 1e-2 ${(theory(1e-2, 64, f2_64.rtt) / 0.298e9).toFixed(0)} times below (table below). Its TCP must have met more loss, or more timeouts,
than a Pl of independent burst losses gives. None of the readings we tried explains it:
over 3 s at Pl 1e-3 and Wm 512 the preset gives 6.1 Gbit/s, a fixed 10.5 ms RTO 5.7, and
ACKs through the core as well (so ACK bursts are lost too) 5.9.

**Fig. 13's crossing: ${crossHolds ? 'met' : crossLate ? 'missed at 1e-3; it comes between 1e-3 and 1e-2' : 'missed'}.** The paper plots fast (Wm 64) against slow (Wm 512): fast
above at low Pl, and from Pl 1e-3 about equal or below. Here fast / slow is ${cross.low.toFixed(2)},
${cross.mid.toFixed(2)} and ${cross.high.toFixed(2)} at Pl 1e-4, 1e-3 and 1e-2 (fast: ${fastRes.base.duration} s runs, slow: ${slowRes.base.duration} s). The fast path
falls faster with Pl than the slow one, as in the paper, but from the higher level of the
square-root law (above), so it meets the slow path one decade of Pl later.

### Goodput vs Pl and Wm

Fast path (${fastRes.base.duration} s runs; "window limit" is min(N · Wm · MSS / RTT, N × 100 Mbit/s) at flow 0's
measured RTT; Padhye et al. as above):

${table(headers(true), rows(fast, true))}

Slow path (${slowRes.base.duration} s runs):

${table(headers(false), rows(slow, false))}

${figure(fig, "Paper 003: aggregate goodput vs Pl for each Wm, fast path (solid) and slow path (dashed), with Padhye et al. for the fast path at Wm 64 (grey) and the paper's two fast-path numbers; bars are 95 % intervals over the seeds.", specs)}

### How losses are found, over every flow

The tables above count flow 0 only. A probe (\`scripts/validate/probes.mjs\`) runs the
same ${fastRes.runs.length} + ${slowRes.runs.length} runs again in the engine's node runner (same specs, same seeds: the same
runs) and sums timeouts and fast retransmits over all ${fastCount} fast or ${slowCount} slow flows.
A fast retransmit here is one loss episode found from the ACKs (three duplicate ACKs, or
SACK blocks saying as much), counted once per episode. Means per run; "by RTO" is RTOs /
(RTOs + fast retransmits) over the point's seeds; "recoveries per lost burst" is (fast
retransmits + RTOs) / data bursts lost: how many flows one lost burst hits.

${table(['Pl', 'Wm', 'fast: data bursts lost', 'fast: fast retransmits', 'fast: RTOs', 'fast: by RTO', 'fast: recoveries per lost burst', 'slow: data bursts lost', 'slow: fast retransmits', 'slow: RTOs', 'slow: by RTO', 'slow: recoveries per lost burst'], detRows)}

**Fast path: each lost burst hits about ${fast3_64 ? perBurst(fast3_64).toFixed(0) : 'n/a'} flows, one segment each, as the paper reckons.**
Each flow's own access paces its segments at 100 Mbit/s, so a 25 KB burst, filled in 5 us
at 40 Gbit/s of arrivals, mixes one segment of each of many flows. (With the sources behind
one shared 40 Gbit/s link, as before this preset was rebuilt, a window left in a train
and a lost burst took runs of segments from 2 or 3 flows.)

**Slow path: ${slowRtoVerdict}.** Over the ${slowRes.runs.length} runs, ${slowAll.rtos} timeouts against ${slowAll.fr} fast
retransmits (${pct(slowShare)} by RTO); by Wm, over every Pl: ${slowByWm.map((w) => `${w.wm}: ${pct(w.share)}`).join(', ')} by RTO. A lost burst holds
segments of every flow (about ${slowCount} recoveries per lost burst), at Wm 512 about ${(lossless.outputs['bursts.data.meanSegments'] / slowCount).toFixed(0)} of each,
as the paper counts (154). With Wm 64 or 128 a flow's whole window rides in one burst, so
nothing follows the hole and every flow times out, as the paper says. With Wm 512 a window
spans the three bursts of a round trip: where segments follow the hole, their SACK blocks
start fast recovery, which (RFC 6675) resends the whole hole within about one round trip,
and a flow times out only when the hole takes the end of its window (the last burst of a
round trip). The paper says every slow-path loss ends in a timeout; its Fig. 5 (Wm 512)
would then have to show none of these fast recoveries.

### Fig. 3 — aggregate throughput vs time (Pl 1e-3)

The paper plots the aggregate average throughput (bytes delivered by all flows since
t = 0, over t) against time for Wm 64, 128, 512 on both paths, at Pl 1e-3. Two small specs
run each Wm at Pl 1e-3 and a probe keeps the aggregate bytes delivered: the fast path for
${fastTime.base.duration} s, ${fastCurves[0].runs} seeds, samples every ${fastTime.every} s; the slow path for ${slowTime.base.duration} s, one seed, the preset's
(${slowRuns[0].seed}), not chosen. Solid: the paper's measure, the average since t = 0; dashed: over
short spans, where losses show.

![Paper 003, Fig. 3, fast path: aggregate throughput vs time at Pl 1e-3 for each Wm.](${fastTimeFig})

*Paper 003, Fig. 3, fast path: aggregate throughput vs time at Pl 1e-3 for each Wm; solid, the average since t = 0, mean of ${fastCurves[0].runs} seeds with 95 % intervals every 0.5 s; dashed, over each ${fastSpan * fastTime.every} s (mean of the seeds); dotted, the paper's level for every Wm.* Drawn by \`npm run validate\` from a probe of [\`validation/specs/paper003-fast-time.json\`](../validation/specs/paper003-fast-time.json) (\`scripts/validate/probes.mjs\` runs the spec's runs in the engine's node runner and keeps the samples, which a sweep does not).

After ${fastTime.base.duration} s the averages are ${fastEnd.map((c) => `Wm ${c.wm} ${withCi(gb(c.end), 1)}`).join(', ')} Gbit/s: as in the
paper they converge to one level whatever Wm, since losses come too often for any window
to reach its limit; the level is the square-root law's (above).

![Paper 003, Fig. 3, slow path: aggregate throughput vs time at Pl 1e-3 for each Wm.](${slowTimeFig})

*Paper 003, Fig. 3, slow path: aggregate throughput vs time at Pl 1e-3 for each Wm, one ${slowTime.base.duration} s run each (seed ${slowRuns[0].seed}); solid, the average since t = 0; dashed, over each ${slowSpan * slowTime.every} s, where a lost burst shows as a dip; dotted, the paper's starting level for Wm 512.* Drawn by \`npm run validate\` from a probe of [\`validation/specs/paper003-slow-time.json\`](../validation/specs/paper003-slow-time.json) (as above).

| Wm | goodput, Gbit/s (${slowTime.base.duration} s) | window limit at our RTT, Gbit/s | data bursts lost / sent | RTOs (all flows) | fast retransmits (all flows) | RTT, ms (flow 0) |
| --- | --- | --- | --- | --- | --- | --- |
${slowRows.map((r) => `| ${r.join(' | ')} |`).join('\n')}

**Slow path: the best is Wm ${slowBest.wm}${slowBest.wm === 512 ? ', as in the paper' : ' (the paper: 512)'}.** Each curve starts at its window limit
N · Wm · MSS / RTT at our RTT, and each lost burst shows as a dip in the dashed curve
as all ${slowCount} flows halve their windows or time out together.

**Verdicts.** Fast path, Pl 1e-2, Wm 64: ${withCi(gb(f2_64.g), 2)} Gbit/s against the paper's 0.298
(${levelVerdict(0.298e9, f2_64.g.mean)}); Pl 1e-4, Wm 128: ${withCi(gb(f4_128.g), 2)} against 9.2 (${levelVerdict(9.2e9, f4_128.g.mean)}; the window limit at our
${(f4_128.rtt * 1e3).toFixed(1)} ms RTT is ${(f4_128.ideal / 1e9).toFixed(1)}). Slow path, Wm 512: ${withCi(gb(s3_512.g), 2)} Gbit/s at Pl 1e-3 and ${withCi(gb(s2_512.g), 2)} at 1e-2.
So: the set-up is now the paper's (per-flow access, ACKs off the core, its RTOs), and with
it the burst contents are the paper's (about 44 segments of 44 flows on the fast path,
hundreds of segments of every flow on the slow one) and so is the fast path's independence
of Wm. The slow path's starting level is ${signed(slowOpen, 5.592e9)} from the paper's for a stated reason (the
bursts' transmission time), and the fast path's levels under loss stay at what TCP's
square-root law gives, above the paper's.
`;
}
