import { useEffect, useId, useState, type RefObject } from 'react';

/**
 * A header menu's open state (Lessons, Share & files): Escape anywhere on the page closes
 * it, since its panel floats over the page rather than holding the focus. `panelId` ties
 * the toggle's aria-controls to the panel. With `within` (the element holding the toggle
 * and the panel), a press anywhere outside it closes it too: for notes read and put away
 * ("What to look for", the changes' table), not for panels a person works in with the
 * page beside them (Share & files takes files dropped on the page).
 */
export function usePopover(within?: RefObject<HTMLElement | null>): { open: boolean; setOpen: (open: boolean) => void; panelId: string } {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    const onPress = (e: PointerEvent) => {
      const root = within?.current;
      if (root && e.target instanceof Node && !root.contains(e.target)) setOpen(false);
    };
    addEventListener('keydown', onKey);
    if (within) addEventListener('pointerdown', onPress, true);
    return () => {
      removeEventListener('keydown', onKey);
      if (within) removeEventListener('pointerdown', onPress, true);
    };
  }, [open, within]);
  return { open, setOpen, panelId };
}
