import type { Server } from 'node:http';

/** Content-Type by file extension ('.wasm' is application/wasm). */
export declare const MIME_TYPES: Readonly<Record<string, string>>;

/** An http.Server (not yet listening) serving `dist` at `prefix` ('/' or '/obs/'), with the app's security headers. */
export declare function createDistServer(options: { dist: string; prefix?: string }): Server;
