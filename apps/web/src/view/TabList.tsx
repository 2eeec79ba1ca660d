/**
 * A row of tabs (role tablist): the views under the network, the property panel's. It
 * holds tabs only; a control beside them goes outside it.
 */

/** One tab: its words, whether it is the one shown, and what choosing it does. */
export interface Tab {
  testId: string;
  label: string;
  selected: boolean;
  open(): void;
  disabled?: boolean;
  /** The tab's id and its panel's (role tabpanel), where the panel is in the page. */
  id?: string;
  controls?: string;
}

export function TabList({ className, label, tabs }: { className: string; label: string; tabs: readonly Tab[] }) {
  return (
    <div className={className} role="tablist" aria-label={label}>
      {tabs.map((t) => (
        <button
          key={t.testId}
          type="button"
          role="tab"
          id={t.id}
          aria-selected={t.selected}
          aria-controls={t.controls}
          data-testid={t.testId}
          onClick={t.open}
          disabled={t.disabled}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
