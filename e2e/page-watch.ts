/**
 * Watching a page for what must never happen: console errors (the page's and its
 * workers'), uncaught exceptions, and Content-Security-Policy violations.
 */
import { expect, type Page } from '@playwright/test';

export interface PageWatch {
  consoleErrors: string[];
  pageErrors: string[];
  /** Read from the page: every securitypolicyviolation event its document saw. */
  violations(): Promise<string[]>;
  /** Asserts none of the above happened. */
  expectClean(): Promise<void>;
}

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Call before the first goto: the listener is installed in every document the page loads. */
export async function watchPage(page: Page): Promise<PageWatch> {
  const consoleErrors: string[] = [];
  const pageErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(`page: ${m.text()}`);
  });
  page.on('worker', (worker) => {
    worker.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(`worker ${worker.url()}: ${m.text()}`);
    });
  });
  page.on('pageerror', (err) => pageErrors.push(err.message));
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations!.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const violations = () => page.evaluate(() => window.__cspViolations ?? []);
  return {
    consoleErrors,
    pageErrors,
    violations,
    async expectClean() {
      expect(await violations(), 'Content-Security-Policy violations').toEqual([]);
      expect(consoleErrors, 'console errors').toEqual([]);
      expect(pageErrors, 'uncaught page errors').toEqual([]);
    },
  };
}
