import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { visualizer } from "rollup-plugin-visualizer";
import { defineConfig } from "vite";
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
let shell: Set<string> | null = null;
const REACT = /node_modules\/(?:react|react-dom|scheduler)\//;

/** A MUI module of class names (`filledInputClasses.mjs`), which imports another component's folder for its names alone. */
const CLASS_NAMES = /@mui\/material\/\w+\/\w+Classes\.mjs$/;
/** What such a module needs of a component's folder: its index and its class names, not the component. */
const CLASS_NAMES_NEED = /@mui\/material\/\w+\/(?:index|\w+Classes)\.mjs$|@mui\/utils\//;

function shellModules(getModuleInfo: (id: string) => { importedIds: readonly string[] } | null): Set<string> {
  if (shell) return shell;
  const found = new Set<string>();
  const namesOnly = new Set<string>();
  // MUI's styles import every input's class names, which import the input components' folders: walking on into the
  // components would put them in the shell, which never draws them, and make the first screen load them.
  const visit = (id: string, forNames: boolean) => {
    if (found.has(id) || (forNames && namesOnly.has(id))) return;
    if (forNames && !CLASS_NAMES_NEED.test(id)) return;
    (forNames ? namesOnly : found).add(id);
    const next = forNames || CLASS_NAMES.test(id);
    for (const imported of getModuleInfo(id)?.importedIds ?? []) visit(imported, next);
  };
  visit(START, false);
  for (const id of namesOnly) found.add(id);
  shell = found;
  return found;
}

// In development /api goes to the API in watch mode (apps/api `pnpm dev`, port 3000).
// ANALYZE=1 writes dist/bundle.html, a treemap of every chunk. The build writes .br and .gz beside each file for
// the server to send as they are, and a manifest that `pnpm bench:web` reads.
// `vite build --ssr` builds src/entry-server.tsx into dist-ssr/ for the server to draw pages with: everything in
// one bundle for Node (one copy of React and each library, nothing resolved at run time), React's production
// build whatever NODE_ENV the server runs with, no compression, no manifest.
export default defineConfig(({ mode, isSsrBuild }) => ({
  plugins: [
    react(),
    isSsrBuild
      ? null
      : compression({ algorithms: ["brotliCompress", "gzip"], exclude: [/\.html$/, /manifest\.json$/] }),
    // A rebuild (watch mode) walks the entry's imports again.
    {
      name: "shell-chunk-reset",
      buildStart() {
        shell = null;
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
                ],
              },
            },
          },
        },
      }),
}));
