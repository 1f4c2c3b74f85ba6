/**
 * `pnpm bench:pages`: the storefront's pages under load. With the shop built (the root script builds first), starts
 * it as in production on the embedded default with the sample shop and on PostgreSQL with 100,000 products; on
 * each, asks every distinct page (home, `/shop` listings, product pages) in both currencies once, four at a time,
 * then puts 50 connections on each page kind and on `GET /api/health` for comparison; weighs the drawn HTML;
 * prints the figures and the issue's goals (met or not) and writes them into docs/benchmarks.md (its own section).
 * A benchmark, not a test: goals not met do not fail it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { PRODUCT_TYPES } from "@shop/domain/constants";
import { CURRENCY_COOKIE, SERVER_RENDERED_ATTRIBUTE } from "@shop/domain/first-screen";
import { REPO_ROOT, type RunningShop, startShop } from "@shop/e2e/shop";
import { type LoadFigures, measureSteadyLoad, rotating } from "../api/load.ts";
import { type BenchDatabase, freshDatabase } from "../api/postgres.ts";
import { FIRST_PASS_CONNECTIONS, READ_CONNECTIONS } from "../api/report.ts";
import {
  GOALS,
  type LatencySummary,
  median,
  type PageKind,
  rootMarkup,
  summarize,
  type Verdict,
  verdictsOf,
} from "./page-figures.ts";
import { shopListingUrls, spreadPages } from "./pages-urls.ts";
import { commit, load, machine, writeSection } from "./report.ts";

const USAGE = `pnpm bench:pages [-- --engines pglite,postgres] [--products 100000] [--duration 10] [--warmup 2]
                 [--listing-urls 400] [--product-ids 600] [--threads 0,2] [--env KEY=VALUE ...]
                 [--out docs/benchmarks.md | --no-write]

Starts the built shop as in production (NODE_ENV=production, PUBLIC_ORIGIN=http://localhost:PORT, LOG_LEVEL=warn,
SEED=true) on the embedded default (PGlite in a temporary DATA_DIR, the sample shop) and on PostgreSQL (a fresh
database with --products synthetic products from bench/seed/bench-catalogue.ts; BENCH_DATABASE_URL, else
postgres://postgres@127.0.0.1:5432/postgres, skipped when nothing answers). For each page kind (home, /shop over
--listing-urls listings, product pages over --product-ids ids), in USD and DOP: one pass over every distinct page,
${FIRST_PASS_CONNECTIONS} at a time, then ${READ_CONNECTIONS} connections for --duration s after --warmup s, beside GET /api/health.
--threads takes the render thread counts to measure each engine with (RENDER_THREADS; 0 draws on the main
thread, so one core), by default the server's own (one per core); --env KEY=VALUE passes any setting.
Writes its section of --out (default docs/benchmarks.md).`;

const { values: args } = parseArgs({
  // pnpm passes the "--" that separates its own options through.
  args: process.argv.slice(2).filter((arg) => arg !== "--"),
  options: {
    engines: { type: "string", default: "pglite,postgres" },
    products: { type: "string", default: "100000" },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    "listing-urls": { type: "string", default: "400" },
    "product-ids": { type: "string", default: "600" },
    threads: { type: "string" },
    env: { type: "string", multiple: true, default: [] },
    out: { type: "string", default: join(REPO_ROOT, "docs/benchmarks.md") },
    "no-write": { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  },
  strict: true,
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(1);
}

const engines = args.engines.split(",").map((e) => e.trim());
if (!engines.length || engines.some((e) => e !== "pglite" && e !== "postgres")) {
  fail(`--engines takes pglite and/or postgres, not '${args.engines}'`);
}
const wholeNumber = (name: string, value: string, min: number) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) fail(`--${name} takes a whole number of at least ${min}`);
  return n;
};
const productCount = wholeNumber("products", args.products, 100);
const listingCount = wholeNumber("listing-urls", args["listing-urls"], 1);
const productIdCount = wholeNumber("product-ids", args["product-ids"], 1);
const duration = Number(args.duration);
const warmup = Number(args.warmup);
if (!(duration > 0) || !(warmup >= 0)) fail("--duration and --warmup take seconds");

/** The render thread counts each engine is measured with; undefined: the server's default (one per core). */
const threadSettings: (number | undefined)[] = args.threads
  ? args.threads.split(",").map((t) => wholeNumber("threads", t.trim(), 0))
  : [undefined];
