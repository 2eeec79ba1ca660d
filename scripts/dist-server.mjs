// The static server of the built app (apps/web/dist): `npm start` serves the app with it
// (scripts/start.mjs), and e2e/offline.spec.ts serves the same files with it under a
// sub-path, as GitHub Pages does. Every response, errors included, carries the app's
// security headers (apps/web/security-headers.mjs: the same as vite preview and _headers).
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { headersFor } from '../apps/web/security-headers.mjs';

// Browsers need application/wasm to compile the engine while it downloads, and the
// right type for module scripts; everything else is ordinary.
export const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The file under `dist` a URL path (below the prefix) names, or null if it names nothing there. */
function fileFor(dist, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0].split('#')[0]);
  } catch {
    return null;
  }
  const candidate = normalize(join(dist, decoded));
  if (candidate !== dist && !candidate.startsWith(dist + sep)) return null; // no ../ escapes
  try {
    const stat = statSync(candidate);
    if (stat.isDirectory()) return fileFor(dist, join(decoded, 'index.html'));
    return stat.isFile() ? { path: candidate, size: stat.size } : null;
  } catch {
    return null;
  }
}

/**
 * An http.Server (not yet listening) serving `dist` at `prefix` ('/' or '/obs/'): a path
 * outside the prefix is not found, as on a host where the app is one site among others.
 * @param {{ dist: string, prefix?: string }} options
 */
export function createDistServer({ dist, prefix = '/' }) {
  if (!prefix.startsWith('/') || !prefix.endsWith('/'))
    throw new Error(`dist server: the prefix must start and end with "/" (got ${prefix})`);
  return createServer((request, response) => {
    for (const [name, value] of Object.entries(headersFor(request.url ?? '/'))) response.setHeader(name, value);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const url = request.url ?? '/';
    const file = url.startsWith(prefix) ? fileFor(dist, url.slice(prefix.length - 1)) : null;
    if (!file) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    response.writeHead(200, {
      'Content-Type': MIME_TYPES[extname(file.path).toLowerCase()] ?? 'application/octet-stream',
      'Content-Length': file.size,
      'Cache-Control': 'no-cache', // a rebuild shows up on reload
    });
    if (request.method === 'HEAD') response.end();
    else createReadStream(file.path).pipe(response);
  });
}
