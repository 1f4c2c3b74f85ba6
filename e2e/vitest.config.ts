import { defineConfig } from "vitest/config";

// One shop for the whole run (started in global-setup), journeys in files run one at a time: the machine has
// two cores, and a browser per file in parallel makes timings, not the shop, the thing under test.
export default defineConfig({
  test: {
    include: ["src/**/*.e2e.test.ts", "bench/**/*.test.ts"],
    globalSetup: ["src/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
