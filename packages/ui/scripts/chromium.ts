/**
 * Debian's Chromium headless shell as the journeys launch it (e2e/src/browser.ts, decision 044): playwright never
 * downloads a browser here.
 */
import { existsSync } from "node:fs";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Launch options for playwright's chromium, failing with the fix when the browser is missing. */
export function chromiumLaunchOptions() {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `${chromiumPath} is missing: apt-get install -y chromium-headless-shell (.ci/run does it), or set CHROMIUM_PATH`,
    );
  }
  return { executablePath: chromiumPath, args: chromiumArgs };
}
