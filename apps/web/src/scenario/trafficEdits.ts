/**
 * Edits of the scenario's `traffic` block (docs/mesh.md section 3), pure so the panel's
 * controls and their tests share them. Rows and columns of a given matrix follow the edge
 * nodes in the order they appear in `nodes` (scenarioEdits.ts keeps them in step when
 * nodes change).
 */
import { NUMBER_RULES, type Scenario, type TrafficMatrix } from '@obs-tcp-sim/scenario';

/** The edge nodes' ids, in the order of the matrix's rows and columns. */
export function trafficEdges(s: Pick<Scenario, 'nodes'>): string[] {
  return s.nodes.filter((n) => n.kind === 'edge').map((n) => n.id);
}

/** What "Traffic matrix" switched on starts with: every pair of edges alike, a light load. */
export function newTraffic(): TrafficMatrix {
  return { matrix: 'uniform', load: 0.3, model: 'poisson', meanBytes: 40000 };
}

/** The weights "uniform" stands for: 1 for every ordered pair of distinct edges, 0 on the diagonal. */
export function uniformRows(edges: number): number[][] {
  return Array.from({ length: edges }, (_, i) => Array.from({ length: edges }, (_, j) => (i === j ? 0 : 1)));
}

/** Row `from`, column `to` set to `weight` (a copy; other rows are shared). */
export function withWeight(rows: readonly (readonly number[])[], from: number, to: number, weight: number): number[][] {
  return rows.map((row, i) => (i === from ? row.map((w, j) => (j === to ? weight : w)) : (row as number[])));
}

/** The model changed: "self-similar" needs a Hurst parameter (the field's default, the engine's), Poisson must have none. */
export function withTrafficModel(t: TrafficMatrix, model: NonNullable<TrafficMatrix['model']>): TrafficMatrix {
  if (model === 'poisson') {
    const { hurst: _hurst, ...rest } = t;
    return { ...rest, model };
  }
  return { ...t, model, hurst: t.hurst ?? NUMBER_RULES['traffic.hurst'].default };
}

/** Largest weight the schema takes (schema.ts trafficIssue). */
const MAX_WEIGHT = 1e9;

/**
 * A typed weight, checked as the schema words it ("The weight from "E0" to "E1" must be
 * from 0 to 1e9"), so the refusal under the grid names the cell and the rule.
 */
export function readWeight(text: string, from: string, to: string): { ok: true; value: number } | { ok: false; reason: string } {
  const weight = `The weight from "${from}" to "${to}"`;
  const t = text.trim();
  const value = t === '' ? NaN : Number(t);
  if (!Number.isFinite(value)) return { ok: false, reason: `${weight} must be a number` };
  if (value < 0 || value > MAX_WEIGHT) return { ok: false, reason: `${weight} must be from 0 to 1e9 (it is ${value})` };
  return { ok: true, value };
}
