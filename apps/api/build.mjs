// Bundles the API: our TypeScript (and @shop/* workspace sources) in, npm packages left external, resolved from this
// package's own dependencies. dist/server.js runs the API alone; dist/serve.js is what the one process
// (apps/server) starts the API with, so the server needs none of the API's dependencies itself.
import { readFileSync } from "node:fs";
import { build } from "esbuild";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith("@shop/"));

await build({
  entryPoints: ["src/server.ts", "src/serve.ts"],
  outdir: "dist",
  bundle: true,
  splitting: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: "warning",
});
console.log("built dist/server.js and dist/serve.js");
