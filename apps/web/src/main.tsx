/**
 * Entry: one engine worker, one frame scheduler, one simulation session and one editor
 * store for the page. They are created outside React so StrictMode's double effects never
 * spawn two workers.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createEngine } from '@obs-tcp-sim/engine';
import { decodeShareHash } from '@obs-tcp-sim/scenario';
import { App } from './App';
import { ScenarioStore, type EngineSink } from './editor/scenarioStore';
import { FrameScheduler } from './raf/scheduler';
import { browserStorage, readSavedScenario, throttledSaver, writeSavedScenario } from './share/savedScenario';
import { chooseStart, defaultPresetScenario } from './share/startup';
import { ScenarioStoreContext } from './share/storeContext';
import { SimContext } from './sim/context';
import { SimController } from './sim/controller';
import { installTestHooks } from './testHooks';
import './styles.css';

// A link in the address, else the work saved in this browser, else the default preset.
const storage = browserStorage();
const start = chooseStart(location.hash, readSavedScenario(storage));
// A link is opened once: from here on the work is kept in local storage, and reloading
// must bring back the edits, not the link's scenario over them.
if (location.hash !== '') history.replaceState(null, '', location.pathname + location.search);

const scheduler = new FrameScheduler();
const controller = new SimController(createEngine(), scheduler, start.scenario);
const store = new ScenarioStore(controller as unknown as EngineSink);
store.connect();
installTestHooks(controller);

// Every change is kept (at most twice a second, and when the page goes away).
const saver = throttledSaver((scenario: Parameters<typeof writeSavedScenario>[1]) => {
  writeSavedScenario(storage, scenario);
}, 500);
saver.push(store.scenario);
store.subscribe(() => saver.push(store.scenario));
addEventListener('pagehide', () => saver.flush());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SimContext.Provider value={controller}>
      <ScenarioStoreContext.Provider value={store}>
        <App initialPresetId={start.presetId} />
      </ScenarioStoreContext.Provider>
    </SimContext.Provider>
  </StrictMode>,
);

// A link pasted into the address bar of an open page changes only the hash: open it too.
// A bad one leaves the work on screen as it is (nothing is lost) and says why.
addEventListener('hashchange', () => {
  const link = decodeShareHash(location.hash);
  if (link.ok && link.source === 'none') return;
  history.replaceState(null, '', location.pathname + location.search);
  if (!link.ok) {
    controller.notify(`This link could not be opened: ${link.error.message}. Your scenario is unchanged.`);
    return;
  }
  void controller.loadScenario(link.scenario, { play: true }).catch(() => {
    // The controller shows the engine's reason; the scenario on screen stays.
  });
});

// The app opens running: a class sees the simulation move without touching anything.
void controller.start().then(async () => {
  if (controller.getState().phase === 'error' && start.source !== 'default') {
    // The link (or the saved work) passed the checks but the engine refused it: say why,
    // and run the default preset.
    const why = controller.getState().error ?? 'the engine refused it';
    await controller.loadScenario(defaultPresetScenario().scenario, { play: true }).catch(() => {});
    controller.notify(`${start.source === 'saved' ? 'Your last scenario could not be restored' : 'This link could not be opened'}: ${why}. Showing the default scenario instead.`);
  } else if (start.problem) {
    controller.notify(start.problem);
  }
});
