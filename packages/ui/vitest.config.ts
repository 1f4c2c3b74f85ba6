/** The stories as tests: each story rendered in Debian's Chromium (Vitest browser mode), its play run, axe checked. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import { playwright } from "@vitest/browser-playwright";
import { defineConfig } from "vitest/config";
import { chromiumLaunchOptions } from "./scripts/chromium.ts";

/**
 * Every MUI, Emotion and notistack module the components and stories import. Vite's optimiser learns of them up
 * front, rather than finding one mid-run and reloading the page under a running test.
 */
function prebundled(): string[] {
  const src = fileURLToPath(new URL("./src", import.meta.url));
  const found = new Set<string>();
  for (const file of readdirSync(src, { recursive: true, encoding: "utf8" })) {
    if (!file.endsWith(".tsx") && !file.endsWith(".ts")) continue;
    for (const [, name] of readFileSync(join(src, file), "utf8").matchAll(
      /from "((?:@mui|@emotion)\/[^"]+|notistack)"/g,
    )) {
      found.add(name!);
    }
  }
  return [...found].sort();
}

export default defineConfig({
  plugins: [storybookTest({ configDir: ".storybook", storybookScript: "pnpm storybook --ci" })],
  optimizeDeps: { include: ["@mui/material/CssBaseline", ...prebundled()] },
  test: {
    name: "storybook",
    // A few plays wait on real time (a countdown ending, a toast closing); the machine may be busy.
    testTimeout: 30_000,
    // The story files share one page: React, MUI and Emotion are loaded and compiled once, not once per file. Each
    // story's test still renders it anew, and the suite passes file by file as it does together. The suite
    // went from 41 to 50 s of CPU to 25 to 28 s (decision 038).
    isolate: false,
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({ launchOptions: chromiumLaunchOptions() }),
      instances: [{ browser: "chromium" }],
      screenshotFailures: false,
    },
  },
});
