/**
 * The Sweep tab: one parameter of the scenario on screen over a range, a few seeds per
 * value, every run on a pool of workers (one per core); the chosen output plotted with its
 * 95 % confidence interval, raw or normalised to the first value as the papers draw it.
 * The spec and the table download; the CLI runs the same spec to the same numbers
 * (`npx obs-sim sweep spec.json`, docs/sweeps.md).
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { oneLine, PRESETS, scenarioSchema, type Scenario, type ScenarioFile } from '@obs-tcp-sim/scenario';
import {
  expandSweep,
  resolveSweepSpec,
  summarizeSweep,
  sweepCsv,
  sweepRun,
  sweepRunCount,
  type Sweep,
  type SweepResults,
} from '@obs-tcp-sim/sweep';
import { download } from '../files/download';
import { fileStem, jsonText } from '../files/exports';
import { useScenarioStore } from '../store/storeContext';
import { useSimState } from '../sim/simContext';
import { baseOf, changesAfter, changesOver, runBases, type BaseChoice } from '../store/runBases';
import { StartsFrom } from '../view/StartsFrom';
import { useKeptState } from '../view/keptForms';
import { overlayFor, runModels, type RunModels } from '../theory/sweepOverlay';
import { poolSize, runOnPool, type PoolRun } from './engineWorkerPool';
import { settleBatch, type BatchStatus } from './batchStatus';
import { whyNotLog } from './plotScales';
import { plotPoints, SweepPlot } from './SweepPlot';
import { theoryOverlays } from './sweepTheory';
import { APP_VERSION, ENGINE_BUILD } from '../share/provenance';
import { ESTIMATE_FROM_RUNS, estimateSweep, formatWallTime } from './sweepEstimate';
import { checkSweepForm, defaultRange, outputChoices, parameterChoices, specOf, type SweepField, type SweepFormState } from './sweepForm';
import './sweep.css';

/**
 * A sweep's scenario as its spec wrote it, with the engine's defaults filled in (the schema's
 * output), for what reads every field: the trial run's duration, the closed forms' flows.
 */
const complete = (scenario: ScenarioFile): Scenario => scenarioSchema.parse(scenario);

