/**
 * The API benchmark (`pnpm bench`): the built API on PGlite and on PostgreSQL with a synthetic catalogue,
 * measured with autocannon beside its own one-query health route, with the catalogue cache as shipped and
 * off; prints every figure and writes docs/benchmarks.md (bench/report.ts).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { SAMPLE_SYNONYMS } from "@shop/api/src/modules/search/seed.ts";
import { seededProducts } from "@shop/domain/sample-catalogue/range";
import type { RequestSpec } from "autocannon";
import { prng } from "../seed/bench-catalogue.ts";
import { measureLoad, rotating } from "./load.ts";
import { DEFAULT_PG, freshDatabase } from "./postgres.ts";
import {
  type EngineRun,
  FIRST_PASS_CONNECTIONS,
  type Figures,
  type FirstPass,
  GOAL,
  type Machine,
  markdown,
  ORDER_CONNECTIONS,
  READ_CONNECTIONS,
  type SingleRequest,
  verdicts,
} from "./report.ts";
import { forgivingSearchUrls, listingUrls, searchUrls, suggestionUrls, vocabularyOf } from "./urls.ts";

/** The benchmarks' package (bench/), the repository, and the API they build and measure. */
const benchDir = resolve(fileURLToPath(new URL("..", import.meta.url)));
const repoRoot = resolve(benchDir, "..");
const apiDir = join(repoRoot, "apps/api");
const LISTING_URLS = 640;
const SEARCH_URLS = 120;
const FORGIVING_URLS = 120;
const SUGGESTION_URLS = 300;
/** Sequential requests per worst case, after the first. */
const SINGLE_REPEATS = 20;

const USAGE = `Usage: pnpm bench [-- --duration S] [--warmup S] [--products N] [--engines pglite,postgres] [--out FILE | --no-write]

Builds the API, then, on each engine, seeds N synthetic products (default 100000) and measures the built API:
the health route (one query), ${LISTING_URLS} listing URLs and ${SEARCH_URLS} searches, product by id
(${READ_CONNECTIONS} connections) and order placement (${ORDER_CONNECTIONS} connections), with the catalogue cache off, then the
health route, listing and search again with the cache as shipped; and the worst listings one request at a
time. A bare Fastify hello-world runs before and after, for scale. Writes docs/benchmarks.md (or --out FILE).
PostgreSQL: BENCH_DATABASE_URL (a server connection; the benchmark creates a fresh database there and
drops it afterwards), else ${DEFAULT_PG} when it answers; skipped otherwise.`;

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== "--"),
  options: {
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    products: { type: "string", default: "100000" },
    engines: { type: "string", default: "pglite,postgres" },
    "no-write": { type: "boolean", default: false },
    out: { type: "string", default: join(repoRoot, "docs", "benchmarks.md") },
    help: { type: "boolean", short: "h", default: false },
  },
  strict: true,
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const duration = Number(args.duration);
const warmup = Number(args.warmup);
const productCount = Number(args.products);
const engines = args.engines.split(",").map((e) => e.trim());
if (!(duration > 0) || !(warmup >= 0) || !Number.isInteger(productCount) || productCount < 100) {
  console.error(
    `--duration and --warmup take seconds, --products a whole number of at least 100\n\n${USAGE}`,
  );
  process.exit(1);
}
if (engines.some((e) => e !== "pglite" && e !== "postgres")) {
  console.error(`--engines takes pglite and/or postgres, not '${args.engines}'`);
  process.exit(1);
}

// ---------- Clean-up: child processes, temp folders and databases go away even on failure or Ctrl-C ----------

const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();
const asyncCleanups: (() => Promise<void>)[] = [];

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(os.tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

function removeDir(dir: string) {
  rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    children.delete(child);
    return;
  }
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
  children.delete(child);
}

async function cleanup() {
  await Promise.all([...children].map(stopChild));
  for (const run of asyncCleanups.splice(0).reverse()) await run().catch((e) => console.error(e));
  for (const dir of [...tempDirs]) removeDir(dir);
}

