/**
 * The header's presenter-mode switch (also the P key, controls/keyboard.ts): large text,
 * thick links and large marks for a projector, the side panel folded into one bar.
 */
import { useView, viewStore } from './viewStore';

export function PresenterToggle() {
  const { presenter, embed } = useView();
  if (embed) return null;
  return (
    <button
      type="button"
      className="presenter-toggle"
      data-testid="presenter-toggle"
      aria-pressed={presenter}
      title={presenter ? 'Leave presenter mode (P or Esc)' : 'Presenter mode for a projector: large text and marks (P)'}
      onClick={() => viewStore.set({ presenter: !presenter })}
    >
      {presenter ? 'Exit presenter' : 'Presenter'}
    </button>
  );
}
