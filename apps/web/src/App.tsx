/** Page structure: controls on the left, the network and the live charts on the right. */
import { Counters } from './controls/Counters';
import { ErrorBanner, NoticeBanner } from './controls/Banners';
import { LossSlider } from './controls/LossSlider';
import { RunControls } from './controls/RunControls';
import { SpeedControl } from './controls/SpeedControl';
import { TimeReadout } from './controls/TimeReadout';
import { LiveChart } from './charts/LiveChart';
import { useSimState } from './sim/context';
import type { Topology } from './topology/layout';
import { TopologyView } from './topology/TopologyView';

export function App({ scenarioName, topology }: { scenarioName: string; topology: Topology }) {
  const { phase } = useSimState();
  return (
    <div className="app" data-testid="app" data-phase={phase}>
      <header className="app-header">
        <h1>TCP over Optical Burst Switching</h1>
        <p className="scenario-name" data-testid="scenario-name">
          {scenarioName}
        </p>
      </header>
      <ErrorBanner />
      <NoticeBanner />
      <div className="layout">
        <aside className="sidebar" aria-label="Controls">
          <RunControls />
          <TimeReadout />
          <SpeedControl />
          <fieldset className="losses">
            <legend>Burst drop probability (live)</legend>
            <LossSlider kind="data" label="Data bursts" />
            <LossSlider kind="ack" label="ACK bursts" />
          </fieldset>
          <Counters />
        </aside>
        <main className="content">
          <TopologyView topology={topology} />
          <LiveChart
            id="chart-cwnd"
            title="Congestion window"
            yLabel="cwnd (segments)"
            column="cwnd"
            dashedColumn="ssthresh"
            dashedLabel="ssthresh"
            minYMax={10}
          />
          <LiveChart
            id="chart-throughput"
            title="Throughput (goodput)"
            yLabel="goodput (Mbit/s)"
            column="goodput"
            scale={1e-6}
            minYMax={1}
          />
        </main>
      </div>
    </div>
  );
}
