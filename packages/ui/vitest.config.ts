/** The stories as tests: each story rendered in Debian's Chromium (Vitest browser mode), its play run, axe checked. */
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

export default defineConfig({
  plugins: [storybookTest({ configDir: ".storybook", storybookScript: "pnpm storybook --ci" })],
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
