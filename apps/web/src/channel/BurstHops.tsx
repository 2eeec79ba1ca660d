/**
 * The selected burst's route hop by hop, each hop with the wavelength it took, so a class
 * sees wavelength continuity (the same λ through a core without conversion) or where the
 * wavelength changed. Shown under the channel view's legend while a burst is selected
 * (clicked in the Gantt, or picked in the event log).
 */
import { BurstClassName } from '../sim/visualStore';
import { hopText, hopWords, wavelengthChanges, type Hop } from './burstHops';

export function BurstHops({
  id,
  cls,
  hops,
  boxed,
  fromLog,
  onClose,
}: {
  id: number;
  cls: number;
  hops: readonly Hop[];
  /** Its bar is in the timeline below (the watched fiber is on its route, inside the window). */
  boxed: boolean;
  fromLog: boolean;
  onClose(): void;
}) {
  const changes = wavelengthChanges(hops);
  const used = hops.filter((h) => h.state === 'used').length;
  const kind = BurstClassName[cls] ?? 'burst';
  return (
    <div className="channel-hops" data-testid="channel-hops" data-burst={id} data-hops={hopWords(hops)} aria-live="polite">
      {/* First, so a wrapped line never leaves it alone on the next one. */}
      <button
        type="button"
        className="channel-hops-close"
        aria-label="Clear the selected burst"
        title="Clear the selected burst"
        onClick={onClose}
      >
        ×
      </button>
      <span className="channel-hops-title">
        {fromLog ? 'From the log: ' : ''}burst {id} ({kind}
        {boxed ? ', dashed box below' : ''}):
      </span>
      <ol className="channel-hop-list">
        {hops.map((h, k) => (
          <li
            key={`${k}-${h.from}-${h.to}`}
            className={`channel-hop hop-${h.state.replace(' ', '-')}${k > 0 && changes.includes(h.from) ? ' hop-changed' : ''}${h.cut ? ' hop-cut' : ''}`}
            data-testid="channel-hop"
            title={h.fdl > 0 ? `${hopText(h)}, after an FDL delay` : undefined}
          >
            {hopText(h)}
          </li>
        ))}
      </ol>
      {used > 1 && (
        <span className="channel-hops-note" data-testid="channel-hops-note">
          {changes.length === 0 ? 'same λ on every hop' : `λ changes at ${changes.join(', ')}`}
        </span>
      )}
    </div>
  );
}
