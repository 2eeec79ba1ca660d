/** The live charts of the run: cwnd and throughput per flow. */
import { LiveChart } from './LiveChart';

export function ChartsArea() {
  return (
    <div className="charts-area">
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
    </div>
  );
}
