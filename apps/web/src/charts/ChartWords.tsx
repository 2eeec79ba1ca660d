/**
 * The chart's text alternative (textAlternative.ts): its latest values as the figure's
 * description, and a *Table* button that shows the lines sampled across the window shown.
 * Both refresh once a second, not with every frame: words are read, not watched.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { FigureTable, FigureTableToggle } from '../FigureTable';
import { useEverySecond } from '../useEverySecond';
import { latestValues, sampleTable, type ChartTable, type DescribedLayer } from './textAlternative';

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
      <FigureTableToggle
        open={tableOpen}
        onOpen={onTableOpen}
        figure="Chart"
        tableTitle="The lines as a table of values"
        className="chart-table-toggle"
        testId={`${testId}-table-toggle`}
      />
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
        <FigureTable
          label={`${title}: values`}
          caption={`${title}, sampled across the time shown`}
          head={table.head}
          rows={table.rows.map((row) => ({ key: row[0], cells: row }))}
          empty="No samples yet."
          className="chart-table"
          testId={`${testId}-table`}
        />
      )}
    </>
  );
}
