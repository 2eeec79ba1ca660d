/**
 * The chart's text alternative (textAlternative.ts): its latest values as the figure's
 * description, and a *Table* button that shows the lines sampled across the window shown.
 * Both refresh once a second, not with every frame: words are read, not watched.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { latestValues, sampleTable, type ChartTable, type DescribedLayer } from './textAlternative';

const REFRESH_MS = 1000;

/** Calls `refresh` now and once a second while mounted. */
function useEverySecond(refresh: () => void): void {
  useEffect(() => {
    refresh();
    const timer = setInterval(refresh, REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);
}

export interface ChartWordsProps {
  title: string;
  testId: string;
  layers: () => readonly DescribedLayer[];
  /** The table is shown (over the plot, ChartTableView). */
  tableOpen: boolean;
  onTableOpen: (open: boolean) => void;
  /** Called with the description's element id, for the figure's aria-describedby. */
  describedBy: (id: string) => void;
}

/** For the chart's head: the description (read by screen readers) and the Table switch. */
export function ChartWords({ title, testId, layers, tableOpen, onTableOpen, describedBy }: ChartWordsProps) {
  const id = useId();
  const [text, setText] = useState('');
  useEffect(() => describedBy(id), [describedBy, id]);
  useEverySecond(useCallback(() => setText(latestValues(title, layers())), [title, layers]));
  return (
    <>
      <p id={id} className="visually-hidden" data-testid={`${testId}-words`}>
        {text}
      </p>
      <button
        type="button"
        className="chart-table-toggle"
        aria-expanded={tableOpen}
        data-testid={`${testId}-table-toggle`}
        title={tableOpen ? 'Back to the chart' : 'The lines as a table of values'}
        onClick={() => onTableOpen(!tableOpen)}
      >
        {tableOpen ? 'Chart' : 'Table'}
      </button>
    </>
  );
}

/** The lines as a table over the plot, sampled across the window shown. */
export function ChartTableView({
  title,
  testId,
  layers,
  window: shownWindow,
}: {
  title: string;
  testId: string;
  layers: () => readonly DescribedLayer[];
  window: () => readonly [number, number];
}) {
  const [table, setTable] = useState<ChartTable | null>(null);
  useEverySecond(
    useCallback(() => {
      const [t0, t1] = shownWindow();
      setTable(sampleTable(layers(), t0, t1));
    }, [layers, shownWindow]),
  );
  return (
    <>
      {table && (
        <div className="chart-table" data-testid={`${testId}-table`} tabIndex={0} role="region" aria-label={`${title}: values`}>
          {table.rows.length === 0 ? (
            <p>No samples yet.</p>
          ) : (
            <table>
              <caption className="visually-hidden">{`${title}, sampled across the time shown`}</caption>
              <thead>
                <tr>
                  {table.head.map((h) => (
                    <th key={h} scope="col">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row) => (
                  <tr key={row[0]}>
                    {row.map((cell, i) =>
                      i === 0 ? (
                        <th key={i} scope="row">
                          {cell}
                        </th>
                      ) : (
                        <td key={i}>{cell}</td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </>
  );
}
