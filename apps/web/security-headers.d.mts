type Directives = Readonly<Record<string, readonly string[]>>;
/** The page's Content-Security-Policy directives and their sources. */
export declare const CSP_DIRECTIVES: Directives;
/** A policy as one header value; `forMeta` leaves out what a <meta> element cannot carry. */
export declare function policyText(directives?: Directives, forMeta?: boolean): string;
/** Headers every response carries. */
export declare const COMMON_HEADERS: Readonly<Record<string, string>>;
/** The headers of every response (the page, its scripts, the engine's worker and .wasm). */
export declare const PAGE_HEADERS: Readonly<Record<string, string>>;
/** The headers of the response to a URL path (the same for every path). */
export declare function headersFor(urlPath: string): Readonly<Record<string, string>>;
/** The text of public/_headers (Netlify, Cloudflare Pages). */
export declare function headersFileText(): string;
