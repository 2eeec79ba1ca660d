/**
 * The Compare tab: two variants of the scenario on screen, each run to its end in a worker
 * of its own (the live run is not disturbed), then their throughput and cwnd overlaid and
 * their summaries side by side. The default pair is the question of paper 000: the same
 * drop probability on data bursts, then on ACK bursts.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createEngine, type EngineClient } from '@obs-tcp-sim/engine';
import { oneLine, type Scenario, type Summary } from '@obs-tcp-sim/scenario';
import { TCP_VARIANTS } from '@obs-tcp-sim/scenario';
import { formatCount, formatThroughput } from '../format';
import { useScenarioStore } from '../store/storeContext';
import { BUTTON_NAMES } from '../view/controlNames';
import { OKABE_ITO } from '../theme';
import { CompareChart } from './CompareChart';
import {
  applySettings,
  change,
  defaultPair,
  seriesOf,
  settingsProblem,
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
  const [pair, setPair] = useState<[VariantSettings, VariantSettings]>(() => defaultPair(store.scenario));
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [outcomes, setOutcomes] = useState<[Outcome, Outcome] | null>(null);
  const engines = useRef<EngineClient[]>([]);
  const [, tick] = useState(0);
  const table = useRef<HTMLTableElement>(null);
  // The results come under the settings: on a 720-line projector below the fold. Bring them
  // into view when they come (only this column scrolls: block 'nearest').
  useEffect(() => {
    if (outcomes) table.current?.scrollIntoView({ block: 'nearest' });
  }, [outcomes]);

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

  const run = async () => {
    stop();
    const base: Scenario = store.scenario;
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
                  <PercentInput
                    value={v[row.field]}
                    label={`${row.name} of ${LABELS[i]}`}
                    testId={`compare-${row.id}-${LABELS[i]}`}
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
                <input
                  type="number"
                  min={0}
                  step={1}
                  value={v.seed}
                  aria-label={`Seed of ${LABELS[i]}`}
                  onChange={(e) => set(i, { seed: Number(e.currentTarget.value) })}
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
          <table className="compare-table" data-testid="compare-table" ref={table}>
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

/** A probability edited as a percentage; refuses what is not a number from 0 to 100. */
function PercentInput({ value, onChange, label, testId }: { value: number; onChange: (p: number) => void; label: string; testId: string }) {
  const [text, setText] = useState(() => String(+(value * 100).toPrecision(6)));
  const parsed = Number(text);
  const valid = text.trim() !== '' && parsed >= 0 && parsed <= 100;
  return (
    <input
      type="number"
      min={0}
      max={100}
      step={0.1}
      value={text}
      aria-label={label}
      aria-invalid={!valid}
      data-testid={testId}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setText(next);
        const p = Number(next);
        onChange(next.trim() !== '' && p >= 0 && p <= 100 ? p / 100 : NaN);
      }}
    />
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
