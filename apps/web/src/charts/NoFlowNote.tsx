/**
 * In place of the charts while the scenario has no TCP flow (a network being built, or
 * every flow deleted): nothing would be drawn, so say how to add one.
 */
import { nextBuildStep } from '../scenario/buildGuide';
import type { Scenario } from '../scenario/scenarioTypes';

export function NoFlowNote({ scenario }: { scenario: Pick<Scenario, 'nodes' | 'links' | 'flows'> }) {
  const step = nextBuildStep(scenario);
  return (
    <div className="charts-empty" data-testid="charts-empty" role="note">
      <p className="charts-empty-title">No TCP flow yet: nothing to chart.</p>
      <p>
        A flow runs between two hosts of the network above: press <strong>Add flow</strong> under the network (or{' '}
        <strong>Panel → Flows → Add flow</strong>), then click the sending host and the receiving host. Its cwnd, throughput and RTT are
        drawn here as it runs.
      </p>
      {step && step.step !== 'flow' && <p className="charts-empty-next">First: {step.text}</p>}
    </div>
  );
}
