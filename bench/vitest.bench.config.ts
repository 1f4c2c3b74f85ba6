import { defineConfig } from "vitest/config";

// Browser benchmarks, run on demand (`pnpm --filter @shop/bench bench:backoffice`), never in the test run: each
// file seeds and starts its own shop.
export default defineConfig({
  test: {
    include: ["backoffice/**/*.bench-journey.ts"],
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 900_000,
  },
});
