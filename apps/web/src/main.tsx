/**
 * Entry: one engine worker, one frame scheduler, one simulation session for the page.
 * They are created outside React so StrictMode's double effects never spawn two workers.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createEngine } from '@obs-tcp-sim/engine';
import { DEFAULT_PRESET_ID, PRESETS } from '@obs-tcp-sim/scenario';
import type { Scenario } from '@obs-tcp-sim/scenario';
import { App } from './App';
import { FrameScheduler } from './raf/scheduler';
import { SimContext } from './sim/context';
import { SimController } from './sim/controller';
import { installTestHooks } from './testHooks';
import './styles.css';

// The app opens on the default preset, running (a copy: presets are frozen and shared).
const preset = PRESETS.find((p) => p.id === DEFAULT_PRESET_ID) ?? PRESETS[0];
const scenario = structuredClone(preset.scenario) as Scenario;
const scheduler = new FrameScheduler();
const controller = new SimController(createEngine(), scheduler, scenario);
installTestHooks(controller);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SimContext.Provider value={controller}>
      <App initialPresetId={preset.id} />
    </SimContext.Provider>
  </StrictMode>,
);

// The app opens running: a class sees the simulation move without touching anything.
void controller.start();
