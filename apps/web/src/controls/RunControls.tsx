/**
 * Play/pause, Reset run (from t = 0 with the values shown: edits kept; Reset to the preset
 * is in the preset picker), and single steps. One toggle button so the class always sees what a
 * click will do; the steps work while paused: the next event, or up to the next burst an
 * edge sends (what a teacher uses to walk through one burst's life).
 */
import { useScenarioStore } from '../store/storeContext';
import { useEngineSync } from '../store/engineSyncContext';
import { useController, useSimState } from '../sim/simContext';
import { PauseIcon, PlayIcon, ResetIcon, StepIcon } from './icons';
import { BUTTON_NAMES } from '../view/controlNames';

/** The single steps, while paused: how far each goes, and its words. */
const STEPS = [
  { to: 'event', label: BUTTON_NAMES.nextEvent, title: 'Run to the next event something on screen draws (key N)' },
  { to: 'burst', label: BUTTON_NAMES.nextBurst, title: 'Run until an edge node sends its next burst (key B)' },
] as const;

export function RunControls() {
  const controller = useController();
  const store = useScenarioStore();
  const sync = useEngineSync();
  const { phase } = useSimState();
  const running = phase === 'running';
  // A finished run plays again from t = 0 in one action (Reset run, then Play); the button
  // keeps its name (a longer one wrapped the sidebar and pushed the counters off a 720-line screen).
  const finished = phase === 'finished';
  const canToggle = phase === 'running' || phase === 'paused' || finished;
  const canStep = phase === 'paused';
  return (
    <div className="run-controls" role="group" aria-label="Run">
      <div className="run-row">
        <button
          type="button"
          className="primary"
          data-testid="play-pause"
          disabled={!canToggle}
          title={finished ? 'Run again from t = 0 with the values shown now, and play' : undefined}
          onClick={() => {
            if (running) controller.pause();
            else if (finished) {
              store.resetRun();
              void sync.settled().then(() => controller.play());
            } else controller.play();
          }}
        >
          {running ? <PauseIcon /> : <PlayIcon />}
          {running ? BUTTON_NAMES.pause : BUTTON_NAMES.play}
        </button>
        <button
          type="button"
          data-testid="reset"
          disabled={phase === 'loading' || phase === 'resetting'}
          title="Run again from t = 0 with the values shown now (edits and sliders kept)"
          onClick={() => store.resetRun()}
        >
          <ResetIcon />
          {BUTTON_NAMES.resetRun}
        </button>
      </div>
      <div className="run-row step-row" role="group" aria-label="Step (while paused)">
        {STEPS.map((step) => (
          <button
            key={step.to}
            type="button"
            data-testid={`step-${step.to}`}
            disabled={!canStep}
            title={step.title}
            onClick={() => void controller.step(step.to)}
          >
            <StepIcon />
            {step.label}
          </button>
        ))}
      </div>
    </div>
  );
}
