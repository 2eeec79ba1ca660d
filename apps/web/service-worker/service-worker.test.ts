/**
 * The service worker template run in a Node VM with an in-memory Cache Storage and a fake
 * network: what it stores on install, what it deletes on activate, what it answers.
 * (e2e/offline.spec.ts runs the real one in Chromium, offline, from a sub-path.)
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { serviceWorkerSource, type Precache } from './precache.ts';

const TEMPLATE = readFileSync(new URL('./service-worker.js', import.meta.url), 'utf8');
const SCOPE = 'https://school.example/obs/';
/** What the fake server answers for a URL: the build's file. */
const contentOf = (url: string) => `content of ${url}`;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const PRECACHE: Precache = {
  version: 'v2',
  files: ['./', 'embed.html', 'guide/', 'assets/index-1.js', 'assets/obs_engine-1.wasm'].map((url) => ({
    url,
    sha256: sha256(contentOf(new URL(url, SCOPE).href)),
  })),
};

type Handler = (event: unknown) => void;

/** A Cache Storage keyed by name, each cache a map from URL to response. */
class FakeCaches {
  readonly stores = new Map<string, Map<string, Response>>();
  async open(name: string) {
    if (!this.stores.has(name)) this.stores.set(name, new Map());
    const store = this.stores.get(name)!;
    return {
      put: async (url: string, response: Response) => void store.set(url, response),
      match: async (url: string) => store.get(url)?.clone(),
    };
  }
  async keys() {
    return [...this.stores.keys()];
  }
  async delete(name: string) {
    return this.stores.delete(name);
  }
}

