// Bundles the one process into dist/server.js. Its parts build themselves and are taken as built: the API's
// dist/serve.js and the storefront's dist-ssr/page-server.js, each resolving its npm packages from its own
// dependencies. What is left in (this package's TypeScript and the @shop/domain sources it reads) is bundled, with
// this package's own npm dependencies left external: the server keeps no copy of its parts' dependency lists.
import { readFileSync } from "node:fs";
import { build } from "esbuild";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith("@shop/"));

/** The parts' sources as the server's TypeScript names them, and their builds that run in their place. */
const BUILT_PARTS = {
  "@shop/api/serve": "@shop/api/dist/serve.js",
  "@shop/storefront/page-server": "@shop/storefront/dist-ssr/page-server.js",
};

/** @type {import("esbuild").Plugin} */
const builtParts = {
  name: "built-parts",
  setup(b) {
    b.onResolve({ filter: /^@shop\/(api\/serve|storefront\/page-server)$/ }, (args) => ({
      path: BUILT_PARTS[args.path],
      external: true,
    }));
  },
};

await build({
  entryPoints: ["src/server.ts"],
  outfile: "dist/server.js",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
  plugins: [builtParts],
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: "warning",
});
console.log("built dist/server.js");
