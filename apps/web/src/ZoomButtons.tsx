/**
 * A live view's zoom (the time-space diagram, the channel view): + shows less time, − more,
 * between them the time shown, "(auto)" while the view chooses it, and Auto while the user
 * has zoomed. Styled by liveView.css, which the views load: the time shown is as wide as
 * the view's `--zoom-value-width`.
 */
export interface ZoomButtonsProps {
  /** The group's name for screen readers ("Time shown"). */
  label: string;
  /** What zooming in and out does, for the buttons' names ("less time shown", "more time shown"). */
  inWords: string;
  outWords: string;
  /** The time shown, in words. */
  shown: string;
  /** The user's zoom, not the view's own choice. */
  zoomed: boolean;
  /** The time shown is read out but not seen (the buttons float over the figure). */
  shownHidden?: boolean;
  /** The view's name, prefixing the test ids: `${testIds}-zoom-in`, `-window`, `-zoom-out`, `-zoom-auto`. */
  testIds: string;
  /** -1 zooms in, 1 out. */
  onZoom: (dir: 1 | -1) => void;
  onAuto: () => void;
}

export function ZoomButtons({ label, inWords, outWords, shown, zoomed, shownHidden = false, testIds, onZoom, onAuto }: ZoomButtonsProps) {
  return (
    <div className="live-view-buttons" role="group" aria-label={label}>
      <button type="button" onClick={() => onZoom(-1)} aria-label={`Zoom in (${inWords})`} data-testid={`${testIds}-zoom-in`}>
        +
      </button>
      <span className={shownHidden ? 'visually-hidden' : 'zoom-buttons-value'} data-testid={`${testIds}-window`}>
        {shown}
        {zoomed ? '' : ' (auto)'}
      </span>
      <button type="button" onClick={() => onZoom(1)} aria-label={`Zoom out (${outWords})`} data-testid={`${testIds}-zoom-out`}>
        −
      </button>
      {zoomed && (
        <button type="button" onClick={onAuto} data-testid={`${testIds}-zoom-auto`}>
          Auto
        </button>
      )}
    </div>
  );
}

/** The keys that do what the buttons do, for the figure's canvas: + (or =) zooms in, - out. */
export function zoomKeys(onZoom: (dir: 1 | -1) => void): Record<string, () => void> {
  return { '+': () => onZoom(-1), '=': () => onZoom(-1), '-': () => onZoom(1) };
}
