/**
 * What the service worker of one build keeps for offline use (docs/deploy.md, "Offline"):
 * every file of dist/ a page of the app can ask for, and a version named after their
 * contents. Computed from the files the build wrote (plugin.ts), never listed by hand, so
 * a new asset, a renamed chunk or a new icon is offline as soon as it exists.
 */
import { createHash } from 'node:crypto';

/** A file the build wrote: its path under dist/ ('/' between folders) and its bytes. */
export interface BuiltFile {
  path: string;
  bytes: Uint8Array;
}

/** A file the service worker stores: its URL relative to the worker's script ('./' is the page) and the SHA-256 of its bytes. */
export interface PrecacheEntry {
  url: string;
  sha256: string;
}

/** The list the service worker gets. */
export interface Precache {
  /** Changes when and only when the content of a listed file changes (hex, 16 digits). */
  version: string;
  /** The page first. The worker stores a file only if its bytes have this hash: a response
   * that is not this build's file (a proxy's error page, a cut download, a file of another
   * deployment) fails the install instead of being served for as long as the version lives. */
  files: PrecacheEntry[];
}

/** The service worker's own file under dist/ (the browser keeps it apart from any cache). */
export const SERVICE_WORKER_FILE = 'sw.js';

/**
 * Files the pages never load: source maps (only developer tools ask, and they are
 * larger than the whole app), the host's header rules, dot-files, and the worker itself.
 */
export function isLeftOut(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return (
    path === SERVICE_WORKER_FILE || path === '_headers' || name.endsWith('.map') || path.split('/').some((part) => part.startsWith('.'))
  );
}

/**
 * The URL a page asks for to get a file. An index.html is its folder ('./', 'docs/'):
 * the address handed out is the folder, and some hosts (Cloudflare Pages) redirect
 * index.html to it, so the folder is the one that answers 200.
 */
export function urlOf(path: string): string {
  const folder = path === 'index.html' ? '' : path.endsWith('/index.html') ? path.slice(0, -'index.html'.length) : null;
  if (folder !== null) return `./${folder}`;
  return path.split('/').map(encodeURIComponent).join('/');
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');

/** The precache of a build from its files; throws if there is no page to open offline. */
export function precacheOf(files: readonly BuiltFile[]): Precache {
  const kept = files.filter((f) => !isLeftOut(f.path)).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  if (!kept.some((f) => f.path === 'index.html')) throw new Error('precache: the build has no index.html');
  const seen = new Set<string>();
  for (const f of kept) {
    if (seen.has(f.path)) throw new Error(`precache: ${f.path} is listed twice`);
    seen.add(f.path);
  }
  const entries = kept.map((f) => ({ url: urlOf(f.path), sha256: sha256(f.bytes) }));
  // The path is hashed with the content: a file renamed without change is a new version too.
  const version = sha256(kept.map((f, i) => `${f.path}\0${entries[i].sha256}\n`).join('')).slice(0, 16);
  // The page first: it is what a class opens.
  return { version, files: entries.sort((a, b) => Number(b.url === './') - Number(a.url === './')) };
}

/** The marker in service-worker.js that the build replaces with the precache. */
export const PRECACHE_MARKER = '__PRECACHE__';

/** service-worker.js with this build's precache in place of its one marker. */
export function serviceWorkerSource(template: string, precache: Precache): string {
  const parts = template.split(PRECACHE_MARKER);
  if (parts.length !== 2)
    throw new Error(`precache: the service worker template must name ${PRECACHE_MARKER} exactly once (found ${parts.length - 1})`);
  return parts[0] + JSON.stringify(precache) + parts[1];
}
