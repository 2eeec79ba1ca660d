/**
 * The Compare tab: two variants of the scenario on screen, each run to its end with a few
 * seeds on a pool of workers (the live run is not disturbed), then their throughput and
 * cwnd (means over the seeds) overlaid and their summaries side by side, each a mean with
 * its 95 % interval, and a sentence saying whether the goodput differs by more than the
 * noise. A and B are named by what differs between them. The default pair is the question
 * of paper 000: the same drop probability on data bursts, then on ACK bursts.
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createEngine, runPool, type PoolHandle } from '@obs-tcp-sim/engine';
import { oneLine, type Scenario, type Summary } from '@obs-tcp-sim/scenario';
import { describeSamples } from '@obs-tcp-sim/sweep';
import { TCP_VARIANTS } from '@obs-tcp-sim/scenario';
import { formatChange, formatCount, formatThroughput } from '../format';
import { useScenarioStore } from '../store/storeContext';
import { baseOf, changesOver, runBases, type BaseChoice } from '../store/runBases';
import { StartsFrom } from '../view/StartsFrom';
import { useKeptState } from '../view/keptForms';
import { BUTTON_NAMES } from '../view/controlNames';
import { OKABE_ITO } from '../theme';
import { CompareChart } from './CompareChart';
import { differenceOf, differenceSentence, withinNoise } from './noise';
import { sideNames } from './sideNames';
import { poolSize } from '../sweep/engineWorkerPool';
import { settleBatch, type BatchStatus } from '../sweep/batchStatus';
import {
  applySettings,
  defaultPair,
  meanSeries,
  seriesOf,
  settingsProblem,
  settingsProblems,
  seedsProblem,
  variedPaths,
  summaryRows,
  type RunSeries,
  type VariantSettings,
} from './variants';
import './compare.css';

interface Outcome {
  /** One per seed. */
  summaries: Summary[];
  /** Means over the seeds. */
  series: RunSeries;
}

/** Seeds per side by default: enough for a first 95 % interval. */
const DEFAULT_SEEDS = '3';

const LABELS = ['A', 'B'] as const;
const COLORS = [OKABE_ITO.blue, OKABE_ITO.vermillion];
const DASHES = [undefined, '7 4'];
/** The two burst losses set per variant: the field, its name, its row's short head (one line in a lesson's narrow column), and the test id's word. */
const LOSS_ROWS = [
  { field: 'dataLoss', name: 'Data-burst loss', head: 'Data loss (%)', id: 'data' },
  { field: 'ackLoss', name: 'ACK-burst loss', head: 'ACK loss (%)', id: 'ack' },
] as const;

