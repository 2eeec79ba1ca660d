/**
 * The header of an embedded copy (view/embedFlag.ts): what is shown, and a way out to the
 * full app with the same scenario, in a new tab (the frame's page stays as it was).
 */
import { useSyncExternalStore } from 'react';
import { useScenarioStore } from '../store/storeContext';
import { shareHashOf } from '../store/addressBar';
import { fullAppAddress } from './embedFlag';

export function EmbedHeader() {
  const store = useScenarioStore();
  const state = useSyncExternalStore(store.subscribe, store.getState);
  // What the frame shows now (sliders moved in it included), as the full app's link.
  const hash = shareHashOf(state) || location.hash;
  return (
    <>
      <p className="embed-name" data-testid="embed-name">
        {state.scenario.name}
      </p>
      <a
        className="embed-open"
        data-testid="embed-open"
        href={fullAppAddress({ origin: location.origin, pathname: location.pathname, search: location.search, hash })}
        target="_blank"
        rel="noopener noreferrer"
      >
        Open the full app ↗
      </a>
    </>
  );
}
