/** Small stand-ins for the built storefront, back office and Storybook, written to a temporary folder for web tests. */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { loadEnv } from "@shop/api/env";
import type { FastifyInstance } from "fastify";
import { loadWebEnv } from "../env.ts";
import { type BuiltFrontEnds, mountFrontEnds } from "../mount.ts";

export const STOREFRONT_SCRIPT = "/assets/index-4f2a9c1d.js";
export const STOREFRONT_STYLE = "/assets/index-77aa01be.css";
export const BACKOFFICE_SCRIPT = "/admin/assets/index-b0ff1c3e.js";
/** The app's start and the chunk it imports: preloaded with every page. */
export const START_SCRIPTS = ["/assets/shell-1d4f2a9c.js", "/assets/react-7e3b0c55.js"];
/** The home page's chunk and the chunk it imports, beyond the app's start: preloaded with the page. */
export const HOME_SCRIPTS = ["/assets/home-9c1d4f2a.js", "/assets/grid-2a9c1d4f.js"];
/** The inline script of the Storybook stand-in, and the CSP source that allows exactly it. */
export const STORYBOOK_INLINE = "window.CONFIG_TYPE = 'PRODUCTION';";
export const STORYBOOK_INLINE_HASH = "'sha256-zTrDom/wldHdRqQJf34Q7VNTn3u0kgXRwql7t+lcvXA='";

/** Text long enough to be worth compressing, different per file. */
const body = (name: string) => `console.log(${JSON.stringify(name)});\n`.repeat(200);

export interface WebBuilds {
  built: BuiltFrontEnds;
  /** The JavaScript of the storefront's entry, as the browser gets it uncompressed. */
  storefrontScript: string;
  remove(): void;
}

function write(root: string, path: string, content: string, twins = false) {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  if (twins) {
    writeFileSync(`${file}.br`, brotliCompressSync(content));
    writeFileSync(`${file}.gz`, gzipSync(content));
  }
}

/**
 * The storefront's real server build (`pnpm turbo run build --filter @shop/storefront` makes it): the stand-in below
 * takes each route's status, head and first-screen data from it, so the tests read what the route modules answer.
 */
const STOREFRONT_SERVER_BUILD = fileURLToPath(
  new URL("../../../storefront/dist-ssr/entry-server.js", import.meta.url),
);

/** The stand-in's routes: the real build's `page`. */
const STANDIN_PAGES = `export { page } from ${JSON.stringify(pathToFileURL(STOREFRONT_SERVER_BUILD).href)};
`;

/**
 * A stand-in for the storefront's render: it renders what it was asked, in a form tests can read back, and fails
 * on request (a URL with `fail` in its query, such as `?subject=fail`), as a page that throws while rendering would. Rendering on the test's own
 * thread, it lists the URLs it rendered in `globalThis.standinRenders`.
 */
const STANDIN_RENDERER = `
export async function render({ url, origin, firstScreen, currency }) {
  globalThis.standinRenders = [...(globalThis.standinRenders ?? []), url];
  if ((url.split("?")[1] ?? "").includes("fail")) throw new Error("the stand-in cannot render " + url);
  const data = (name, value) => name + '="' + encodeURIComponent(String(value)) + '"';
  const keys = JSON.stringify(firstScreen.map((entry) => entry.key));
  return {
    html: "<main " + [data("data-url", url), data("data-origin", origin), data("data-currency", currency), data("data-first-screen", keys)].join(" ") + ">Rendered on the server</main>",
    styles: '<style data-emotion="css standin">.css-standin{margin:0}</style>',
  };
}
`;

/** The URLs the stand-in renderer rendered on this thread, in order. */
export const standinRenders = (): string[] =>
  (globalThis as { standinRenders?: string[] }).standinRenders ?? [];