export function CompareArea() {
  const store = useScenarioStore();
  const storeState = useSyncExternalStore(store.subscribe, store.getState);
  const bases = useMemo(() => runBases(storeState), [storeState]);
  // Kept across tabs and loads; a lesson step or a Show me starts them over (keptForms.ts).
  const [baseChoice, setBaseChoice] = useKeptState<BaseChoice>(store, 'compare.base', () => 'watched');
  const [pair, setPair] = useKeptState<[VariantSettings, VariantSettings]>(store, 'compare.pair', () => defaultPair(store.scenario));
  const [seeds, setSeeds] = useKeptState(store, 'compare.seeds', () => DEFAULT_SEEDS);
  const [status, setStatus] = useState<BatchStatus>({ kind: 'idle' });
  const [outcomes, setOutcomes] = useState<{ sides: [Outcome, Outcome]; names: [string, string] } | null>(null);
  const running = useRef<PoolHandle | null>(null);
  const [, tick] = useState(0);
  const table = useRef<HTMLDivElement>(null);
  // The results come under the settings: on a 720-line projector below the fold. Bring them
  // into view when they come (only this column scrolls: block 'nearest').
  useEffect(() => {
    if (outcomes) table.current?.scrollIntoView({ block: 'nearest' });
  }, [outcomes]);

  const stop = () => {
    running.current?.cancel();
    running.current = null;
  };
  useEffect(() => stop, []);
  useEffect(() => {
    if (status.kind !== 'running') return;
    const timer = setInterval(() => tick((n) => n + 1), 250);
    return () => clearInterval(timer);
  }, [status.kind]);

  const seedsRefused = seedsProblem(seeds, pair);
  const problem = settingsProblem(pair[0], 'A') ?? settingsProblem(pair[1], 'B') ?? seedsRefused;
  const names = sideNames(pair);
  const problems = pair.map(settingsProblems);

  const run = async () => {
    stop();
    const base: Scenario = baseOf(bases, baseChoice);
    const n = Number(seeds);
    const runNames = names;
    // Both sides run the same seeds (their first, then the next ones): differences in the
    // random draws are not mistaken for differences between the settings.
    const jobs = pair.flatMap((v, side) =>
      Array.from({ length: n }, (_, k) => ({ side, k, scenario: applySettings(base, { ...v, seed: v.seed + k }, runNames[side]) })),
    );
    const since = performance.now();
    setStatus({ kind: 'running', since, done: 0, total: jobs.length });
    setOutcomes(null);
    const found: Array<Array<{ summary: Summary; series: RunSeries }>> = [[], []];
    let done = 0;
    const pool = runPool<(typeof jobs)[number], { summary: Summary; series: RunSeries }>({
      jobs,
      size: poolSize(),
      spawn: () => {
        const engine = createEngine();
        return {
          run: async (job) => {
            const r = await engine.runToEnd(job.scenario, { samples: true });
            return { summary: r.summary, series: seriesOf(r.samples!) };
          },
          dispose: () => engine.dispose(),
        };
      },
      onResult: (job, result) => {
        found[job.side][job.k] = result;
        if (running.current === pool) setStatus({ kind: 'running', since, done: ++done, total: jobs.length });
      },
    });
    running.current = pool;
    await settleBatch(running, pool, pool.done, since, setStatus, () => {
      const sides = found.map((runs) => ({ summaries: runs.map((r) => r.summary), series: meanSeries(runs.map((r) => r.series)) }));
      setOutcomes({ sides: sides as [Outcome, Outcome], names: runNames });
    });
  };

  const cancel = () => {
    stop();
    setStatus({ kind: 'idle' });
  };

  const set = (i: number, patch: Partial<VariantSettings>) =>
    setPair((p) => p.map((v, k) => (k === i ? { ...v, ...patch } : v)) as [VariantSettings, VariantSettings]);

  const rows = outcomes
    ? summaryRows(outcomes.sides[0].summaries, outcomes.sides[1].summaries, {
        rate: (x) => formatThroughput(x),
        count: (x) => formatCount(x),
        ms: (x) => `${(x * 1000).toFixed(2)} ms`,
        plain: (x) => x.toFixed(1),
      })
    : [];

  return (
    <div className="compare" data-testid="compare">
      <div className="compare-side">
        <StartsFrom
          bases={bases}
          choice={baseChoice}
          onChoice={setBaseChoice}
          overridden={changesOver(bases, [...new Set(pair.flatMap((v) => variedPaths(bases.now, v)))])}
          testId="compare-base"
        />
        <table className="compare-settings">
          <thead>
            <tr>
              <th scope="col">Variant</th>
              {LABELS.map((l, i) => (
                <th key={l} scope="col" style={{ color: COLORS[i] }}>
                  {l}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {LOSS_ROWS.map((row) => (
              <VariantRow key={row.field} head={row.head} pair={pair}>
                {(v, i) => (
                  <SettingInput
                    value={v[row.field]}
                    percent
                    label={`${row.name} of ${LABELS[i]}`}
                    testId={`compare-${row.id}-${LABELS[i]}`}
                    problem={problems[i][row.field]}
                    onChange={(p) => set(i, { [row.field]: p })}
                  />
                )}
              </VariantRow>
            ))}
            <VariantRow head="TCP" pair={pair}>
              {(v, i) => (
                <select value={v.tcp} aria-label={`TCP variant of ${LABELS[i]}`} onChange={(e) => set(i, { tcp: e.currentTarget.value })}>
                  <option value="">each flow's own</option>
                  {TCP_VARIANTS.map((t) => (
                    <option key={t} value={t}>
                      {t}
                    </option>
                  ))}
                </select>
              )}
            </VariantRow>
            <VariantRow head="Seed" pair={pair}>
              {(v, i) => (
                <SettingInput
                  value={v.seed}
                  label={`Seed of ${LABELS[i]}`}
                  testId={`compare-seed-${LABELS[i]}`}
                  problem={problems[i].seed}
                  onChange={(seed) => set(i, { seed })}
                />
              )}
            </VariantRow>
          </tbody>
        </table>
        <div className="compare-actions">
          <button
            type="button"
            className="primary"
            data-testid="compare-run"
            disabled={problem !== null || status.kind === 'running'}
            onClick={() => void run()}
          >
            {BUTTON_NAMES.runCompare}
          </button>
          {/* Beside the button, not a row of the table: the button stays above the fold of a 720-line projector. */}
          <label className="compare-seeds">
            <input
              type="text"
              inputMode="numeric"
              value={seeds}
              data-testid="compare-seeds"
              aria-invalid={seedsRefused ? true : undefined}
              aria-describedby={seedsRefused ? 'compare-seeds-problem' : undefined}
              onChange={(e) => setSeeds(e.currentTarget.value)}
            />
            seeds per side
          </label>
          {status.kind === 'running' && (
            <button type="button" onClick={cancel}>
              Cancel
            </button>
          )}
          {seedsRefused && (
            <span className="field-error compare-field-problem" id="compare-seeds-problem" role="alert" data-testid="compare-seeds-problem">
              {seedsRefused}
            </span>
          )}
          <span className="compare-status" role="status" data-testid="compare-status" data-state={status.kind}>
            {problem !== null
              ? oneLine(problem)
              : status.kind === 'running'
                ? `${status.done} of ${status.total} runs to the end… ${((performance.now() - status.since) / 1000).toFixed(1)} s`
                : status.kind === 'done'
                  ? `${outcomes ? outcomes.sides[0].summaries.length * 2 : ''} runs to the end in ${status.seconds.toFixed(1)} s of wall time.`
                  : status.kind === 'failed'
                    ? `Could not run: ${oneLine(status.message)}`
                    : `Each side runs to the end ${Number(seeds) === 1 ? 'once' : `with ${seeds} seeds`}, on ${poolSize()} workers; the run above goes on.`}
          </span>
        </div>
        {outcomes && (
          <div className="compare-results" ref={table}>
            <p className="compare-verdict" data-testid="compare-verdict">
              {differenceSentence('goodput', inSentence(outcomes.names), rows[0].a, rows[0].b, formatThroughput)}
            </p>
            <table className="compare-table" data-testid="compare-table">
              <thead>
                <tr>
                  <th scope="col">Summary{outcomes.sides[0].summaries.length > 1 ? ' (mean ± 95 % interval)' : ''}</th>
                  {outcomes.names.map((name, i) => (
                    <th key={name} scope="col" style={{ color: COLORS[i] }}>
                      {name}
                    </th>
                  ))}
                  <th scope="col">B vs A</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.label}>
                    <th scope="row">{r.label}</th>
                    <MeanCell values={r.a} format={r.format} />
                    <MeanCell values={r.b} format={r.format} />
                    <td>{versus(r.a, r.b)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <div className="compare-charts">
        {outcomes ? (
          <>
            <CompareChart
              testId="compare-throughput"
              title="throughput, all flows (Mbit/s, mean over 0.5 s)"
              divide={1e6}
              lines={sideLines(outcomes, 'throughput')}
            />
            <CompareChart testId="compare-cwnd" title="cwnd, mean over the flows (segments)" lines={sideLines(outcomes, 'cwnd')} />
          </>
        ) : (
          <p className="compare-empty">The two runs' throughput and cwnd will be drawn here, one over the other.</p>
        )}
      </div>
    </div>
  );
}

/**
 * A number of a variant, edited as text (a probability as a percentage): the text is
 * kept as typed, so a refused value stays to be corrected, and its problem (settingsProblems,
 * the side panel's words) is said under the box. Text that is not a number is NaN.
 */
function SettingInput({
  value,
  percent = false,
  onChange,
  label,
  testId,
  problem,
}: {
  value: number;
  percent?: boolean;
  onChange: (v: number) => void;
  label: string;
  testId: string;
  problem?: string;
}) {
  const [text, setText] = useState(() => String(percent ? +(value * 100).toPrecision(6) : value));
  const problemId = `${testId}-problem`;
  return (
    <>
      <input
        type="text"
        inputMode="decimal"
        value={text}
        aria-label={label}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        data-testid={testId}
        onChange={(e) => {
          const next = e.currentTarget.value;
          setText(next);
          const n = next.trim() === '' ? NaN : Number(next);
          onChange(percent ? n / 100 : n);
        }}
      />
      {problem && (
        <span className="field-error compare-field-problem" id={problemId} role="alert" data-testid={problemId}>
          {problem}
        </span>
      )}
    </>
  );
}

/** One chart's two lines: each side's mean series of `what`, named, coloured and dashed as the table's heads. */
function sideLines(outcomes: { sides: readonly Outcome[]; names: readonly string[] }, what: 'throughput' | 'cwnd') {
  return outcomes.sides.map((o, i) => ({ label: outcomes.names[i], color: COLORS[i], dash: DASHES[i], t: o.series.t, y: o.series[what] }));
}

/** "A: data loss 1 %" as a sentence says it: "A (data loss 1 %)". */
function inSentence(names: readonly [string, string]): [string, string] {
  return names.map((n) => n.replace(/^([AB]): (.*)$/, '$1 ($2)')) as [string, string];
}

/** A side's mean over its seeds, with its 95 % interval under it (none with one seed). */
function MeanCell({ values, format }: { values: readonly number[]; format: (x: number) => string }) {
  const stats = describeSamples(values);
  if (stats.mean === null) return <td>–</td>;
  return (
    <td>
      <span className="compare-mean">{format(stats.mean)}</span>
      {stats.ci95 !== null && <span className="compare-ci">± {format(stats.ci95)}</span>}
    </td>
  );
}

/** B against A: the change of the means, and whether it is within the noise of the seeds. */
function versus(a: readonly number[], b: readonly number[]): string {
  const ma = describeSamples(a).mean ?? undefined;
  const mb = describeSamples(b).mean ?? undefined;
  const words = formatChange(ma, mb);
  const d = differenceOf(a, b);
  return words && d && d.low !== null && withinNoise(d) ? `${words} (within noise)` : words;
}

/** A row of the settings table: its head, then one cell per variant, A and B. */
function VariantRow({
  head,
  pair,
  children,
}: {
  head: string;
  pair: readonly VariantSettings[];
  children: (v: VariantSettings, i: number) => ReactNode;
}) {
  return (
    <tr>
      <th scope="row">{head}</th>
      {pair.map((v, i) => (
        <td key={i}>{children(v, i)}</td>
      ))}
    </tr>
  );
}
