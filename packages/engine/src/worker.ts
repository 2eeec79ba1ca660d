// The engine's Web Worker: owns one Simulation and streams frames to the page.
// Created by createEngine() as a module worker; everything else lives in worker-api.ts.
import * as Comlink from 'comlink';
import { loadEngineBrowser } from './load-engine-browser';
import { createWorkerApi } from './worker-api';

Comlink.expose(createWorkerApi(loadEngineBrowser));
