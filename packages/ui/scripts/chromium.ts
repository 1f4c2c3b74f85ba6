/**
 * The Chromium the tests drive (the stories here, the journeys in e2e): the first of CHROMIUM_PATH, Debian's headless
 * shell, Debian's whole browser and Playwright's own download that is on this machine (decision 044: the shell costs
 * a fifth less CPU). `scripts/ensure-chromium.ts`, run by the README's test command, installs one when none is.
 */
import { existsSync } from "node:fs";
import { chromium } from "playwright";

/** Where a browser may be, in the order it is preferred. */
export function chromiumCandidates(): string[] {
  const candidates = [
    process.env.CHROMIUM_PATH,
    "/usr/bin/chromium-headless-shell",
    "/usr/bin/chromium",
    playwrightChromium(),
  ];
  return candidates.filter((path): path is string => Boolean(path));
}

/** Playwright's own Chromium (`npx playwright install chromium`), where it would be; undefined if it cannot say. */
function playwrightChromium(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

/** The browser to launch, or undefined when none is installed. CHROMIUM_PATH, when set, must exist. */
export function findChromium(): string | undefined {
  if (process.env.CHROMIUM_PATH)
    return existsSync(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : undefined;
  return chromiumCandidates().find((path) => existsSync(path));
}

/** What to run when no browser is found. */
export const INSTALL_HINT =
  "no Chromium found: run `npx -y pnpm@12.21.0 --filter @shop/ui ensure-chromium` (as root on Debian it installs " +
  "the package chromium-headless-shell; elsewhere Playwright's Chromium), or set CHROMIUM_PATH to a Chromium";

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

/** The browser's path, failing at once with the command that installs one. */
export function chromiumPath(): string {
  const found = findChromium();
  if (!found) {
    throw new Error(
      process.env.CHROMIUM_PATH ? `CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist` : INSTALL_HINT,
    );
  }
  return found;
}

/** Launch options for playwright's chromium, failing with the fix when the browser is missing. */
export function chromiumLaunchOptions() {
  return { executablePath: chromiumPath(), args: chromiumArgs };
}
