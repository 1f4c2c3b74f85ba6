import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The built API on a free port with an in-memory, seeded database: the same server start as @shop/api-client's tests.
const apiSetup = fileURLToPath(
  new URL("../../packages/api-client/src/test/global-setup.ts", import.meta.url),
);

// Two layers: "unit" for pure code (messages, error mapping); "api" for the providers against the real API.
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.ts"],
          exclude: ["src/**/*.api.test.ts"],
          // The Spanish messages package names only a browser ES module entry ("module"), which tests in Node skip.
          alias: {
            "@blackbox-vision/ra-language-spanish": "@blackbox-vision/ra-language-spanish/dist-web/index.js",
          },
        },
      },
      {
        extends: true,
        test: {
          name: "api",
          include: ["src/**/*.api.test.ts"],
          globalSetup: [apiSetup],
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
