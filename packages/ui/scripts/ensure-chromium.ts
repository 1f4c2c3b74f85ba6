/**
 * Makes sure the tests have a Chromium, before the README's test command runs them: one found (chromium.ts) is
 * enough; otherwise, as root on Debian, the package chromium-headless-shell from apt; otherwise Playwright's own
 * Chromium. When neither can be installed it stops at once, naming what to do, rather than minutes later in a test.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { findChromium, INSTALL_HINT } from "./chromium.ts";

function run(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: "inherit" });
    return true;
  } catch {
    return false;
  }
}

const found = findChromium();
if (found) {
  console.log(`Chromium for the tests: ${found}`);
  process.exit(0);
}
if (process.env.CHROMIUM_PATH) {
  console.error(
    `CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist: point it at a Chromium, or unset it`,
  );
  process.exit(1);
}

// apt-get as root, or through sudo when it asks no password.
const asRoot = process.getuid?.() === 0 ? [] : run("sudo", ["-n", "true"]) ? ["sudo", "-n"] : undefined;
if (asRoot && existsSync("/usr/bin/apt-get")) {
  console.log("No Chromium found: installing Debian's chromium-headless-shell (apt-get)");
  const apt = (...args: string[]) => {
    const [command, ...rest] = [...asRoot, "env", "DEBIAN_FRONTEND=noninteractive", "apt-get", ...args];
    return run(command as string, rest);
  };
  if (apt("update", "-qq")) apt("install", "-y", "-qq", "chromium-headless-shell");
}

if (!findChromium()) {
  console.log("No Chromium found: installing Playwright's Chromium (npx playwright install chromium)");
  const cli = join(dirname(createRequire(import.meta.url).resolve("playwright/package.json")), "cli.js");
  run(process.execPath, [cli, "install", "chromium"]);
}

const installed = findChromium();
if (!installed) {
  console.error(INSTALL_HINT);
  process.exit(1);
}
console.log(`Chromium for the tests: ${installed}`);
