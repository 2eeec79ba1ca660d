/**
 * The panel's `traffic` block (docs/mesh.md section 3): background bursts between every
 * pair of edges a matrix gives weight, scaled to one network load. Present or not (a
 * check box), then its matrix (uniform, or given weights), load, model and burst size.
 */
import { useId, useState } from 'react';
import { newTraffic, readWeight, trafficEdges, uniformRows, withTrafficModel, withWeight } from '../../scenario/trafficEdits';
import type { PanelContext } from './panelContext';
import { CheckField, SelectField, draftKeys } from './fields';
import { PathNumberField } from './PathNumberField';
import { EdgeMatrixHead } from '../../view/EdgeMatrixHead';

/** Beyond this many edges the grid no longer fits the panel's width: the JSON is the place. */
const MAX_GRID_EDGES = 6;

const OWNER = 'traffic matrix';

export function TrafficFields({ ctx }: { ctx: PanelContext }) {
  const s = ctx.scenario;
  const t = s.traffic;
  const edges = trafficEdges(s);
  return (
    <fieldset className="subsection" data-testid="traffic-fields">
      <legend>Traffic matrix (bursts between all edges)</legend>
      <CheckField
        path="traffic"
        label="Traffic between the edge nodes, scaled to a network load"
        checked={t !== undefined}
        externalError={t === undefined ? null : ctx.errorAt('traffic')}
        hint={edges.length < 2 ? 'Needs two edge nodes' : undefined}
        onChange={(on) => ctx.set(on ? 'add traffic matrix' : 'remove traffic matrix', 'traffic', on ? newTraffic() : undefined)}
      />
      {t && (
        <>
          <SelectField
            path="traffic.matrix"
            label="Pairs"
            value={Array.isArray(t.matrix) ? 'given' : 'uniform'}
            options={[
              { value: 'uniform', label: 'uniform (every pair, weight 1)' },
              { value: 'given', label: 'given weights per pair' },
            ]}
            externalError={ctx.errorAt('traffic.matrix')}
            onChange={(v) =>
              ctx.set(
                `${OWNER}: ${v === 'uniform' ? 'uniform' : 'given weights'}`,
                'traffic.matrix',
                v === 'uniform' ? 'uniform' : uniformRows(edges.length),
              )
            }
          />
          {Array.isArray(t.matrix) &&
            (edges.length <= MAX_GRID_EDGES && t.matrix.length === edges.length ? (
              <WeightGrid ctx={ctx} rows={t.matrix} edges={edges} />
            ) : (
              <p className="panel-note" data-testid="traffic-matrix-json">
                Given matrix of {t.matrix.length} × {t.matrix.length} weights (edit it in the JSON: Share and files).
              </p>
            ))}
          <PathNumberField ctx={ctx} path="traffic.load" owner={OWNER} hint="Mean load per wavelength of the core fibers routes cross" />
          <SelectField
            path="traffic.model"
            label="Model"
            value={t.model ?? 'poisson'}
            options={['poisson', 'self-similar']}
            onChange={(v) => ctx.edit(`${OWNER}: ${v}`, (sc) => (sc.traffic ? { ...sc, traffic: withTrafficModel(sc.traffic, v) } : sc))}
          />
          <PathNumberField ctx={ctx} path="traffic.meanBytes" owner={OWNER} inherit={40000} inheritFrom="default" />
          {t.model === 'self-similar' && <PathNumberField ctx={ctx} path="traffic.hurst" owner={OWNER} />}
          <PathNumberField
            ctx={ctx}
            path="traffic.extraOffset"
            owner={OWNER}
            inherit={0}
            inheritFrom="default"
            hint="Every source the matrix makes waits this much longer behind its control packets (QoS)"
          />
        </>
      )}
    </fieldset>
  );
}

/**
 * The given weights as a grid, rows the sources and columns the destinations; the diagonal
 * is 0 by rule and not editable. Each cell commits on Enter or leaving it, one undoable edit.
 */
function WeightGrid({ ctx, rows, edges }: { ctx: PanelContext; rows: number[][]; edges: string[] }) {
  const [refusal, setRefusal] = useState<string | null>(null);
  // A cell's refusal, else the schema's word on a row or a weight (one on the whole matrix shows under Pairs).
  const inside = ctx.errorUnder('traffic.matrix');
  const error = refusal ?? (inside !== ctx.errorAt('traffic.matrix') ? inside : null);
  const errorId = useId();
  return (
    <div className={`traffic-grid-box${error ? ' field-invalid' : ''}`} data-field="traffic.matrix[]">
      <table className="traffic-grid" data-testid="traffic-grid" aria-describedby={error ? errorId : undefined}>
        <caption>Weight from row to column</caption>
        <EdgeMatrixHead edges={edges} />
        <tbody>
          {edges.map((from, i) => (
            <tr key={from}>
              <th scope="row">{from}</th>
              {edges.map((to, j) => (
                <td key={to}>
                  {i === j ? (
                    <span aria-label={`${from} to itself: 0`}>—</span>
                  ) : (
                    <WeightCell
                      from={from}
                      to={to}
                      weight={rows[i]?.[j] ?? 0}
                      onRefused={setRefusal}
                      onCommit={(w) =>
                        ctx.edit(`${OWNER}: ${from} → ${to} weight ${w}`, (sc) =>
                          sc.traffic && Array.isArray(sc.traffic.matrix)
                            ? { ...sc, traffic: { ...sc.traffic, matrix: withWeight(sc.traffic.matrix, i, j, w) } }
                            : sc,
                        )
                      }
                    />
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {error && (
        <p className="field-error" id={errorId} role="alert" data-testid="error-traffic.matrix">
          {error}
        </p>
      )}
    </div>
  );
}

function WeightCell({
  from,
  to,
  weight,
  onCommit,
  onRefused,
}: {
  from: string;
  to: string;
  weight: number;
  onCommit(w: number): void;
  onRefused(reason: string | null): void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const result = draft === null ? null : readWeight(draft, from, to);
  const commit = () => {
    if (draft === null || !result) return;
    if (!result.ok) {
      onRefused(result.reason);
      return; // keep the text and the reason
    }
    onRefused(null);
    setDraft(null);
    if (result.value !== weight) onCommit(result.value);
  };
  return (
    <input
      type="text"
      inputMode="decimal"
      spellCheck={false}
      autoComplete="off"
      aria-label={`Weight from ${from} to ${to}`}
      data-testid={`traffic-weight-${from}-${to}`}
      aria-invalid={result && !result.ok ? true : undefined}
      value={draft ?? String(weight)}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={draftKeys(commit, () => {
        setDraft(null);
        onRefused(null);
      })}
    />
  );
}
