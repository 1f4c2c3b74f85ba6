/** The stories as tests: each story rendered in Debian's Chromium (Vitest browser mode), its play run, axe checked. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import { playwright } from "@vitest/browser-playwright";
import { defineConfig } from "vitest/config";

// The same browser and flags as the journeys (e2e/src/browser.ts); playwright never downloads one here.
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Every MUI, Emotion and notistack module the components and stories import. Vite's optimiser learns of them up
 * front, rather than finding one mid-run and reloading the page under a running test.
 */
function prebundled(): string[] {
  const found = new Set<string>();
  for (const file of readdirSync("src", { recursive: true, encoding: "utf8" })) {
    if (!file.endsWith(".tsx") && !file.endsWith(".ts")) continue;
    for (const [, name] of readFileSync(join("src", file), "utf8").matchAll(
      /from "((?:@mui|@emotion)\/[^"]+|notistack)"/g,
    )) {
      found.add(name!);
    }
  }
  return [...found].sort();
}

export default defineConfig({
  plugins: [storybookTest({ configDir: ".storybook", storybookScript: "pnpm storybook --ci" })],
  optimizeDeps: { include: ["@mui/material/CssBaseline", "@mui/material/styles", ...prebundled()] },
  test: {
    name: "storybook",
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({ launchOptions: { executablePath: chromium, args: chromiumArgs } }),
      instances: [{ browser: "chromium" }],
      screenshotFailures: false,
    },
  },
});
