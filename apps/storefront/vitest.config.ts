import { defineConfig } from "vitest/config";

// Units only: logic in Node, behaviour in the browser journeys (e2e/src/storefront).
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    setupFiles: ["src/test/setup.ts"],
    // A first test that loads a lazy module waits for its transform: seconds when the packages test side by side.
    testTimeout: 15_000,
    // Files share their worker's modules (the setup file still gives each file an empty localStorage): the suite
    // alone took 2 s of CPU instead of 5 s.
    isolate: false,
  },
});