// Last resort when the process exits without the finally below (a crash): kill and delete what is left.
process.on("exit", () => {
  for (const child of children) child.kill("SIGKILL");
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: cleaning up...`);
    void cleanup().finally(() => process.exit(130));
  });
}

// ---------- Processes ----------

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** The environment for a child: ours without the settings the benchmark chooses itself. */
function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ["DATABASE_URL", "DATA_DIR", "PORT", "HOST", "SEED", "ADMIN_EMAIL", "ADMIN_PASSWORD"]) {
    delete env[key];
  }
  return { ...env, ...extra };
}

interface Started {
  child: ChildProcess;
  /** The last lines the process printed, for error messages. */
  tail: () => string;
}

function start(label: string, argv: string[], env: NodeJS.ProcessEnv, echo: boolean): Started {
  const child = spawn(process.execPath, argv, { cwd: apiDir, env, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  const lines: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) {
      if (!line.trim()) continue;
      lines.push(line);
      if (lines.length > 40) lines.shift();
      if (echo) console.log(`  [${label}] ${line}`);
    }
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  return { child, tail: () => lines.join("\n") };
}

/** Runs a process to its end; a non-zero exit is an error carrying its last output. */
async function run(label: string, argv: string[], env: NodeJS.ProcessEnv, echo = true): Promise<void> {
  const { child, tail } = start(label, argv, env, echo);
  const code = await new Promise<number | null>((done) => child.once("exit", (c) => done(c)));
  children.delete(child);
  if (code !== 0) throw new Error(`${label} failed (exit ${code}):\n${tail()}`);
}

async function waitForOk(url: string, server: Started, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`The server exited early:\n${server.tail()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s:\n${server.tail()}`);
}

// ---------- Measuring ----------

const paths = (list: string[]) => [rotating(shuffled(list), (r, path) => (r.path = path))];

async function measure(
  scenario: string,
  engine: string,
  cache: Figures["cache"],
  options: {
    url: string;
    connections: number;
    requests: RequestSpec[];
    method?: string;
    headers?: Record<string, string>;
  },
): Promise<Figures> {
  const load = await measureLoad(options, { warmup, duration });
  const figures: Figures = { scenario, engine, cache, connections: options.connections, ...load };
  const { failed, statuses } = figures;
  console.log(
    `  ${scenario.padEnd(16)} ${(cache ?? "").padEnd(10)} ${fmt(figures.rps).padStart(8)} req/s  p50 ${figures.p50} ms  p99 ${figures.p99} ms  max ${figures.max} ms` +
      (failed ? `  (${failed} failed: ${statuses})` : ""),
  );
  return figures;
}

const fmt = (n: number) => (n >= 100 ? Math.round(n).toLocaleString("en-US") : n.toFixed(1));

/** One request at a time: the first (nothing cached for its filter yet) and the median of the next ones. */
async function singleRequests(
  base: string,
  cases: { label: string; path: string }[],
): Promise<SingleRequest[]> {
  const timed = async (path: string) => {
    const started = performance.now();
    const response = await fetch(`${base}${path}`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
    return performance.now() - started;
  };
  const out: SingleRequest[] = [];
  for (const { label, path } of cases) {
    const first = await timed(path);
    const times: number[] = [];
    for (let i = 0; i < SINGLE_REPEATS; i++) times.push(await timed(path));
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    out.push({ label, path, first, median });
    console.log(
      `  ${first.toFixed(1).padStart(7)} ms first, ${median.toFixed(1).padStart(6)} ms after  ${label}`,
    );
  }
  return out;
}

/**
 * Asks every URL once, a few at a time, before a scenario is measured: the first request of each filter
 * computes its count (or ranks its search) and, with the cache on, fills it; the scenario then measures a shop
 * that has served its pages before. Answers how long the pass took and its slowest request.
 */
async function firstPass(
  base: string,
  scenario: string,
  cache: Figures["cache"],
  urls: string[],
): Promise<FirstPass> {
  const started = performance.now();
  let slowest = 0;
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const path = urls[next++]!;
      const t = performance.now();
      const response = await fetch(`${base}${path}`);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
      slowest = Math.max(slowest, performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: FIRST_PASS_CONNECTIONS }, worker));
  const pass = { scenario, cache, urls: urls.length, seconds: (performance.now() - started) / 1000, slowest };
  console.log(
    `  first pass       ${(cache ?? "").padEnd(10)} ${urls.length} URLs in ${pass.seconds.toFixed(1)} s, slowest ${slowest.toFixed(0)} ms`,
  );
  return pass;
}

// ---------- The API under test ----------

async function api<T>(base: string, path: string, init?: RequestInit & { json?: unknown }): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: { "content-type": "application/json", ...(init?.headers as Record<string, string>) },
    body: init?.json === undefined ? init?.body : JSON.stringify(init.json),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init?.method ?? "GET"} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

async function totalOf(base: string, path: string): Promise<number> {
  const response = await fetch(`${base}${path}`);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return Number(response.headers.get("x-total-count"));
}

const random = prng(2024);
function shuffled<T>(list: T[]): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** The worst listings the issue names, asked one at a time before any load. */
const WORST_CASES = [
  { label: "on-sale sort, page 1", path: "/api/product?sort=on-sale&pageSize=12" },
  { label: "on-sale sort, page 30", path: "/api/product?sort=on-sale&page=30&pageSize=12" },
  { label: "default sort, page 1", path: "/api/product?sort=default-sorting&pageSize=12" },
  { label: "default sort, page 30", path: "/api/product?sort=default-sorting&page=30&pageSize=12" },
  {
    label: "type, price, in stock, on-sale sort, page 30",
    path: "/api/product?productType=fashion&minPrice=20&maxPrice=800&status=in-stock&sort=on-sale&page=30&pageSize=12",
  },
  {
    label: "category, high-to-low, page 30",
    path: "/api/product?category=makeup&sort=high-to-low&page=30&pageSize=12",
  },
  {
    label: "brand, on sale, low-to-high, page 20",
    path: "/api/product?brand=kelvane&status=on-sale&sort=low-to-high&page=20&pageSize=12",
  },
  { label: "search, a common word", path: "/api/product/search?query=headphones&pageSize=12" },
  { label: "search, two words, page 3", path: "/api/product?searchText=classic%20watch&page=3&pageSize=12" },
  {
    label: "search with every filter",
    path: "/api/product?searchText=gold&minPrice=20&maxPrice=800&status=in-stock&category=rings&subCategory=statement-rings&brand=orocielo&productType=jewelry&sort=on-sale&pageSize=12",
  },
  { label: "forgiving search, a typo", path: "/api/product/search?query=hedphones&pageSize=12" },
  { label: "forgiving search, Spanish", path: "/api/product/search?query=aud%C3%ADfonos&pageSize=12" },
  { label: "suggestions, two letters", path: "/api/product/search/suggestions?query=wa" },
  { label: "suggestions, a typo", path: "/api/product/search/suggestions?query=neckl%C3%A1s" },
  { label: "did you mean", path: "/api/product/search/did-you-mean?query=wutxh" },
  { label: "facets, no filter", path: "/api/product/facets" },
  { label: "facets, a category in stock", path: "/api/product/facets?category=rings&status=in-stock" },
];

/** What the scenarios rotate over, read from the running API. */
async function workload(base: string) {
  const categories = await api<{ slug: string; name: string; children: string[] }[]>(
    base,
    "/api/categories?pageSize=100",
  );
  const brands = await api<{ slug: string; name: string }[]>(base, "/api/brands?pageSize=100");
  // Category and brand pairs that go together, from the category's facets.
  const pairs: [string, string][] = [];
  for (const { slug } of categories.slice(0, 8)) {
    const facets = await api<{ brands: { slug: string; count: number }[] }>(
      base,
      `/api/product/facets?category=${encodeURIComponent(slug)}`,
    );
    for (const brand of facets.brands.filter((b) => b.count > 0).slice(0, 2)) pairs.push([slug, brand.slug]);
  }
  // Words of the sample shop's own products (the synthetic ones add numbered variants nobody types).
  const vocabulary = vocabularyOf([
    ...seededProducts.flatMap((p) => [p.title, ...p.tags]),
    ...categories.flatMap((c) => [c.name, ...c.children]),
    ...brands.map((b) => b.name),
  ]);
  const searchFilters = [
    "productType=electronics",
    "productType=beauty",
    `category=${encodeURIComponent(categories[0]!.slug)}`,
    "minPrice=20&maxPrice=800",
    "status=in-stock",
    "status=on-sale",
  ];
  const total = (path: string) => totalOf(base, path);
  const listing = await listingUrls(
    LISTING_URLS,
    {
      types: ["electronics", "fashion", "beauty", "jewelry"],
      categories: categories.map((c) => c.slug),
      brands: brands.map((b) => b.slug),
      pairs,
    },
    total,
  );
  const search = await searchUrls(SEARCH_URLS, vocabulary, searchFilters, total);
  const synonymTerms = SAMPLE_SYNONYMS.map(([term]) => term);
  const forgiving = await forgivingSearchUrls(FORGIVING_URLS, vocabulary, synonymTerms, searchFilters, total);
  const suggestions = suggestionUrls(SUGGESTION_URLS, vocabulary, synonymTerms);
  return { listing, search, forgiving, suggestions };
}

async function benchEngine(
  engine: "pglite" | "postgres",
  label: string,
  dbEnv: Record<string, string>,
  detail: string,
): Promise<EngineRun> {
  console.log(`\n== ${label} ==`);
  const dataDir = tempDir(`shop-bench-${engine}-`);
  const env = childEnv({
    ...dbEnv,
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    JWT_SECRET: randomBytes(32).toString("hex"),
    LOG_LEVEL: "warn",
    SEED: "false",
    DB_POOL_SIZE: "10",
    // One shopper places every order of the run, from one address: the shop's hourly limits (10 and 30 by
    // default) would refuse all but the first few, so the run lifts them to their highest setting.
    ORDERS_PER_HOUR_PER_ACCOUNT: "10000",
    ORDERS_PER_HOUR_PER_ADDRESS: "10000",
  });
  // The cache as shipped is the API's default; "off" sets it to 0.
  delete env.CATALOGUE_CACHE_MS;

  const seedStarted = performance.now();
  await run(
    "seed",
    ["--import", "tsx", join(benchDir, "seed/bench-catalogue.ts"), "--products", String(productCount)],
    env,
  );
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const read = { url: base, connections: READ_CONNECTIONS };
  const figures: Figures[] = [];
  const passes: FirstPass[] = [];
  const serve = (cacheMs?: string) =>
    start(
      "api",
      ["dist/server.js"],
      { ...env, PORT: String(port), HOST: "127.0.0.1", ...(cacheMs ? { CATALOGUE_CACHE_MS: cacheMs } : {}) },
      false,
    );

  // The database path: every answer computed (what is cached per filter stays on: it is how a listing is answered).
  let server = serve("0");
  try {
    await waitForOk(`${base}/api/health`, server);
    console.log("  One request at a time, before any load (cache off):");
    const single = await singleRequests(base, WORST_CASES);
    const { listing, search, forgiving, suggestions } = await workload(base);
    console.log(
      `  Rotating over ${listing.length} listing URLs, ${search.length} searches, ${forgiving.length} forgiving searches and ${suggestions.length} suggestions.`,
    );

    const ids: string[] = [];
    /** Well-stocked variants (a line names the variant it buys), with their products. */
    const stocked: { productId: string; variantId: string }[] = [];
    const lastPage = Math.floor(productCount / 100);
    for (const page of [
      1,
      2,
      Math.ceil(lastPage / 4),
      Math.ceil(lastPage / 2),
      Math.ceil((3 * lastPage) / 4),
    ]) {
      const items = await api<{ id: string; variants: { id: string; quantity: number }[] }[]>(
        base,
        `/api/product?sort=default-sorting&pageSize=100&page=${page}`,
      );
      for (const p of items) {
        ids.push(p.id);
        const variant = p.variants.find((v) => v.quantity >= 1000);
        if (variant) stocked.push({ productId: p.id, variantId: variant.id });
      }
    }
    const email = `bench-${Date.now()}@shop.test`;
    const session = await api<{ token: string; user: { id: string } }>(base, "/api/users/register", {
      method: "POST",
      json: { firstName: "Bench", lastName: "Shopper", email, password: "Bench-Pass-2024" },
    });
    const auth = { authorization: `Bearer ${session.token}` };
    const address = await api<{ addressId: string }>(base, `/api/users/${session.user.id}/addresses`, {
      method: "POST",
      headers: auth,
      json: {
        streetAddress: "Calle Benchmark 1",
        city: "Santo Domingo",
        country: "DO",
        phone: "+1 809 555 0100",
      },
    });
    const shipping = await api<{ id: string; active: boolean }[]>(base, "/api/shipping");
    const methodId = shipping.find((m) => m.active)?.id;
    if (!methodId) throw new Error("No active shipping method to order with");
    const orders = shuffled(stocked).map((line, i) =>
      JSON.stringify({
        items: [
          { ...line, quantity: 1 + (i % 3) },
          ...(i % 2 ? [{ ...stocked[(i * 7 + 3) % stocked.length]!, quantity: 1 }] : []),
        ],
        addressId: address.addressId,
        shippingMethodId: methodId,
        currency: i % 2 ? "DOP" : "USD",
        paymentMethod: "cash_on_delivery",
        phone: "+1 809 555 0100",
        // A buyer named, as an order of RD$250,000 or more must (some synthetic products cost that much).
        fiscal: { taxId: "131246796", name: "Bench Comercial SRL" },
      }),
    );

    figures.push(await measure("health", engine, "off", { ...read, requests: [{ path: "/api/health" }] }));
    // The same route with a shopper's token: what checking a token and its session costs on every request.
    figures.push(
      await measure("health, signed in", engine, "off", {
        ...read,
        headers: auth,
        requests: [{ path: "/api/health" }],
      }),
    );
    figures.push(
      await measure("profile", engine, "off", {
        ...read,
        headers: auth,
        requests: [{ path: "/api/users/profile" }],
      }),
    );
    passes.push(await firstPass(base, "listing", "off", listing));
    figures.push(await measure("listing", engine, "off", { ...read, requests: paths(listing) }));
    passes.push(await firstPass(base, "search", "off", search));
    figures.push(await measure("search", engine, "off", { ...read, requests: paths(search) }));
    passes.push(await firstPass(base, "forgiving search", "off", forgiving));
    figures.push(await measure("forgiving search", engine, "off", { ...read, requests: paths(forgiving) }));
    passes.push(await firstPass(base, "suggestions", "off", suggestions));
    figures.push(await measure("suggestions", engine, "off", { ...read, requests: paths(suggestions) }));
    figures.push(
      await measure("product by id", engine, "off", {
        ...read,
        requests: [rotating(shuffled(ids), (r, id) => (r.path = `/api/product/${id}`))],
      }),
    );
    // Orders run last: each one changes the catalogue (stock), which empties the cache in every process.
    figures.push(
      await measure("order placement", engine, "off", {
        url: `${base}/api/orders`,
        connections: ORDER_CONNECTIONS,
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        requests: [rotating(orders, (r, body) => (r.body = body))],
      }),
    );
    await stopChild(server.child);

    // The API as shipped: the catalogue cache at its default.
    server = serve();
    await waitForOk(`${base}/api/health`, server);
    figures.push(
      await measure("health", engine, "shipped", { ...read, requests: [{ path: "/api/health" }] }),
    );
    passes.push(await firstPass(base, "listing", "shipped", listing));
    figures.push(await measure("listing", engine, "shipped", { ...read, requests: paths(listing) }));
    passes.push(await firstPass(base, "search", "shipped", search));
    figures.push(await measure("search", engine, "shipped", { ...read, requests: paths(search) }));
    passes.push(await firstPass(base, "forgiving search", "shipped", forgiving));
    figures.push(
      await measure("forgiving search", engine, "shipped", { ...read, requests: paths(forgiving) }),
    );
    passes.push(await firstPass(base, "suggestions", "shipped", suggestions));
    figures.push(await measure("suggestions", engine, "shipped", { ...read, requests: paths(suggestions) }));

    const rotation = {
      listing: listing.length,
      search: search.length,
      forgiving: forgiving.length,
      suggestions: suggestions.length,
      ids: ids.length,
      orders: orders.length,
    };
    return {
      engine,
      label,
      seedSeconds,
      figures,
      passes,
      single,
      detail,
      rotation,
      examples: { listing, search, forgiving, suggestions },
    };
  } catch (error) {
    console.error(`API output:\n${server.tail()}`);
    throw error;
  } finally {
    await stopChild(server.child);
    removeDir(dataDir);
  }
}

/** A fresh database on the PostgreSQL server, dropped at the end; undefined when no server answers. */
async function postgresDatabase(): Promise<{ url: string; version: string } | undefined> {
  const database = await freshDatabase("shop_bench");
  if (database) asyncCleanups.push(database.drop);
  return database;
}

function machine(): Omit<Machine, "loadAfter"> {
  const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: repoRoot, encoding: "utf8" });
  return {
    cpu: os.cpus()[0]?.model.replace(/\s+/g, " ").trim() ?? "unknown CPU",
    cores: os.availableParallelism(),
    memoryGb: os.totalmem() / 1024 ** 3,
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    loadBefore: os.loadavg(),
    commit: commit.status === 0 ? commit.stdout.trim() : "unknown",
  };
}

// ---------- Main ----------

async function main() {
  const started = new Date();
  const m = machine();
  console.log(
    `Machine: ${m.cpu}, ${m.cores} cores, load ${m.loadBefore.map((n) => n.toFixed(2)).join(" / ")}`,
  );
  if (m.loadBefore[0]! > m.cores * 0.75) {
    console.log(`  (the machine is busy: figures will be lower and noisier than on an idle one)`);
  }

  console.log("\nBuilding the API (node build.mjs)...");
  await run("build", ["build.mjs"], childEnv({}));

  const hello: Figures[] = [];
  const measureHello = async () => {
    const port = await freePort();
    const server = start(
      "hello",
      ["--import", "tsx", join(benchDir, "api/hello-server.ts")],
      childEnv({ PORT: String(port) }),
      false,
    );
    try {
      await waitForOk(`http://127.0.0.1:${port}/`, server);
      hello.push(
        await measure("hello-world", "-", null, {
          url: `http://127.0.0.1:${port}/`,
          connections: READ_CONNECTIONS,
          requests: [{ method: "GET" }],
        }),
      );
    } finally {
      await stopChild(server.child);
    }
  };
  console.log("\n== hello-world ==");
  await measureHello();

  const runs: EngineRun[] = [];
  if (engines.includes("pglite")) {
    runs.push(
      await benchEngine(
        "pglite",
        "PGlite",
        { DATABASE_URL: "" },
        "embedded PGlite on disk (a temporary DATA_DIR)",
      ),
    );
  }
  if (engines.includes("postgres")) {
    const database = await postgresDatabase();
    if (database) {
      runs.push(
        await benchEngine(
          "postgres",
          "PostgreSQL",
          { DATABASE_URL: database.url },
          `PostgreSQL ${database.version} on the same machine (a fresh database, dropped afterwards), pool of 10`,
        ),
      );
    }
  }

  console.log("\n== hello-world again ==");
  await measureHello();

  const machineAfter: Machine = { ...m, loadAfter: os.loadavg() };
  console.log(
    "\nScenario          Engine     Cache        req/s     p50     p99      max  vs health  failed",
  );
  for (const r of runs) {
    for (const f of r.figures) {
      const health = r.figures.find((h) => h.scenario === "health" && h.cache === f.cache);
      const share = health ? `${((f.rps / health.rps) * 100).toFixed(1)}%` : "";
      console.log(
        `${f.scenario.padEnd(17)} ${f.engine.padEnd(10)} ${(f.cache ?? "").padEnd(8)} ${fmt(f.rps).padStart(8)} ${`${f.p50} ms`.padStart(7)} ${`${f.p99} ms`.padStart(7)} ${`${f.max} ms`.padStart(8)} ${share.padStart(9)}  ${f.failed}`,
      );
    }
  }
  for (const f of hello) console.log(`hello-world: ${fmt(f.rps)} req/s, p99 ${f.p99} ms`);
  console.log(
    `\nGoals (${GOAL.shareOfHealth}% of health, p99 ≤ ${GOAL.p99Ms} ms on PostgreSQL; nothing over ${GOAL.pgliteMaxMs} ms on PGlite):`,
  );
  for (const line of verdicts(runs)) console.log(`  ${line.replaceAll("**", "")}`);

  const extra = process.argv.slice(2).filter((a) => a !== "--");
  const command = `pnpm bench${extra.length ? ` -- ${extra.join(" ")}` : ""}`;
  if (!args["no-write"]) {
    const file = resolve(process.env.INIT_CWD ?? process.cwd(), args.out);
    // The API's section is ours; sections after it (the back office's) are kept as they are.
    const previous = existsSync(file) ? readFileSync(file, "utf8") : "";
    const after = previous.search(/^# (?!API benchmarks)/m);
    writeFileSync(
      file,
      markdown({ machine: machineAfter, hello, runs, command, started, duration, warmup, productCount }) +
        (after >= 0 ? `\n${previous.slice(after)}` : ""),
    );
    // Biome aligns markdown tables; formatting here keeps `pnpm lint` clean after every run.
    const biome = spawnSync(join(repoRoot, "node_modules", ".bin", "biome"), ["format", "--write", file], {
      cwd: repoRoot,
      encoding: "utf8",
    });
    if (biome.status !== 0) console.log(`(biome format ${file} failed: ${biome.stderr || biome.error})`);
    console.log(`\nWrote ${file}`);
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
