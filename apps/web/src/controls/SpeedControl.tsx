/**
 * Simulated seconds per wall second, from "watch one burst" (tens of microseconds per
 * second: a burst crossing a 100 µs fiber takes seconds) to as fast as the engine can.
 * Radio buttons: arrow keys move between them, the choice is always visible, and the line
 * under them says in words what the choice means.
 */
import { fullSpeedRestShare } from '@obs-tcp-sim/engine';
import { useController, useSimState } from '../sim/simContext';

// On a machine of two cores the engine rests part of the time at full speed, so that the
// page keeps a core for drawing; the caption says so rather than hide it.
const cores = navigator.hardwareConcurrency || 1;
const restShare = fullSpeedRestShare(cores);
const MAX_TITLE =
  restShare > 0
    ? `as fast as the engine can, resting ${Math.round(restShare * 100)} % of the time so this ${cores}-core machine keeps drawing smoothly`
    : 'as fast as the engine can';

export const SPEEDS: Array<{ value: number; label: string; title: string }> = [
  { value: 20e-6, label: '20 µs', title: '20 µs of simulated time per second: watch single bursts and control packets' },
  { value: 1e-3, label: '1 ms', title: '1 ms of simulated time per second: watch bursts stream out of the edges' },
  { value: 0.1, label: '0.1×', title: '100 ms of simulated time per second' },
  { value: 1, label: '1×', title: 'real time' },
  { value: 10, label: '10×', title: 'ten times real time' },
  { value: Infinity, label: 'max', title: MAX_TITLE },
];

export function SpeedControl() {
  const controller = useController();
  const { speed } = useSimState();
  const current = SPEEDS.find((s) => s.value === speed);
  return (
    <fieldset className="speed" data-testid="speed">
      <legend>Speed (simulated time per second)</legend>
      <div className="segmented">
        {SPEEDS.map((s) => (
          <label key={s.label} title={s.title}>
            <input
              type="radio"
              name="speed"
              value={s.label}
              aria-label={s.label}
              checked={speed === s.value}
              onChange={() => controller.setSpeed(s.value)}
            />
            <span>{s.label}</span>
          </label>
        ))}
      </div>
      <p className="speed-caption" data-testid="speed-caption">
        {current ? current.title : ''}
      </p>
    </fieldset>
  );
}
