/**
 * A figure's numbers as a table, its text alternative (a live chart's values, the bursts of
 * the time-space diagram): a button that shows the table over the figure and takes it away
 * again, and the table, which screen readers can move through and which the keys scroll.
 */
import { PopoverToggle } from './PopoverToggle';

export interface FigureTableToggleProps {
  open: boolean;
  onOpen: (open: boolean) => void;
  /** What the figure is called on the button that brings it back ("Chart", "Diagram"). */
  figure: string;
  /** What the table shows, the button's title while it is closed. */
  tableTitle: string;
  className: string;
  testId: string;
}

export function FigureTableToggle({ open, onOpen, figure, tableTitle, className, testId }: FigureTableToggleProps) {
  return (
    <PopoverToggle
      className={className}
      testId={testId}
      open={open}
      setOpen={onOpen}
      title={open ? `Back to the ${figure.toLowerCase()}` : tableTitle}
    >
      {open ? figure : 'Table'}
    </PopoverToggle>
  );
}

/** A row: the first cell heads it; `data` sets the row's data attributes (`data-burst`). */
export interface FigureTableRow {
  key: string | number;
  cells: readonly string[];
  data?: Readonly<Record<`data-${string}`, string | number>>;
}

export interface FigureTableProps {
  /** The region's name for screen readers. */
  label: string;
  /** The table's caption, read but not seen. */
  caption: string;
  head: readonly string[];
  rows: readonly FigureTableRow[];
  /** Said in place of a table with no row. */
  empty: string;
  className: string;
  testId: string;
}

export function FigureTable({ label, caption, head, rows, empty, className, testId }: FigureTableProps) {
  return (
    <div className={className} data-testid={testId} tabIndex={0} role="region" aria-label={label}>
      {rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <table>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {head.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} {...row.data}>
                {row.cells.map((cell, i) =>
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
  );
}
