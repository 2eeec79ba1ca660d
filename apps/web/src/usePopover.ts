import { useEffect, useId, useState } from 'react';

/**
 * A header menu's open state (Lessons, Share & files): Escape anywhere on the page closes
 * it, since its panel floats over the page rather than holding the focus. `panelId` ties
 * the toggle's aria-controls to the panel.
 */
export function usePopover(): { open: boolean; setOpen: (open: boolean) => void; panelId: string } {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [open]);
  return { open, setOpen, panelId };
}
