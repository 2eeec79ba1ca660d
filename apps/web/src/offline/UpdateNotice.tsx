/**
 * "A new version of the app is ready": shown when a deployment newer than the page is
 * stored for offline use (offlineCopy.ts). Reload lets it take over now; otherwise it
 * does when every tab of the app is closed.
 */
import { useContext, useState, useSyncExternalStore } from 'react';
import { OfflineContext } from './offlineContext';
import type { OfflineState } from './offlineCopy';

const never = () => () => {};
const unavailable = (): OfflineState => 'unavailable';

export function UpdateNotice() {
  const offline = useContext(OfflineContext);
  const state = useSyncExternalStore(offline?.subscribe ?? never, offline?.getState ?? unavailable);
  const [later, setLater] = useState(false);
  if (state !== 'update-ready' || later || !offline) return null;
  return (
    <div className="banner banner-notice update-notice" role="status" data-testid="update-notice">
      <div>
        A new version of the app is ready.
        <div className="banner-hint">Reload keeps your scenario and starts its run again.</div>
      </div>
      <span className="banner-actions">
        <button type="button" data-testid="update-reload" onClick={() => offline.applyUpdate()}>
          Reload
        </button>
        <button type="button" onClick={() => setLater(true)}>
          Later
        </button>
      </span>
    </div>
  );
}
