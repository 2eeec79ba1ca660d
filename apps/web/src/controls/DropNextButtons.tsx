/**
 * *Drop next data burst* / *Drop next ACK burst*: one loss, now, that a class can watch TCP
 * react to (engine sync `dropNextBurst`, docs/deterministic-loss.md). While a run is running or
 * paused; a paused run loses the burst when it plays on. What was asked is said under the
 * buttons, and the loss itself appears on the network and in the event log like any drop.
 */
import { useMemo, useState, useSyncExternalStore } from 'react';
import { formatChangeTime } from '../store/scenarioStore';
import { dropNextNode, edgesForming, whyNoEdgeForms, type BurstClassName } from '../store/dropNext';
import { useSimState } from '../sim/simContext';
import { useScenarioStore } from '../store/storeContext';
import { useEngineSync } from '../store/engineSyncContext';
import { BUTTON_NAMES } from '../view/controlNames';

const NAMES: Record<BurstClassName, string> = { data: 'data', ack: 'ACK' };

export function DropNextButtons() {
  const store = useScenarioStore();
  const sync = useEngineSync();
  const { phase, routes } = useSimState();
  const scenario = useSyncExternalStore(store.subscribe, () => store.getState().scenario);
  const [said, setSaid] = useState<string>('');
  const live = phase === 'running' || phase === 'paused';
  // From the engine's routes (store/dropNext.ts): they change with a load, not with the
  // frames that re-render this. Null: an edge forms the class's bursts.
  const whyNot = useMemo(
    () => ({
      data: whyNoEdgeForms(edgesForming(scenario, routes, 'data'), 'data'),
      ack: whyNoEdgeForms(edgesForming(scenario, routes, 'ack'), 'ack'),
    }),
    [scenario, routes],
  );

  const drop = async (cls: BurstClassName) => {
    const refusal = await sync.dropNextBurst(cls);
    if (refusal !== null) {
      setSaid(`Not dropped: ${refusal}.`);
      return;
    }
    const { run, scenario: now } = store.getState();
    // The edges named are those the store just asked (its record), not worked out again.
    const asks = run.changes.filter((c) => dropNextNode(c.path, cls) !== null);
    const asked = asks.at(-1);
    const edges = new Set(asks.filter((c) => c.at === asked?.at).map((c) => now.nodes[dropNextNode(c.path, cls)!]?.id ?? '?'));
    setSaid(
      `At ${asked ? formatChangeTime(asked.at) : 'now'}: the next ${NAMES[cls]} burst ${[...edges].join(', ')} sends is lost at the first core.`,
    );
  };

  return (
    <div className="drop-next" role="group" aria-label="Drop one burst">
      <div className="drop-next-buttons">
        {(['data', 'ack'] as const).map((cls) => {
          const none = whyNot[cls];
          return (
            <button
              key={cls}
              type="button"
              data-testid={`drop-next-${cls}`}
              disabled={!live || none !== null}
              title={none !== null ? sentence(none) : `Lose the next ${NAMES[cls]} burst, once, and watch TCP react`}
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

/** A reason as a tooltip: capitalised. */
function sentence(reason: string): string {
  return reason.charAt(0).toUpperCase() + reason.slice(1);
}
