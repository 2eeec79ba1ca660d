/**
 * A burst drop probability, 0 to 10 % in 0.1 % steps, applied to the running
 * simulation at once (no reset): this is the classroom's "what if" knob.
 */
import { useId } from 'react';
import { Term } from '../glossary/Term';
import { formatPercent } from '../format';
import type { BurstClass } from '../sim/controller';
import { useController, useSimState } from '../sim/context';

export const LOSS_MAX = 0.1;
export const LOSS_STEP = 0.001;

export function LossSlider({ kind, label }: { kind: BurstClass; label: string }) {
  const controller = useController();
  const { burstLoss } = useSimState();
  const id = useId();
  const value = burstLoss[kind];
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
        onChange={(e) => controller.setBurstLoss(kind, roundToStep(Number(e.currentTarget.value)))}
      />
    </div>
  );
}

// Range inputs report 0.007000000000000001; keep the value the class sees.
function roundToStep(p: number): number {
  return Number((Math.round(p / LOSS_STEP) * LOSS_STEP).toFixed(4));
}