/** Settings passed through to the server: each --env KEY=VALUE. */
const passedEnv: Record<string, string> = {};
for (const pair of args.env) {
  const at = pair.indexOf("=");
  if (at <= 0) fail(`--env takes KEY=VALUE, not '${pair}'`);
  passedEnv[pair.slice(0, at)] = pair.slice(at + 1);
}

const CURRENCIES = ["USD", "DOP"] as const;
/** What a current browser says it accepts: the shop compresses its pages for it, and that is part of their cost. */
const ACCEPT_ENCODING = "gzip, deflate, br, zstd";
/** Pages whose HTML is weighed, per kind and engine, spread over the first pass. */
const MARKUP_SAMPLE = 40;
const FIRST_PASS_TIMEOUT_MS = 30_000;
const KIND_LABELS: Record<PageKind, string> = {
  home: "home `/`",
  shop: "listing `/shop?…`",
  product: "product `/product-details/{id}`",
};

// ---------- Clean-up: shops, seed processes, temporary folders and databases go away even on failure or Ctrl-C ----------

const shops = new Set<RunningShop>();
const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();
const databases = new Set<BenchDatabase>();

async function stopShop(shop: RunningShop) {
  shops.delete(shop);
  await shop.stop();
}

async function cleanup() {
  for (const child of children) child.kill("SIGKILL");
  await Promise.all([...shops].map(stopShop));
  for (const database of [...databases]) {
    databases.delete(database);
    await database.drop().catch((error) => console.error(`Could not drop the bench database: ${error}`));
  }
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: cleaning up...`);
    void cleanup().finally(() => process.exit(130));
  });
}

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

/** The bench catalogue's seed script (migrations, the sample shop, N synthetic products, VACUUM ANALYZE). */
function seedBenchCatalogue(env: Record<string, string>): Promise<void> {
  const apiDir = join(REPO_ROOT, "apps/api");
  const child = spawn(
    process.execPath,
    ["--import", "tsx", join(REPO_ROOT, "bench/seed/bench-catalogue.ts"), "--products", String(productCount)],
    { cwd: apiDir, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] },
  );
  children.add(child);
  const echo = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) if (line.trim()) console.log(`  [seed] ${line}`);
  };
  child.stdout.on("data", echo);
  child.stderr.on("data", echo);
  return new Promise((done, failed) => {
    child.once("exit", (code) => {
      children.delete(child);
      if (code === 0) done();
      else failed(new Error(`the bench catalogue's seed script failed (exit ${code})`));
    });
  });
}

// ---------- Measuring ----------

interface PageRequest {
  path: string;
  currency: (typeof CURRENCIES)[number];
}

const headersFor = (currency: PageRequest["currency"]) => ({
  cookie: `${CURRENCY_COOKIE}=${currency}`,
  "accept-encoding": ACCEPT_ENCODING,
});

/** Every path in each currency: all of them in USD, then all in DOP. */
const inBothCurrencies = (paths: string[]): PageRequest[] =>
  CURRENCIES.flatMap((currency) => paths.map((path) => ({ path, currency })));

interface Markup {
  bytes: number;
  gzipBytes: number;
  elements: number;
  svgs: number;
  /** Pages of the sample the server drew (their #root marked as drawn on the server). */
  drawn: number;
  sample: number;
}

interface PassFigures extends LatencySummary {
  errors: number;
  errorNotes: string[];
  seconds: number;
}

/**
 * Asks every request once, FIRST_PASS_CONNECTIONS at a time: nothing has been drawn or kept for any of them yet.
 * Answers the latency of each successful one and weighs the HTML of a sample spread over the pass.
 */
