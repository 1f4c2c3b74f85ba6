import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

// Served under /admin on the admin host; in development /api goes to the API in watch mode. The build writes
// .br and .gz beside each file for the server to send as they are, and a manifest that `pnpm bench:web` reads.
export default defineConfig({
  base: "/admin/",
  plugins: [
    react(),
    compression({ algorithms: ["brotliCompress", "gzip"], exclude: [/\.html$/, /manifest\.json$/] }),
  ],
  server: { port: 5174, proxy: { "/api": "http://localhost:3000" } },
  resolve: {
    // node-polyglot's polyfills of ES2017 and ES2022 built-ins, which the targets have: the built-ins instead.
    alias: {
      "object.entries": fileURLToPath(new URL("src/shims/object-entries.cjs", import.meta.url)),
      hasown: fileURLToPath(new URL("src/shims/hasown.cjs", import.meta.url)),
    },
  },
  build: {
    target: "es2022",
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      output: {
        // Chunks measured in docs/decisions/023-back-office-chunks.md. react-admin's headless core (ra-core: the
        // list, edit and reference controllers, the data hooks) loads with the app, in one chunk: every screen
        // uses it, and split by screens it came as dozens of small files that compress badly. The rest of what the
        // sign-in page needs is one chunk too. Screens' own UI (inputs, lists) still loads with the screen.
        codeSplitting: {
          groups: [
            { name: "ra-core", test: /node_modules[\\/]ra-core[\\/]/, priority: 2 },
            { name: "initial", tags: ["$initial"], priority: 1 },
          ],
        },
      },
    },
  },
});
