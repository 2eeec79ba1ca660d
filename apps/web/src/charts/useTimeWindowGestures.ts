/**
 * The live charts' pan and zoom of the shared time window (TimeWindowStore), x only: the
 * wheel zooms round the pointer, a drag pans (not while following the run), + − and the
 * arrows zoom and pan from the keyboard, double-click, 0, Escape or Home follow the whole
 * run again. Moving over the plot sets the shared hover time.
 *
 * Hand-written rather than d3-zoom (which the editor uses): d3-zoom keeps its own
 * transform on the element, while here one store's window drives every chart, and its
 * gestures differ (its wheel step, double-click zooms in, touch pinch).
 */
import { useEffect, useRef, type PointerEvent, type KeyboardEvent, type RefObject } from 'react';
import type { TimeWindowStore } from './timeWindow';

export interface GestureOptions {
  /** The plot's hit area (the wheel needs a non-passive listener on it). */
  hit: RefObject<HTMLDivElement | null>;
  timeWindow: TimeWindowStore;
  /** Plot size, px. */
  innerW: number;
  innerH: number;
  /** Simulated time at a px from the plot's left, by the scale last drawn. */
  timeAt(px: number): number;
  /** Set while the pointer is over this plot (only that chart shows the read-out). */
  pointerHere: { current: boolean };
}

export interface GestureHandlers {
  onPointerMove(e: PointerEvent<HTMLDivElement>): void;
  onPointerDown(e: PointerEvent<HTMLDivElement>): void;
  onPointerUp(e: PointerEvent<HTMLDivElement>): void;
  onPointerCancel(e: PointerEvent<HTMLDivElement>): void;
  onPointerLeave(): void;
  onDoubleClick(): void;
  onKeyDown(e: KeyboardEvent): void;
}

export function useTimeWindowGestures({ hit: hitRef, timeWindow, innerW, innerH, timeAt, pointerHere }: GestureOptions): GestureHandlers {
  const timeAtRef = useRef(timeAt);
  timeAtRef.current = timeAt;

  // Wheel zoom needs a non-passive listener to keep the page from scrolling.
  useEffect(() => {
    const hit = hitRef.current;
    if (!hit) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const unit = e.deltaMode === 1 ? 33 : e.deltaMode === 2 ? 400 : 1;
      const factor = Math.exp(Math.max(-300, Math.min(300, e.deltaY * unit)) * 0.002);
      timeWindow.zoom(timeAtRef.current(e.offsetX), factor);
    };
    hit.addEventListener('wheel', onWheel, { passive: false });
    return () => hit.removeEventListener('wheel', onWheel);
  }, [hitRef, timeWindow, innerW, innerH]);

  const drag = useRef<{ px: number; d0: number; d1: number; id: number } | null>(null);
  const localX = (e: PointerEvent) => e.clientX - e.currentTarget.getBoundingClientRect().left;

  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const px = localX(e);
    const g = drag.current;
    if (g && g.id === e.pointerId) {
      const dt = ((g.px - px) * (g.d1 - g.d0)) / Math.max(1, innerW);
      timeWindow.set(g.d0 + dt, g.d1 + dt);
    }
    pointerHere.current = true;
    // Every chart (this one too) hears the new hover time and moves its rule.
    timeWindow.setHover(timeAtRef.current(Math.max(0, Math.min(innerW, px))));
  };
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || timeWindow.following) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const [d0, d1] = timeWindow.visible();
    drag.current = { px: localX(e), d0, d1, id: e.pointerId };
    e.currentTarget.classList.add('dragging');
  };
  const endDrag = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.id !== e.pointerId) return;
    drag.current = null;
    e.currentTarget.classList.remove('dragging');
  };
  const onPointerLeave = () => {
    pointerHere.current = false;
    timeWindow.setHover(null);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const [d0, d1] = timeWindow.visible();
    const mid = (d0 + d1) / 2;
    const step = (d1 - d0) * 0.2;
    const actions: Record<string, () => void> = {
      '+': () => timeWindow.zoom(mid, 0.5),
      '=': () => timeWindow.zoom(mid, 0.5),
      '-': () => timeWindow.zoom(mid, 2),
      ArrowLeft: () => timeWindow.pan(-step),
      ArrowRight: () => timeWindow.pan(step),
      '0': () => timeWindow.reset(),
      Escape: () => timeWindow.reset(),
      Home: () => timeWindow.reset(),
    };
    const act = actions[e.key];
    if (act) {
      e.preventDefault();
      act();
    }
  };
  return {
    onPointerMove,
    onPointerDown,
    onPointerUp: endDrag,
    onPointerCancel: endDrag,
    onPointerLeave,
    onDoubleClick: () => timeWindow.reset(),
    onKeyDown,
  };
}
