/**
 * The canvas of a live figure (the time-space diagram, the channel view's Gantt): `width` ×
 * `height` CSS pixels, backed by as many device pixels as the screen has, so lines stay
 * sharp; read as one image by its label, and focusable so that its keys work: a key in
 * `keys` runs its action instead of what the browser would do with it.
 */
import type { CanvasHTMLAttributes, KeyboardEvent, Ref } from 'react';

type Passed = Omit<CanvasHTMLAttributes<HTMLCanvasElement>, 'width' | 'height' | 'style' | 'onKeyDown' | 'aria-label'>;

export interface FigureCanvasProps extends Passed {
  ref: Ref<HTMLCanvasElement>;
  width: number;
  height: number;
  label: string;
  keys: Readonly<Record<string, () => void>>;
}

export function FigureCanvas({ ref, width, height, label, keys, ...passed }: FigureCanvasProps) {
  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  const onKeyDown = (e: KeyboardEvent<HTMLCanvasElement>) => {
    const action = keys[e.key];
    if (action) {
      e.preventDefault();
      action();
    }
  };
  return (
    <canvas
      ref={ref}
      width={Math.round(width * dpr)}
      height={Math.round(height * dpr)}
      style={{ width, height }}
      tabIndex={0}
      role="img"
      aria-label={label}
      onKeyDown={onKeyDown}
      {...passed}
    />
  );
}
