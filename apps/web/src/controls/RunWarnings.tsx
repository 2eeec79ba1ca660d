/**
 * The run's warnings (the summary's `warnings`, docs/model.md "Warnings"): what it did that
 * its author most likely did not mean, in the engine's words, in a banner under the
 * header (where notices are: the sidebar's end is below the fold at 1280x720). Only when
 * there is one; nothing else on the page says, for instance, that every burst was dropped
 * late because the offset is too short.
 */
import { oneLine } from '@obs-tcp-sim/scenario';
import type { SummaryLike } from '../sim/controller';
import { useSimState } from '../sim/simContext';

/** The sentences of the summary's warnings, in the engine's order (none when it has none). */
export function warningTexts(summary: SummaryLike | null): string[] {
  return (summary?.warnings ?? []).flatMap((w) => (typeof w?.text === 'string' && w.text !== '' ? [w.text] : []));
}

export function RunWarnings() {
  const { summary } = useSimState();
  const texts = warningTexts(summary);
  if (texts.length === 0) return null;
  return (
    <div className="banner banner-notice run-warnings" role="status" data-testid="run-warnings">
      <div>
        <strong>This run may not be what you meant:</strong>
        <ul>
          {texts.map((text) => (
            <li key={text}>{oneLine(text)}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