async function firstPass(
  base: string,
  requests: PageRequest[],
): Promise<{ pass: PassFigures; markup: Markup }> {
  const latencies: number[] = [];
  const errorNotes: string[] = [];
  const sampleEvery = Math.max(1, Math.ceil(requests.length / MARKUP_SAMPLE));
  const sampled: string[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < requests.length) {
      const index = next++;
      const { path, currency } = requests[index]!;
      const t = performance.now();
      try {
        const response = await fetch(`${base}${path}`, {
          headers: headersFor(currency),
          signal: AbortSignal.timeout(FIRST_PASS_TIMEOUT_MS),
        });
        const html = await response.text();
        if (!response.ok) {
          errorNotes.push(`${response.status} ${path} (${currency})`);
          continue;
        }
        latencies.push(performance.now() - t);
        if (index % sampleEvery === 0) sampled.push(html);
      } catch (error) {
        errorNotes.push(`${error instanceof Error ? error.name : "error"} ${path} (${currency})`);
      }
    }
  };
  await Promise.all(Array.from({ length: FIRST_PASS_CONNECTIONS }, worker));
  const pass: PassFigures = {
    ...summarize(latencies),
    count: requests.length,
    errors: errorNotes.length,
    errorNotes,
    seconds: (performance.now() - started) / 1000,
  };
  const measured = sampled.map((html) => ({
    bytes: Buffer.byteLength(html),
    gzipBytes: gzipSync(html).length,
    root: rootMarkup(html),
    drawn: html.includes(SERVER_RENDERED_ATTRIBUTE),
  }));
  const markup: Markup = {
    bytes: median(measured.map((m) => m.bytes)),
    gzipBytes: median(measured.map((m) => m.gzipBytes)),
    elements: median(measured.map((m) => m.root?.elements ?? 0)),
    svgs: median(measured.map((m) => m.root?.svgs ?? 0)),
    drawn: measured.filter((m) => m.drawn).length,
    sample: measured.length,
  };
  return { pass, markup };
}

const timing = () => ({ warmup, duration });

/** Pages outside the measured set, drawn before the first pass (see warmRenderer). */
const WARM_UP_PAGES = ["/about", "/contact"];
const WARM_UP_ROUNDS = 5;

/**
 * Draws a few pages that are not measured, in both currencies, so that the first page of the first pass does not
 * carry the loading and compiling of the renderer itself.
 */
async function warmRenderer(base: string) {
  for (let round = 0; round < WARM_UP_ROUNDS; round++) {
    for (const { path, currency } of inBothCurrencies(WARM_UP_PAGES)) {
      const response = await fetch(`${base}${path}`, { headers: headersFor(currency) });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`GET ${path} answered ${response.status} while warming up`);
    }
  }
}

/** How long to wait at most for the shop to finish what a load left queued. */
const SETTLE_LIMIT_MS = 120_000;

/**
 * Waits until the shop answers `GET /api/health` promptly twice in a row: when autocannon stops, the requests it
 * had in flight are still being drawn, and a first pass started then would measure that queue, not its pages.
 * Answers the seconds it took.
 */
async function settle(base: string): Promise<number> {
  const started = performance.now();
  let prompt = 0;
  while (prompt < 2 && performance.now() - started < SETTLE_LIMIT_MS) {
    const t = performance.now();
    try {
      const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(SETTLE_LIMIT_MS) });
      await response.arrayBuffer();
      prompt = response.ok && performance.now() - t < 50 ? prompt + 1 : 0;
    } catch {
      prompt = 0;
    }
    if (prompt < 2) await new Promise((r) => setTimeout(r, 100));
  }
  return (performance.now() - started) / 1000;
}

/** Autocannon's latencies are 0 when no answer came back within the run: no figure, not a fast one. */
function answered(figures: LoadFigures): LoadFigures {
  return figures.requests + figures.failed > 0
    ? figures
    : { ...figures, p50: Number.NaN, p99: Number.NaN, max: Number.NaN };
}

async function underLoad(base: string, requests: PageRequest[]): Promise<LoadFigures> {
  const figures = await measureSteadyLoad(
    {
      url: base,
      connections: READ_CONNECTIONS,
      requests: [
        rotating(requests, (request, { path, currency }) => {
          request.path = path;
          request.headers = { ...request.headers, ...headersFor(currency) };
        }),
      ],
    },
    timing(),
  );
  return answered(figures);
}

// ---------- The shop under test ----------

