/// <reference types="vitest/config" />
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { CSP_DIRECTIVES, headersFor, policyText } from './security-headers.mjs';
import { offlineServiceWorker } from './service-worker/plugin.ts';
import { buildHashOf } from '../../packages/engine/src/build-hash.ts';

/**
 * The Content-Security-Policy as a <meta> element in the built index.html, for hosts that
 * set no headers (GitHub Pages). Where headers are set too, both policies apply and they
 * are the same. Not in `vite dev`: its hot reload injects inline scripts.
 */
function metaContentSecurityPolicy(): Plugin {
  return {
    name: 'meta-content-security-policy',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: policyText(CSP_DIRECTIVES, true) },
        injectTo: 'head-prepend',
      },
    ],
  };
}

/**
 * `vite preview` answers with the headers of a real deployment (security-headers.mjs), so
 * the end-to-end tests run the app under the policy it ships with.
 */
function securityHeaders(): Plugin {
  return {
    name: 'security-headers',
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        for (const [name, value] of Object.entries(headersFor(req.url ?? '/'))) res.setHeader(name, value);
        next();
      });
    },
  };
}

/**
 * Static files moved from apps/web/public/ to the repository's top-level public/. A file
 * still added under the old folder (an older branch merged) would be left out of the
 * build without a word: stop and say where it belongs.
 */
function noOldPublicFolder(): Plugin {
  return {
    name: 'no-old-public-folder',
    configResolved(config) {
      const old = path.join(config.root, 'public');
      if (existsSync(old) && path.resolve(config.publicDir) !== old) {
        throw new Error(
          `${old} is no longer copied into the build: move its files to the repository's top-level public/ (${config.publicDir})`,
        );
      }
    },
  };
}

/**
 * What the page says made its results (share/provenance.ts): the engine build it is made
 * with, named as the CLI names it (build-hash.ts), and the project's version. Read when
 * the page is built or served, from the wasm it bundles.
 */
function buildProvenance(): Plugin {
  return {
    name: 'build-provenance',
    config() {
      const wasm = path.resolve(import.meta.dirname, '../../packages/engine/wasm/obs_engine.wasm');
      const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string };
      return {
        define: {
          __OBS_ENGINE_BUILD__: JSON.stringify(existsSync(wasm) ? buildHashOf(readFileSync(wasm)) : 'unbuilt'),
          __OBS_VERSION__: JSON.stringify(pkg.version),
        },
      };
    },
  };
}

/**
 * dist/embed.html: the built index.html under the embedded copy's title (view/embedFlag.ts
 * reads the page's name). A page of its own, so a host can let other sites frame it and
 * nothing else (docs/embed.md); made from index.html so the two never drift apart. `vite
 * dev` serves index.html for it.
 */
function embedPage(): Plugin {
  return {
    name: 'embed-page',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset' || typeof index.source !== 'string') this.error('embed-page: the build made no index.html');
        const title = /<title>obs-tcp-sim: /;
        if (!title.test(index.source as string)) this.error('embed-page: index.html has no <title>obs-tcp-sim: …</title> to rename');
        this.emitFile({
          type: 'asset',
          fileName: 'embed.html',
          source: (index.source as string).replace(title, '<title>obs-tcp-sim (embedded): '),
        });
      },
    },
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url?.split('?')[0].endsWith('/embed.html')) req.url = req.url.replace('embed.html', 'index.html');
        next();
      });
    },
  };
}

// The engine and scenario packages are workspace TS sources (symlinked in node_modules);
// Vite transpiles them like app code, so no prebuild step is needed for them.
export default defineConfig({
  // Relative base: the built app works from any sub-path (GitHub Pages, a USB stick).
  base: './',
  // Static files copied as they are into dist/: the repository's top-level public/
  // (docs/deploy.md): favicon, icons, the web app manifest, _headers.
  publicDir: '../../public',
  plugins: [
    react(),
    buildProvenance(),
    noOldPublicFolder(),
    metaContentSecurityPolicy(),
    securityHeaders(),
    embedPage(),
    offlineServiceWorker(),
  ],
  // The engine worker is an ES module worker that imports the Emscripten ES module factory.
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: true,
  },
  preview: { port: 4173, strictPort: true },
  test: {
    environment: 'node',
    // As in the root vitest.config.ts: the files of one worker share their modules.
    isolate: false,
    include: ['src/**/*.test.ts', 'service-worker/**/*.test.ts'],
  },
});
