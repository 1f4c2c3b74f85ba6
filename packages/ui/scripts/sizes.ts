/**
 * What each component weighs in the storefront's JavaScript, gzip: bundled alone with React, MUI and Emotion left
 * out, and what it adds on top of a page that already has React, MUI's core and the shop's theme.
 * Prints a table; `pnpm --filter @shop/ui size`.
 */
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  exports: Record<string, string>;
};
const root = new URL("..", import.meta.url).pathname;

// What every storefront page has before any shared component: React, the DOM renderer, MUI's theming and baseline.
const BASELINE = `
import { createRoot } from "react-dom/client";
import { jsx } from "react/jsx-runtime";
import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { shopTheme } from "./src/theme.ts";
createRoot(document.getElementById("root")).render(jsx(ThemeProvider, { theme: shopTheme, children: jsx(CssBaseline, {}) }));
`;

const EXTERNAL = ["react", "react-dom", "react/*", "react-dom/*", "@mui/*", "@emotion/*"];

async function gzipOf(contents: string, external: string[] = []): Promise<number> {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: "tsx" },
    bundle: true,
    minify: true,
    write: false,
    format: "esm",
    platform: "browser",
    target: "es2022",
    jsx: "automatic",
    external,
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "error",
  });
  return result.outputFiles.reduce((sum, file) => sum + gzipSync(file.contents, { level: 9 }).length, 0);
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const baseline = await gzipOf(BASELINE);
console.log(
  `React + react-dom + MUI core (ThemeProvider, CssBaseline) + the shop's theme: ${kib(baseline)} KiB gzip\n`,
);
console.log("| import path | alone, React/MUI external (KiB) | added on top of React + MUI core (KiB) |");
console.log("| --- | ---: | ---: |");
for (const [path, file] of Object.entries(pkg.exports)) {
  // Every export is used, so nothing is shaken out of the figure.
  const use = `import * as c from "${file}"; globalThis.__shop = c;`;
  const alone = await gzipOf(use, EXTERNAL);
  const added = (await gzipOf(`${BASELINE}\n${use}`)) - baseline;
  console.log(`| \`@shop/ui/${path.slice(2)}\` | ${kib(alone)} | ${kib(added)} |`);
}

// The components a home page renders before anything is lazy-loaded share most of their MUI parts.
const HOME = [
  "banner-slider",
  "section-heading",
  "product-card",
  "category-tile",
  "countdown",
  "blog-card",
  "skeletons",
];
const home = HOME.map(
  (name, index) =>
    `import * as c${index} from "./src/${name}/${name}.tsx"; globalThis.__c${index} = c${index};`,
);
const homeAdded = (await gzipOf(`${BASELINE}\n${home.join("\n")}`)) - baseline;
console.log(
  `\nA home page's set together (${HOME.join(", ")}): ${kib(homeAdded)} KiB on top of React + MUI core`,
);
