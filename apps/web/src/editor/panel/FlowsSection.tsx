/**
 * The panel's list of flows, with Remove and Add flow.
 */
import type { PanelContext } from './panelContext';

export function FlowsSection({
  ctx,
  onSelect,
  onAdd,
  picking,
}: {
  ctx: PanelContext;
  onSelect(id: string): void;
  onAdd(): void;
  picking: boolean;
}) {
  const flows = ctx.scenario.flows;
  return (
    <>
      {flows.length === 0 && <p className="panel-note">No flows yet.</p>}
      <ul className="flow-list" data-testid="flow-list">
        {flows.map((f, i) => (
          <li key={f.id} data-flow={f.id}>
            <button type="button" className="linklike" onClick={() => onSelect(f.id)}>
              {f.id}: {f.src} → {f.dst} ({f.tcp.variant}
              {f.count > 1 ? ` ×${f.count}` : ''})
            </button>
            <button
              type="button"
              className="small"
              aria-label={`Remove flow ${f.id}`}
              data-testid={`remove-flow-${f.id}`}
              onClick={() => ctx.edit(`remove flow ${f.id}`, (s) => ({ ...s, flows: s.flows.filter((_, j) => j !== i) }))}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <button type="button" data-testid="add-flow" aria-pressed={picking} onClick={onAdd}>
        {picking ? 'Cancel picking' : 'Add flow…'}
      </button>
      {picking && <p className="panel-note">Click the sending host, then the receiving host.</p>}
    </>
  );
}