async function api<T>(base: string, path: string): Promise<{ body: T; headers: Headers }> {
  const response = await fetch(`${base}${path}`);
  const text = await response.text();
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${text.slice(0, 200)}`);
  return { body: JSON.parse(text) as T, headers: response.headers };
}

const totalOf = async (base: string, path: string) =>
  Number((await api<unknown>(base, path)).headers.get("x-total-count"));

/** The pages to ask for, read from the running shop's API. */
async function workload(base: string) {
  const { body: categories } = await api<
    { slug: string; productCount: number; subcategories: { slug: string; productCount: number }[] }[]
  >(base, "/api/categories?pageSize=100");
  const { body: brands } = await api<{ slug: string; productCount: number }[]>(
    base,
    "/api/brands?pageSize=100",
  );
  const listing = await shopListingUrls(
    listingCount,
    {
      types: PRODUCT_TYPES,
      categories: categories
        .filter((c) => c.productCount > 0)
        .map((c) => ({
          slug: c.slug,
          subCategories: c.subcategories.filter((s) => s.productCount > 0).map((s) => s.slug),
        })),
      brands: brands.filter((b) => b.productCount > 0).map((b) => b.slug),
    },
    (path) => totalOf(base, path),
  );
  // Product ids from pages spread over the whole catalogue, newest to oldest; the last page read is the last
  // full one (a catalogue of 100,040 has 1,000 full pages of 100 and one of 40).
  const PER_PAGE = 100;
  const total = await totalOf(base, "/api/product?pageSize=1");
  const ids: string[] = [];
  const lastFullPage = Math.max(1, Math.floor(total / PER_PAGE));
  for (const page of spreadPages(lastFullPage, Math.ceil(productIdCount / PER_PAGE))) {
    const { body } = await api<{ id: string }[]>(
      base,
      `/api/product?sort=default-sorting&pageSize=${PER_PAGE}&page=${page}`,
    );
    ids.push(...body.map((p) => p.id));
  }
  const products = [...new Set(ids)].slice(0, productIdCount).map((id) => `/product-details/${id}`);
  return { listing, products, catalogueSize: total };
}

interface KindRun {
  kind: PageKind;
  urls: number;
  pass: PassFigures;
  load: LoadFigures;
  markup: Markup;
  verdicts: Verdict[];
}

interface EngineRun {
  label: string;
  detail: string;
  catalogueSize: number;
  health: LoadFigures;
  kinds: KindRun[];
  /** The longest wait, before a first pass, for the shop to finish what the previous load left queued. */
  settleSeconds: number;
}

const fmt = (n: number) =>
  !Number.isFinite(n) ? "-" : n >= 100 ? Math.round(n).toLocaleString("en-US") : n.toFixed(1);
const ms = (n: number) => (Number.isFinite(n) ? `${Math.round(n).toLocaleString("en-US")} ms` : "-");
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

async function benchEngine(label: string, detail: string, dbEnv: Record<string, string>): Promise<EngineRun> {
  console.log(`\n== ${label} ==`);
  const dataDir = tempDir("shop-bench-pages-");
  const jwtSecret = randomBytes(32).toString("hex");
  // As in production, the sample shop seeded into an empty database (startShop sets the shop's addresses).
  const env = () => ({
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    SEED: "true",
    JWT_SECRET: jwtSecret,
    ...dbEnv,
    ...passedEnv,
  });
  const start = async () => {
    const shop = await startShop(env, { dataDir });
    shops.add(shop);
    return shop;
  };

  // The pages to ask for come from a first start's API; the shop is then started again, so the first pass
  // finds nothing the listing counts left behind.
  let shop = await start();
  let base = `http://127.0.0.1:${shop.port}`;
  const { listing, products, catalogueSize } = await workload(base);
  console.log(
    `  ${catalogueSize.toLocaleString("en-US")} products; ${listing.length} listing URLs, ${products.length} product pages, each in ${CURRENCIES.join(" and ")}`,
  );
  await stopShop(shop);

  shop = await start();
  base = `http://127.0.0.1:${shop.port}`;
  try {
    await warmRenderer(base);
    const health = answered(
      await measureSteadyLoad(
        { url: base, connections: READ_CONNECTIONS, requests: [{ path: "/api/health" }] },
        timing(),
      ),
    );
    console.log(
      `  health   ${fmt(health.rps).padStart(8)} req/s  p50 ${ms(health.p50)}  p99 ${ms(health.p99)}${health.failed ? `  (${health.failed} failed: ${health.statuses})` : ""}`,
    );
    const kinds: KindRun[] = [];
    let settleSeconds = 0;
    const pages: [PageKind, string[]][] = [
      ["home", ["/"]],
      ["shop", listing],
      ["product", products],
    ];
    for (const [kind, paths] of pages) {
      const requests = inBothCurrencies(paths);
      const settled = await settle(base);
      if (settled > 1)
        console.log(`  (the shop took ${settled.toFixed(1)} s to finish what the last load left queued)`);
      settleSeconds = Math.max(settleSeconds, settled);
      const { pass, markup } = await firstPass(base, requests);
      console.log(
        `  ${kind.padEnd(8)} first pass: ${pass.count} pages in ${pass.seconds.toFixed(1)} s, p50 ${ms(pass.p50)}, p99 ${ms(pass.p99)}, max ${ms(pass.max)}` +
          (pass.errors ? `, ${pass.errors} errors (${pass.errorNotes.slice(0, 3).join("; ")})` : ""),
      );
      const figures = await underLoad(base, requests);
      console.log(
        `  ${kind.padEnd(8)} under load: ${fmt(figures.rps)} pages/s (${((figures.rps / health.rps) * 100).toFixed(1)}% of health), p50 ${ms(figures.p50)}, p99 ${ms(figures.p99)}, max ${ms(figures.max)}` +
          (figures.failed ? `, ${figures.failed} failed: ${figures.statuses}` : ""),
      );
      console.log(
        `  ${kind.padEnd(8)} HTML: ${kb(markup.bytes)} (gzip ${kb(markup.gzipBytes)}), ${markup.elements} elements under #root, ${markup.svgs} <svg>; ${markup.drawn}/${markup.sample} drawn on the server`,
      );
      kinds.push({
        kind,
        urls: paths.length,
        pass,
        load: figures,
        markup,
        verdicts: verdictsOf({
          kind,
          firstPassP99: pass.p99,
          firstPassErrors: pass.errors,
          loadP99: figures.p99,
          loadFailed: figures.failed,
          pagesPerSecond: figures.rps,
          healthPerSecond: health.rps,
          htmlBytes: markup.bytes,
        }),
      });
    }
    return { label, detail, catalogueSize, health, kinds, settleSeconds };
  } catch (error) {
    console.error(`The shop's output:\n${shop.output().slice(-4000)}`);
    throw error;
  } finally {
    await stopShop(shop);
  }
}

