/**
 * The live charts of the run: cwnd (large, left) with ssthresh and the RTO / fast
 * retransmit markers; throughput and RTT stacked on the right. One legend above them all
 * picks the flows; one time window (zoom, pan) and one hover time are shared by all three.
 */
import { useEffect, useLayoutEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useScenarioStore } from '../store/storeContext';
import { NoFlowNote } from './NoFlowNote';
import { ChangeEffectsPanel } from './ChangeEffectsPanel';
import { Term } from '../glossary/Term';
import { useSimState } from '../sim/simContext';
import { defaultSelection, type FlowSelection } from './flowPicker';
import { FlowLegend } from './FlowLegend';
import { LiveChart, type LiveChartProps } from './LiveChart';
import { MARKER_STYLE } from './drawSeries';
import { focusStore } from '../sim/focusStore';
import { followFocus, windowAround } from './followFocus';
import { TimeWindowStore } from './timeWindow';
import { singleChart, useView, viewStore, type ChartChoice } from '../view/viewStore';
import { chartsFollow } from '../view/chartsFollow';
import { TheoryControl } from './TheoryControl';
import { useTheoryReferences } from './useTheoryReferences';
import './charts.css';

/** Throughput averaging choices, seconds (0: the engine's per-sample goodput). */
export const RATE_WINDOWS = [
  { value: 0, label: '1 sample' },
  { value: 0.1, label: '0.1 s' },
  { value: 0.5, label: '0.5 s' },
  { value: 1, label: '1 s' },
  { value: 2, label: '2 s' },
] as const;
const DEFAULT_RATE_WINDOW = 0.5;

