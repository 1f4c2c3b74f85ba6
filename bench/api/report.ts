/** The benchmark's figures, its verdicts on the issue's goals, and docs/benchmarks.md. */

/** The issue's goals: on PostgreSQL a share of the health route's throughput and a p99; on PGlite a ceiling. */
export const GOAL = { shareOfHealth: 25, p99Ms: 60, pgliteMaxMs: 1000, suggestionsP99Ms: 30 };
/** The scenarios the throughput goal is set for (suggestions have their own p99 goal). */
const GOAL_SCENARIOS = ["listing", "search", "forgiving search"];
export const READ_CONNECTIONS = 50;
export const ORDER_CONNECTIONS = 10;
/** Concurrent requests of a first pass over a scenario's URLs. */
export const FIRST_PASS_CONNECTIONS = 4;

export interface Figures {
  scenario: string;
  engine: string;
  /** The catalogue cache: "off", "shipped" (its default), or null where it plays no part. */
  cache: "off" | "shipped" | null;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  failed: number;
  statuses: string;
}

export interface SingleRequest {
  label: string;
  path: string;
  /** Milliseconds, client side, through HTTP. */
  first: number;
  median: number;
}

/** One pass over a scenario's URLs before it is measured. */
export interface FirstPass {
  scenario: string;
  cache: Figures["cache"];
  urls: number;
  seconds: number;
  /** Milliseconds. */
  slowest: number;
}

export interface EngineRun {
  engine: "pglite" | "postgres";
  label: string;
  seedSeconds: number;
  figures: Figures[];
  passes: FirstPass[];
  single: SingleRequest[];
  detail: string;
  /** How many distinct URLs, ids or order bodies each scenario rotated over. */
  rotation: {
    listing: number;
    search: number;
    forgiving: number;
    suggestions: number;
    ids: number;
    orders: number;
  };
  examples: { listing: string[]; search: string[]; forgiving: string[]; suggestions: string[] };
}

export interface Machine {
  cpu: string;
  cores: number;
  memoryGb: number;
  node: string;
  os: string;
  loadBefore: number[];
  loadAfter: number[];
  commit: string;
}

const fmt = (n: number) => (n >= 100 ? Math.round(n).toLocaleString("en-US") : n.toFixed(1));
const ms = (n: number) => `${n} ms`;
const load = (l: number[]) => l.map((n) => n.toFixed(2)).join(" / ");
const CACHE_NAMES = { off: "off", shipped: "as shipped" } as const;

function healthOf(run: EngineRun, cache: Figures["cache"]): Figures | undefined {
  return run.figures.find((f) => f.scenario === "health" && f.cache === cache);
}

