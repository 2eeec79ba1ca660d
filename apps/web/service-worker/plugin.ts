/**
 * The Vite plugin that writes dist/sw.js: service-worker.js with the precache of the
 * files the build just wrote (precache.ts). It runs after everything is on disk (the
 * bundles, the engine's worker and .wasm, and the copied public/ folder), so the list is
 * what will be served, whatever the bundler named it.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { precacheOf, SERVICE_WORKER_FILE, serviceWorkerSource, type BuiltFile } from './precache.ts';

const TEMPLATE = fileURLToPath(new URL('./service-worker.js', import.meta.url));

/** Every file under `dir`, with its path relative to it ('/' between folders). */
export function readTree(dir: string, prefix = ''): BuiltFile[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix + entry.name;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return readTree(full, `${relative}/`);
    return entry.isFile() ? [{ path: relative, bytes: readFileSync(full) }] : [];
  });
}

export function offlineServiceWorker(): Plugin {
  let outDir = '';
  return {
    name: 'offline-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      // After every other plugin has written its files.
      order: 'post',
      handler() {
        const precache = precacheOf(readTree(outDir));
        writeFileSync(path.join(outDir, SERVICE_WORKER_FILE), serviceWorkerSource(readFileSync(TEMPLATE, 'utf8'), precache));
        this.info(`${SERVICE_WORKER_FILE}: ${precache.files.length} files for offline use, version ${precache.version}`);
      },
    },
  };
}