export function writeWebBuilds(options: { storybook?: boolean; renderer?: boolean } = {}): WebBuilds {
  const dir = mkdtempSync(join(tmpdir(), "shop-web-"));
  const storefrontDir = join(dir, "storefront");
  const backofficeDir = join(dir, "backoffice");
  const storybookDir = join(dir, "storybook");

  const storefrontScript = body("storefront");
  write(
    storefrontDir,
    "index.html",
    `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>The shop</title>
    <meta name="description" content="Built-in description the server replaces" />
    <script type="module" crossorigin src="${STOREFRONT_SCRIPT}"></script>
    <link rel="stylesheet" crossorigin href="${STOREFRONT_STYLE}">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`,
  );
  write(storefrontDir, STOREFRONT_SCRIPT, storefrontScript, true);
  write(storefrontDir, `${STOREFRONT_SCRIPT}.map`, '{"version":3,"sources":["src/main.tsx"],"mappings":""}');
  // A file the build did not compress: served as it is.
  write(storefrontDir, STOREFRONT_STYLE, "body{margin:0}");
  write(storefrontDir, "favicon.svg", '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The build's manifest: the entry, the app's start it loads after the first paint (with a chunk of its own), and
  // the home page's two chunks, one of which it shares with nothing else.
  const manifest = {
    "index.html": { file: STOREFRONT_SCRIPT.slice(1), isEntry: true, dynamicImports: ["_shell.js"] },
    "_shell.js": { file: START_SCRIPTS[0]!.slice(1), imports: ["_react.js"] },
    "_react.js": { file: START_SCRIPTS[1]!.slice(1) },
    "src/routes/home.tsx": {
      file: HOME_SCRIPTS[0]!.slice(1),
      src: "src/routes/home.tsx",
      isDynamicEntry: true,
      imports: ["_shell.js", "_grid.js"],
    },
    "_grid.js": { file: HOME_SCRIPTS[1]!.slice(1), imports: ["_react.js"] },
  };
  write(storefrontDir, ".vite/manifest.json", JSON.stringify(manifest));

  write(
    backofficeDir,
    "index.html",
    `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="robots" content="noindex" />
    <link rel="icon" href="/admin/favicon.svg" type="image/svg+xml" />
    <title>Back office</title>
    <script type="module" crossorigin src="${BACKOFFICE_SCRIPT}"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`,
  );
  write(backofficeDir, BACKOFFICE_SCRIPT.slice("/admin".length), body("backoffice"), true);
  write(
    backofficeDir,
    `${BACKOFFICE_SCRIPT.slice("/admin".length)}.map`,
    '{"version":3,"sources":[],"mappings":""}',
  );
  write(backofficeDir, "favicon.svg", '<svg xmlns="http://www.w3.org/2000/svg"/>');

  if (options.storybook ?? true) {
    write(
      storybookDir,
      "index.html",
      `<!doctype html><html><head><title>Storybook</title><script>${STORYBOOK_INLINE}</script><script type="module" src="./sb-manager/runtime.js"></script></head><body></body></html>`,
    );
    write(storybookDir, "iframe.html", "<!doctype html><html><head></head><body></body></html>");
    write(storybookDir, "sb-manager/runtime.js", body("storybook"));
  }

  if (!existsSync(STOREFRONT_SERVER_BUILD)) {
    throw new Error(
      `${STOREFRONT_SERVER_BUILD} is missing: build the storefront first (pnpm turbo run build --filter @shop/storefront)`,
    );
  }
  const storefrontServerEntry = join(dir, "storefront-ssr", "entry-server.js");
  write(dir, "storefront-ssr/entry-server.js", STANDIN_PAGES + (options.renderer ? STANDIN_RENDERER : ""));

  return {
    built: { storefrontDir, backofficeDir, storybookDir, storefrontServerEntry },
    storefrontScript,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * The front ends of `builds` mounted as the one process mounts them, for createTestShop's `mount`. The shop is
 * http://localhost:3000 and the back office admin.localhost:3000 unless `env` says otherwise; pages are rendered on
 * the test's own thread and not cached unless `env` asks (RENDER_THREADS, PAGE_CACHE_MB).
 */
export function mountWebBuilds(builds: WebBuilds, env: Record<string, string> = {}) {
  return async (app: FastifyInstance) => {
    const settings = { RENDER_THREADS: "0", PAGE_CACHE_MB: "0", ...env };
    const api = loadEnv({ NODE_ENV: "test", PORT: "3000", DATABASE_URL: "memory:", ...settings });
    const web = loadWebEnv(api, settings);
    if (!web.env) throw new Error(web.problems.join("\n"));
    await mountFrontEnds(app, { api, web: web.env, built: builds.built });
  };
}
