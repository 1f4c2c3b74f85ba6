import { defineConfig } from "vitest/config";

/**
 * Journeys that change what every shopper sees: the catalogue's newest product and its count (a product made in
 * the back office), the banners of the homes, the exchange rate behind every peso price. They run after the
 * others, one at a time, so a journey reading the listing, the homes or the prices never meets them half done.
 */
const SHOP_WIDE = [
  "src/backoffice/products.e2e.test.ts",
  "src/backoffice/variants.e2e.test.ts",
  "src/backoffice/banners.e2e.test.ts",
  "src/backoffice/exchange-rates.e2e.test.ts",
];

/**
 * One shop for the whole run (started in global-setup), several journey files at once against it, each worker with a
 * browser of its own (browser.ts, journeyBrowser) and each file with its own data: its own shoppers, and products
 * claimed for it alone where it orders (shopper/journey.ts, pickProduct). The journeys mostly wait on the browser
 * and the shop, so more files run than the machine has cores; JOURNEY_WORKERS sets how many.
 */
// Two by default: three, beside the API's and the server's tests in `.ci/run` on two cores, left pages loading
// past a step's minute.
const workers = Number(process.env.JOURNEY_WORKERS ?? 2);

export default defineConfig({
  test: {
    globalSetup: ["src/global-setup.ts"],
    // A failed journey's screenshots (and traces, with JOURNEY_TRACES=1) in test-results/.
    setupFiles: ["src/failure-artifacts.ts"],
    // Side by side on a small, shared machine a step may take several times as long as alone.
    testTimeout: 120_000,
    hookTimeout: 240_000,
    // What a journey waits for to come about (a toast, a count, a mail): Vitest's 1 s is too short on a busy machine.
    expect: { poll: { timeout: 15_000 } },
    maxWorkers: workers,
    // A worker's journey files share its modules (playwright-core, the API client, the helpers) and its browser
    // (browser.ts, journeyBrowser): each file still makes its own data, and the helpers' state is kept per browser.
    // Run one at a time, the journeys took 288 s of CPU instead of 333 s with their modules shared.
    isolate: false,
    // The route sweeps' pages at once within one file (it.concurrent).
    maxConcurrency: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "journeys",
          include: ["src/**/*.e2e.test.ts"],
          exclude: SHOP_WIDE,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "shop-wide",
          include: SHOP_WIDE,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
