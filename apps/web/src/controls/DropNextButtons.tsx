/**
 * *Drop next data burst* / *Drop next ACK burst*: one loss, now, that a class can watch TCP
 * react to (store `dropNextBurst`, docs/deterministic-loss.md). While a run is running or
 * paused; a paused run loses the burst when it plays on. What was asked is said under the
 * buttons, and the loss itself appears on the network and in the event log like any drop.
 */
import { useMemo, useState, useSyncExternalStore } from 'react';
import { formatChangeTime } from '../store/scenarioStore';
import { edgesForming, type BurstClassName } from '../store/dropNext';
import { useSimState } from '../sim/simContext';
import { useScenarioStore } from '../store/storeContext';
import { BUTTON_NAMES } from '../view/controlNames';

const NAMES: Record<BurstClassName, string> = { data: 'data', ack: 'ACK' };

export function DropNextButtons() {
  const store = useScenarioStore();
  const { phase } = useSimState();
  const scenario = useSyncExternalStore(store.subscribe, () => store.getState().scenario);
  const [said, setSaid] = useState<string>('');
  const live = phase === 'running' || phase === 'paused';
  // Routes only change with the scenario, not with the frames that re-render this.
  const forming = useMemo(() => ({ data: edgesForming(scenario, 'data').length, ack: edgesForming(scenario, 'ack').length }), [scenario]);

  const drop = async (cls: BurstClassName) => {
    const refusal = await store.dropNextBurst(cls);
    if (refusal !== null) {
      setSaid(`Not dropped: ${refusal}.`);
      return;
    }
    const asked = store
      .getState()
      .run.changes.filter((c) => c.path.endsWith(`.dropNext.${cls}`))
      .at(-1);
    const edges = edgesForming(store.getState().scenario, cls).map((i) => store.getState().scenario.nodes[i].id);
    setSaid(
      `At ${asked ? formatChangeTime(asked.at) : 'now'}: the next ${NAMES[cls]} burst ${edges.join(', ')} sends is lost at the first core.`,
    );
  };

  return (
    <div className="drop-next" role="group" aria-label="Drop one burst">
      <div className="drop-next-buttons">
        {(['data', 'ack'] as const).map((cls) => {
          const none = forming[cls] === 0;
          return (
            <button
              key={cls}
              type="button"
              data-testid={`drop-next-${cls}`}
              disabled={!live || none}
              title={
                none ? `No edge node forms the flows' ${NAMES[cls]} bursts` : `Lose the next ${NAMES[cls]} burst, once, and watch TCP react`
              }
              onClick={() => void drop(cls)}
            >
              {cls === 'data' ? BUTTON_NAMES.dropNextData : BUTTON_NAMES.dropNextAck}
            </button>
          );
        })}
      </div>
      <p className="drop-next-said" role="status" data-testid="drop-next-said">
        {said}
      </p>
    </div>
  );
}
