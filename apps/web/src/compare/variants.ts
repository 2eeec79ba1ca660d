/**
 * A/B comparison, the pure half: two variants of one scenario (the settings a lesson or a
 * paper contrasts: burst loss per class, the TCP variant, the seed), the series drawn from
 * a whole run's samples, and the table of the two summaries.
 */
import type { SampleColumns } from '@obs-tcp-sim/engine';
import { checkNumber, NUMBER_RULES, type Scenario, type Summary } from '@obs-tcp-sim/scenario';

export interface VariantSettings {
  /** Probabilities in [0, 1]. */
  dataLoss: number;
  ackLoss: number;
  /** Every flow's TCP variant; '' keeps each flow's own. */
  tcp: string;
  seed: number;
}

export function settingsOf(scenario: Scenario): VariantSettings {
  const variants = new Set(scenario.flows.map((f) => f.tcp?.variant ?? ''));
  return {
    dataLoss: scenario.obs.burstLoss.data,
    ackLoss: scenario.obs.burstLoss.ack,
    tcp: variants.size === 1 ? [...variants][0] : '',
    seed: scenario.seed,
  };
}

/** The default pair, as the issue and paper 000 put it: the same loss on data bursts, then on ACK bursts. */
export function defaultPair(scenario: Scenario): [VariantSettings, VariantSettings] {
  const base = settingsOf(scenario);
  const p = Math.max(base.dataLoss, base.ackLoss) || 0.01;
  return [
    { ...base, dataLoss: p, ackLoss: 0 },
    { ...base, dataLoss: 0, ackLoss: p },
  ];
}

export function applySettings(scenario: Scenario, v: VariantSettings, label: string): Scenario {
  const out = structuredClone(scenario);
  out.name = `${scenario.name ?? 'scenario'} (${label})`;
  out.seed = v.seed;
  out.obs = { ...out.obs, burstLoss: { data: v.dataLoss, ack: v.ackLoss } };
  if (v.tcp !== '') out.flows = out.flows.map((f) => ({ ...f, tcp: { ...f.tcp, variant: v.tcp } as typeof f.tcp }));
  return out;
}

/** The fields a variant sets: a live change of the run to one of them holds over the variant's value from its time. */
export function variedPaths(scenario: Scenario, v: VariantSettings): string[] {
  return ['obs.burstLoss.data', 'obs.burstLoss.ack', ...(v.tcp === '' ? [] : scenario.flows.map((_, i) => `flows[${i}].tcp.variant`))];
}

const MAX_SEEDS = 100;

/** Why the seeds box is refused, or null: a whole number from 1 to MAX_SEEDS, the last seed within the seed's rule. */
export function seedsProblem(text: string, pair: readonly VariantSettings[]): string | null {
  const n = Number(text);
  if (text.trim() === '' || !Number.isInteger(n) || n < 1 || n > MAX_SEEDS)
    return `Seeds per side must be a whole number from 1 to ${MAX_SEEDS}`;
  const last = Math.max(...pair.map((v) => v.seed)) + n - 1;
  return last > 4294967295 ? `Seeds per side: the last seed, ${last}, would pass 4294967295` : null;
}

/** Why a setting cannot be run, naming it; null if both variants are fine. */
export function settingsProblem(v: VariantSettings, label: string): string | null {
  const problems = settingsProblems(v);
  const first = (['dataLoss', 'ackLoss', 'seed'] as const).find((k) => problems[k]);
  return first ? `${label}: ${problems[first]}` : null;
}

/** The settings a variant's boxes hold, each checked by the scenario's rule for its field. */
export const SETTING_RULES = {
  dataLoss: NUMBER_RULES['obs.burstLoss.data'],
  ackLoss: NUMBER_RULES['obs.burstLoss.ack'],
  seed: NUMBER_RULES.seed,
} as const;

/**
 * Each setting's problem, in the side panel's words (checkNumber). A box whose text is not
 * a number holds NaN (the inputs keep the text itself, so it can be corrected).
 */
export function settingsProblems(v: VariantSettings): Partial<Record<keyof typeof SETTING_RULES, string>> {
  const out: Partial<Record<keyof typeof SETTING_RULES, string>> = {};
  for (const key of Object.keys(SETTING_RULES) as Array<keyof typeof SETTING_RULES>) {
    const reason = checkNumber(v[key], SETTING_RULES[key]);
    if (reason) out[key] = reason;
  }
  return out;
}

