import { defineConfig } from "vitest/config";

// Two layers: "unit" runs against fake fetches; "api" runs against the real, built API started by the global setup.
export default defineConfig({
  test: {
    // Files share their worker's modules, as the API's do: the suite alone took 8 s of CPU instead of 11 s.
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.ts"],
          exclude: ["src/**/*.api.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "api",
          include: ["src/**/*.api.test.ts"],
          globalSetup: ["src/test/global-setup.ts"],
          // One server, one database: files run one after another so counts and rates stay predictable.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
