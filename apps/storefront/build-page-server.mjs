// Bundles the page server into dist-ssr/page-server.js: our TypeScript (and @shop/* workspace sources) in, npm
// packages left external, resolved from this package's own dependencies. The one process (apps/server) starts it
// built, so the server needs none of the storefront's dependencies itself.
import { readFileSync } from "node:fs";
import { build } from "esbuild";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith("@shop/"));

await build({
  entryPoints: ["src/server/page-server.ts"],
  outfile: "dist-ssr/page-server.js",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: "warning",
});
console.log("built dist-ssr/page-server.js");