export interface RunSeries {
  t: Float64Array;
  /** All flows' goodput at each sample time, bit/s, averaged over `window` seconds. */
  throughput: Float64Array;
  /** Mean cwnd over the flows at each sample time, segments. */
  cwnd: Float64Array;
}

/** Per sample time: total goodput (moving mean over `window` s) and mean cwnd. */
export function seriesOf(samples: SampleColumns, window = 0.5): RunSeries {
  const times: number[] = [];
  const goodput: number[] = [];
  const cwndSum: number[] = [];
  const flows: number[] = [];
  for (let i = 0; i < samples.t.length; i++) {
    const t = samples.t[i];
    if (times.length === 0 || times[times.length - 1] !== t) {
      times.push(t);
      goodput.push(0);
      cwndSum.push(0);
      flows.push(0);
    }
    const k = times.length - 1;
    goodput[k] += samples.goodput[i];
    cwndSum[k] += samples.cwnd[i];
    flows[k]++;
  }
  const n = times.length;
  const throughput = new Float64Array(n);
  // Moving mean over the last `window` seconds (two pointers: linear).
  let from = 0;
  let sum = 0;
  for (let k = 0; k < n; k++) {
    sum += goodput[k];
    while (times[k] - times[from] >= window && from < k) sum -= goodput[from++];
    throughput[k] = sum / (k - from + 1);
  }
  return { t: Float64Array.from(times), throughput, cwnd: Float64Array.from(cwndSum, (c, k) => c / flows[k]) };
}

export interface TableRow {
  label: string;
  /** Each side's value in each of its runs (one per seed); a run without the value is left out. */
  a: number[];
  b: number[];
  format: (x: number) => string;
}

type Fmt = (x: number) => string;

/** The table's rows over each side's runs (one summary per seed). */
export function summaryRows(a: readonly Summary[], b: readonly Summary[], fmt: { rate: Fmt; count: Fmt; ms: Fmt; plain: Fmt }): TableRow[] {
  const sum = (s: Summary, key: 'retransmits' | 'rtos' | 'fastRetransmits') => s.flows.reduce((n, f) => n + (f[key] ?? 0), 0);
  const mean = (s: Summary, key: 'meanRtt' | 'meanCwnd') =>
    s.flows.length ? s.flows.reduce((n, f) => n + (f[key] ?? 0), 0) / s.flows.length : undefined;
  const row = (label: string, read: (s: Summary) => number | undefined, format: Fmt): TableRow => {
    const values = (side: readonly Summary[]) => side.map(read).filter((x): x is number => x !== undefined && Number.isFinite(x));
    return { label, a: values(a), b: values(b), format };
  };
  return [
    row('Goodput (all flows)', (s) => s.aggregate.goodput, fmt.rate),
    row('Bursts sent', (s) => s.bursts.sent, fmt.count),
    row('Data bursts dropped', (s) => s.bursts.data?.dropped, fmt.count),
    row('ACK bursts dropped', (s) => s.bursts.ack?.dropped, fmt.count),
    row('Retransmitted segments', (s) => sum(s, 'retransmits'), fmt.count),
    row('Timeouts (RTO)', (s) => sum(s, 'rtos'), fmt.count),
    row('Fast retransmits', (s) => sum(s, 'fastRetransmits'), fmt.count),
    row('Mean RTT', (s) => mean(s, 'meanRtt'), fmt.ms),
    row('Mean cwnd (segments)', (s) => mean(s, 'meanCwnd'), fmt.plain),
  ];
}

/** The series of several runs (one per seed) averaged point by point, over the times all of them have. */
export function meanSeries(runs: readonly RunSeries[]): RunSeries {
  const n = Math.min(...runs.map((r) => r.t.length));
  const t = runs[0].t.slice(0, n);
  const throughput = new Float64Array(n);
  const cwnd = new Float64Array(n);
  for (const r of runs) {
    for (let k = 0; k < n; k++) {
      throughput[k] += r.throughput[k] / runs.length;
      cwnd[k] += r.cwnd[k] / runs.length;
    }
  }
  return { t, throughput, cwnd };
}
