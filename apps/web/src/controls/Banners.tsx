/**
 * Fatal engine errors (with the way out: Reset) and non-fatal notices, with the buttons a
 * notice offers (noticeActions.ts). Both may quote text from a link, a file or the
 * engine, so both are shown through `oneLine`: no control, bidi or separator character
 * reaches the page, and a huge message is cut.
 */
import { oneLine } from '@obs-tcp-sim/scenario';
import { noticeActions } from './noticeActions';
import { useScenarioStore } from '../store/storeContext';
import { useController, useSimState } from '../sim/simContext';

export function ErrorBanner() {
  // Reset after an error runs the values shown again (store/scenarioStore.ts resetRun).
  const store = useScenarioStore();
  const { error, stoppedByGuard } = useSimState();
  if (!error) return null;
  return (
    <div className="banner banner-error" role="alert" data-testid="error-banner">
      <div>
        <strong>The simulation stopped.</strong> <span data-testid="error-message">{oneLine(error)}</span>
        <div className="banner-hint">
          {stoppedByGuard
            ? 'The engine stops a run that could not finish or would exhaust memory, so the page stays usable. The scenario is kept: change what the message names (Reset runs it again as it is).'
            : 'The scenario is kept; Reset starts it again from t = 0.'}
        </div>
      </div>
      <button type="button" onClick={() => store.resetRun()} data-testid="error-reset">
        Reset
      </button>
    </div>
  );
}

export function NoticeBanner() {
  const controller = useController();
  const { notice } = useSimState();
  if (!notice) return null;
  const actions = noticeActions.for(notice);
  return (
    <div className="banner banner-notice" role="status" data-testid="notice-banner">
      <span data-testid="notice-text">{oneLine(notice)}</span>
      <span className="banner-actions">
        {actions.map((action) => (
          <button
            key={action.testId}
            type="button"
            data-testid={action.testId}
            onClick={() => {
              controller.dismissNotice();
              action.run();
            }}
          >
            {action.label}
          </button>
        ))}
        <button type="button" onClick={() => controller.dismissNotice()}>
          Dismiss
        </button>
      </span>
    </div>
  );
}
