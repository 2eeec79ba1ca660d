#!/usr/bin/env node
// `npm start`: installs what is missing, builds the wasm engine and the web app, then
// serves apps/web/dist on http://localhost:5173 until Ctrl-C.
//
//   npm start                  build, then serve on localhost:5173
//   npm start -- --no-build    serve the existing build
//   npm start -- --host        also listen on the network (a classroom: students open the printed address)
//   PORT=8080 npm start        another port
import { spawnSync } from 'node:child_process';
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { networkInterfaces } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { headersFor } from '../apps/web/security-headers.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'apps', 'web', 'dist');
const args = process.argv.slice(2);
const port = Number(process.env.PORT ?? 5173);
const onNetwork = args.includes('--host');

const say = (message) => process.stderr.write(`start: ${message}\n`);

function run(what, command, commandArgs) {
  say(what);
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    say(`${what} failed${result.error ? `: ${result.error.message}` : ` (exit ${result.status})`}`);
    process.exit(1);
  }
}

// The same build as `npm run build` (scripts/build.sh): one place says what it takes.
if (!args.includes('--no-build')) run('building (scripts/build.sh)', 'bash', ['scripts/build.sh']);

// Browsers need application/wasm to compile the engine while it downloads, and the
// right type for module scripts; everything else is ordinary.
const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The file under dist/ a URL path names, or null if it names nothing there. */
function fileFor(urlPath) {
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
    if (stat.isDirectory()) return fileFor(join(decoded, 'index.html'));
    return stat.isFile() ? { path: candidate, size: stat.size } : null;
  } catch {
    return null;
  }
}

try {
  statSync(join(dist, 'index.html'));
} catch {
  say(`${join(dist, 'index.html')} is missing: run npm start without --no-build, or npm run build`);
  process.exit(1);
}

const server = createServer((request, response) => {
  // Every response, errors included, carries the app's security headers
  // (apps/web/security-headers.mjs: the same as vite preview and the top-level public/_headers).
  for (const [name, value] of Object.entries(headersFor(request.url ?? '/'))) response.setHeader(name, value);
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { Allow: 'GET, HEAD' }).end();
    return;
  }
  const file = fileFor(request.url ?? '/');
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

server.on('error', (error) => {
  if (error.code === 'EADDRINUSE') say(`port ${port} is already in use (another npm start?); stop it or use PORT=<port> npm start`);
  else say(`cannot serve: ${error.message}`);
  process.exit(1);
});

server.listen(port, onNetwork ? '0.0.0.0' : '127.0.0.1', () => {
  const urls = [`http://localhost:${port}/`];
  if (onNetwork) {
    for (const addresses of Object.values(networkInterfaces())) {
      for (const address of addresses ?? []) {
        if (address.family === 'IPv4' && !address.internal) urls.push(`http://${address.address}:${port}/`);
      }
    }
  }
  process.stdout.write(`\n  obs-tcp-sim is running at ${urls.join('  or  ')}\n  (Ctrl-C to stop)\n\n`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.close();
    process.exit(0);
  });
}
