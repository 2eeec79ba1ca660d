import type { ReactNode } from 'react';

/**
 * The button that opens and closes a panel floating over the page (Lessons, Share & files,
 * a preset's "What to look for") or over a figure (its table, FigureTable.tsx):
 * aria-expanded says whether it is open, aria-controls names the panel (`controls`, its id)
 * where it is always in the page.
 */
export function PopoverToggle({
  className,
  testId,
  open,
  setOpen,
  controls,
  title,
  children,
}: {
  className: string;
  testId: string;
  open: boolean;
  setOpen(open: boolean): void;
  controls?: string;
  title?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={className}
      aria-expanded={open}
      aria-controls={controls}
      data-testid={testId}
      title={title}
      onClick={() => setOpen(!open)}
    >
      {children}
    </button>
  );
}
