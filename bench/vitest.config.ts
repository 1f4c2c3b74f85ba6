import { defineConfig } from "vitest/config";

// The benchmarks' own arithmetic (URL rotations, percentiles, bundle closures), tested in the test run; the
// benchmarks themselves run on demand (package.json's bench:* scripts).
export default defineConfig({
  test: {
    include: ["api/**/*.test.ts", "web/**/*.test.ts"],
  },
});
