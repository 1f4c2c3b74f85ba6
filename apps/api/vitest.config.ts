import { defineConfig } from "vitest/config";

// The suite runs on in-memory PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set.
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
    globalSetup: ["src/test/global-setup.ts"],
    // Each file has a database of its own (a PGlite in its worker, or a PostgreSQL database made for it), so files
    // may run side by side (API_TEST_WORKERS). One at a time by default: in `.ci/run` the API's tests already run
    // beside the journeys and the server's, and two at a time on two cores made slow tests time out.
    maxWorkers: Number(process.env.API_TEST_WORKERS ?? 1),
    // Files share their worker's modules (each still makes its own app and database): importing the app and
    // compiling PGlite's WebAssembly once per worker, not once per file, took the API's suite on PGlite from 117 s
    // and 168 s of CPU to 72 s and 95 s. No module of the API keeps state a test changes and leaves changed.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
