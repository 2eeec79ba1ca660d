/**
 * The caption near the network after *Next event* or *Next burst*: one sentence of what
 * the step did, with a clock of enough digits to see the step (narrate.ts), and the moment
 * highlighted on the network (stepFocus.ts). Announced to screen readers; gone again, with
 * its highlight, once the run plays.
 */
import { useEffect, useMemo } from 'react';
import { focusStore } from '../sim/focusStore';
import { makeNames, type ScenarioShape } from '@obs-tcp-sim/engine';
import { useController, useSimState } from '../sim/simContext';
import { narrateStep } from './narrate';
import { stepFocus } from './stepFocus';

export function StepCaption() {
  const controller = useController();
  const { lastStep, flowIds, routes } = useSimState();
  const scenario: ScenarioShape = controller.scenario;
  // With the engine's routes, as the log: "E1 sends burst 77 to E2 via C1 (...)".
  const names = useMemo(() => makeNames(scenario, flowIds, routes), [scenario, flowIds, routes]);
  useEffect(() => {
    const mine = () => focusStore.get()?.source === 'step';
    if (lastStep) {
      const focus = stepFocus(lastStep.kind, lastStep.events, names);
      if (focus) focusStore.set(focus);
      else if (mine()) focusStore.set(null);
    } else if (mine()) {
      focusStore.set(null);
    }
  }, [lastStep, names]);
  if (!lastStep) return null;
  return (
    <p className="step-caption" data-testid="step-caption" role="status" aria-live="polite">
      {narrateStep(lastStep.kind, lastStep.events, names, lastStep.at, lastStep.ran)}
    </p>
  );
}
