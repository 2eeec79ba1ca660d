/**
 * A burst drop probability, 0 to 10 % in 0.1 % steps, applied to the running
 * simulation without a reset: this is the classroom's "what if" knob. The value is the
 * scenario store's (obs.burstLoss); a move is one undoable action once the slider rests,
 * recorded with the time it took effect (store/scenarioStore.ts `slide`; the engine sync,
 * store/engineSync.ts, sends it and reports that time back).
 */
import { useId, useSyncExternalStore } from 'react';
import { Term } from '../glossary/Term';
import { formatPercent } from '../format';
import type { BurstClass } from '../sim/controller';
import { useScenarioStore } from '../store/storeContext';

export const LOSS_MAX = 0.1;
export const LOSS_STEP = 0.001;

export function LossSlider({ kind, label }: { kind: BurstClass; label: string }) {
  const store = useScenarioStore();
  const value = useSyncExternalStore(store.subscribe, () => store.getState().scenario.obs.burstLoss[kind]);
  const id = useId();
  const path = `obs.burstLoss.${kind}`;
  return (
    <div className="loss-slider">
      <label htmlFor={id}>
        <Term id={kind === 'data' ? 'dataBurst' : 'ackBurst'}>{label}</Term>
      </label>
      <output htmlFor={id} data-testid={`loss-${kind}-value`}>
        {formatPercent(value)}
      </output>
      <input
        id={id}
        type="range"
        min={0}
        max={LOSS_MAX}
        step={LOSS_STEP}
        value={value}
        data-testid={`loss-${kind}`}
        aria-valuetext={formatPercent(value)}
        onChange={(e) => store.slide(path, roundToStep(Number(e.currentTarget.value)))}
        // Let go: the move is one action now, not after the slider rests.
        onPointerUp={() => store.endSlide()}
        onKeyUp={() => store.endSlide()}
      />
    </div>
  );
}

// Range inputs report 0.007000000000000001; keep the value the class sees.
function roundToStep(p: number): number {
  return Number((Math.round(p / LOSS_STEP) * LOSS_STEP).toFixed(4));
}