// ---------- Report ----------

function report(input: {
  started: Date;
  loadBefore: string;
  loadAfter: number[];
  runs: EngineRun[];
  skipped: string[];
  command: string;
}): string {
  const { runs } = input;
  const cores = availableParallelism();
  const busy = Math.max(loadavg()[0] ?? 0, Number.parseFloat(input.loadBefore)) > cores * 0.75;
  const passed = Object.entries(passedEnv)
    .map(([k, v]) => `\`${k}=${v}\``)
    .join(", ");
  const goalLines = runs.flatMap((r) =>
    r.kinds.map((k) => {
      const missed = k.verdicts.filter((v) => !v.met);
      const all = k.verdicts.map((v) => `${v.goal}: ${v.met ? "met" : "**not met**"} (${v.measured})`);
      return `- ${r.label}, ${KIND_LABELS[k.kind]}: **${missed.length ? `${missed.length} of ${k.verdicts.length} not met` : "all met"}**. ${all.join("; ")}.`;
    }),
  );
  const loadRows = runs.flatMap((r) => [
    `| ${r.label} | \`GET /api/health\` | 1 | ${fmt(r.health.rps)} | ${ms(r.health.p50)} | ${ms(r.health.p99)} | ${ms(r.health.max)} | 100% | ${r.health.failed ? r.health.statuses : "0"} |`,
    ...r.kinds.map(
      (k) =>
        `| ${r.label} | ${KIND_LABELS[k.kind]} | ${k.urls} × 2 | ${fmt(k.load.rps)} | ${ms(k.load.p50)} | ${ms(k.load.p99)} | ${ms(k.load.max)} | ${((k.load.rps / r.health.rps) * 100).toFixed(1)}% | ${k.load.failed ? k.load.statuses : "0"} |`,
    ),
  ]);
  const passRows = runs.flatMap((r) =>
    r.kinds.map(
      (k) =>
        `| ${r.label} | ${KIND_LABELS[k.kind]} | ${k.pass.count} | ${k.pass.seconds.toFixed(1)} s | ${ms(k.pass.p50)} | ${ms(k.pass.p99)} | ${ms(k.pass.max)} | ${k.pass.errors} |`,
    ),
  );
  const markupRows = runs.flatMap((r) =>
    r.kinds.map(
      (k) =>
        `| ${r.label} | ${KIND_LABELS[k.kind]} | ${kb(k.markup.bytes)} | ${kb(GOALS.htmlBytes[k.kind])} | ${kb(k.markup.gzipBytes)} | ${fmt(k.markup.elements)} | ${k.markup.svgs} | ${k.markup.sample} (${k.markup.drawn} drawn) |`,
    ),
  );
  const sampleShop = runs.find((r) => r.label.startsWith("Embedded"));
  return [
    "## Pages under load",
    "",
    "Written by `pnpm bench:pages` (`bench/web/pages.ts`): it builds the shop and starts it as in production",
    "(`NODE_ENV=production`, the built server, `PUBLIC_ORIGIN=http://localhost:PORT`, `LOG_LEVEL=warn`, `SEED=true`), on",
    "each engine; for each kind of page it asks every distinct page once in each currency (cookie",
    `\`${CURRENCY_COOKIE}=USD\` or \`DOP\`), ${FIRST_PASS_CONNECTIONS} at a time, then loads them with autocannon, ${READ_CONNECTIONS} connections rotating over the`,
    `same pages and currencies, beside \`GET /api/health\` (one database ping) measured the same way in the same run: one`,
    `autocannon run of ${warmup + duration} s of which only the answers of the last ${duration} s count (the first ${warmup} s are the warm-up, and the`,
    "connections stay busy from one to the other). Every request says it accepts `gzip, deflate, br, zstd`, as a",
    "browser does, so the pages' compression is part of their cost. The load generator, the shop and PostgreSQL share",
    "the machine's cores; the load generator counts each answer's bytes without decoding them into text (autocannon does",
    "by default, autocannon#485: about 160 µs of its time a compressed page, so that it measured itself, not the shop;",
    "`bench/api/load.ts`).",
    "",
    `- Date: ${input.started.toISOString().slice(0, 16).replace("T", " ")} UTC; commit ${commit()}.`,
    `- Command: \`${input.command}\` (from the repository root); the run took ${((Date.now() - input.started.getTime()) / 60_000).toFixed(1)} min after the build.`,
    `- Machine: ${machine()}.`,
    `- Load average (1 / 5 / 15 min): ${input.loadBefore} at the start, ${input.loadAfter.map((n) => n.toFixed(2)).join(" / ")} at the end.${
      busy
        ? ` **The machine was busy with other work** (a load near or above its ${cores} cores): these figures show how the pages compare, not what the shop does on a quiet machine.`
        : ""
    }`,
    `- Server settings beyond production's: ${passed || "none (one process: the figure for one core)"}.`,
    ...runs.map((r) => `- **${r.label}**: ${r.detail}.`),
    ...input.skipped.map((s) => `- ${s}`),
    ...(sampleShop
      ? [
          `- The sample shop has ${sampleShop.catalogueSize} products: its product pages are all of them, fewer than the 600 ids asked for on PostgreSQL.`,
        ]
      : []),
    "",
    "### Goals",
    "",
    `Each kind of page on each engine: under load p99 ≤ ${GOALS.loadP99Ms} ms, at least ${GOALS.shareOfHealth}% of the health route's throughput, no errors;`,
    `the first pass p99 ≤ ${GOALS.firstPassP99Ms} ms; HTML (uncompressed, KB of 1,000 bytes) at most 100 KB for \`/shop\` and home, 60 KB for a product page.`,
    "",
    ...goalLines,
    "",
    `### Under load (${READ_CONNECTIONS} connections)`,
    "",
    "Pages/s counts 2xx answers only; errors are non-2xx answers and connection errors (autocannon's timeout is 10 s).",
    "",
    "| Engine | Pages | URLs × currencies | pages/s | p50 | p99 | max | vs health | Errors |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...loadRows,
    "",
    `### First pass (each distinct page and currency once, ${FIRST_PASS_CONNECTIONS} at a time)`,
    "",
    "Right after the shop starts (the page lists were read from an earlier start of the same database), so nothing has",
    `been drawn or kept for any page yet, except ${WARM_UP_PAGES.map((p) => `\`${p}\``).join(" and ")} drawn ${WARM_UP_ROUNDS} times in each currency first, so that loading the`,
    "renderer is not counted against the first page, and what the shop draws itself once it listens: the home and `/shop`",
    "once on each render thread (pages not kept; the API keeps their data, so the home's first pass finds it, as does",
    "the one `/shop` listing of the 400 without filters); client-side times through HTTP, the answer read to its end. Each pass waits",
    "until the shop answers `GET /api/health` promptly again after the previous kind's load (the requests in flight",
    `when autocannon stops are still drawn): the longest wait was ${runs.map((r) => `${r.settleSeconds.toFixed(1)} s (${r.label})`).join(", ")}.`,
    "",
    "| Engine | Pages | Requests | Took | p50 | p99 | max | Errors |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...passRows,
    "",
    "### Markup",
    "",
    `Medians over up to ${MARKUP_SAMPLE} pages of each kind spread over the first pass: the HTML as drawn (uncompressed) and gzipped`,
    "(zlib's default level); elements are the start tags inside `#root` (the root itself not counted), `<svg>` those among",
    'them; "drawn" counts the sampled pages the server drew (not left for the browser to draw).',
    "",
    "| Engine | Pages | HTML | Goal | gzip | Elements under #root | `<svg>` | Sample |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |",
    ...markupRows,
    "",
  ].join("\n");
}