/** One line per goal and measured case: met or not, with the figures that decide it. */
export function verdicts(runs: EngineRun[]): string[] {
  const lines: string[] = [];
  const pgRun = runs.find((r) => r.engine === "postgres");
  if (!pgRun) lines.push("PostgreSQL: **not measured** (no server answered).");
  else {
    for (const f of pgRun.figures.filter((f) => f.scenario === "suggestions" && f.cache)) {
      const ok = f.p99 <= GOAL.suggestionsP99Ms && f.failed === 0;
      lines.push(
        `PostgreSQL, suggestions, cache ${CACHE_NAMES[f.cache!]}: **${ok ? "met" : "not met"}**: ${fmt(f.rps)} req/s, ` +
          `p99 ${ms(f.p99)} (goal ≤ ${GOAL.suggestionsP99Ms} ms)` +
          (f.failed ? `; ${f.failed} failed` : ""),
      );
    }
    for (const f of pgRun.figures.filter((f) => GOAL_SCENARIOS.includes(f.scenario))) {
      const health = healthOf(pgRun, f.cache);
      if (!health || !f.cache) continue;
      const share = (f.rps / health.rps) * 100;
      const shareOk = share >= GOAL.shareOfHealth;
      const p99Ok = f.p99 <= GOAL.p99Ms && f.failed === 0;
      lines.push(
        `PostgreSQL, ${f.scenario}, cache ${CACHE_NAMES[f.cache]}: **${shareOk && p99Ok ? "met" : "not met"}**: ` +
          `${fmt(f.rps)} req/s = ${share.toFixed(1)}% of the health route's ${fmt(health.rps)} (goal ≥ ${GOAL.shareOfHealth}%: ${shareOk ? "met" : "not met"}); ` +
          `p99 ${ms(f.p99)} (goal ≤ ${GOAL.p99Ms} ms: ${p99Ok ? "met" : "not met"})` +
          (f.failed ? `; ${f.failed} failed` : ""),
      );
    }
  }
  const pglite = runs.find((r) => r.engine === "pglite");
  if (!pglite) lines.push("PGlite: **not measured**.");
  else {
    const worst = pglite.figures.reduce((a, b) => (b.max > a.max ? b : a));
    const firstWorst = pglite.passes.reduce((a, b) => (b.slowest > a.slowest ? b : a), pglite.passes[0]!);
    const slowestFirst = firstWorst ? Math.round(firstWorst.slowest) : 0;
    const ok =
      worst.max <= GOAL.pgliteMaxMs &&
      slowestFirst <= GOAL.pgliteMaxMs &&
      pglite.figures.every((f) => f.failed === 0);
    lines.push(
      `PGlite, no request over ${GOAL.pgliteMaxMs} ms: **${ok ? "met" : "not met"}**: the slowest request of the ` +
        `measured scenarios took ${ms(worst.max)} (${worst.scenario}, cache ${worst.cache ? CACHE_NAMES[worst.cache] : "-"})` +
        (firstWorst
          ? `; of the first passes, ${ms(slowestFirst)} (${firstWorst.scenario}, cache ${firstWorst.cache ? CACHE_NAMES[firstWorst.cache] : "-"})`
          : "") +
        (pglite.figures.some((f) => f.failed) ? "; some requests failed" : ""),
    );
  }
  return lines;
}

