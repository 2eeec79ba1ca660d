/**
 * Entry: one engine worker, one frame scheduler, one simulation session and one editor
 * store for the page. They are created outside React so StrictMode's double effects never
 * spawn two workers.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createEngine } from '@obs-tcp-sim/engine';
import { App } from './App';
import { ScenarioStore, documentOf } from './store/scenarioStore';
import { EngineSync } from './store/engineSync';
import { EngineSyncContext } from './store/engineSyncContext';
import { followInAddressBar } from './store/addressBar';
import { FrameScheduler } from './raf/scheduler';
import { download } from './files/download';
import { Opener } from './startup/opener';
import { browserStorage, pageOnlyStorage, STORAGE_KEY } from './storage/savedScenario';
import { decideOpening, defaultPresetScenario } from './startup/decideOpening';
import { SavedWorkContext } from './startup/savedWorkContext';
import { ScenarioStoreContext } from './store/storeContext';
import { WorkKeeper } from './storage/workKeeper';
import { SimContext } from './sim/simContext';
import { SimController } from './sim/controller';
import { installTestHooks, installWrittenHook } from './testHooks';
import { isEmbedAddress } from './view/embedFlag';
import { viewStore } from './view/viewStore';
import { chartsFollow } from './view/chartsFollow';
import { OfflineCopy, browserHost } from './offline/offlineCopy';
import { OfflineContext } from './offline/offlineContext';
import { LessonPlayerContext } from './lessons/lessonPlayerContext';
import { LessonPlayer } from './lessons/player';
import { focusStore } from './sim/focusStore';
import './styles.css';

// A link in the address, else the work saved in this browser, else the default preset
// (startup/decideOpening.ts decides; a link pasted later goes through the same function).
// Embedded in another page (view/embedFlag.ts), the app keeps no work: the frame shares
// this origin's storage with the full app, and a slide must not overwrite a student's work.
const embed = isEmbedAddress(location);
if (embed) viewStore.set({ embed: true });
const keeper = new WorkKeeper(embed ? pageOnlyStorage() : browserStorage());
const start = decideOpening(location.hash, keeper.saved);
const fallback = defaultPresetScenario();
const first = start.scenario ?? fallback.scenario;
const firstPreset = start.scenario ? start.presetId || null : fallback.presetId;

// The store owns the scenario (store/scenarioStore.ts); the engine sync brings the session
// to what the store holds and reports back (store/engineSync.ts); the session runs it.
const scheduler = new FrameScheduler();
const controller = new SimController(createEngine(), scheduler, first);
const store = new ScenarioStore(first, firstPreset);
const sync = new EngineSync(store, controller);
sync.connect();
installTestHooks(controller, store, sync);
const opener = new Opener(controller, sync, keeper, download);
// Lessons and Show me (lessons/player.ts): a lesson link starts once its scenario is on screen.
const lessons = new LessonPlayer({
  session: controller,
  store,
  sync,
  view: viewStore,
  focus: focusStore,
  charts: { followRun: chartsFollow.request },
});
opener.lessonOpened = ({ lesson, step }) => void lessons.openLesson(lesson, step);

// The keeper saves what the user changes (at most twice a second, and when the page goes
// away), never what the app chose by itself (storage/workKeeper.ts): the same document the
// address bar links to, so a reload finds the two the same.
store.subscribe(() => keeper.changed(documentOf(store.getState())));
addEventListener('pagehide', () => keeper.flush());
// Another tab of the page changed the backup or the records set aside: the menu follows.
addEventListener('storage', (e) => {
  if (e.key !== STORAGE_KEY) keeper.refresh();
});

// The offline copy (docs/deploy.md, "Offline"): registered once the page has loaded, so
// storing the app's files never competes with the first run for the network.
const offline = new OfflineCopy(browserHost());
if (document.readyState === 'complete') void offline.start();
else addEventListener('load', () => void offline.start(), { once: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SimContext.Provider value={controller}>
      <ScenarioStoreContext.Provider value={store}>
        <EngineSyncContext.Provider value={sync}>
          <SavedWorkContext.Provider value={{ keeper, opener }}>
            <OfflineContext.Provider value={offline}>
              <LessonPlayerContext.Provider value={lessons}>
                <App />
              </LessonPlayerContext.Provider>
            </OfflineContext.Provider>
          </SavedWorkContext.Provider>
        </EngineSyncContext.Provider>
      </ScenarioStoreContext.Provider>
    </SimContext.Provider>
  </StrictMode>,
);

// A link pasted into the address bar of an open page changes only the hash: it opens the
// same way; a bad one leaves the work on screen as it is and says why.
// (The address bar's own rewrites use replaceState, which fires no hashchange.)
let address: { refresh(): void; readonly pending: boolean } | null = null;
// Work opened on purpose is written to the address at once (opener.ts, workSaved).
opener.workSaved = () => address?.refresh();
installWrittenHook(() => keeper.pending || (address?.pending ?? false));
addEventListener('hashchange', (event) => {
  // The link as pasted (the event's own address): the address bar's delayed rewrite of the
  // work on screen may land between the paste and this event, and reading location.hash
  // then opened that work again instead of the link (seen once in a loaded e2e run).
  const pasted = new URL(event.newURL).hash;
  // A link that could not be opened leaves the address saying what is on screen.
  void (opener.openPasted(pasted) ?? Promise.resolve()).then(() => address?.refresh());
});

// The app opens running (a class sees the simulation move without touching anything),
// unless the engine stopped the last run of the saved scenario: then it opens paused.
// The address bar is then a share link to what is on screen (store/addressBar.ts): at
// once when the page was opened from a link, else from the user's first change, so a
// reload of a page the app filled by itself opens the saved work as before.
const fromLink = start.source === 'link' || start.source === 'preset-link';
void opener.openAtStart({ ...start, scenario: first, presetId: firstPreset ?? '' }).then((opened) => {
  // A frame's address is not one anybody reads or copies.
  if (!embed) address = followInAddressBar(store, undefined, { afterFirstAction: !(fromLink && opened), override: lessons.address });
});
