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
  build: { target: "es2022", sourcemap: true, manifest: true },
});
