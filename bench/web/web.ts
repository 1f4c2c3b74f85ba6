/**
 * `pnpm bench:web`: with the shop built (the root script builds first), starts it the README's way, weighs the
 * JavaScript each app makes the browser load against the budgets, runs Lighthouse (mobile) on the home page,
 * the listing and a product page, prints the figures and writes them into docs/benchmarks.md (its own section).
 * A benchmark, not a test: it exits non-zero only with --fail-over-budget and a bundle over its budget.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { CHROMIUM_FLAGS, DESK, LIGHTHOUSE_CHROMIUM, launchBrowser, PHONE } from "@shop/e2e/browser";
import { REPO_ROOT, type RunningShop, startShop } from "@shop/e2e/shop";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import {
  entryKey,
  gzipSizer,
  jsFiles,
  KiB,
  type LazyChunk,
  lazyChunks,
  readManifest,
  staticClosure,
  type Weighed,
  weigh,
} from "./bundles.ts";
import { type MainThreadFigures, mainThreadFigures } from "./main-thread.ts";
import { commit, load, machine, QUIET, quietMachine, writeSection } from "./report.ts";

const { values: args } = parseArgs({
  // pnpm passes the "--" that separates its own options through.
  args: process.argv.slice(2).filter((arg) => arg !== "--"),
  options: {
    runs: { type: "string", default: "3" },
    loads: { type: "string", default: "7" },
    "fail-over-budget": { type: "boolean", default: false },
    "skip-lighthouse": { type: "boolean", default: false },
    machine: { type: "string" },
    out: { type: "string", default: join(REPO_ROOT, "docs/benchmarks.md") },
    help: { type: "boolean", default: false },
  },
});
if (args.help) {
  console.log(`pnpm bench:web [-- --runs 3] [--loads 7] [--fail-over-budget] [--skip-lighthouse] [--machine NAME] [--out docs/benchmarks.md]
Weighs the storefront's and the back office's JavaScript (gzip) against the budgets and runs Lighthouse (mobile)
on /, /shop and a product page, the median of --runs runs each; then traces --loads loads of each page with the
CPU slowed 4x and measures the main thread's tasks after the first paint. Weighs everything / loads by network idle
on a phone and on a desk against its gzip budget. --machine (or BENCH_MACHINE) names the kind of machine in the
report. Writes its section of --out.`);
  process.exit(0);
}
if (args.machine) process.env.BENCH_MACHINE = args.machine;
const RUNS = Math.max(1, Number.parseInt(args.runs!, 10) || 1);
const LOADS = Math.max(1, Number.parseInt(args.loads!, 10) || 1);

const BUDGET = {
  storefrontInitial: 170 * KiB,
  /** Everything `/` loads by network idle, on a phone and on a desk. */
  homeAtNetworkIdle: 170 * KiB,
  storefrontRoute: 60 * KiB,
  backofficeInitial: 300 * KiB,
  backofficeResource: 80 * KiB,
};
/** Where each app keeps the modules that are its own lazy chunks: the budgets are per page and per resource. */
const STOREFRONT_PAGES = "src/routes/";
const BACKOFFICE_RESOURCES = "src/resources/";
const STOREFRONT_DIST = join(REPO_ROOT, "apps/storefront/dist");
const BACKOFFICE_DIST = join(REPO_ROOT, "apps/backoffice/dist");

const kib = (bytes: number) => `${(bytes / KiB).toFixed(1)} KiB`;
const verdict = (bytes: number, budget: number) => (bytes <= budget ? "within" : "**over**");

interface BudgetRow {
  app: string;
  what: string;
  files: number;
  bytes: number;
  budget: number;
}

// ---------- Bundles ----------

function storefrontBundles() {
  const manifest = readManifest(STOREFRONT_DIST);
  const size = gzipSizer(STOREFRONT_DIST);
  // The entry imports the app's start (src/app/start.tsx) once the page has painted: both come before the app's
  // first render.
  const entry = entryKey(manifest);
  const start = manifest[entry]!.dynamicImports ?? [];
  const initial = jsFiles(
    manifest,
    new Set([entry, ...start].flatMap((key) => [...staticClosure(manifest, key)])),
  );
  const row: BudgetRow = {
    app: "storefront",
    what: "before the app's first render of `/`: the entry, the app's start and their static imports",
    files: initial.length,
    bytes: initial.reduce((sum, file) => sum + size(file), 0),
    budget: BUDGET.storefrontInitial,
  };
  return { row, chunks: lazyChunks(manifest, new Set(initial), size) };
}

