/**
 * What a failed journey leaves to look at: a screenshot of every page its browsers still have open and, when
 * contexts record traces (JOURNEY_TRACES=1, as CI sets it), each context's trace of the test, in
 * e2e/test-results/ (ignored by git; CI uploads it when the journeys fail). A passing test leaves nothing.
 */
import { mkdir } from "node:fs/promises";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach } from "vitest";
import { anchorPages, handBack, openBrowsers, TRACING } from "./browser.ts";

const RESULTS = fileURLToPath(new URL("../test-results/", import.meta.url));

const safe = (text: string) =>
  text
    .replace(/[^a-z0-9]+/gi, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 80);

const contexts = () => [...openBrowsers].flatMap((browser) => browser.contexts());

// A trace per test: contexts that outlive a test start a new chunk with the next one.
beforeEach(async () => {
  if (!TRACING) return;
  for (const context of contexts()) await context.tracing.startChunk().catch(() => undefined);
});

afterEach(async ({ task }) => {
  const failed = task.result?.state === "fail";
  const dir = join(RESULTS, safe(basename(task.file.name, ".ts")), safe(task.name));
  if (failed) await mkdir(dir, { recursive: true });
  let n = 0;
  for (const context of contexts()) {
    n += 1;
    if (failed) {
      for (const [i, page] of context
        .pages()
        .filter((page) => !anchorPages.has(page))
        .entries()) {
        await page
          .screenshot({ path: join(dir, `context-${n}-page-${i + 1}.png`), fullPage: true })
          .catch(() => undefined);
      }
    }
    if (TRACING) {
      await context.tracing
        .stopChunk(failed ? { path: join(dir, `context-${n}-trace.zip`) } : undefined)
        .catch(() => undefined);
    }
  }
  // The test's contexts, photographed, go back to be pooled again (browser.ts, acquireContext).
  await handBack(task);
});
