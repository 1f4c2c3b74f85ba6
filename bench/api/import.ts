/**
 * The catalogue spreadsheet's import at size: writes a file of --rows variants (default 100,000; four sizes a
 * product), starts the built API on a fresh embedded database (or --database-url, an empty PostgreSQL database of
 * the run's own), sends the file as the back office does (a dry run, then applied, then the same file again), and
 * prints each pass's time, rows a second and the API process's peak memory (VmHWM) during it, beside its memory
 * before the file. `pnpm --filter @shop/bench bench:import [-- --rows N] [--database-url postgres://...]`.
 */
import { spawn } from "node:child_process";
import {
  createReadStream,
  createWriteStream,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { request as httpRequest } from "node:http";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { catalogueCsvHeader, catalogueCsvLine } from "@shop/domain/catalogue-csv";

const { values: args } = parseArgs({
  options: {
    rows: { type: "string", default: "100000" },
    // An empty PostgreSQL database of the run's own (the API migrates and seeds it); PGlite when not given.
    "database-url": { type: "string", default: "" },
  },
});
const rows = Number(args.rows);
const SIZES = ["S", "M", "L", "XL"];
const repoRoot = resolve(fileURLToPath(new URL("../..", import.meta.url)));

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

/** Peak and current resident memory of a process, in MiB (Linux). */
function memoryOf(pid: number): { peak: number; now: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { peak: kib("VmHWM") / 1024, now: kib("VmRSS") / 1024 };
}

/** Starts a process's peak resident memory again from its current (Linux: clear_refs 5). */
function resetPeak(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
  } catch {}
}

async function writeFile(path: string, category: string): Promise<number> {
  const out = createWriteStream(path);
  const write = (text: string) =>
    new Promise<void>((done) => (out.write(text) ? done() : out.once("drain", () => done())));
  await write(`${catalogueCsvHeader("en")}\r\n`);
  for (let i = 0; i < rows; i++) {
    const product = Math.floor(i / SIZES.length);
    const size = SIZES[i % SIZES.length]!;
    await write(
      `${catalogueCsvLine({
        product: `bench-import-${product}`,
        sku: `BIMP-${product}-${size}`,
        title: `Import benchmark tee ${product}`,
        category,
        brand: null,
        type: "fashion",
        priceCents: 1_000 + (product % 5_000),
        discount: product % 3 === 0 ? 10 : 0,
        variantPriceCents: size === "XL" ? 1_500 + (product % 5_000) : null,
        variantDiscount: null,
        stock: (i * 7) % 40,
        options: { Size: size },
        pictures: [],
        status: "",
      })}\r\n`,
    );
  }
  await new Promise<void>((done) => out.end(done));
  return statSync(path).size;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "shop-bench-import-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // BENCH_API_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/x" profiles the API (Node refuses --cpu-prof in NODE_OPTIONS);
  // with "--trace-gc" and BENCH_API_STDOUT=1 the API's collections show its live heap after each.
  const nodeArgs = process.env.BENCH_API_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const api = spawn(process.execPath, [...nodeArgs, join(repoRoot, "apps/api/dist/server.js")], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: join(dir, "data"),
      DATABASE_URL: args["database-url"],
    },
    stdio: ["ignore", process.env.BENCH_API_STDOUT ? "inherit" : "ignore", "inherit"],
  });
  try {
    for (let tries = 0; ; tries++) {
      if (api.exitCode !== null)
        throw new Error("The API exited early (is it built? pnpm --filter @shop/api build)");
      if (tries > 1200) throw new Error("The API did not start within two minutes");
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {}
      await new Promise((r) => setTimeout(r, 100));
    }
    const login = await fetch(`${base}/api/users/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@shop.test", password: "Admin123!" }),
    });
    const { token } = (await login.json()) as { token: string };
    const categories = (await (await fetch(`${base}/api/categories?productType=fashion`)).json()) as {
      name: string;
    }[];
    const file = join(dir, "catalogue.csv");
    const bytes = await writeFile(file, categories[0]!.name);
    const before = memoryOf(api.pid!);
    console.log(
      `${rows.toLocaleString("en")} rows (${(rows / SIZES.length).toLocaleString("en")} products), ${(bytes / 1024 / 1024).toFixed(1)} MiB; the API at ${before.now.toFixed(0)} MiB before`,
    );
    // A dry run, the file applied, then the same file again: every row matched by SKU and left alone.
    for (const [pass, dryRun] of [
      ["dry run", true],
      ["applied", false],
      ["again", false],
    ] as const) {
      // The peak counted from here: the API's start (seeding the sample shop) has its own, higher or not.
      resetPeak(api.pid!);
      const started = performance.now();
      // Node's http, not fetch: fetch gives up on an answer after five minutes, and a large file on a busy
      // machine may take longer (the back office's XMLHttpRequest waits as long as it takes).
      const response = await new Promise<{ status: number; body: string }>((done, fail) => {
        const request = httpRequest(
          `${base}/api/admin/products/import?dryRun=${dryRun}`,
          { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "text/csv" } },
          (answer) => {
            let body = "";
            answer.setEncoding("utf8");
            answer.on("data", (chunk: string) => {
              body += chunk;
            });
            answer.on("end", () => done({ status: answer.statusCode ?? 0, body }));
          },
        );
        request.on("error", fail);
        createReadStream(file).pipe(request);
      });
      const report = JSON.parse(response.body) as {
        products: { created: number; unchanged: number };
        variants: { created: number; unchanged: number };
        errorCount: number;
      };
      const seconds = (performance.now() - started) / 1000;
      const memory = memoryOf(api.pid!);
      const counts =
        pass === "again"
          ? `${report.variants.unchanged.toLocaleString("en")} variants left alone`
          : `${report.products.created.toLocaleString("en")} products and ${report.variants.created.toLocaleString("en")} variants ${dryRun ? "to create" : "created"}`;
      console.log(
        `${pass}: ${response.status} in ${seconds.toFixed(1)} s (${Math.round(rows / seconds).toLocaleString("en")} rows/s); ` +
          `${counts}, ${report.errorCount} errors; ` +
          `the API's peak memory ${memory.peak.toFixed(0)} MiB; load average ${loadavg()
            .map((l) => l.toFixed(1))
            .join(" ")}`,
      );
    }
  } finally {
    api.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
