import { createRequire } from "node:module";
import react from "@vitejs/plugin-react";
import { visualizer } from "rollup-plugin-visualizer";
import { defineConfig } from "vite";

// react-router's exports always point at its development build (remix-run/react-router#12532); production
// bundles take the production one, without dev warnings.
const routerProduction = createRequire(import.meta.url)
  .resolve("react-router")
  .replace(/development([\\/])index\.m?js$/, "production$1index.mjs");

// In development /api goes to the API in watch mode (apps/api `pnpm dev`, port 3000).
// ANALYZE=1 writes dist/bundle.html, a treemap of every chunk.
export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    process.env.ANALYZE
      ? visualizer({ filename: "dist/bundle.html", gzipSize: true, template: "treemap" })
      : null,
  ],
  resolve:
    mode === "production" ? { alias: [{ find: /^react-router$/, replacement: routerProduction }] } : {},
  server: { port: 5173, proxy: { "/api": "http://localhost:3000" } },
  build: { target: "es2022", sourcemap: true, manifest: true },
}));
