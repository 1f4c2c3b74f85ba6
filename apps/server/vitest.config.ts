import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The one process's tests run the real API (in-memory PGlite, and PostgreSQL when TEST_DATABASE_URL is set) with
// the front ends mounted; the API's test harness makes their databases.
const engines = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export default defineConfig({
  test: {
    projects: engines.map((engine) => ({
      extends: true,
      test: {
        name: engine,
        include: ["src/**/*.test.ts"],
        exclude: engine === "pglite" ? ["**/*.postgres.test.ts"] : [],
        env: { TEST_DB_ENGINE: engine },
      },
    })),
    globalSetup: [fileURLToPath(import.meta.resolve("@shop/api/test/global-setup"))],
    // A test that starts a shop of its own on PostgreSQL took over 30 s in `.ci/run`, beside the journeys.
    testTimeout: 120_000,
    // Files share their worker's modules, as the API's do (its vitest.config.ts): on PGlite, 45 s of CPU became 34 s.
    isolate: false,
    hookTimeout: 120_000,
  },
});