export function markdown(input: {
  machine: Machine;
  hello: Figures[];
  runs: EngineRun[];
  command: string;
  started: Date;
  duration: number;
  warmup: number;
  productCount: number;
}): string {
  const { machine: m, hello, runs, command, started, duration, warmup, productCount } = input;
  const helloRps = hello.length ? hello.reduce((s, f) => s + f.rps, 0) / hello.length : 0;
  const busy = Math.max(m.loadBefore[0] ?? 0, m.loadAfter[0] ?? 0) > m.cores;
  const rows: string[] = [];
  for (const r of runs) {
    for (const f of r.figures) {
      const health = healthOf(r, f.cache);
      const share = health ? `${((f.rps / health.rps) * 100).toFixed(1)}%` : "";
      const bold = GOAL_SCENARIOS.includes(f.scenario);
      rows.push(
        `| ${f.scenario} | ${r.label} | ${f.cache ? CACHE_NAMES[f.cache] : "-"} | ${f.connections} | ${fmt(f.rps)} | ${ms(f.p50)} | ${ms(f.p99)} | ${ms(f.max)} | ${bold ? `**${share}**` : share} | ${f.failed ? `${f.failed} (${f.statuses})` : "0"} |`,
      );
    }
  }
  const singles: string[] = [];
  const labels = [...new Set(runs.flatMap((r) => r.single.map((s) => s.label)))];
  for (const label of labels) {
    const cells = runs.map((r) => {
      const s = r.single.find((x) => x.label === label);
      return s ? `${s.first.toFixed(1)} ms | ${s.median.toFixed(1)} ms` : "- | -";
    });
    const path = runs.flatMap((r) => r.single).find((s) => s.label === label)?.path ?? "";
    singles.push(`| ${label} (\`${path.replace("/api", "")}\`) | ${cells.join(" | ")} |`);
  }
  const rotation = runs[0]?.rotation ?? {
    listing: 0,
    search: 0,
    forgiving: 0,
    suggestions: 0,
    ids: 0,
    orders: 0,
  };
  const examples = runs[0]?.examples ?? { listing: [], search: [], forgiving: [], suggestions: [] };
  const engines = runs.map(
    (r) =>
      `- **${r.label}**: ${r.detail}; the seed script (migrations, sample shop, ${productCount.toLocaleString("en-US")} products, VACUUM ANALYZE) took ${r.seedSeconds.toFixed(1)} s.`,
  );
  return `# API benchmarks

Measured figures for the shop API (\`apps/api\`), written by \`pnpm bench\` (\`bench/api/run.ts\`). Run it again to
refresh this file; the numbers below are from one run on the machine described, not a promise for any other.

## Goals

From the API issue: on PostgreSQL with ${productCount.toLocaleString("en-US")} products and ${READ_CONNECTIONS} connections, **the varied listing and the search each at
${GOAL.shareOfHealth}% or more of the health route's throughput, p99 at most ${GOAL.p99Ms} ms**; on PGlite, **no request over a second**.

${verdicts(runs)
  .map((line) => `- ${line}`)
  .join("\n")}

## Run

- Date: ${started.toISOString().replace("T", " ").slice(0, 16)} UTC; commit \`${m.commit}\` (plus uncommitted work, if any).
- Command: \`${command}\` (from the repository root).
- Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb.toFixed(1)} GB memory; ${m.os}; Node ${m.node}.
- Load average (1 / 5 / 15 min): ${load(m.loadBefore)} at the start, ${load(m.loadAfter)} at the end. ${
    busy
      ? `**The machine was busy with other work** (a load above its ${m.cores} cores): the API, the database and the load
  generator each got a fraction of a core, so these figures show that every scenario runs and how they compare, not
  what the shop does on a quiet machine.`
      : `The load generator
  (autocannon), the API and the database all share these ${m.cores} cores; on a machine shared with other work,
  figures can move by a third between runs.`
  }
- Each scenario: ${warmup} s warm-up, then ${duration} s measured. Catalogue: ${productCount.toLocaleString("en-US")} synthetic products
  (\`pnpm --filter @shop/bench seed -- --products ${productCount}\`) on top of the sample shop.
${engines.join("\n")}
- The API runs as in production: \`node dist/server.js\` in its own process, \`NODE_ENV=production\`, \`LOG_LEVEL=warn\`,
  \`DB_POOL_SIZE=10\`; first with the catalogue cache off (\`CATALOGUE_CACHE_MS=0\`), then restarted as shipped (its
  default). A bare Fastify hello-world (\`bench/api/hello-server.ts\`) ran before and after, for scale:
  ${hello.map((f) => `${fmt(f.rps)} req/s`).join(" and ")}.

## Figures

req/s counts 2xx answers only; max is the slowest request of the scenario. "vs health" is the scenario's throughput
as a share of \`GET /api/health\` (one \`select 1\` through the same plugins) measured on the same server, with
the same cache setting, in the same run${helloRps ? `; the hello-world's ${fmt(helloRps)} req/s is the ceiling for any Node server here` : ""}.
Each autocannon connection sends its next request as soon as the previous answer arrives, so latency and
throughput are tied: the mean latency is about connections ÷ req/s.

| Scenario | Engine | Cache | Connections | req/s | p50 | p99 | max | vs health | Failed |
|---|---|---|---:|---:|---:|---:|---:|---:|---:|
${rows.join("\n")}

### First passes

Before the listing and the search are measured, every one of their URLs is asked once, ${FIRST_PASS_CONNECTIONS} at a time:
each filter's first request computes its count (or ranks its search), and with the cache on fills it. The
measured figures above are the shop after that pass, as a shop is after its first visitors; this is the pass.

| Engine | Scenario | Cache | URLs | Took | Slowest request |
|---|---|---|---:|---:|---:|
${runs
  .flatMap((r) =>
    r.passes.map(
      (p) =>
        `| ${r.label} | ${p.scenario} | ${p.cache ? CACHE_NAMES[p.cache] : "-"} | ${p.urls} | ${p.seconds.toFixed(1)} s | ${Math.round(p.slowest)} ms |`,
    ),
  )
  .join("\n")}

### One request at a time

The worst listings, asked right after the API started with the cache off, before any load: "first" is the
first request of its filter (its count or its search computed), "then" the median of the next ${20}. Client side,
through HTTP, so each includes the API's own work.

| Request | ${runs.map((r) => `${r.label} first | ${r.label} then`).join(" | ")} |
|---|${runs.map(() => "---:|---:").join("|")}|
${singles.join("\n")}

## What each scenario measures

- **health**: \`GET /api/health\`, one \`select 1\` and a tiny JSON: the ceiling for any call that goes through the
  API's plugins and makes one database round trip.
- **listing**: \`GET /api/product\` rotating over ${rotation.listing} distinct URLs drawn from every sort (default, low-to-high,
  high-to-low, new-added, on-sale), price ranges (none, up to $50, $20–800, $100–1,000, from $500), the whole
  catalogue, each product type, category and brand and some category-and-brand pairs, status (any, in stock,
  on sale), at pages 1–30 within each listing's own pages (low pages more often). For example
  ${examples.listing
    .slice(0, 3)
    .map((u) => `\`${u}\``)
    .join(", ")}.
