// The products list over the 100,000-product benchmark catalogue, in Chromium: how long opening, paging, sorting
// and filtering take until the new rows show. Prints the figures; asserts only that each step showed new rows.
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ADMIN, submitSignIn } from "@shop/e2e/backoffice/admin";
import { launchBrowser, openPage } from "@shop/e2e/browser";
import { REPO_ROOT, type RunningShop, startShop } from "@shop/e2e/shop";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

let dataDir: string;
let shop: RunningShop;
let browser: Browser;

function run(command: string, args: string[], env: Record<string, string>) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: "inherit" });
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")}: exit ${code}`)),
    );
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "shop-bench-backoffice-"));
  const started = Date.now();
  await run("pnpm", ["--filter", "@shop/bench", "seed", "--", "--products", String(PRODUCTS)], {
    DATA_DIR: dataDir,
    DATABASE_URL: "",
  });
  console.log(
    `seeded ${PRODUCTS.toLocaleString("en")} products in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  shop = await startShop({ DATA_DIR: dataDir });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The first row's text: a step is done when it differs from before and the list is not loading. */
const firstRow = (page: Page) => page.locator("tbody tr").first().textContent();

/** Runs an action and answers the milliseconds until the list shows rows other than `before`. */
async function timed(page: Page, action: () => Promise<unknown>): Promise<number> {
  const before = await firstRow(page).catch(() => "");
  const start = Date.now();
  await action();
  await page.waitForFunction(
    (previous) => {
      const row = document.querySelector("tbody tr");
      return (
        row &&
        (row as HTMLElement).textContent !== previous &&
        !document.querySelector(".MuiLinearProgress-root")
      );
    },
    before,
    { timeout: 60_000 },
  );
  return Date.now() - start;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe(`the products list over ${PRODUCTS.toLocaleString("en")} products`, () => {
  it("opens, pages, sorts and filters (figures printed)", async () => {
    const { page } = await openPage(browser);
    await submitSignIn(page, ADMIN, `${shop.adminUrl}/admin/login`);
    await page.waitForURL(`${shop.adminUrl}/admin/dashboard`);

    const steps: Record<string, number[]> = {
      open: [],
      "next page": [],
      "sort by price": [],
      "filter by type": [],
    };
    for (let i = 0; i < RUNS; i++) {
      await page.goto(`${shop.adminUrl}/admin/dashboard`);
      await page.getByText("Average order value").waitFor();
      // Open from the menu, as an admin does: the list's own chunk is already cached after the first run.
      steps.open!.push(await timed(page, () => page.getByRole("menuitem", { name: "Products" }).click()));
      await expect(
        page
          .getByText(/of [\d,.]+/)
          .first()
          .textContent(),
      ).resolves.toMatch(/1-25 of/);
      steps["next page"]!.push(
        await timed(page, () => page.getByRole("button", { name: /go to next page|next/i }).click()),
      );
      steps["sort by price"]!.push(
        await timed(page, () => page.getByRole("button", { name: "Price" }).click()),
      );
      steps["filter by type"]!.push(
        await timed(page, async () => {
          await page.getByRole("combobox", { name: "Type" }).click();
          await page.getByRole("option", { name: i % 2 ? "Fashion" : "Electronics" }).click();
        }),
      );
      // The next run starts from a list without the filter and sort.
      await page.evaluate(() => localStorage.removeItem("RaStore.products.listParams"));
    }

    const table = Object.entries(steps).map(([step, times]) => ({
      step,
      "median ms": median(times),
      "min ms": Math.min(...times),
      "max ms": Math.max(...times),
      runs: times.length,
    }));
    console.log(
      `\nProducts list over ${PRODUCTS.toLocaleString("en")} products, ${RUNS} runs, PGlite, Chromium:`,
    );
    console.table(table);
    for (const times of Object.values(steps)) expect(times).toHaveLength(RUNS);
  });
});
