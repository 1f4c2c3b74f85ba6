/**
 * Checks the built static Storybook the way the shop serves it: under /storybook/ from a plain static server,
 * opened in Chromium. Every asset must load (relative URLs), the manager must list the stories, and a story must
 * render in the preview. Run after `pnpm --filter @shop/ui build`.
 */
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright";
import { chromiumLaunchOptions } from "./chromium.ts";

const ROOT = fileURLToPath(new URL("../storybook-static/", import.meta.url));
const BASE = "/storybook/";
const STORY = "catalogue-productcard--discounted-dop";
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
  ".png": "image/png",
};

if (!existsSync(join(ROOT, "index.html"))) {
  console.error(`${ROOT} has no index.html: run pnpm --filter @shop/ui build first`);
  process.exit(1);
}

const missing: string[] = [];
const server = createServer((request, response) => {
  const path = decodeURIComponent((request.url ?? "/").split("?")[0] ?? "/");
  const relative = path.startsWith(BASE) ? normalize(path.slice(BASE.length) || "index.html") : null;
  const file = relative && !relative.startsWith("..") ? join(ROOT, relative) : null;
  if (!file || !existsSync(file) || !statSync(file).isFile()) {
    missing.push(path);
    response.writeHead(404).end("Not Found");
    return;
  }
  response.writeHead(200, { "Content-Type": TYPES[extname(file)] ?? "application/octet-stream" });
  createReadStream(file).pipe(response);
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const browser = await chromium.launch(chromiumLaunchOptions());
const problems: string[] = [];
try {
  const page = await browser.newPage();
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));

  // The manager: the sidebar lists the shop's stories, and the preview frame draws the chosen one.
  await page.goto(`${origin}${BASE}?path=/story/${STORY}`);
  await page.getByRole("button", { name: "ProductCard" }).first().waitFor({ timeout: 30_000 });
  const preview = page.frameLocator("#storybook-preview-iframe");
  await preview.getByRole("heading", { level: 3 }).first().waitFor({ timeout: 30_000 });

  // The preview on its own, as a link to one story.
  await page.goto(`${origin}${BASE}iframe.html?id=${STORY}&viewMode=story`);
  const title = await page.locator("#storybook-root article h3").first().textContent({ timeout: 30_000 });
  const price = await page.locator("#storybook-root del").first().textContent();
  console.log(`story ${STORY} rendered under ${BASE}: "${title}", old price ${price}`);
  if (!title || !price?.includes("RD$"))
    problems.push("the product card rendered without its title or price");
} finally {
  await browser.close();
  server.close();
}

// Chromium asks for /favicon.ico by itself; anything else missing (above all a path outside /storybook/, the sign
// of an absolute asset URL) is a bug.
const unexpected = missing.filter((path) => path !== "/favicon.ico");
if (unexpected.length) problems.push(`not found: ${[...new Set(unexpected)].join(", ")}`);
if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log("static Storybook works under /storybook/");
