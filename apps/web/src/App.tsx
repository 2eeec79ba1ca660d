/**
 * Page structure: run controls on the left; on the right the network (editor and
 * animation) above, and below it one of the charts, the channel view, the time-space
 * diagram or the event log.
 *
 * Each area is its own module (editor/, charts/, channel/, log/) so they can grow apart.
 */
import type { ComponentType } from 'react';
import { ChannelArea } from './channel/ChannelArea';
import { ChartsArea } from './charts/ChartsArea';
import { TimeSpaceArea } from './timespace/TimeSpaceArea';
import { CompareArea } from './compare/CompareArea';
import { SweepArea } from './sweep/SweepArea';
import { Counters } from './controls/Counters';
import { RunWarnings } from './controls/RunWarnings';
import { ErrorBanner, NoticeBanner } from './controls/Banners';
import { DropNextButtons } from './controls/DropNextButtons';
import { LossSlider } from './controls/LossSlider';
import { RunControls } from './controls/RunControls';
import { SpeedControl } from './controls/SpeedControl';
import { TimeReadout } from './controls/TimeReadout';
import { AnimationLayer, ScenarioAnimationLegend } from './animation';
import { AreaBoundary } from './AreaBoundary';
import { EditorArea } from './editor/EditorArea';
import { Term } from './glossary/Term';
import { EventLogArea } from './log/EventLogArea';
import { LossMatrixArea } from './lossMatrix/LossMatrixArea';
import { edgePairsJoined } from './lossMatrix/lossMatrix';
import { classLossView } from './lossMatrix/classLoss';
import { PresetPicker } from './presets/PresetPicker';
import { LessonMenu } from './lessons/LessonMenu';
import { LessonPanel } from './lessons/LessonPanel';
import { StepCaption } from './narration/StepCaption';
import { ShareMenu } from './share/ShareMenu';
import { UpdateNotice } from './offline/UpdateNotice';
import { useScenarioStore } from './store/storeContext';
import { usePageKeys } from './controls/keyboard';
import { useController, useSimState } from './sim/simContext';
import { EmbedHeader } from './view/EmbedHeader';
import { PresenterToggle } from './view/PresenterToggle';
import { TabList } from './view/TabList';
import { useView, viewStore, type ViewTab } from './view/viewStore';
import { TAB_NAMES } from './view/controlNames';

const TABS: ReadonlyArray<{ id: ViewTab; label: string; Area: ComponentType }> = [
  { id: 'charts', label: TAB_NAMES.charts, Area: ChartsArea },
  { id: 'channels', label: TAB_NAMES.channels, Area: ChannelArea },
  { id: 'timespace', label: TAB_NAMES.timespace, Area: TimeSpaceArea },
  { id: 'loss', label: TAB_NAMES.loss, Area: LossMatrixArea },
  { id: 'log', label: TAB_NAMES.log, Area: EventLogArea },
  { id: 'compare', label: TAB_NAMES.compare, Area: CompareArea },
  { id: 'sweep', label: TAB_NAMES.sweep, Area: SweepArea },
];

export function App() {
  const controller = useController();
  const { phase, routes, summary } = useSimState();
  const store = useScenarioStore();
  usePageKeys(controller);
  // The network or the results get most of the height (bigNetwork): the animation wants
  // room when a class watches bursts, the charts when it reads them.
  const { tab, bigNetwork, presenter, embed } = useView();
  const setTab = (id: ViewTab) => viewStore.set({ tab: id });
  // The loss matrix has something to compare only when paths join two pairs of edges or
  // more, or when the run has classes or resolves contention (its table and counts sit above
  // the matrix, and a one-fiber scenario such as contention-resolution has only one pair).
  const pairs = Math.max(
    edgePairsJoined((routes?.opticalPaths ?? []).map((p) => [p.ingress, p.egress])),
    edgePairsJoined((summary?.pairs ?? []).map((p) => [p?.src, p?.dst])),
  );
  const classes = classLossView(summary);
  const lossTab = pairs > 1 || classes.table !== null || classes.contentionLines.length > 0;
  const tabs = TABS.filter((t) => t.id !== 'loss' || lossTab);
  const shownTab = tabs.some((t) => t.id === tab) ? tab : 'charts';
  const setBigNetwork = (big: boolean) => viewStore.set({ bigNetwork: big });
  const mode = embed ? ' embed' : presenter ? ' presenter' : '';
  return (
    <div className={`app${mode}`} data-testid="app" data-phase={phase} data-presenter={presenter} data-embed={embed}>
      {/* Past the header and the controls' glossary terms, straight to the editor or the results (WCAG 2.4.1). */}
      {!embed && (
        <nav className="skip-links" aria-label="Skip links">
          <a href="#network-editor" data-testid="skip-editor">
            Skip to the network editor
          </a>
          <a href="#results">Skip to the results</a>
        </nav>
      )}
      <header className="app-header">
        <h1>
          <span className="title-long">TCP over Optical Burst Switching</span>
          <span className="title-short">TCP over OBS</span>
        </h1>
        {embed ? (
          <EmbedHeader />
        ) : (
          <>
            <LessonMenu />
            <PresetPicker />
            <PresenterToggle />
            <ShareMenu />
          </>
        )}
      </header>
      <ErrorBanner />
      <NoticeBanner />
      <RunWarnings />
      <UpdateNotice />
      <div className="layout">
        <aside className="sidebar" aria-label="Controls">
          <RunControls />
          <TimeReadout />
          <SpeedControl />
          <fieldset className="losses">
            <legend>
              <Term id="injectedLoss">Burst drop probability</Term> (live)
            </legend>
            <LossSlider kind="data" label="Data bursts" />
            <LossSlider kind="ack" label="ACK bursts" />
            <DropNextButtons />
          </fieldset>
          <Counters />
        </aside>
        <main className={`content${bigNetwork ? ' big-network' : ''}`}>
          <AreaBoundary name="network view">
            <EditorArea
              store={store}
              routes={routes}
              overlay={(props) => <AnimationLayer {...props} />}
              legend={<ScenarioAnimationLegend />}
              caption={<StepCaption />}
            />
          </AreaBoundary>
          <section className="bottom" aria-label="Results" id="results" tabIndex={-1}>
            <div className="tabs">
              <TabList
                className="tab-list"
                label="Views"
                tabs={tabs.map((t) => ({
                  testId: `tab-${t.id}`,
                  label: t.label,
                  selected: shownTab === t.id,
                  open: () => setTab(t.id),
                  id: `tab-${t.id}`,
                  controls: `tabpanel-${t.id}`,
                }))}
              />
              {/* Outside the tab list: a tab list holds tabs only. */}
              <button
                type="button"
                className="layout-toggle"
                data-testid="layout-toggle"
                aria-pressed={bigNetwork}
                title="Give the network or the results most of the height"
                onClick={() => setBigNetwork(!bigNetwork)}
              >
                {bigNetwork ? '▼ Larger results' : '▲ Larger network'}
              </button>
            </div>
            {tabs
              .filter((t) => t.id === shownTab)
              .map(({ id, Area }) => (
                <div key={id} className="tabpanel" role="tabpanel" id={`tabpanel-${id}`} aria-labelledby={`tab-${id}`}>
                  <AreaBoundary name={`${id} view`}>
                    <Area />
                  </AreaBoundary>
                </div>
              ))}
          </section>
        </main>
        <LessonPanel />
      </div>
    </div>
  );
}
