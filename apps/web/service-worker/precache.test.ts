import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readTree } from './plugin.ts';
import { isLeftOut, precacheOf, serviceWorkerSource, urlOf, type BuiltFile } from './precache.ts';

const file = (p: string, text = p): BuiltFile => ({ path: p, bytes: new TextEncoder().encode(text) });

/** A build as Vite writes it: page, hashed bundles, the engine, public/ files, maps, _headers. */
const BUILD = [
  file('index.html', '<!doctype html>'),
  file('assets/index-B6vKYEcf.js'),
  file('assets/index-B6vKYEcf.js.map'),
  file('assets/index-C9ngmzc9.css'),
  file('assets/worker-Dx9nfRiS.js'),
  file('assets/worker-Dx9nfRiS.js.map'),
  file('assets/obs_engine-R1yGNHWA.wasm'),
  file('favicon.svg'),
  file('icons/icon-192.png'),
  file('manifest.webmanifest'),
  file('_headers'),
  file('sw.js', 'an older service worker'),
];

describe('the precache list of a build', () => {
  it('lists every file a page loads, the page first as its folder, and nothing else', () => {
    expect(precacheOf(BUILD).files.map((f) => f.url)).toEqual([
      './',
      'assets/index-B6vKYEcf.js',
      'assets/index-C9ngmzc9.css',
      'assets/obs_engine-R1yGNHWA.wasm',
      'assets/worker-Dx9nfRiS.js',
      'favicon.svg',
      'icons/icon-192.png',
      'manifest.webmanifest',
    ]);
  });

  it('leaves out source maps, host rules, dot-files and the service worker itself', () => {
    for (const p of ['assets/a.js.map', '_headers', '.nojekyll', 'icons/.DS_Store', '.well-known/x', 'sw.js'])
      expect(isLeftOut(p), p).toBe(true);
    for (const p of ['index.html', 'assets/sw.js', 'assets/mapper.js', 'headers.txt']) expect(isLeftOut(p), p).toBe(false);
  });

  it('gives URLs relative to the service worker, so the app works from any sub-path', () => {
    expect(urlOf('index.html')).toBe('./');
    expect(urlOf('guide/index.html')).toBe('./guide/');
    expect(urlOf('assets/a b#1.js')).toBe('assets/a%20b%231.js');
    for (const { url } of precacheOf(BUILD).files) expect(url.startsWith('/'), url).toBe(false);
  });

  it('gives each file the SHA-256 of its bytes, for the worker to check what it downloads', () => {
    const files = precacheOf(BUILD).files;
    // As `printf '%s' <content> | sha256sum` gives them.
    expect(files.find((f) => f.url === 'assets/obs_engine-R1yGNHWA.wasm')!.sha256).toBe(
      '824fffc7670b34db8942529c4254d4dbb8970fe9e7dff5afadeaf6f4ea1fe3e0',
    );
    expect(files.find((f) => f.url === './')!.sha256).toBe('fe26c59e91ac8de694b2531dc3bdc1b7faf471d3d7e4e00870af60f5f22897cb');
  });

  it('has a version that follows the content: same files same version, any change a new one', () => {
    const base = precacheOf(BUILD).version;
    expect(base).toMatch(/^[0-9a-f]{16}$/);
    expect(precacheOf([...BUILD].reverse()).version).toBe(base);
    const changed = BUILD.map((f) => (f.path === 'assets/obs_engine-R1yGNHWA.wasm' ? file(f.path, 'another engine') : f));
    expect(precacheOf(changed).version).not.toBe(base);
    const renamed = BUILD.map((f) => (f.path === 'favicon.svg' ? { ...f, path: 'favicon2.svg' } : f));
    expect(precacheOf(renamed).version).not.toBe(base);
    expect(precacheOf([...BUILD, file('icons/new.png')]).version).not.toBe(base);
  });

  it('ignores what it leaves out: a new source map or _headers is not a new version', () => {
    const base = precacheOf(BUILD).version;
    const other = BUILD.map((f) =>
      f.path.endsWith('.map') || f.path === '_headers' || f.path === 'sw.js' ? file(f.path, 'different') : f,
    );
    expect(precacheOf(other).version).toBe(base);
  });

  it('refuses a build with no page, or a file twice', () => {
    expect(() => precacheOf(BUILD.filter((f) => f.path !== 'index.html'))).toThrow(/no index.html/);
    expect(() => precacheOf([...BUILD, file('favicon.svg')])).toThrow(/twice/);
  });
});

describe('the service worker source', () => {
  it('puts the list in place of the one marker, as a JS value', () => {
    const source = serviceWorkerSource('const PRECACHE = __PRECACHE__;\nrest();', {
      version: 'abc',
      files: [{ url: './', sha256: 'f00' }],
    });
    expect(source).toBe('const PRECACHE = {"version":"abc","files":[{"url":"./","sha256":"f00"}]};\nrest();');
  });

  it('refuses a template without the marker or with two', () => {
    expect(() => serviceWorkerSource('const PRECACHE = null;', { version: 'a', files: [] })).toThrow(/exactly once \(found 0\)/);
    expect(() => serviceWorkerSource('__PRECACHE__ __PRECACHE__', { version: 'a', files: [] })).toThrow(/found 2/);
  });
});

describe('reading the built folder', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('finds files in every folder, with "/" paths relative to dist', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'precache-'));
    mkdirSync(path.join(dir, 'assets', 'deep'), { recursive: true });
    writeFileSync(path.join(dir, 'index.html'), 'page');
    writeFileSync(path.join(dir, 'assets', 'deep', 'x.wasm'), new Uint8Array([0, 97, 115, 109]));
    const files = readTree(dir).sort((a, b) => a.path.localeCompare(b.path));
    expect(files.map((f) => f.path)).toEqual(['assets/deep/x.wasm', 'index.html']);
    expect([...files[0].bytes]).toEqual([0, 97, 115, 109]);
  });
});
