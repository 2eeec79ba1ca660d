#!/usr/bin/env node
// `npm start`: installs what is missing, builds the wasm engine and the web app, then
// serves apps/web/dist on http://localhost:5173 until Ctrl-C.
//
//   npm start                  build, then serve on localhost:5173
//   npm start -- --no-build    serve the existing build
//   npm start -- --host        also listen on the network (a classroom: students open the printed address)
//   PORT=8080 npm start        another port
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDistServer } from './dist-server.mjs';

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

try {
  statSync(join(dist, 'index.html'));
} catch {
  say(`${join(dist, 'index.html')} is missing: run npm start without --no-build, or npm run build`);
  process.exit(1);
}

// Every response, errors included, carries the app's security headers (scripts/dist-server.mjs).
const server = createDistServer({ dist });

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
