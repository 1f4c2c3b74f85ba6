import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { visualizer } from "rollup-plugin-visualizer";
import { defineConfig, type PluginOption } from "vite";
import { compression } from "vite-plugin-compression2";

// react-router's exports always point at its development build (remix-run/react-router#12532); production
// bundles take the production one, without dev warnings.
const routerProduction = createRequire(import.meta.url)
  .resolve("react-router")
  .replace(/development([\\/])index\.m?js$/, "production$1index.mjs");

// The app's start (src/app/start.tsx, which the tiny entry imports once the page has painted) and everything it
// imports statically go into one "shell" chunk: left to itself, rolldown splits them into some twenty small chunks
// shared with the pages, which the first screen loads all the same, and which compress worse apart
// (docs/decisions/021-one-shell-chunk.md). The entry imports none of them, or it would load the shell first.
const START = fileURLToPath(new URL("./src/app/start.tsx", import.meta.url));
const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));
/**
 * More modules the shell holds, beside the start's: what nearly every page imports (the route modules' head
 * helpers, the failed-request notice, the empty list's way out) and the product card in its grid, which the home's
 * first screen, the listings and the product page draw. Apart, rolldown made a dozen small chunks of them, which
 * the home page loaded all the same and which compressed a third worse (decision 058).
 */
const SHELL_TOO = [
  source("./src/app/route-module.ts"),
  source("./src/components/load-error.tsx"),
  source("./src/features/catalog/components/product-grid.tsx"),
  source("../../packages/ui/src/empty-state/empty-state.tsx"),
];
/**
 * MUI's Button and IconButton with their ButtonBase, ripple and spinner, in one chunk of their own ("buttons"): no
 * longer in the shell (the home's first screen draws its buttons without them, decision 058), they are what most
 * other pages load first, and as the seven small chunks rolldown made of them they compressed a fifth worse.
 */
const MUI = dirname(createRequire(import.meta.url).resolve("@mui/material"));
const BUTTONS = [join(MUI, "Button/Button.mjs"), join(MUI, "IconButton/IconButton.mjs")];
let shell: Set<string> | null = null;
let buttons: Set<string> | null = null;
const REACT = /node_modules\/(?:react|react-dom|scheduler)\//;

/**
 * Modules the start reaches only through a package's index, which re-exports them, and which the first screen never
 * runs: the pages that use them (forms' mutations, a page of several queries, icons drawn as MUI's SVG) load them
 * with their own chunks. In the shell, every page would load them before its first render (the coverage of a home
 * page load: none of their code ran).
 */
const NOT_IN_SHELL = new RegExp(
  [
    String.raw`@tanstack/(?:react-query|query-core)/build/modern/(?:useQueries|queriesObserver|useMutation|mutationObserver)\.js$`,
    String.raw`@mui/material/(?:utils/(?:createSvgIcon|debounce|useControlled|isMuiElement)|SvgIcon/\w+)\.mjs$`,
  ].join("|"),
);

/** A MUI module of class names (`filledInputClasses.mjs`), which imports another component's folder for its names alone. */
const CLASS_NAMES = /@mui\/material\/\w+\/\w+Classes\.mjs$/;
/** What such a module needs of a component's folder: its index and its class names, not the component. */
const CLASS_NAMES_NEED = /@mui\/material\/\w+\/(?:index|\w+Classes)\.mjs$|@mui\/utils\//;

type ModuleInfoOf = (id: string) => { importedIds: readonly string[] } | null;

/** A module and everything it imports statically, transitively, but what `stop` holds. */
function closureOf(root: string, getModuleInfo: ModuleInfoOf, stop: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  const visit = (id: string) => {
    if (found.has(id) || stop.has(id)) return;
    found.add(id);
    for (const imported of getModuleInfo(id)?.importedIds ?? []) visit(imported);
  };
  visit(root);
  return found;
}

/** The buttons' chunk: what MUI's Button and IconButton import that the shell does not hold. */
function buttonModules(getModuleInfo: ModuleInfoOf): Set<string> {
  if (buttons) return buttons;
  const shell = shellModules(getModuleInfo);
  buttons = new Set(BUTTONS.flatMap((id) => [...closureOf(id, getModuleInfo, shell)]));
  return buttons;
}

function shellModules(getModuleInfo: ModuleInfoOf): Set<string> {
  if (shell) return shell;
  const found = new Set<string>();
  const namesOnly = new Set<string>();
  // MUI's styles import every input's class names, which import the input components' folders: walking on into the
  // components would put them in the shell, which never renders them, and make the first screen load them.
  const visit = (id: string, forNames: boolean) => {
    if (found.has(id) || (forNames && namesOnly.has(id)) || NOT_IN_SHELL.test(id)) return;
    if (forNames && !CLASS_NAMES_NEED.test(id)) return;
    (forNames ? namesOnly : found).add(id);
    const next = forNames || CLASS_NAMES.test(id);
    for (const imported of getModuleInfo(id)?.importedIds ?? []) visit(imported, next);
  };
  for (const root of [START, ...SHELL_TOO]) visit(root, false);
  for (const id of namesOnly) found.add(id);
  shell = found;
  return found;
}