export function ChartsArea() {
  const { flowIds, duration } = useSimState();
  const [timeWindow] = useState(() => new TimeWindowStore());
  useLayoutEffect(() => timeWindow.setBounds(0, duration), [timeWindow, duration]);
  // What the event log points at is shown here too: the window around it, its time marked.
  useEffect(
    () =>
      followFocus(focusStore, (focus) => {
        const [t0, t1] = windowAround(focus.time, timeWindow.getBounds());
        timeWindow.set(t0, t1);
        timeWindow.setHover(focus.time);
      }),
    [timeWindow],
  );
  // A lesson step begins: the whole run again, the last step's moment no longer marked.
  useEffect(
    () =>
      chartsFollow.subscribe(() => {
        timeWindow.reset();
        timeWindow.setHover(null);
      }),
    [timeWindow],
  );

  // A new set of flows (another scenario) starts from the default choice.
  const flowsKey = flowIds.join('\n');
  const [chosen, setChosen] = useState(() => ({ key: flowsKey, selection: defaultSelection(flowIds.length) }));
  let selection = chosen.selection;
  if (chosen.key !== flowsKey) {
    selection = defaultSelection(flowIds.length);
    setChosen({ key: flowsKey, selection });
  }
  const setSelection = (s: FlowSelection) => setChosen({ key: flowsKey, selection: s });
  const [rateWindow, setRateWindow] = useState<number>(DEFAULT_RATE_WINDOW);
  const [theoryOn, setTheoryOn] = useState(false);
  const theory = useTheoryReferences(theoryOn, selection, flowIds);

  const common = { selection, flowIds, rateWindow, timeWindow };
  // One chart, if shown: the props all three share, its kind and test id, and its own.
  type OwnProps = Omit<LiveChartProps, keyof typeof common | 'kind' | 'testId'>;
  const chart = (kind: ChartKind, own: OwnProps) => shows(kind) && <LiveChart {...common} kind={kind} testId={`chart-${kind}`} {...own} />;
  // Presenter and embed modes (and a lesson step) show one chart, large.
  const single = singleChart(useView());
  const shows = (kind: ChartKind) => single === null || single === kind;
  // The scenario on screen has no flow: say how to add one instead of empty axes.
  const store = useScenarioStore();
  const shown = useSyncExternalStore(store.subscribe, store.getState).scenario;
  if (shown.flows.length === 0) return <NoFlowNote scenario={shown} />;
  return (
    <div className="charts" data-testid="charts" data-single={single ?? undefined}>
      <div className="charts-top">
        {single && <ChartSwitch shown={single} />}
        <FlowLegend
          flowIds={flowIds}
          selection={selection}
          onChange={setSelection}
          timeWindow={timeWindow}
          extra={
            <>
              <TheoryControl on={theoryOn} onChange={setTheoryOn} theory={theory?.lines ?? null} />
              <ChangeEffectsPanel />
            </>
          }
        />
      </div>
      <div className={`charts-grid${single ? ' single' : ''}`}>
        {chart('cwnd', {
          yLabel: 'cwnd (segments)',
          minYMax: 10,
          markers: true,
          headerExtra: (
            <ul className="chart-keys" aria-label="cwnd chart key">
              <KeyEntry width={26} height={12} name={<Term id="ssthresh">ssthresh</Term>}>
                <line x1={1} y1={6} x2={25} y2={6} stroke="#111" strokeWidth={2} strokeDasharray="7 5" />
              </KeyEntry>
              <KeyEntry width={16} height={14} name={<Term id="rto">RTO</Term>}>
                <path d="M2 2 L14 2 L8 12 Z" fill={MARKER_STYLE.rto.fill} stroke="#000" strokeWidth={1.5} />
              </KeyEntry>
              <KeyEntry width={16} height={16} name={<Term id="fastRetransmit">fast retransmit</Term>}>
                <path d="M8 1 L14 8 L8 15 L2 8 Z" fill={MARKER_STYLE.fastRetransmit.fill} stroke="#000" strokeWidth={1.5} />
              </KeyEntry>
            </ul>
          ),
        })}
        {chart('throughput', {
          yLabel: 'throughput (Mbit/s)',
          altUnit: { above: 2000, divide: 1000, yLabel: 'throughput (Gbit/s)' },
          minYMax: 1,
          references: theory?.references,
          headerExtra: (
            <label className="chart-keys rate-window">
              mean over
              <select value={rateWindow} data-testid="rate-window" onChange={(e) => setRateWindow(Number(e.currentTarget.value))}>
                {RATE_WINDOWS.map((w) => (
                  <option key={w.value} value={w.value}>
                    {w.label}
                  </option>
                ))}
              </select>
            </label>
          ),
        })}
        {chart('rtt', {
          yLabel: 'RTT (ms)',
          minYMax: 1,
          headerExtra: (
            <ul className="chart-keys" aria-label="RTT chart key">
              <KeyEntry width={26} height={12} name="smoothed">
                <line x1={1} y1={6} x2={25} y2={6} stroke="#111" strokeWidth={2.5} />
              </KeyEntry>
              <KeyEntry width={26} height={12} name="samples">
                {[4, 10, 16, 22].map((cx) => (
                  <circle key={cx} cx={cx} cy={6} r={1.8} fill="#111" opacity={0.45} />
                ))}
              </KeyEntry>
            </ul>
          ),
        })}
      </div>
    </div>
  );
}

/** An entry of a chart's key: a small drawing of the mark, then its name. */
function KeyEntry({ width, height, name, children }: { width: number; height: number; name: ReactNode; children: ReactNode }) {
  return (
    <li>
      <svg width={width} height={height} aria-hidden="true">
        {children}
      </svg>
      {name}
    </li>
  );
}

type ChartKind = Exclude<ChartChoice, 'all'>;
const CHART_NAMES: Record<ChartKind, string> = { cwnd: 'cwnd', throughput: 'Throughput', rtt: 'RTT' };

/** Which one chart shows, when only one fits (presenter and embed modes). */
function ChartSwitch({ shown }: { shown: ChartKind }) {
  return (
    <div className="chart-switch" role="group" aria-label="Chart shown">
      {(Object.keys(CHART_NAMES) as ChartKind[]).map((kind) => (
        <button
          key={kind}
          type="button"
          aria-pressed={kind === shown}
          data-testid={`show-chart-${kind}`}
          onClick={() => viewStore.set({ chart: kind })}
        >
          {CHART_NAMES[kind]}
        </button>
      ))}
    </div>
  );
}
