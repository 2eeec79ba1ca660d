// The HTTP headers the app is served with: one list, used by `npm start` (scripts/start.mjs),
// by `vite preview` (vite.config.ts, what the end-to-end tests run against), written to
// the top-level public/_headers for Netlify and Cloudflare Pages (a unit test keeps the file equal), and
// as a <meta> Content-Security-Policy in the built index.html for hosts that set no
// headers (GitHub Pages). docs/deploy.md gives the same for nginx and Apache.
//
// Plain JS (with security-headers.d.mts beside it) so the Node server imports it as is.

/**
 * What the page may load and do. The app has no inline script and loads nothing from
 * another origin, so 'self' is enough; the exceptions, each needed:
 * - 'wasm-unsafe-eval': compiling the engine (WebAssembly). Nothing evaluates strings:
 *   the engine's glue is built with -sDYNAMIC_EXECUTION=0 (Embind's call wrappers are
 *   closures, not `new Function`), so no 'unsafe-eval', in the page or its worker;
 * - worker-src 'self': the engine's module worker, a file of the app;
 * - style-src 'unsafe-inline': React and D3 set style attributes (positions, colours);
 * - img-src data: blob:: the charts' PNG export draws their SVG as an image from a blob:
 *   URL; data: for small images CSS or SVG may carry.
 * Downloads (exports, scenario files) are blob: links the user clicks: no directive applies.
 */
export const CSP_DIRECTIVES = Object.freeze({
  'default-src': ["'self'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'worker-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  // The page may be framed by itself only (no clickjacking by another site).
  'frame-ancestors': ["'self'"],
});

/** Directives a <meta http-equiv> policy cannot carry (browsers ignore them there, with a warning). */
const HEADER_ONLY = new Set(['frame-ancestors', 'report-uri', 'sandbox']);

/**
 * @param {Readonly<Record<string, readonly string[]>>} directives
 * @param {boolean} forMeta without the directives a <meta> element cannot carry
 */
export function policyText(directives = CSP_DIRECTIVES, forMeta = false) {
  return Object.entries(directives)
    .filter(([name]) => !(forMeta && HEADER_ONLY.has(name)))
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * Powerful features the app never uses, turned off for it and anything it might frame.
 * Only names Chromium knows (an unknown name is reported as an error in its console).
 * Not listed, because the app uses them: clipboard-write (Copy link), fullscreen.
 */
const NO_FEATURES = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
];

/** Every response carries these. */
export const COMMON_HEADERS = Object.freeze({
  // A link to another site from the app (there is none today) reveals nothing, not even
  // the page's address, which may carry a #s= scenario.
  'Referrer-Policy': 'no-referrer',
  // Scripts, styles and the engine only as what their Content-Type says.
  'X-Content-Type-Options': 'nosniff',
  // Another site's window that opened the app (or that it opens) cannot reach into it.
  'Cross-Origin-Opener-Policy': 'same-origin',
  // frame-ancestors for browsers too old to know it.
  'X-Frame-Options': 'SAMEORIGIN',
  'Permissions-Policy': NO_FEATURES.map((feature) => `${feature}=()`).join(', '),
});

/** Every response: the page, its scripts, the engine's worker and .wasm (the policy of a
 * worker is the one its script is served with, so the worker gets the page's). */
export const PAGE_HEADERS = Object.freeze({ 'Content-Security-Policy': policyText(CSP_DIRECTIVES), ...COMMON_HEADERS });

/**
 * The headers of the response to a URL path: the same for every path.
 * @param {string} _urlPath
 */
export function headersFor(_urlPath) {
  return PAGE_HEADERS;
}

/**
 * public/_headers as Netlify and Cloudflare Pages read it: one rule for every path (both
 * hosts add up the headers of all the rules a path matches, so one rule is the safe form).
 */
export function headersFileText() {
  const block = (path, headers) => [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)];
  return `${[
    '# Generated from apps/web/security-headers.mjs (a unit test keeps the two equal).',
    '# Netlify and Cloudflare Pages read this file; docs/deploy.md has the same for other servers.',
    ...block('/*', PAGE_HEADERS),
  ].join('\n')}\n`;
}
