import { describe, expect, it } from 'vitest';
import { OfflineCopy, type OfflineHost, type OfflineState } from './offlineCopy';

/** A service worker: its state changes fire statechange; messages are recorded. */
class FakeWorker extends EventTarget {
  readonly messages: unknown[] = [];
  constructor(public state: ServiceWorkerState = 'installing') {
    super();
  }
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  to(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  active: FakeWorker | null = null;
  /** A new version appears, as the browser's update check finds one. */
  found(worker = new FakeWorker()) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    return worker;
  }
}

class FakeContainer extends EventTarget {
  controller: FakeWorker | null = null;
  registered: { url: string; scope?: string }[] = [];
  constructor(
    readonly registration = new FakeRegistration(),
    private readonly refuse?: Error,
  ) {
    super();
  }
  async register(url: string, options?: RegistrationOptions) {
    this.registered.push({ url, scope: options?.scope });
    if (this.refuse) throw this.refuse;
    return this.registration;
  }
}

type HostOptions = Omit<Partial<OfflineHost>, 'container'> & { container?: FakeContainer };

function setup(host: HostOptions = {}) {
  const container = 'container' in host ? host.container : new FakeContainer();
  const calls = { reloads: 0, warnings: [] as string[] };
  const copy = new OfflineCopy({
    production: true,
    protocol: 'https:',
    secureContext: true,
    ...host,
    container: container as unknown as ServiceWorkerContainer | undefined,
    reload: () => void calls.reloads++,
    warn: (m) => void calls.warnings.push(m),
  });
  const states: OfflineState[] = [];
  copy.subscribe(() => states.push(copy.getState()));
  return { copy, container: container!, calls, states };
}

/** A page served by the current version, started, while a newer one is found and stored: it waits. */
async function newerVersionStored() {
  const setUp = setup();
  const { copy, container } = setUp;
  const current = new FakeWorker('activated');
  container.registration.active = current;
  container.controller = current;
  await copy.start();
  const next = container.registration.found();
  next.to('installed');
  container.registration.installing = null;
  container.registration.waiting = next;
  return { ...setUp, next };
}

