/**
 * The loss matrix view (issue 23): burst loss per pair of edges, from the summary's
 * `pairs`. The summary comes about 4 times a second while the run goes, so the matrix is
 * live: counts so far (bursts still in flight are sent but not yet delivered or dropped).
 * Shown as a tab only when the scenario has more than one optical path (App.tsx).
 */
import { useMemo, useState } from 'react';
import { formatCount, formatSeconds } from '../format';
import { useController, useSimState } from '../sim/simContext';
import { ClassLossSection } from './ClassLossSection';
import { EdgeMatrixHead } from '../view/EdgeMatrixHead';
import { LOSS_CLASSES, lossClass, lossText } from './lossColors';
import { lossMatrix, overallLoss, type LossCell } from './lossMatrix';
import './lossMatrix.css';

/** Above this many edges the cells drop their second line (counts) to stay on screen. */
const DENSE_FROM = 8;

/** Everything a cell knows, in one line: for its title and the caption under the matrix. */
export function cellWords(c: LossCell): string {
  const dropped = c.dropped.injected + c.dropped.contention + c.dropped.late;
  const via = c.routes.map((r) => r.join(' → ')).join(' and ');
  const loss = c.loss === null ? 'no burst sent yet' : `loss ${lossText(c.loss)}`;
  return (
    `${c.src} → ${c.dst}${via ? ` (${via})` : ''}: ${loss}; sent ${formatCount(c.sent)}, delivered ${formatCount(c.delivered)}, ` +
    `dropped ${formatCount(dropped)} (no wavelength ${formatCount(c.dropped.contention)}, injected ${formatCount(c.dropped.injected)}, ` +
    `late ${formatCount(c.dropped.late)}); offered ${Number(c.offeredErlangs.toPrecision(3))} Erlang`
  );
}

export function LossMatrixArea() {
  const controller = useController();
  const { summary, phase } = useSimState();
  const scenario = controller.scenario as { nodes?: ReadonlyArray<{ id: string }> };
  const nodeOrder = useMemo(() => (scenario.nodes ?? []).map((nd) => nd.id), [scenario]);
  const matrix = useMemo(() => lossMatrix(summary?.pairs ?? [], nodeOrder), [summary?.pairs, nodeOrder]);
  const [pointed, setPointed] = useState<{ i: number; j: number } | null>(null);

  if (matrix.edges.length === 0) {
    return (
      <div className="loss-area" data-testid="loss-matrix-area">
        <p className="area-pending">The loss per pair of edges shows once the run has started.</p>
      </div>
    );
  }
  const dense = matrix.edges.length > DENSE_FROM;
  const overall = overallLoss(matrix);
  const pointedCell = pointed ? matrix.cells[pointed.i]?.[pointed.j] : null;
  const finished = phase === 'finished';
  return (
    <div className="loss-area" data-testid="loss-matrix-area">
      <p className="loss-head">
        <strong>Burst loss per pair of edges</strong> (row: from, column: to)
        {overall !== null && (
          <>
            {' '}
            · all pairs <strong data-testid="loss-overall">{lossText(overall)}</strong>
          </>
        )}
        <span className="loss-when" data-testid="loss-when">
          {finished
            ? ` · the whole run, to ${formatSeconds(summary?.simTime ?? 0)}`
            : ` · so far, to ${formatSeconds(summary?.simTime ?? 0)} (updated while it runs)`}
        </span>
      </p>
      {/* Above the matrix: a few lines, and what a class came to read when they are there
          (a one-fiber scenario's matrix is a single cell). */}
      <ClassLossSection summary={summary} />
      <div className="loss-body">
        <div className="loss-scroll">
          <table className={`loss-matrix${dense ? ' dense' : ''}`} data-testid="loss-matrix" data-edges={matrix.edges.length}>
            <EdgeMatrixHead edges={matrix.edges} cornerClass="loss-corner" />
            <tbody>
              {matrix.edges.map((src, i) => (
                <tr key={src}>
                  <th scope="row">{src}</th>
                  {matrix.cells[i].map((c, j) => (
                    <MatrixCell
                      key={matrix.edges[j]}
                      cell={c}
                      self={i === j}
                      dense={dense}
                      pointed={pointed?.i === i && pointed?.j === j}
                      onPoint={(on) => setPointed(on ? { i, j } : null)}
                    />
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <LossLegend dense={dense} />
      </div>
      <p className="loss-caption" data-testid="loss-caption" aria-live="polite">
        {pointedCell ? cellWords(pointedCell) : 'Point at a cell for its counts: sent, delivered, dropped by reason.'}
      </p>
    </div>
  );
}

function MatrixCell({
  cell,
  self,
  dense,
  pointed,
  onPoint,
}: {
  cell: LossCell | null;
  self: boolean;
  dense: boolean;
  pointed: boolean;
  onPoint(on: boolean): void;
}) {
  if (!cell)
    return (
      <td className="loss-cell loss-none" title={self ? undefined : 'No optical path between these edges'}>
        {self ? '' : '·'}
      </td>
    );
  const cls = cell.loss === null ? null : lossClass(cell.loss);
  const dropped = cell.dropped.injected + cell.dropped.contention + cell.dropped.late;
  return (
    <td
      className={`loss-cell${cls ? '' : ' loss-unsent'}${pointed ? ' pointed' : ''}`}
      style={cls ? { background: cls.fill, color: cls.text } : undefined}
      title={cellWords(cell)}
      tabIndex={0}
      data-testid={`loss-cell-${cell.src}-${cell.dst}`}
      data-loss={cell.loss ?? ''}
      data-sent={cell.sent}
      onMouseEnter={() => onPoint(true)}
      onMouseLeave={() => onPoint(false)}
      onFocus={() => onPoint(true)}
      onBlur={() => onPoint(false)}
    >
      <span className="loss-value">{cell.loss === null ? '–' : lossText(cell.loss)}</span>
      {!dense && (
        <span className="loss-counts">
          {formatCount(dropped)} / {formatCount(cell.sent)}
        </span>
      )}
    </td>
  );
}

function LossLegend({ dense }: { dense: boolean }) {
  return (
    <div className="loss-legend" aria-label="Colour scale of burst loss">
      <p className="loss-legend-title">Burst loss</p>
      <ul>
        {[...LOSS_CLASSES].reverse().map((c) => (
          <li key={c.label}>
            <span className="loss-swatch" style={{ background: c.fill }} aria-hidden="true" />
            {c.label}
          </li>
        ))}
        <li>
          <span className="loss-swatch loss-unsent" aria-hidden="true" />
          no burst sent
        </li>
      </ul>
      <p className="loss-legend-note">{dense ? 'Cell: loss (point at it for the counts)' : 'Cell: loss, then dropped / sent'}</p>
    </div>
  );
}