/** The back office's scripts Chromium loads before the sign-in form shows (react-admin may load it lazily). */
async function backofficeBundles(shop: RunningShop) {
  const manifest = readManifest(BACKOFFICE_DIST);
  const size = gzipSizer(BACKOFFICE_DIST);
  const entry = jsFiles(manifest, staticClosure(manifest, entryKey(manifest)));
  const browser = await launchBrowser();
  const requested = new Set<string>();
  let note = "measured in Chromium until the password field shows";
  try {
    const page = await (await browser.newContext(DESK)).newPage();
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (request.resourceType() === "script" && path.startsWith("/admin/assets/")) {
        requested.add(path.slice("/admin/".length));
      }
    });
    await page.goto(`${shop.adminUrl}/admin/login`);
    try {
      await page.locator('input[type="password"]').first().waitFor({ state: "visible", timeout: 30_000 });
    } catch {
      await page.waitForLoadState("networkidle");
      note = "no sign-in form showed: measured at network idle";
    }
  } finally {
    await browser.close();
  }
  const initial = [...new Set([...entry, ...requested])].filter((file) =>
    existsSync(join(BACKOFFICE_DIST, file)),
  );
  const row: BudgetRow = {
    app: "back office",
    what: `before the sign-in page renders (${note})`,
    files: initial.length,
    bytes: initial.reduce((sum, file) => sum + size(file), 0),
    budget: BUDGET.backofficeInitial,
  };
  return { row, chunks: lazyChunks(manifest, new Set(initial), size) };
}

/** The screens `/` is weighed on: a phone's, as most shoppers see the shop, and a desk's. */
const SCREENS = [
  { name: "phone", width: 390, options: PHONE },
  { name: "desk", width: 1366, options: DESK },
] as const;

interface HomeLoad extends Weighed {
  screen: (typeof SCREENS)[number]["name"];
  width: number;
}

/**
 * Every script `/` loads by network idle on a phone and on a desk, first screen and what follows it before the
 * shopper scrolls (the page's chunks, its sections' code): weighed at gzip 9, the budget's measure, and as the server
 * sends them (the build's .br files).
 */
async function homeAtNetworkIdle(shop: RunningShop): Promise<HomeLoad[]> {
  const size = gzipSizer(STOREFRONT_DIST);
  const browser = await launchBrowser();
  const loads: HomeLoad[] = [];
  try {
    for (const { name, width, options } of SCREENS) {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on("request", (request) => {
        const path = new URL(request.url()).pathname;
        if (request.resourceType() === "script" && path.startsWith("/assets/")) scripts.add(path.slice(1));
      });
      await page.goto(`${shop.shopUrl}/`, { waitUntil: "networkidle" });
      await context.close();
      const files = [...scripts].filter((file) => existsSync(join(STOREFRONT_DIST, file)));
      loads.push({ screen: name, width, ...weigh(STOREFRONT_DIST, files, size) });
    }
  } finally {
    await browser.close();
  }
  return loads;
}

/** The files `/` loaded, a column per screen (KiB gzip; "-" where that screen did not load it). */
function homeTable(loads: HomeLoad[]): string[] {
  const files = [...new Set(loads.flatMap((load) => load.files.map((f) => f.file)))];
  const gzipOf = (load: HomeLoad, file: string) => load.files.find((f) => f.file === file)?.gzip;
  const largest = (file: string) => Math.max(...loads.map((load) => gzipOf(load, file) ?? 0));
  files.sort((a, b) => largest(b) - largest(a) || a.localeCompare(b));
  // The name rolldown gave the chunk, without its hash: what it holds.
  const chunk = (file: string) => file.replace(/^assets\//, "").replace(/-[\w-]{7,8}\.js$/, "");
  return [
    `| File | ${loads.map((l) => `${l.screen} (gzip)`).join(" | ")} |`,
    `| ---- | ${loads.map(() => "-----:").join(" | ")} |`,
    ...files.map((file) => {
      const cells = loads.map((load) => {
        const gzip = gzipOf(load, file);
        return gzip === undefined ? "-" : kib(gzip);
      });
      return `| \`${chunk(file)}\` | ${cells.join(" | ")} |`;
    }),
  ];
}

// ---------- Lighthouse ----------

interface LighthouseFigures {
  page: string;
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Lighthouse's own measure of the machine's CPU (`environment.benchmarkIndex`): under 1,000 it warns that the host is slower than its simulated phone assumes. */
  benchmarkIndex: number;
  problems: string[];
  /** The main thread's tasks after the first paint in real, traced loads (bench/main-thread.ts). */
  mainThread?: MainThreadFigures;
}

async function lighthouseRun(url: string, port: number): Promise<Omit<LighthouseFigures, "page" | "path">> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits, runtimeError, runWarnings } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const failing = Object.values(audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
    .map((a) => a.id);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    cls: audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    tbtMs: audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    benchmarkIndex: result.lhr.environment.benchmarkIndex,
    problems: [...(runtimeError ? [runtimeError.message] : []), ...runWarnings, ...failing],
  };
}

