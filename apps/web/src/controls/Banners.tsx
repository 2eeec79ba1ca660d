/** Fatal engine errors (with the way out: Reset) and non-fatal notices. */
import { useController, useSimState } from '../sim/context';

export function ErrorBanner() {
  const controller = useController();
  const { error } = useSimState();
  if (!error) return null;
  return (
    <div className="banner banner-error" role="alert" data-testid="error-banner">
      <div>
        <strong>The simulation stopped.</strong> <span data-testid="error-message">{error}</span>
        <div className="banner-hint">The scenario is kept; Reset starts it again from t = 0.</div>
      </div>
      <button type="button" onClick={() => void controller.reset()} data-testid="error-reset">
        Reset
      </button>
    </div>
  );
}

export function NoticeBanner() {
  const controller = useController();
  const { notice } = useSimState();
  if (!notice) return null;
  return (
    <div className="banner banner-notice" role="status" data-testid="notice-banner">
      <span>{notice}</span>
      <button type="button" onClick={() => controller.dismissNotice()}>
        Dismiss
      </button>
    </div>
  );
}
