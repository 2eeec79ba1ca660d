/**
 * The caption near the network after *Next event* or *Next burst*: one sentence of what
 * the step did, with a clock of enough digits to see the step (narrate.ts). Announced to
 * screen readers; gone again once the run plays.
 */
import { useMemo } from 'react';
import { makeNames, type ScenarioShape } from '../log/names';
import { useController, useSimState } from '../sim/context';
import { narrateStep } from './narrate';

export function StepCaption() {
  const controller = useController();
  const { lastStep, flowIds } = useSimState();
  const scenario = controller.scenario as unknown as ScenarioShape;
  const names = useMemo(() => makeNames(scenario, flowIds), [scenario, flowIds]);
  if (!lastStep) return null;
  return (
    <p className="step-caption" data-testid="step-caption" role="status" aria-live="polite">
      {narrateStep(lastStep.kind, lastStep.events, names, lastStep.at)}
    </p>
  );
}