describe('the offline copy (page side)', () => {
  it('registers the service worker of its own folder, whatever the sub-path', async () => {
    const { copy, container } = setup();
    await copy.start();
    expect(container.registered).toEqual([{ url: './sw.js', scope: './' }]);
  });

  it('does nothing in a development build, from the file system, on plain http elsewhere, or without service workers', async () => {
    const cases: [string, HostOptions][] = [
      ['vite dev', { production: false }],
      ['file://', { protocol: 'file:', secureContext: false }],
      ['http from another machine', { protocol: 'http:', secureContext: false }],
      ['no service workers', { container: undefined }],
    ];
    for (const [what, host] of cases) {
      const { copy, container, states } = setup(host);
      await copy.start();
      expect(copy.getState(), what).toBe('unavailable');
      expect(states, what).toEqual([]);
      if (container) expect(container.registered, what).toEqual([]);
    }
  });

  it('http on localhost is a secure context: the offline copy works there', async () => {
    const { copy, container } = setup({ protocol: 'http:', secureContext: true });
    await copy.start();
    expect(container.registered).toHaveLength(1);
  });

  it('a refused registration leaves the app as it was, with a warning and no exception', async () => {
    const { copy, calls } = setup({ container: new FakeContainer(new FakeRegistration(), new Error('SecurityError: blocked by policy')) });
    await expect(copy.start()).resolves.toBeUndefined();
    expect(copy.getState()).toBe('failed');
    expect(calls.warnings).toEqual(['Offline copy unavailable, the app works online only: SecurityError: blocked by policy']);
  });

  it('a browser that misbehaves after registering (an exception anywhere) leaves the app as it was', async () => {
    const registration = new FakeRegistration();
    registration.addEventListener = () => {
      throw new Error('not supported here');
    };
    const { copy, calls } = setup({ container: new FakeContainer(registration) });
    await expect(copy.start()).resolves.toBeUndefined();
    expect(copy.getState()).toBe('failed');
    expect(calls.warnings).toEqual(['Offline copy unavailable, the app works online only: not supported here']);
  });

  it('first visit: storing, then ready once the worker is active; taking over the page reloads nothing', async () => {
    const { copy, container, calls, states } = setup();
    const worker = new FakeWorker();
    container.registration.installing = worker;
    await copy.start();
    expect(copy.getState()).toBe('storing');
    worker.to('installed');
    expect(copy.getState()).toBe('storing');
    worker.to('activating');
    worker.to('activated');
    container.controller = worker;
    container.dispatchEvent(new Event('controllerchange'));
    expect(states).toEqual(['storing', 'ready']);
    expect(calls.reloads).toBe(0);
  });

  it('first visit whose storing fails (a file missing): failed, the app online only', async () => {
    const { copy, container, calls } = setup();
    const worker = new FakeWorker();
    container.registration.installing = worker;
    await copy.start();
    worker.to('redundant');
    expect(copy.getState()).toBe('failed');
    expect(calls.warnings).toHaveLength(1);
  });

  it('a later visit: ready at once', async () => {
    const { copy, container } = setup();
    container.registration.active = new FakeWorker('activated');
    container.controller = container.registration.active;
    await copy.start();
    expect(copy.getState()).toBe('ready');
  });

  it('a newer version stored while the page runs: update-ready; Reload lets it in, then reloads on it', async () => {
    const { copy, container, calls, next } = await newerVersionStored();
    expect(copy.getState()).toBe('update-ready');
    expect(calls.reloads).toBe(0);
    copy.applyUpdate();
    expect(next.messages).toEqual([{ type: 'skip-waiting' }]);
    expect(calls.reloads).toBe(0); // not before the new version serves the page
    container.controller = next;
    container.dispatchEvent(new Event('controllerchange'));
    expect(calls.reloads).toBe(1);
  });

  it('two tabs on the older version: after Reload in the other one, this one stays behind and its Reload just reloads', async () => {
    const { copy, container, calls, next } = await newerVersionStored();
    expect(copy.getState()).toBe('update-ready');
    // The other tab's Reload lets the new version in; it takes this page over too.
    container.registration.waiting = null;
    container.registration.active = next;
    next.to('activating');
    next.to('activated');
    container.controller = next;
    container.dispatchEvent(new Event('controllerchange'));
    expect(copy.getState()).toBe('update-ready'); // this page still runs the older scripts
    expect(calls.reloads).toBe(0); // never reloaded unasked (a class may be watching its run)
    copy.applyUpdate();
    expect(calls.reloads).toBe(1);
    expect(next.messages).toEqual([]);
  });

  it('a page that no copy served (a hard reload) is not behind when a new version takes over', async () => {
    const { copy, container } = setup();
    container.registration.active = new FakeWorker('activated');
    await copy.start(); // controller null: the page came from the network
    const next = container.registration.found();
    next.to('installed');
    next.to('activating');
    next.to('activated');
    expect(copy.getState()).toBe('ready');
  });

  it('a failed update keeps the version in use: still ready', async () => {
    const { copy, container } = setup();
    container.registration.active = new FakeWorker('activated');
    container.controller = container.registration.active;
    await copy.start();
    container.registration.found().to('redundant');
    expect(copy.getState()).toBe('ready');
  });

  it('a version already waiting when the page opens (another tab held the old one): update-ready', async () => {
    const { copy, container } = setup();
    container.registration.active = new FakeWorker('activated');
    container.registration.waiting = new FakeWorker('installed');
    container.controller = container.registration.active;
    await copy.start();
    expect(copy.getState()).toBe('update-ready');
  });

  it('Reload with nothing waiting does nothing', async () => {
    const { copy, calls } = setup();
    await copy.start();
    copy.applyUpdate();
    expect(calls.reloads).toBe(0);
  });
});
