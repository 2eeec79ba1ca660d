/**
 * The Compare tab: two variants of the scenario on screen, each run to its end in a worker
 * of its own (the live run is not disturbed), then their throughput and cwnd overlaid and
 * their summaries side by side. The default pair is the question of paper 000: the same
 * drop probability on data bursts, then on ACK bursts.
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createEngine, type EngineClient } from '@obs-tcp-sim/engine';
import { oneLine, type Scenario, type Summary } from '@obs-tcp-sim/scenario';
import { TCP_VARIANTS } from '@obs-tcp-sim/scenario';
import { formatCount, formatThroughput } from '../format';
import { useScenarioStore } from '../store/storeContext';
import { baseOf, changesOver, runBases, type BaseChoice } from '../store/runBases';
import { StartsFrom } from '../view/StartsFrom';
import { BUTTON_NAMES } from '../view/controlNames';
import { OKABE_ITO } from '../theme';
import { CompareChart } from './CompareChart';
import {
  applySettings,
  change,
  defaultPair,
  seriesOf,
  settingsProblem,
  settingsProblems,
  variedPaths,
  summaryRows,
  type RunSeries,
  type VariantSettings,
} from './variants';
import './compare.css';

interface Outcome {
  summary: Summary;
  series: RunSeries;
}

type Status =
  { kind: 'idle' } | { kind: 'running'; since: number } | { kind: 'done'; seconds: number } | { kind: 'failed'; message: string };

const LABELS = ['A', 'B'] as const;
const COLORS = [OKABE_ITO.blue, OKABE_ITO.vermillion];
const DASHES = [undefined, '7 4'];
/** The two burst losses set per variant: the field, its name, and the test id's word. */
const LOSS_ROWS = [
  { field: 'dataLoss', name: 'Data-burst loss', id: 'data' },
  { field: 'ackLoss', name: 'ACK-burst loss', id: 'ack' },
] as const;

export function CompareArea() {
  const store = useScenarioStore();
  const storeState = useSyncExternalStore(store.subscribe, store.getState);
  const bases = useMemo(() => runBases(storeState), [storeState]);
  const [baseChoice, setBaseChoice] = useState<BaseChoice>('watched');
  const [pair, setPair] = useState<[VariantSettings, VariantSettings]>(() => defaultPair(store.scenario));
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [outcomes, setOutcomes] = useState<[Outcome, Outcome] | null>(null);
  const engines = useRef<EngineClient[]>([]);
  const [, tick] = useState(0);

  const stop = () => {
    for (const e of engines.current.splice(0)) e.dispose();
  };
  useEffect(() => stop, []);
  useEffect(() => {
    if (status.kind !== 'running') return;
    const timer = setInterval(() => tick((n) => n + 1), 250);
    return () => clearInterval(timer);
  }, [status.kind]);

  const problem = settingsProblem(pair[0], 'A') ?? settingsProblem(pair[1], 'B');
  const problems = pair.map(settingsProblems);

  const run = async () => {
    stop();
    const base: Scenario = baseOf(bases, baseChoice);
    const scenarios = pair.map((v, i) => applySettings(base, v, `variant ${LABELS[i]}`));
    const since = performance.now();
    setStatus({ kind: 'running', since });
    setOutcomes(null);
    // One worker per variant: on two cores both run at once.
    const mine = scenarios.map(() => createEngine());
    engines.current = mine;
    try {
      const results = await Promise.all(mine.map((engine, i) => engine.runToEnd(scenarios[i], { samples: true })));
      if (engines.current !== mine) return; // cancelled or started again
      setOutcomes(results.map((r) => ({ summary: r.summary, series: seriesOf(r.samples!) })) as [Outcome, Outcome]);
      setStatus({ kind: 'done', seconds: (performance.now() - since) / 1000 });
    } catch (error) {
      if (engines.current === mine) setStatus({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    } finally {
      for (const e of mine) e.dispose();
      if (engines.current === mine) engines.current = [];
    }
  };

  const cancel = () => {
    stop();
    setStatus({ kind: 'idle' });
  };

  const set = (i: number, patch: Partial<VariantSettings>) =>
    setPair((p) => p.map((v, k) => (k === i ? { ...v, ...patch } : v)) as [VariantSettings, VariantSettings]);

  const rows = outcomes
    ? summaryRows(outcomes[0].summary, outcomes[1].summary, {
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
              <VariantRow key={row.field} head={`${row.name} (%)`} pair={pair}>
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
          {status.kind === 'running' && (
            <button type="button" onClick={cancel}>
              Cancel
            </button>
          )}
          <span className="compare-status" role="status" data-testid="compare-status" data-state={status.kind}>
            {problem !== null
              ? oneLine(problem)
              : status.kind === 'running'
                ? `Running both to the end… ${((performance.now() - status.since) / 1000).toFixed(1)} s`
                : status.kind === 'done'
                  ? `Both ran to the end in ${status.seconds.toFixed(1)} s of wall time.`
                  : status.kind === 'failed'
                    ? `Could not run: ${oneLine(status.message)}`
                    : 'Each variant runs to the end in a worker of its own; the run above goes on.'}
          </span>
        </div>
        {outcomes && (
          <table className="compare-table" data-testid="compare-table">
            <thead>
              <tr>
                <th scope="col">Summary</th>
                <th scope="col" style={{ color: COLORS[0] }}>
                  A
                </th>
                <th scope="col" style={{ color: COLORS[1] }}>
                  B
                </th>
                <th scope="col">B vs A</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.label}>
                  <th scope="row">{r.label}</th>
                  <td>{r.a === undefined ? '–' : r.format(r.a)}</td>
                  <td>{r.b === undefined ? '–' : r.format(r.b)}</td>
                  <td>{change(r.a, r.b)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <div className="compare-charts">
        {outcomes ? (
          <>
            <CompareChart
              testId="compare-throughput"
              title="throughput, all flows (Mbit/s, mean over 0.5 s)"
              divide={1e6}
              lines={outcomes.map((o, i) => ({
                label: LABELS[i],
                color: COLORS[i],
                dash: DASHES[i],
                t: o.series.t,
                y: o.series.throughput,
              }))}
            />
            <CompareChart
              testId="compare-cwnd"
              title="cwnd, mean over the flows (segments)"
              lines={outcomes.map((o, i) => ({ label: LABELS[i], color: COLORS[i], dash: DASHES[i], t: o.series.t, y: o.series.cwnd }))}
            />
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
