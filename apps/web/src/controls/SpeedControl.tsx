/**
 * Simulated seconds per wall second. Radio buttons: arrow keys move between them, the
 * choice is always visible. 1x is the default so the 20 s default run takes 20 s.
 */
import { useController, useSimState } from '../sim/context';

export const SPEEDS: Array<{ value: number; label: string; title: string }> = [
  { value: 0.1, label: '0.1×', title: '100 ms of simulated time per second' },
  { value: 0.5, label: '0.5×', title: 'half real time' },
  { value: 1, label: '1×', title: 'real time' },
  { value: 2, label: '2×', title: 'twice real time' },
  { value: 10, label: '10×', title: 'ten times real time' },
  { value: Infinity, label: 'max', title: 'as fast as the engine can' },
];

export function SpeedControl() {
  const controller = useController();
  const { speed } = useSimState();
  return (
    <fieldset className="speed" data-testid="speed">
      <legend>Speed (× real time)</legend>
      <div className="segmented">
        {SPEEDS.map((s) => (
          <label key={s.label} title={s.title}>
            <input
              type="radio"
              name="speed"
              value={s.label}
              checked={speed === s.value}
              onChange={() => controller.setSpeed(s.value)}
            />
            <span>{s.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