- **search**: ${rotation.search} distinct searches of one or two words from the catalogue's own words (titles, brands,
  categories, tags, a few of two letters), through \`/api/product/search?query=\` and \`/api/product?searchText=\`,
  mostly ranked by relevance, some filtered or sorted, pages 1–3. For example
  ${examples.search
    .slice(0, 3)
    .map((u) => `\`${u}\``)
    .join(", ")}.
- **forgiving search**: ${rotation.forgiving} distinct searches as shoppers mistype them: a catalogue word misspelt (a letter
  dropped, doubled, swapped or struck beside it), a synonym (Spanish or an English variant), a word in its other number,
  accents and case off, two words one of them misspelt; some filtered or sorted, pages 1–3, each with results
  (\`docs/decisions/036-forgiving-search.md\`). For example
  ${examples.forgiving
    .slice(0, 3)
    .map((u) => `\`${u}\``)
    .join(", ")}.
- **suggestions**: ${rotation.suggestions} distinct \`/api/product/search/suggestions?query=\` requests as the header asks
  while a shopper types: two to eight letters of a catalogue word or a synonym, some misspelt, some after a whole
  word. For example
  ${examples.suggestions
    .slice(0, 3)
    .map((u) => `\`${u}\``)
    .join(", ")}. Its goal is a p99 of ${GOAL.suggestionsP99Ms} ms on PostgreSQL.
- **cache off / as shipped**: off, every answer is computed; as shipped, public catalogue answers are kept for
  \`CATALOGUE_CACHE_MS\` and emptied in every process by any catalogue change
  (\`docs/decisions/017-catalogue-cache-across-processes.md\`). Either way a filter's count and facets, and a
  search's ranked results, are kept until the listing changes: that is how a listing is answered
  (\`docs/decisions/016-listing-from-indexes.md\`).
- **health, signed in**: the health route with a shopper's bearer token: the difference from **health** is what
  every signed-in request pays to have its token verified and its session checked (from memory after its first
  request; \`docs/decisions/030-sessions-end-everywhere.md\`).
- **profile**: \`GET /api/users/profile\` as that shopper (the token and its session, then the user and their
  addresses: two queries).
- **product by id**: \`GET /api/product/{id}\` with its approved reviews, rotating over ${rotation.ids} ids spread over the catalogue.
- **order placement**: \`POST /api/orders\` as a shopper registered for the run, one or two lines over ${rotation.orders}
  products with ample stock, USD and DOP alternating, at ${ORDER_CONNECTIONS} connections; each order is priced from the
  database, takes the stock with a conditional update and writes the order in one transaction (req/s is orders
  per second).

PGlite is PostgreSQL compiled to WebAssembly inside the API process: one connection, every query in turn on the same
thread as the HTTP work, with the event loop going round between turns (\`docs/decisions/026-pglite-turns.md\`),
so it suits development and small shops; PostgreSQL is what the throughput goal is set for.
`;
}
