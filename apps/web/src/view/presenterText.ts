/**
 * Presenter mode's text size, px: 24 px on a 720-line projector (the room's minimum),
 * growing with the window's height so a 1080p or 4K projector shows the same proportions
 * (a thirtieth of the height), up to 48 px. styles.css computes the same with clamp().
 */
export function presenterTextPx(viewportHeight: number): number {
  return Math.min(48, Math.max(24, viewportHeight / 30));
}