/** Runs the worker; `network` answers its fetches (throw for "offline"). */
function startWorker(network: (url: string) => Response, precache = PRECACHE) {
  const handlers = new Map<string, Handler>();
  const caches = new FakeCaches();
  const fetched: string[] = [];
  const calls = { skipWaiting: 0, claim: 0 };
  const self = {
    registration: { scope: SCOPE },
    location: { href: `${SCOPE}sw.js` },
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    skipWaiting: () => void calls.skipWaiting++,
    clients: { claim: async () => void calls.claim++ },
  };
  const fetch = async (input: string | { url: string }, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input.url;
    fetched.push(init?.cache ? `${url} (${init.cache})` : url);
    return network(url);
  };
  runInNewContext(serviceWorkerSource(TEMPLATE, precache), {
    self,
    caches,
    fetch,
    crypto,
    URL,
    Headers,
    Response,
    Promise,
    Set,
    Map,
    Array,
    Uint8Array,
  });

  /** Fires an extendable event and waits for what it handed to waitUntil. */
  async function extendable(type: string, extra: object = {}) {
    let work: Promise<unknown> = Promise.resolve();
    handlers.get(type)!({ ...extra, waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
  }

  /** Fires a fetch event: the worker's answer, or null if it left the request to the network. */
  async function request(url: string, mode = 'cors', method = 'GET'): Promise<Response | null> {
    let answer: Promise<Response> | null = null;
    handlers.get('fetch')!({ request: { url, mode, method }, respondWith: (p: Promise<Response>) => (answer = p) });
    return answer;
  }

  return { handlers, caches, fetched, calls, extendable, request, message: (data: unknown) => handlers.get('message')!({ data }) };
}

const serve = (url: string) =>
  new Response(contentOf(url), { status: 200, headers: { 'Content-Type': url.endsWith('.wasm') ? 'application/wasm' : 'text/plain' } });
const offline = () => {
  throw new TypeError('Failed to fetch');
};

describe('the service worker', () => {
  it('on install stores every listed file, fetched past the HTTP cache, in a cache named after its scope and version', async () => {
    const sw = startWorker(serve);
    await sw.extendable('install');
    const name = `obs-tcp-sim ${SCOPE} v2`;
    expect([...sw.caches.stores.keys()]).toEqual([name]);
    expect([...sw.caches.stores.get(name)!.keys()].sort()).toEqual([
      `${SCOPE}`,
      `${SCOPE}assets/index-1.js`,
      `${SCOPE}assets/obs_engine-1.wasm`,
      `${SCOPE}embed.html`,
      `${SCOPE}guide/`,
    ]);
    expect(sw.fetched.every((f) => f.endsWith('(reload)'))).toBe(true);
    expect(sw.calls.skipWaiting).toBe(0); // an update waits for the old pages to close
  });

  it('fails its install when a file is missing, so a half-stored version never takes over', async () => {
    const sw = startWorker((url) => (url.endsWith('.wasm') ? new Response('gone', { status: 404 }) : serve(url)));
    await expect(sw.extendable('install')).rejects.toThrow(/obs_engine-1.wasm answered HTTP 404/);
  });

  it('fails its install when a file is not the one built (an error page with status 200, a cut download), storing nothing', async () => {
    const sw = startWorker((url) => (url.endsWith('.wasm') ? new Response('<html>captive portal</html>', { status: 200 }) : serve(url)));
    await expect(sw.extendable('install')).rejects.toThrow(/obs_engine-1.wasm is not the file this version was built with/);
    expect([...(sw.caches.stores.get(`obs-tcp-sim ${SCOPE} v2`)?.keys() ?? [])]).toEqual([]);
  });

  it('stores decoded bytes without the transfer encoding and length they came with', async () => {
    const sw = startWorker((url) => {
      const response = serve(url);
      response.headers.set('Content-Encoding', 'gzip');
      response.headers.set('Content-Length', '12');
      return response;
    });
    await sw.extendable('install');
    const engine = sw.caches.stores.get(`obs-tcp-sim ${SCOPE} v2`)!.get(`${SCOPE}assets/obs_engine-1.wasm`)!;
    expect(engine.headers.get('Content-Encoding')).toBeNull();
    expect(engine.headers.get('Content-Length')).toBeNull();
    expect(engine.headers.get('Content-Type')).toBe('application/wasm');
  });

  it('stores a redirected page as a plain answer (a navigation refuses redirected ones)', async () => {
    const sw = startWorker((url) => {
      const response = serve(url);
      if (url === SCOPE) Object.defineProperty(response, 'redirected', { value: true });
      return response;
    });
    await sw.extendable('install');
    const page = sw.caches.stores.get(`obs-tcp-sim ${SCOPE} v2`)!.get(SCOPE)!;
    expect(page.redirected).toBe(false);
    expect(await page.text()).toBe(`content of ${SCOPE}`);
  });

  it('on activate deletes its own older versions only, and takes over the open pages', async () => {
    const sw = startWorker(serve);
    const others = ['obs-tcp-sim https://school.example/obs-test/ v1', `obs-tcp-sim ${SCOPE}beta/ v1`, 'another app'];
    for (const name of [`obs-tcp-sim ${SCOPE} v1`, ...others]) await sw.caches.open(name);
    await sw.extendable('install');
    await sw.extendable('activate');
    expect([...sw.caches.stores.keys()].sort()).toEqual([...others, `obs-tcp-sim ${SCOPE} v2`].sort());
    expect(sw.calls.claim).toBe(1);
  });

  it('offline, answers every page of the build (with any query), its files and the engine from the cache', async () => {
    let online = true;
    const sw = startWorker((url) => (online ? serve(url) : offline()));
    await sw.extendable('install');
    online = false;
    for (const url of [SCOPE, `${SCOPE}?lesson=2`, `${SCOPE}index.html`]) {
      const page = await sw.request(url, 'navigate');
      expect(await page!.text(), url).toBe(`content of ${SCOPE}`);
    }
    // Every other page the build wrote too: embed.html (an iframe in a slide deck), a folder's index.
    for (const [url, page] of [
      [`${SCOPE}embed.html`, `${SCOPE}embed.html`],
      [`${SCOPE}embed.html?embed=1`, `${SCOPE}embed.html`],
      [`${SCOPE}guide/`, `${SCOPE}guide/`],
      [`${SCOPE}guide/index.html`, `${SCOPE}guide/`],
    ]) {
      const answer = await sw.request(url, 'navigate');
      expect(await answer!.text(), url).toBe(`content of ${page}`);
    }
    const engine = (await sw.request(`${SCOPE}assets/obs_engine-1.wasm`, 'same-origin'))!;
    expect(engine.headers.get('Content-Type')).toBe('application/wasm');
    expect(await (await sw.request(`${SCOPE}assets/index-1.js`))!.text()).toBe(`content of ${SCOPE}assets/index-1.js`);
  });

  it('leaves to the network what it does not keep: other pages, other files, other methods, other origins', async () => {
    const sw = startWorker(serve);
    await sw.extendable('install');
    expect(await sw.request(`${SCOPE}other/`, 'navigate')).toBeNull();
    expect(await sw.request(`${SCOPE}other.html`, 'navigate')).toBeNull();
    // A script is stored, but a navigation to it is not one of the pages.
    expect(await sw.request(`${SCOPE}assets/index-1.js`, 'navigate')).toBeNull();
    expect(await sw.request(`${SCOPE}assets/index-1.js.map`)).toBeNull();
    expect(await sw.request(`${SCOPE}assets/index-1.js?v=2`)).toBeNull();
    expect(await sw.request(`${SCOPE}assets/index-1.js`, 'cors', 'POST')).toBeNull();
    expect(await sw.request('https://elsewhere.example/obs/assets/index-1.js')).toBeNull();
  });

  it('falls back to the network for a file the browser evicted from the cache', async () => {
    const sw = startWorker(serve);
    await sw.extendable('install');
    sw.caches.stores.get(`obs-tcp-sim ${SCOPE} v2`)!.delete(`${SCOPE}assets/index-1.js`);
    sw.fetched.length = 0;
    const answer = (await sw.request(`${SCOPE}assets/index-1.js`))!;
    expect(await answer.text()).toBe(`content of ${SCOPE}assets/index-1.js`);
    expect(sw.fetched).toEqual([`${SCOPE}assets/index-1.js`]);
  });

  it('lets a waiting version in when a page asks, and for nothing else', () => {
    const sw = startWorker(serve);
    sw.message({ type: 'something' });
    sw.message(null);
    sw.message('skip-waiting');
    expect(sw.calls.skipWaiting).toBe(0);
    sw.message({ type: 'skip-waiting' });
    expect(sw.calls.skipWaiting).toBe(1);
  });
});