/** Attempts at a run whose trace Lighthouse failed to record ("Please run Lighthouse again"), before it counts as is. */
const RECORD_ATTEMPTS = 3;

/** A run Lighthouse recorded: one that failed to record its trace (a runtime error, no score) is run again. */
async function recordedRun(url: string, port: number): Promise<Omit<LighthouseFigures, "page" | "path">> {
  let figures = await lighthouseRun(url, port);
  for (let attempt = 1; attempt < RECORD_ATTEMPTS && Number.isNaN(figures.lcpMs); attempt++) {
    process.stdout.write(`    not recorded (${figures.problems[0]}); again\n`);
    figures = await lighthouseRun(url, port);
  }
  return figures;
}

async function lighthouseFigures(shop: RunningShop): Promise<LighthouseFigures[]> {
  const res = await fetch(`${shop.shopUrl}/api/product/featured`);
  const [product] = (await res.json()) as { id: string }[];
  if (!product) throw new Error("the shop has no featured product to measure");
  const pages = [
    { page: "home", path: "/" },
    { page: "listing", path: "/shop" },
    { page: "product", path: `/product-details/${product.id}` },
  ];
  const figures: LighthouseFigures[] = [];
  const chrome = await chromeLauncher.launch({
    chromePath: LIGHTHOUSE_CHROMIUM,
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    for (const { page, path } of pages) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        process.stdout.write(`  Lighthouse ${path} run ${run + 1}/${RUNS}\n`);
        runs.push(await recordedRun(`${shop.shopUrl}${path}`, chrome.port));
      }
      runs.sort((a, b) => a.performance - b.performance);
      figures.push({ page, path, ...runs[Math.floor(runs.length / 2)]! });
    }
  } finally {
    chrome.kill();
  }
  const browser = await launchBrowser();
  try {
    for (const f of figures) {
      process.stdout.write(`  main thread ${f.path}: ${LOADS} traced loads\n`);
      f.mainThread = await mainThreadFigures(browser, `${shop.shopUrl}${f.path}`, LOADS);
    }
  } finally {
    await browser.close();
  }
  return figures;
}

// ---------- Report ----------

const budgeted = (chunk: LazyChunk, prefix: string) => chunk.label.startsWith(prefix);

function chunkTable(title: string, chunks: LazyChunk[], prefix: string, budget: number): string[] {
  if (!chunks.length) return [`${title}: none (the app has no lazy chunk yet).`, ""];
  return [
    `${title}: the budget of ${kib(budget)} applies to what a first visit to each module of \`${prefix}\` adds;`,
    "other lazy chunks (data, the API client) are listed for reference.",
    "",
    "| Chunk | Its own gzip | First visit adds (gzip) | Files | Budget |",
    "| ----- | -----------: | ----------------------: | ----: | ------ |",
    ...chunks.map(
      (c) =>
        `| \`${c.label}\` | ${kib(c.own)} | ${kib(c.added)} | ${c.files.length} | ${budgeted(c, prefix) ? verdict(c.added, budget) : "-"} |`,
    ),
    "",
  ];
}

/** The machine, with the Chromium that ran Lighthouse. */
function machineWithChromium(): string {
  const chromium = (() => {
    try {
      return execFileSync(LIGHTHOUSE_CHROMIUM, ["--version"], { encoding: "utf8" }).trim();
    } catch {
      return "Chromium (version unknown)";
    }
  })();
  return `${machine()}; ${chromium}`;
}