// ---------- Main ----------

async function main() {
  const started = new Date();
  const loadBefore = load();
  console.log(`Machine: ${machine()}; load ${loadBefore}`);
  const runs: EngineRun[] = [];
  const skipped: string[] = [];
  /** One engine measured with each render thread count. */
  const withThreads = async (label: string, detail: string, dbEnv: Record<string, string>) => {
    for (const threads of threadSettings) {
      const suffix =
        threads === undefined
          ? ""
          : threads === 0
            ? ", drawn on the main thread"
            : `, ${threads} render threads`;
      const threadEnv: Record<string, string> =
        threads === undefined ? {} : { RENDER_THREADS: String(threads) };
      runs.push(await benchEngine(`${label}${suffix}`, detail, { ...dbEnv, ...threadEnv }));
    }
  };
  if (engines.includes("pglite")) {
    await withThreads(
      "Embedded (PGlite), sample shop",
      "the embedded default, PGlite in a temporary DATA_DIR, seeded with the sample shop on its first start",
      { DATABASE_URL: "" },
    );
  }
  if (engines.includes("postgres")) {
    const database = await freshDatabase("shop_bench_pages");
    if (!database) {
      skipped.push("PostgreSQL: not measured (nothing answered at 127.0.0.1:5432; set BENCH_DATABASE_URL).");
    } else {
      databases.add(database);
      console.log(
        `\n== seeding PostgreSQL ${database.version} with ${productCount.toLocaleString("en-US")} products ==`,
      );
      const seedStarted = performance.now();
      await seedBenchCatalogue({
        DATABASE_URL: database.url,
        DATA_DIR: tempDir("shop-bench-pages-seed-"),
        NODE_ENV: "production",
        JWT_SECRET: randomBytes(32).toString("hex"),
      });
      const seedSeconds = (performance.now() - seedStarted) / 1000;
      const label = `PostgreSQL, ${productCount.toLocaleString("en-US")} products`;
      await withThreads(
        label,
        `PostgreSQL ${database.version} on the same machine, a fresh database (dropped afterwards) seeded by ` +
          `\`bench/seed/bench-catalogue.ts --products ${productCount}\` (the sample shop and ` +
          `${productCount.toLocaleString("en-US")} synthetic products) in ${seedSeconds.toFixed(1)} s; the shop's default pool of 10 connections`,
        { DATABASE_URL: database.url },
      );
    }
  }
  const loadAfter = loadavg();
  const extra = process.argv.slice(2).filter((a) => a !== "--");
  const command = `pnpm bench:pages${extra.length ? ` -- ${extra.join(" ")}` : ""}`;
  const text = report({ started, loadBefore, loadAfter, runs, skipped, command });
  console.log(`\n${text}`);
  if (!args["no-write"]) {
    const file = resolve(process.env.INIT_CWD ?? process.cwd(), args.out);
    writeSection(file, "pages", text);
    console.log(`Written to ${file}`);
  }
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
