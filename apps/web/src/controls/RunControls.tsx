/** Play/pause and reset. One toggle button so the class always sees what a click will do. */
import { useController, useSimState } from '../sim/context';
import { PauseIcon, PlayIcon, ResetIcon } from './icons';

export function RunControls() {
  const controller = useController();
  const { phase } = useSimState();
  const running = phase === 'running';
  const canToggle = phase === 'running' || phase === 'paused';
  return (
    <div className="run-controls" role="group" aria-label="Run">
      <button
        type="button"
        className="primary"
        data-testid="play-pause"
        disabled={!canToggle}
        onClick={() => (running ? controller.pause() : controller.play())}
      >
        {running ? <PauseIcon /> : <PlayIcon />}
        {running ? 'Pause' : 'Play'}
      </button>
      <button
        type="button"
        data-testid="reset"
        disabled={phase === 'loading' || phase === 'resetting'}
        onClick={() => void controller.reset()}
      >
        <ResetIcon />
        Reset
      </button>
    </div>
  );
}
