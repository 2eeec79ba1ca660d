// The engine's Web Worker: owns one Simulation and streams frames to the page.
// Created by createEngine() as a module worker; everything else lives in worker-api.ts.
import * as Comlink from 'comlink';
import { loadEngineBrowser } from './load-engine-browser';
import { fullSpeedPause } from './full-speed-pause';
import { createWorkerApi } from './worker-api';

// The pause at full speed depends on the cores the page shares with this worker.
Comlink.expose(createWorkerApi(loadEngineBrowser, fullSpeedPause(navigator.hardwareConcurrency || 1)));
