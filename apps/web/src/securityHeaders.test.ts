import { describe, expect, it } from 'vitest';
import headersFile from '../../../public/_headers?raw';
import { COMMON_HEADERS, CSP_DIRECTIVES, headersFileText, headersFor, PAGE_HEADERS, policyText } from '../security-headers.mjs';

describe('security headers (security-headers.mjs)', () => {
  it('public/_headers (top level) says exactly what the module says (regenerate it from headersFileText())', () => {
    expect(headersFile).toBe(headersFileText());
  });

  it('_headers has one rule for every path, so no host joins two policies', () => {
    const rules = headersFile.split(/\n(?=\/)/).filter((block) => block.startsWith('/'));
    expect(rules.map((block) => block.split('\n')[0])).toEqual(['/*']);
    expect(rules[0]).toContain('Content-Security-Policy');
  });

  it("the page's policy lets the app work and nothing else", () => {
    const csp = PAGE_HEADERS['Content-Security-Policy'];
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(csp).not.toMatch(/'unsafe-eval'|https?:|\*/);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(COMMON_HEADERS['Referrer-Policy']).toBe('no-referrer');
    expect(COMMON_HEADERS['X-Content-Type-Options']).toBe('nosniff');
    expect(COMMON_HEADERS['Cross-Origin-Opener-Policy']).toBe('same-origin');
    // The app copies links to the clipboard: that feature must stay on.
    expect(COMMON_HEADERS['Permissions-Policy']).not.toMatch(/clipboard/);
  });

  it("every path, the engine's worker included, gets the same headers", () => {
    for (const path of ['/', '/index.html', '/assets/worker-abc.js', '/some/prefix/assets/obs_engine-x.wasm?v=1', '/nowhere']) {
      expect(headersFor(path), path).toBe(PAGE_HEADERS);
    }
  });

  it('the <meta> form leaves out only what a <meta> element cannot carry', () => {
    const meta = policyText(CSP_DIRECTIVES, true);
    expect(meta).not.toContain('frame-ancestors');
    expect(meta.split('; ')).toHaveLength(Object.keys(CSP_DIRECTIVES).length - 1);
  });
});
