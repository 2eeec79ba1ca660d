/**
 * Above the loss matrix: loss by QoS class (extra offset) and the contention the cores
 * resolved by deflection and segmentation (docs/mesh.md sections 6 to 8). Shown only when
 * the summary carries those fields; it reads the same live summary as the matrix, so it
 * counts so far while the run goes.
 */
import { useId, useMemo } from 'react';
import { formatCount } from '../format';
import type { SummaryLike } from '../sim/controller';
import { classLossView, type ClassLossRow } from './classLoss';
import { lossClass, lossText } from './lossColors';

export function ClassLossSection({ summary }: { summary: SummaryLike | null }) {
  const { table, contentionLines } = useMemo(() => classLossView(summary), [summary]);
  const contentionTitle = useId();
  if (!table && contentionLines.length === 0) return null;
  return (
    <section className="class-loss" data-testid="class-loss">
      {table && (
        <table className="class-loss-table" data-testid="class-loss-table">
          <caption>Loss by class</caption>
          <thead>
            <tr>
              <th scope="col">Extra offset</th>
              <th scope="col">Bursts sent</th>
              <th scope="col">Lost</th>
              {table.showCut && <th scope="col">Cut short</th>}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((r, i) => (
              <ClassRow key={i} row={r} showCut={table.showCut} />
            ))}
          </tbody>
        </table>
      )}
      {contentionLines.length > 0 && (
        <div className="class-loss-contention" data-testid="class-loss-contention">
          {/* h2 like the other areas' titles (Counters): the app's h1, then one level per area. */}
          <h2 id={contentionTitle}>Contention resolved at cores</h2>
          <ul aria-labelledby={contentionTitle}>
            {contentionLines.map((line) => (
              <li key={line.slice(0, line.indexOf(':'))}>{line}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function ClassRow({ row, showCut }: { row: ClassLossRow; showCut: boolean }) {
  // The same colour scale as the matrix's cells, so a class and a pair at the same loss look alike.
  const cls = row.loss === null ? null : lossClass(row.loss);
  return (
    <tr>
      <th scope="row">{row.offsetText}</th>
      <td>{formatCount(row.sent)}</td>
      <td
        className={`class-loss-lost${cls ? '' : ' loss-unsent'}`}
        style={cls ? { background: cls.fill, color: cls.text } : undefined}
        title={row.loss === null ? 'No burst sent yet' : `${formatCount(row.dropped)} dropped of ${formatCount(row.sent)} sent`}
      >
        {row.loss === null ? '—' : lossText(row.loss)}
      </td>
      {showCut && <td>{row.segmented === null ? '—' : formatCount(row.segmented)}</td>}
    </tr>
  );
}