function report(input: {
  started: Date;
  loadBefore: string;
  rows: BudgetRow[];
  storefrontChunks: LazyChunk[];
  backofficeChunks: LazyChunk[];
  home: HomeLoad[];
  lighthouse: LighthouseFigures[] | null;
  /** How long Lighthouse waited for a quiet machine. */
  quietSeconds: number;
}): string {
  const { rows, lighthouse: lh } = input;
  const lines = [
    "## Storefront and back office: bundles and Lighthouse",
    "",
    "Written by `pnpm bench:web` (`bench/web/web.ts`): it builds the shop, starts it as `pnpm start` does, weighs the",
    "JavaScript from each app's build manifest (gzip level 9, as the `.gz` files the build writes) and runs Lighthouse",
    "with its default mobile settings (simulated slow 4G, a mid-range phone's CPU) in Debian's Chromium. Scores move",
    "from run to run on a shared 2-core machine; the median run (by performance) of each page is shown.",
    "",
    `- Date: ${input.started.toISOString().slice(0, 16).replace("T", " ")} UTC; commit ${commit()}.`,
    `- Machine: ${machineWithChromium()}.`,
    `- Load average (1 / 5 / 15 min): ${input.loadBefore} at the start, ${load()} at the end.`,
    "",
    "### JavaScript before the first render (gzip)",
    "",
    "| App | What | Files | gzip | Budget | |",
    "| --- | ---- | ----: | ---: | -----: | - |",
    ...rows.map(
      (r) =>
        `| ${r.app} | ${r.what} | ${r.files} | ${kib(r.bytes)} | ${kib(r.budget)} | ${verdict(r.bytes, r.budget)} |`,
    ),
    "",
    "### Everything `/` loads by network idle (gzip)",
    "",
    `Every script \`/\` loads until the network is idle, before the shopper scrolls, on a phone's screen (${SCREENS[0].width} px) and`,
    `a desk's (${SCREENS[1].width} px), against the budget of ${kib(BUDGET.homeAtNetworkIdle)} at gzip 9; beside it, what the server sends (brotli).`,
    "",
    "| Screen | Files | gzip | As sent (brotli) | Budget | |",
    "| ------ | ----: | ---: | ---------------: | -----: | - |",
    ...input.home.map(
      (h) =>
        `| ${h.screen} (${h.width} px) | ${h.files.length} | ${kib(h.gzip)} | ${kib(h.brotli)} | ${kib(BUDGET.homeAtNetworkIdle)} | ${verdict(h.gzip, BUDGET.homeAtNetworkIdle)} |`,
    ),
    "",
    "What it loads, file by file (the chunk's name without its hash):",
    "",
    ...homeTable(input.home),
    "",
    ...chunkTable("Storefront lazy chunks", input.storefrontChunks, STOREFRONT_PAGES, BUDGET.storefrontRoute),
    ...chunkTable(
      "Back-office lazy chunks",
      input.backofficeChunks,
      BACKOFFICE_RESOURCES,
      BUDGET.backofficeResource,
    ),
    "### Lighthouse (mobile)",
    "",
  ];
  if (!lh) {
    lines.push("Not run this time (`--skip-lighthouse`).", "");
  } else {
    lines.push(
      "Goals: performance at least 95 (the median of three runs), total blocking time at most 200 ms, LCP at most 2.5 s, accessibility 100, best practices and SEO at least 95, CLS at most 0.1.",
      "",
      "Lighthouse applies a fixed 4× CPU slowdown to the machine it runs on, so blocking time and performance follow",
      "the machine's speed: the last column is Lighthouse's own CPU benchmark of the machine in that run (its",
      "`benchmarkIndex`; under 1,000 Lighthouse warns that the host is slower than its simulated phone assumes).",
      `The runs began once the machine was quiet (at least ${QUIET.idleShare * 100}% of its CPU idle over ${QUIET.overMs / 1000} s, the shop's start`,
      `and its first pages done): after ${input.quietSeconds.toFixed(1)} s.`,
      "",
      "| Page | Path | Performance | Accessibility | Best practices | SEO | LCP | CLS | TBT | CPU benchmark |",
      "| ---- | ---- | ----------: | ------------: | -------------: | --: | --: | --: | --: | ------------: |",
      ...lh.map(
        (f) =>
          `| ${f.page} | \`${f.path.replace(/[0-9a-f-]{36}/, "{id}")}\` | ${f.performance} | ${f.accessibility} | ${f.bestPractices} | ${f.seo} | ${(f.lcpMs / 1000).toFixed(2)} s | ${f.cls.toFixed(3)} | ${Math.round(f.tbtMs)} ms | ${Math.round(f.benchmarkIndex)} |`,
      ),
      "",
    );
    const traced = lh.filter((f) => f.mainThread);
    if (traced.length) {
      const { loads } = traced[0]!.mainThread!;
      lines.push(
        `The main thread after the first paint, in real loads traced in Chromium on a phone's screen with the CPU slowed`,
        `4× (\`bench/web/main-thread.ts\`), the median of ${loads} loads: the longest task, the time tasks spent over 50 ms`,
        "(what blocking time adds up), and the thread's busy time; and the page's elements once the app has taken it over.",
        "",
        "| Page | Longest task | Over 50 ms | Busy | Elements |",
        "| ---- | -----------: | ---------: | ---: | -------: |",
        ...traced.map(
          (f) =>
            `| ${f.page} | ${Math.round(f.mainThread!.longestMs)} ms | ${Math.round(f.mainThread!.blockingMs)} ms | ${Math.round(f.mainThread!.busyMs)} ms | ${f.mainThread!.elements} |`,
        ),
        "",
      );
    }
    const problems = lh.filter((f) => f.problems.length);
    if (problems.length) {
      lines.push("Audits that did not pass in the median run:", "");
      for (const f of problems) lines.push(`- ${f.page}: ${f.problems.join(", ")}`);
      lines.push("");
    }
  }
  return lines.join("\n");
}

