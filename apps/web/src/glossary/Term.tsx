/**
 * A glossary term in the UI: dotted underline, and its explanation on hover and on
 * keyboard focus (it is in the tab order), linked with aria-describedby so screen readers
 * read it too. The tip is drawn in a portal at the page's top level, so panels that
 * scroll or clip (the sidebar) cannot cut it off; Escape hides it.
 */
import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { GLOSSARY, type TermId } from './terms';
import './glossary.css';

const TIP_WIDTH = 320;

// One tip at a time: the one shown last (hovered or focused) hides the others.
let hideShown: (() => void) | null = null;

export function Term({ id, children }: { id: TermId; children?: ReactNode }) {
  const tipId = useId();
  const entry = GLOSSARY[id];
  const ref = useRef<HTMLSpanElement>(null);
  const [at, setAt] = useState<{ left: number; top?: number; bottom?: number } | null>(null);

  const show = () => {
    const box = ref.current?.getBoundingClientRect();
    if (!box) return;
    const left = Math.max(8, Math.min(box.left, window.innerWidth - TIP_WIDTH - 8));
    // Below the term, or above it when the term sits in the lower part of the screen.
    if (box.bottom > window.innerHeight * 0.6) setAt({ left, bottom: window.innerHeight - box.top + 6 });
    else setAt({ left, top: box.bottom + 6 });
    if (hideShown !== hide) hideShown?.();
    hideShown = hide;
  };
  // Stable, so the "one tip at a time" check recognises this term's own hide.
  const hide = useCallback(() => setAt(null), []);

  return (
    <span
      ref={ref}
      className="term"
      tabIndex={0}
      aria-describedby={tipId}
      data-term={id}
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(e) => {
        if (e.key === 'Escape') hide();
      }}
    >
      {children ?? entry.term}
      {createPortal(
        <span
          role="tooltip"
          id={tipId}
          className="term-tip"
          data-testid={`term-tip-${id}`}
          hidden={at === null}
          style={at ? { left: at.left, top: at.top, bottom: at.bottom, width: TIP_WIDTH } : undefined}
        >
          <strong>{entry.term}.</strong> {entry.text}
        </span>,
        document.body,
      )}
    </span>
  );
}
