/**
 * Simulated clock and progress bar. They change every frame, so they are written to the
 * DOM in the frame loop instead of through React state.
 */
import { useCallback, useEffect, useRef } from 'react';
import { formatClock, formatEventRate, formatSeconds } from '../format';
import { useController, useSimState } from '../sim/simContext';

export function TimeReadout() {
  const controller = useController();
  const { duration, phase, speed, stoppedByGuard } = useSimState();
  const clockRef = useRef<HTMLOutputElement>(null);
  const barRef = useRef<HTMLProgressElement>(null);
  const rateRef = useRef<HTMLSpanElement>(null);

  const redraw = useCallback(() => {
    const now = controller.live.now;
    const clock = clockRef.current;
    const bar = barRef.current;
    if (clock) {
      clock.textContent = formatClock(now, speed, phase === 'paused');
      clock.dataset.now = String(now);
    }
    if (bar) bar.value = duration > 0 ? Math.min(1, now / duration) : 0;
    const rate = rateRef.current;
    if (rate) {
      rate.textContent = formatEventRate(controller.live.eventsPerSecond);
      rate.dataset.value = String(controller.live.eventsPerSecond);
    }
  }, [controller, duration, speed, phase]);

  useEffect(() => controller.addView(redraw), [controller, redraw]);

  return (
    <div className="time-readout" data-phase={phase}>
      <div className="clock-line">
        <span className="clock-label">Simulated time</span>
        <output ref={clockRef} className="clock" data-testid="sim-time" data-now="0" aria-live="off">
          {formatSeconds(0)}
        </output>
        <span className="clock-of">of {formatSeconds(duration)}</span>
      </div>
      <progress ref={barRef} max={1} value={0} aria-label="Progress of the run" data-testid="progress" />
      <div className="phase-line">
        <PhaseBadge phase={phase} stoppedByGuard={stoppedByGuard} />
        <span className="engine-rate" title="Simulation events the engine runs per second of wall time">
          engine{' '}
          <span ref={rateRef} data-testid="events-per-second" data-value="0">
            –
          </span>
        </span>
      </div>
    </div>
  );
}

const PHASE_TEXT = {
  loading: 'Loading engine…',
  running: 'Running',
  paused: 'Paused',
  finished: 'Finished',
  resetting: 'Resetting…',
  error: 'Stopped by an error',
} as const;

function PhaseBadge({ phase, stoppedByGuard }: { phase: keyof typeof PHASE_TEXT; stoppedByGuard: boolean }) {
  return (
    <div className={`phase phase-${phase}`} data-testid="phase" role="status">
      {phase === 'error' && stoppedByGuard ? 'Stopped: over its budget' : PHASE_TEXT[phase]}
    </div>
  );
}