async function main() {
  const started = new Date();
  const loadBefore = load();
  const storefront = storefrontBundles();
  // As in production: no demo accounts, a real secret, quiet logs.
  const shop = await startShop({
    NODE_ENV: "production",
    // Production seeds only when asked: the sample shop (without demo accounts) is what is measured.
    SEED: "true",
    JWT_SECRET: randomBytes(32).toString("hex"),
    LOG_LEVEL: "warn",
  });
  let text: string;
  let rows: BudgetRow[];
  let over: string[];
  try {
    const backoffice = await backofficeBundles(shop);
    const home = await homeAtNetworkIdle(shop);
    for (const h of home) {
      console.log(
        `/ by network idle, ${h.screen} (${h.width} px): ${h.files.length} files, ${kib(h.gzip)} gzip (budget ${kib(BUDGET.homeAtNetworkIdle)}: ${verdict(h.gzip, BUDGET.homeAtNetworkIdle)}), ${kib(h.brotli)} as sent`,
      );
    }
    rows = [storefront.row, backoffice.row];
    over = [
      ...rows.filter((r) => r.bytes > r.budget).map((r) => `${r.app} ${r.what}`),
      ...home
        .filter((h) => h.gzip > BUDGET.homeAtNetworkIdle)
        .map((h) => `everything / loads by network idle on a ${h.screen}`),
      ...storefront.chunks
        .filter((c) => budgeted(c, STOREFRONT_PAGES) && c.added > BUDGET.storefrontRoute)
        .map((c) => c.label),
      ...backoffice.chunks
        .filter((c) => budgeted(c, BACKOFFICE_RESOURCES) && c.added > BUDGET.backofficeResource)
        .map((c) => c.label),
    ];
    const quietSeconds = args["skip-lighthouse"] ? 0 : await quietMachine();
    const lh = args["skip-lighthouse"] ? null : await lighthouseFigures(shop);
    text = report({
      started,
      loadBefore,
      rows,
      storefrontChunks: storefront.chunks,
      backofficeChunks: backoffice.chunks,
      home,
      lighthouse: lh,
      quietSeconds,
    });
  } finally {
    await shop.stop();
  }
  writeSection(resolve(args.out!), "web", text);
  console.log(`\n${text}`);
  console.log(`Written to ${args.out}`);
  if (over.length) {
    console.log(`Over budget: ${over.join("; ")}`);
    if (args["fail-over-budget"]) process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
