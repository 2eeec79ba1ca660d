/*
 * The app's service worker: after one visit the whole app (page, scripts, styles, the
 * engine's worker and .wasm, icons, manifest) opens and runs with no network.
 * docs/deploy.md ("Offline") says how it behaves; this file is the template: the build
 * (plugin.ts) writes it to dist/sw.js with the list of the build's files (precache.ts)
 * in place of the marker below. A classic script, the kind every browser runs as a
 * service worker.
 */
'use strict';

/** { version: hash of the listed files, files: [{ url relative to this script ('./' is the page), sha256 }] } */
const PRECACHE = __PRECACHE__;

// One origin can hold several copies of the app (GitHub Pages: /obs/ and /obs-test/), and
// they share one Cache Storage: each names its caches after its scope and deletes only its own.
const CACHE_PREFIX = `obs-tcp-sim ${self.registration.scope} `;
const CACHE_NAME = CACHE_PREFIX + PRECACHE.version;
/** Absolute URL of each stored file -> the SHA-256 (hex) its bytes must have. */
const EXPECTED = new Map(PRECACHE.files.map((file) => [new URL(file.url, self.location.href).href, file.sha256]));
/**
 * The pages among them: every HTML entry the build wrote (the app at its folder, embed.html
 * for an iframe, any later one), found in the list rather than named here, so a new entry
 * opens offline as soon as the build makes it. A folder stands for its index.html (urlOf).
 */
const PAGES = new Set([...EXPECTED.keys()].filter((url) => url.endsWith('/') || url.endsWith('.html')));

async function sha256Hex(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * One file of this build, fetched and checked. A response that is not the file the build
 * wrote (an error page with status 200, a cut download, a proxy's rewrite, a file of
 * another deployment) throws: storing it would serve it for as long as this version lives.
 */
async function verifiedCopy(url) {
  // 'reload': from the server, never a copy an HTTP cache kept of an older build.
  const response = await fetch(url, { cache: 'reload' });
  if (!response.ok) throw new Error(`offline copy: ${url} answered HTTP ${response.status}`);
  const bytes = await response.arrayBuffer();
  if ((await sha256Hex(bytes)) !== EXPECTED.get(url))
    throw new Error(`offline copy: ${url} is not the file this version was built with (its SHA-256 differs)`);
  // A fresh response: never marked redirected (a navigation refuses redirected ones), and
  // without the transfer's encoding and length (the bytes are already decoded: GitHub Pages gzips).
  const headers = new Headers(response.headers);
  headers.delete('Content-Encoding');
  headers.delete('Content-Length');
  return new Response(bytes, { status: response.status, statusText: response.statusText, headers });
}

/** Every file of this build into this version's cache; any one missing or wrong fails the install. */
async function fillCache() {
  const copies = await Promise.all([...EXPECTED.keys()].map(async (url) => [url, await verifiedCopy(url)]));
  // Stored only once all are right, so a failed install leaves no half-filled cache behind.
  const cache = await caches.open(CACHE_NAME);
  await Promise.all(copies.map(([url, copy]) => cache.put(url, copy)));
}

/** The cached URL that answers this request, or null to leave it to the network. */
function cacheKeyFor(request) {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (request.mode === 'navigate') {
    // A page, with any query (share links are in the hash, which never reaches here);
    // …/index.html is its folder, the one URL stored for it.
    const path = (url.origin + url.pathname).replace(/\/index\.html$/, '/');
    return PAGES.has(path) ? path : null;
  }
  return EXPECTED.has(url.href) ? url.href : null;
}

async function fromCache(key, request) {
  const cache = await caches.open(CACHE_NAME);
  const hit = await cache.match(key);
  // Missing only if the browser evicted the cache: the network may still have it.
  return hit ?? fetch(request);
}

async function deleteOlderVersions() {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME).map((name) => caches.delete(name)));
}

self.addEventListener('install', (event) => {
  // No skipWaiting here: pages open on the old version keep it (their scripts ask for
  // files of their own build) until they are all closed, or one asks (the message below).
  event.waitUntil(fillCache());
});

self.addEventListener('activate', (event) => {
  // claim: the page that registered this worker is served by it from now on, so the
  // engine workers it starts later (Compare, Sweep) come from the cache too.
  event.waitUntil(deleteOlderVersions().then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const key = cacheKeyFor(event.request);
  if (key !== null) event.respondWith(fromCache(key, event.request));
});

// A page whose user chose "Reload" on the update notice (src/offline/) lets the new version in.
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'skip-waiting') self.skipWaiting();
});