export function SweepArea() {
  const store = useScenarioStore();
  const { routes } = useSimState();
  const storeState = useSyncExternalStore(store.subscribe, store.getState);
  const scenario = storeState.scenario;
  const bases = useMemo(() => runBases(storeState), [storeState]);
  const [baseChoice, setBaseChoice] = useKeptState<BaseChoice>(store, 'sweep.base', () => 'watched');
  const choices = useMemo(() => parameterChoices(scenario), [scenario]);
  const outputs = useMemo(() => outputChoices(scenario), [scenario]);
  const [kept, setForm] = useKeptState<SweepFormState>(store, 'sweep.form', () => ({
    choice: 0,
    customPath: '',
    from: '0',
    to: '1',
    steps: '6',
    spacing: 'even',
    seeds: '5',
    output: 'aggregate.goodput',
    duration: '',
  }));
  // Another scenario may offer fewer parameters: past the list, the first.
  const form = kept.choice < choices.length ? kept : { ...kept, choice: 0 };
  const [normalised, setNormalised] = useKeptState(store, 'sweep.normalised', () => true);
  const [logX, setLogX] = useKeptState(store, 'sweep.logX', () => false);
  const [logY, setLogY] = useKeptState(store, 'sweep.logY', () => false);
  const [closedForm, setClosedForm] = useKeptState(store, 'sweep.closedForm', () => true);
  /** Each run's closed-form values (by run index), from its whole summary; null when none applies. */
  const [theoryRuns, setTheoryRuns] = useState<Map<number, RunModels> | null>(null);
  const [status, setStatus] = useState<BatchStatus>({ kind: 'idle' });
  const [results, setResults] = useState<SweepResults | null>(null);
  const running = useRef<PoolRun | null>(null);
  useEffect(() => () => running.current?.cancel(), []);

  const choice = choices[form.choice];
  // What the runs start from: the run as watched (its live changes replayed) or the values now.
  const runsEnd = form.duration.trim() !== '' && Number(form.duration) > 0 ? Number(form.duration) : undefined;
  const base = baseOf(bases, baseChoice, runsEnd);
  const spec = specOf(base, form, choices);
  const checked = checkSweepForm(base, form, choices);
  const found = checked.problem;
  const problem = found?.message ?? null;
  /** The problem's words under the box it belongs to (the status line says it too). */
  const under = (field: SweepField) => (found?.field === field ? found.message : undefined);
  const resolved: Sweep | null = checked.sweep;
  const runCount = resolved ? sweepRunCount(resolved) : 0;
  // A sweep of many runs says how long it would take before it starts (a timed trial run).
  const estimateFor = resolved !== null && runCount >= ESTIMATE_FROM_RUNS && status.kind !== 'running' ? resolved.hash : '';
  const [estimate, setEstimate] = useState<{ hash: string; text: string } | null>(null);
  const toEstimate = useRef<Sweep | null>(null);
  toEstimate.current = resolved;
  useEffect(() => {
    const sweep = toEstimate.current;
    if (!estimateFor || !sweep) return;
    let stale = false;
    // After the form settles: typing a number of seeds digit by digit runs one trial.
    const timer = setTimeout(() => {
      const count = sweepRunCount(sweep);
      estimateSweep(complete(sweepRun(sweep, Math.floor(count / 2)).scenario), count, poolSize(), () => stale)
        .then((e) => {
          if (!stale && e) setEstimate({ hash: estimateFor, text: `${formatWallTime(e.seconds)} on ${poolSize()} workers` });
        })
        .catch(() => {
          if (!stale) setEstimate({ hash: estimateFor, text: 'no estimate: the trial run failed' });
        });
    }, 600);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [estimateFor]);
  const estimateText = estimateFor === '' ? null : estimate?.hash === estimateFor ? estimate.text : 'timing a trial run…';

  const start = async () => {
    running.current?.cancel();
    let sweep;
    try {
      sweep = resolveSweepSpec(spec, { presets: PRESETS });
    } catch {
      return;
    }
    const runs = expandSweep(sweep);
    const since = performance.now();
    setResults(null);
    setTheoryRuns(null);
    setStatus({ kind: 'running', done: 0, total: runs.length, since });
    const output = sweep.outputs[0];
    // Whether a closed form may fit, from the base alone: each run's routes (the engine's,
    // for that run's scenario) decide the rest.
    const models = overlayFor(complete(sweep.base), output, null).kind !== 'none' ? new Map<number, RunModels>() : null;
    const pool = runOnPool(
      sweep,
      runs,
      (p) => setStatus({ kind: 'running', ...p, since }),
      undefined,
      undefined,
      (run, summary, routes) => models?.set(run.index, runModels(complete(run.scenario), summary, output, routes)),
    );
    running.current = pool;
    await settleBatch(running, pool, pool.results, since, setStatus, (found) => {
      // What made them, as the CLI's sweeps say it (their CSV's last columns).
      setResults({ ...summarizeSweep(sweep, found), engine: ENGINE_BUILD, version: APP_VERSION });
      setTheoryRuns(models);
    });
  };

  const cancel = () => {
    running.current?.cancel();
    running.current = null;
    setStatus({ kind: 'idle' });
  };

  const set = (patch: Partial<SweepFormState>) => setForm((f) => ({ ...f, ...patch }));
  const out = outputs.find((o) => o.path === (results?.sweep.outputs[0] ?? form.output)) ?? outputs[0];
  const percent = choice?.percent ?? false;
  const xLabel = choice ? choice.label + (percent ? ' (%)' : '') : form.customPath;
  const yLabel = normalised ? `normalised ${out.label}` : `${out.label}${out.unit ? ` (${out.unit})` : ''}`;
  const points = results ? plotPoints(results.points, 0, normalised, percent ? 100 : 1, out.divide) : [];
  // The closed form that fits the output chosen (what the next run will draw), on the
  // routes the engine took for the scenario on screen.
  const decision = overlayFor(scenario, form.output, routes);
  const overlays =
    results && closedForm && theoryRuns
      ? theoryOverlays(results, theoryRuns, {
          normalised,
          xScale: percent ? 100 : 1,
          yDivide: out.divide,
          unit: normalised ? '' : out.unit,
        })
      : [];
  const noLogX = whyNotLog(
    points.map((p) => p.x),
    'value of the parameter',
  );
  const noLogY = whyNotLog([...points.map((p) => p.mean), ...overlays.flatMap((o) => o.points.map((p) => p.y))], 'plotted value');
  const stem = fileStem(scenario);

  return (
    <div className="sweep" data-testid="sweep">
      <form
        className="sweep-form"
        onSubmit={(e) => {
          e.preventDefault();
          void start();
        }}
      >
        <StartsFrom
          bases={bases}
          choice={baseChoice}
          onChoice={setBaseChoice}
          overridden={changesOver(bases, choice ? choice.paths : [form.customPath.trim()])}
          leftOut={changesAfter(bases, runsEnd)}
          testId="sweep-base"
        />
        <label>
          Parameter
          <select
            value={form.choice}
            data-testid="sweep-parameter"
            onChange={(e) => {
              const next = Number(e.currentTarget.value);
              set({ choice: next, ...defaultRange(scenario, choices[next]) });
            }}
          >
            {choices.map((c, i) => (
              <option key={c.paths.join('+')} value={i}>
                {c.label}
              </option>
            ))}
            <option value={-1}>another field (path)…</option>
          </select>
        </label>
        {form.choice === -1 && (
          <label>
            Path
            <input
              value={form.customPath}
              placeholder="e.g. links[f1].rate"
              data-testid="sweep-path"
              aria-invalid={under('path') ? true : undefined}
              aria-describedby={under('path') ? 'sweep-path-problem' : undefined}
              onChange={(e) => set({ customPath: e.currentTarget.value })}
            />
            <FieldProblem id="sweep-path-problem" text={under('path')} />
          </label>
        )}
        <div className="sweep-range">
          <FormNumber field="from" problem={under('from')} step="any" form={form} set={set}>
            From{percent && ' (%)'}
          </FormNumber>
          <FormNumber field="to" problem={under('to')} step="any" form={form} set={set}>
            To{percent && ' (%)'}
          </FormNumber>
          <FormNumber field="steps" problem={under('steps')} min={2} step={1} form={form} set={set}>
            Values
          </FormNumber>
          <label>
            Spread
            <select
              value={form.spacing ?? 'even'}
              data-testid="sweep-spacing"
              onChange={(e) => set({ spacing: e.currentTarget.value as 'even' | 'factor' })}
            >
              <option value="even">evenly</option>
              <option value="factor">by a factor (log)</option>
            </select>
          </label>
          <FormNumber field="seeds" problem={under('seeds')} min={1} step={1} form={form} set={set}>
            Seeds
          </FormNumber>
        </div>
        <label>
          Output
          <select value={form.output} data-testid="sweep-output" onChange={(e) => set({ output: e.currentTarget.value })}>
            {outputs.map((o) => (
              <option key={o.path} value={o.path}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Simulated time per run (s)
          <input
            type="number"
            min={0}
            step="any"
            value={form.duration}
            placeholder={String(scenario.duration)}
            data-testid="sweep-duration"
            aria-invalid={under('duration') ? true : undefined}
            aria-describedby={under('duration') ? 'sweep-duration-problem' : undefined}
            onChange={(e) => set({ duration: e.currentTarget.value })}
          />
          <FieldProblem id="sweep-duration-problem" text={under('duration')} />
        </label>
        <SweepCheck
          label="normalised to the first value (as the papers)"
          checked={normalised}
          testId="sweep-normalised"
          onChange={setNormalised}
        />
        <div className="sweep-axes">
          <SweepCheck
            label="log x axis"
            checked={logX && !noLogX}
            disabled={noLogX !== null}
            title={noLogX ?? 'Parameter values on a log scale'}
            testId="sweep-log-x"
            onChange={setLogX}
          />
          <SweepCheck
            label="log y axis"
            checked={logY && !noLogY}
            disabled={noLogY !== null}
            title={noLogY ?? 'The output on a log scale'}
            testId="sweep-log-y"
            onChange={setLogY}
          />
        </div>
        <SweepCheck label="closed form over the points" checked={closedForm} testId="sweep-closed-form" onChange={setClosedForm} />
        {closedForm && (
          <p className="sweep-theory-note" data-testid="sweep-theory-note" data-kind={decision.kind}>
            {decision.kind === 'tcp'
              ? 'Padhye and Mathis at each run’s measured loss-event rate and RTT, averaged over its seeds (docs/theory.md).'
              : decision.kind === 'erlang'
                ? 'Erlang-B on each fiber of the background’s route, for each point’s wavelengths and offered load (docs/theory.md).' +
                  (decision.routesUnknown
                    ? ` Whether the routes fit it is not known yet (${decision.routesUnknown}): each run’s own routes decide.`
                    : '')
                : `None drawn: ${decision.reason}.`}
          </p>
        )}
        <div className="sweep-actions">
          <button type="submit" className="primary" data-testid="sweep-run" disabled={problem !== null || status.kind === 'running'}>
            Run {runCount > 0 ? `${runCount} runs` : ''}
          </button>
          {status.kind === 'running' && (
            <button type="button" data-testid="sweep-cancel" onClick={cancel}>
              Cancel
            </button>
          )}
        </div>
        <p className="sweep-status" role="status" data-testid="sweep-status" data-state={status.kind}>
          {problem !== null
            ? oneLine(problem)
            : status.kind === 'running'
              ? `${status.done} of ${status.total} runs, on ${poolSize()} workers`
              : status.kind === 'done'
                ? `${results?.runs.length} runs in ${status.seconds.toFixed(1)} s of wall time.`
                : status.kind === 'failed'
                  ? `Stopped: ${oneLine(status.message)}`
                  : `${runCount} runs of ${form.duration || scenario.duration} simulated seconds, on ${poolSize()} workers${estimateText ? `: ${estimateText}` : ''}.`}
        </p>
        {status.kind === 'running' && <progress max={status.total} value={status.done} data-testid="sweep-progress" />}
        <div className="sweep-actions">
          <button
            type="button"
            disabled={!results}
            data-testid="sweep-csv"
            onClick={() => results && download(`${stem}-sweep.csv`, sweepCsv(results), 'text/csv')}
          >
            Table (CSV)
          </button>
          <button
            type="button"
            disabled={problem !== null}
            data-testid="sweep-spec"
            onClick={() => download(`${stem}-sweep.json`, jsonText(spec), 'application/json')}
          >
            Spec for the CLI (JSON)
          </button>
        </div>
      </form>
      <div className="sweep-result">
        {results ? (
          <SweepPlot points={points} xLabel={xLabel} yLabel={yLabel} logX={logX && !noLogX} logY={logY && !noLogY} overlays={overlays} />
        ) : (
          <p className="sweep-empty">The mean of each value, with its 95 % confidence interval over the seeds, is drawn here.</p>
        )}
      </div>
    </div>
  );
}

/** A box's problem, under it (role alert: a screen reader hears it as it appears). */
function FieldProblem({ id, text }: { id: string; text?: string }) {
  if (!text) return null;
  return (
    <span className="field-error sweep-field-problem" id={id} role="alert" data-testid={id}>
      {oneLine(text)}
    </span>
  );
}

/** One of the sweep's check boxes: the box, then its words, inside one label. */
function SweepCheck(props: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  title?: string;
  testId: string;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="sweep-check" title={props.title}>
      <input
        type="checkbox"
        checked={props.checked}
        disabled={props.disabled}
        data-testid={props.testId}
        onChange={(e) => props.onChange(e.currentTarget.checked)}
      />
      {props.label}
    </label>
  );
}

/** A number of the sweep's form (`field`, its test id sweep-<field>), under its words. */
function FormNumber({
  field,
  problem,
  min,
  step,
  form,
  set,
  children,
}: {
  field: 'from' | 'to' | 'steps' | 'seeds';
  /** Why the value is refused, said under the box. */
  problem?: string;
  min?: number;
  step: number | 'any';
  form: SweepFormState;
  set(patch: Partial<SweepFormState>): void;
  children: ReactNode;
}) {
  return (
    <label>
      {children}
      <input
        type="number"
        min={min}
        step={step}
        value={form[field]}
        data-testid={`sweep-${field}`}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `sweep-${field}-problem` : undefined}
        onChange={(e) => set({ [field]: e.currentTarget.value })}
      />
      <FieldProblem id={`sweep-${field}-problem`} text={problem} />
    </label>
  );
}
