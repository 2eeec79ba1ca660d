/**
 * Keys for the whole page: Space plays or pauses, N steps one event, B steps to the next
 * burst, P switches presenter mode (Esc leaves it). Keys typed into a field, or pressed on a control that uses them itself (a button
 * activates on Space, a slider moves on arrows), are left alone.
 */
import { useEffect } from 'react';
import type { SimController } from '../sim/controller';
import { viewStore } from '../view/viewStore';

// Where typing goes: every key belongs to the field.
const TEXT_ENTRY = 'input:not([type="radio"]):not([type="checkbox"]):not([type="range"]), textarea, select, [contenteditable]';
// Controls that Space activates or moves.
const SPACE_USERS =
  'button, summary, input, select, textarea, [contenteditable], [role="slider"], [role="tab"], [role="radio"], [role="button"]';

/** True if the key belongs to the element the user is typing in or pressing. */
export function keyBelongsToTarget(target: EventTarget | null, key = ' '): boolean {
  if (!(target instanceof Element)) return false;
  // A node of the network is a button that Enter selects; Space keeps playing and pausing
  // there, because a teacher clicks a node and then wants Space to start the run.
  if (key === ' ' && target.closest('[data-node]')) return false;
  return target.closest(key === ' ' ? SPACE_USERS : TEXT_ENTRY) !== null;
}

export type PageCommand = 'toggle' | 'step-event' | 'step-burst' | 'presenter' | 'leave-presenter';

export function commandFor(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): PageCommand | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (event.key === ' ') return 'toggle';
  if (event.key === 'n' || event.key === 'N') return 'step-event';
  if (event.key === 'b' || event.key === 'B') return 'step-burst';
  if (event.key === 'p' || event.key === 'P') return 'presenter';
  if (event.key === 'Escape') return 'leave-presenter';
  return null;
}

export function usePageKeys(controller: SimController): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || keyBelongsToTarget(event.target, event.key)) return;
      const command = commandFor(event);
      if (!command) return;
      if (command === 'presenter' || command === 'leave-presenter') {
        const view = viewStore.get();
        // Esc belongs to whatever else is open (a menu, a dialog) unless presenting.
        if (view.embed || (command === 'leave-presenter' && !view.presenter)) return;
        event.preventDefault();
        viewStore.set({ presenter: command === 'presenter' ? !view.presenter : false });
        return;
      }
      event.preventDefault();
      const { phase } = controller.getState();
      if (command === 'toggle') {
        if (phase === 'running') controller.pause();
        else if (phase === 'paused') controller.play();
      } else {
        void controller.step(command === 'step-event' ? 'event' : 'burst');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [controller]);
}