/**
 * MUI's builder of a theme with CSS variables (`createThemeWithVars`, with @mui/system's `cssVars` helpers: some
 * 5 KiB of gzip), which `createTheme` imports but calls only for a theme with `cssVariables`: the shop's theme
 * (@shop/ui/theme) has none, so the storefront takes a stand-in that says so if it is ever reached.
 * app/theme.test.ts holds the theme to that.
 */
const THEME_WITHOUT_CSS_VARIABLES = "\0theme-without-css-variables";
function themeWithoutCssVariables(): PluginOption {
  return {
    name: "theme-without-css-variables",
    enforce: "pre",
    resolveId(source, importer) {
      if (
        source === "./createThemeWithVars.mjs" &&
        importer &&
        /@mui[\\/]material[\\/]styles[\\/]/.test(importer)
      ) {
        return THEME_WITHOUT_CSS_VARIABLES;
      }
      return null;
    },
    load(id) {
      if (id !== THEME_WITHOUT_CSS_VARIABLES) return null;
      return [
        "const refused = () => {",
        '  throw new Error("The storefront is built without MUI\'s CSS-variables theme (vite.config.ts): its theme sets no cssVariables.");',
        "};",
        "export const createGetCssVar = refused;",
        "export default refused;",
      ].join("\n");
    },
  };
}

// In development /api goes to the API in watch mode (apps/api `pnpm dev`, port 3000).
// ANALYZE=1 writes dist/bundle.html, a treemap of every chunk. The build writes .br and .gz beside each file for
// the server to send as they are, and a manifest that `pnpm bench:web` reads.
// `vite build --ssr` builds src/entry-server.tsx into dist-ssr/ for the server to render pages with: everything in
// one bundle for Node (one copy of React and each library, nothing resolved at run time), React's production
// build whatever NODE_ENV the server runs with, no compression, no manifest.
export default defineConfig(({ mode, isSsrBuild }) => ({
  plugins: [
    react(),
    themeWithoutCssVariables(),
    isSsrBuild
      ? null
      : compression({ algorithms: ["brotliCompress", "gzip"], exclude: [/\.html$/, /manifest\.json$/] }),
    // A rebuild (watch mode) walks the entry's imports again.
    {
      name: "shell-chunk-reset",
      buildStart() {
        shell = null;
        buttons = null;
      },
    },
    process.env.ANALYZE && !isSsrBuild
      ? visualizer({ filename: "dist/bundle.html", gzipSize: true, template: "treemap" })
      : null,
  ],
  resolve:
    mode === "production" ? { alias: [{ find: /^react-router$/, replacement: routerProduction }] } : {},
  server: { port: 5173, proxy: { "/api": "http://localhost:3000" } },
  ...(isSsrBuild
    ? {
        ssr: { noExternal: true },
        define: { "process.env.NODE_ENV": JSON.stringify("production") },
        build: { target: "node20", outDir: "dist-ssr", sourcemap: true, copyPublicDir: false },
      }
    : {
        build: {
          target: "es2022",
          sourcemap: true,
          manifest: true,
          rolldownOptions: {
            output: {
              // Seven characters of hash, not eight (the fewest rolldown allows for this many chunks): the app's
              // start lists every chunk's name for preloading, the least compressible bytes of the first screen.
              chunkFileNames: "assets/[name]-[hash:7].js",
              codeSplitting: {
                groups: [
                  // Vite's helper for dynamic imports in a chunk of its own: the entry uses it to import the shell.
                  { name: "preload-helper", test: /vite\/preload-helper/, priority: 1 },
                  // React (react-dom and its scheduler) apart from the rest of the shell: the entry evaluates it in
                  // a task of its own before the app's start (src/main.tsx). It compresses as well apart.
                  {
                    name: (id, ctx) =>
                      REACT.test(id) && shellModules((m) => ctx.getModuleInfo(m)).has(id) ? "react" : null,
                    priority: 2,
                  },
                  { name: (id, ctx) => (shellModules((m) => ctx.getModuleInfo(m)).has(id) ? "shell" : null) },
                  {
                    name: (id, ctx) =>
                      buttonModules((m) => ctx.getModuleInfo(m)).has(id) ? "buttons" : null,
                  },
                ],
              },
            },
          },
        },
      }),
}));
