/**
 * The page's side of the offline copy (docs/deploy.md, "Offline"): registers the service
 * worker the build wrote (dist/sw.js), follows it, and says when a newer version of the
 * app is stored and waits for a reload. Nothing here may break the app: where service
 * workers are unavailable or fail, the app runs as before, online only.
 */

/** What the page knows of its offline copy. */
export type OfflineState =
  /** No offline copy here: a development build, a page opened from the file system or over plain http from another machine, or a browser without service workers. */
  | 'unavailable'
  /** First visit: the app's files are being stored. */
  | 'storing'
  /** The app opens and runs in this browser with no network. */
  | 'ready'
  /** A newer version is stored; it takes over when every tab of the app is closed, or now if the user reloads through the notice (or it already did, let in from another tab, and this page runs the older scripts). */
  | 'update-ready'
  /** Registering or storing failed: the app works, online only. */
  | 'failed';

/** What the page needs of the browser (a fake in the tests). */
export interface OfflineHost {
  /** A production build (`vite build`): the only kind with a dist/sw.js. */
  production: boolean;
  /** `location.protocol`: service workers need http: or https:. */
  protocol: string;
  /** `isSecureContext`: https, or http on localhost. */
  secureContext: boolean;
  /** `navigator.serviceWorker`, undefined where the browser has none. */
  container: ServiceWorkerContainer | undefined;
  reload(): void;
  warn(message: string): void;
}

/** The service worker's file and scope, relative to the page: the app's own folder, whatever the sub-path. */
export const SERVICE_WORKER_URL = './sw.js';

export function browserHost(): OfflineHost {
  return {
    production: import.meta.env.PROD,
    protocol: location.protocol,
    secureContext: isSecureContext,
    container: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    reload: () => location.reload(),
    warn: (message) => console.warn(message),
  };
}

export class OfflineCopy {
  private state: OfflineState = 'unavailable';
  private readonly listeners = new Set<() => void>();
  private registration: ServiceWorkerRegistration | null = null;
  private updateAsked = false;
  /** The page came from an offline copy: its scripts are those of the version active when it opened. */
  private servedByCopy = false;

  constructor(private readonly host: OfflineHost) {}

  getState = (): OfflineState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Registers the service worker where it can work; never throws, never rejects. */
  async start(): Promise<void> {
    const { production, protocol, secureContext, container } = this.host;
    if (!production || !container || !secureContext || (protocol !== 'https:' && protocol !== 'http:')) return;
    this.set('storing');
    try {
      this.servedByCopy = container.controller != null;
      await this.register(container);
    } catch (error) {
      this.fail(error);
    }
  }

  private async register(container: ServiceWorkerContainer): Promise<void> {
    const registration = await container.register(SERVICE_WORKER_URL, { scope: './' });
    this.registration = registration;
    container.addEventListener('controllerchange', () => {
      // Also fired when a first version takes over the page that installed it: reload
      // only when the user asked for the newer version.
      if (this.updateAsked) this.host.reload();
    });
    registration.addEventListener('updatefound', () => {
      if (registration.installing) this.follow(registration.installing);
    });
    if (registration.waiting && container.controller) this.set('update-ready');
    else if (registration.active) this.set('ready');
    if (registration.installing) this.follow(registration.installing);
  }

  /**
   * The notice's Reload: the waiting version takes over, then the page reloads on it. If
   * another tab already let it in, nothing waits any more: reloading is all it takes.
   */
  applyUpdate(): void {
    if (this.state !== 'update-ready') return;
    const waiting = this.registration?.waiting;
    if (!waiting) {
      this.host.reload();
      return;
    }
    this.updateAsked = true;
    waiting.postMessage({ type: 'skip-waiting' });
  }

  private follow(worker: ServiceWorker): void {
    // A version installed while another serves the page is an update; a first one is the copy.
    const isUpdate = this.host.container?.controller != null || this.registration?.active != null;
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installed' && isUpdate) this.set('update-ready');
      // Activated: a first copy, or an update that another tab let in. A page that an older
      // copy served still runs the older scripts: it stays behind until it reloads.
      else if (worker.state === 'activated') this.set(isUpdate && this.servedByCopy ? 'update-ready' : 'ready');
      // A failed update leaves the version in use as it was.
      else if (worker.state === 'redundant' && this.state === 'storing')
        this.fail(
          new Error('the service worker could not store the app (a file was missing or not the one built; its console says which)'),
        );
    });
  }

  private fail(error: unknown): void {
    this.host.warn(`Offline copy unavailable, the app works online only: ${error instanceof Error ? error.message : String(error)}`);
    this.set('failed');
  }

  private set(state: OfflineState): void {
    if (state === this.state) return;
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}
