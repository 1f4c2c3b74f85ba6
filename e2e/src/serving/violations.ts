/** Records every Content-Security-Policy violation of a browser context, in every frame, as the browser reports it. */
import type { BrowserContext } from "playwright-core";

export interface CspViolation {
  directive: string;
  blocked: string;
  page: string;
  /** Where the blocked code is: "file:line:column". */
  source: string;
}

export async function recordCspViolations(context: BrowserContext): Promise<CspViolation[]> {
  const violations: CspViolation[] = [];
  await context.exposeBinding("__reportCspViolation", (_source, violation: CspViolation) => {
    violations.push(violation);
  });
  await context.addInitScript(() => {
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
