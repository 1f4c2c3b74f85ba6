/**
 * Records every Content-Security-Policy violation of a page, in every frame, as the browser reports it. The page's
 * own binding and script, not its context's: they go with the page, and the context can be pooled again (browser.ts).
 */
import type { Page } from "playwright-core";

export interface CspViolation {
  directive: string;
  blocked: string;
  page: string;
  /** Where the blocked code is: "file:line:column". */
  source: string;
}

export async function recordCspViolations(page: Page): Promise<CspViolation[]> {
  const violations: CspViolation[] = [];
  await page.exposeBinding("__reportCspViolation", (_source, violation: CspViolation) => {
    violations.push(violation);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      // biome-ignore lint/suspicious/noExplicitAny: the binding is added by the test
      (window as any).__reportCspViolation({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        page: event.documentURI,
        source: `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      });
    });
  });
  return violations;
}
