import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// Served under /admin on the admin host; in development /api goes to the API in watch mode.
export default defineConfig({
  base: "/admin/",
  plugins: [react()],
  server: { port: 5174, proxy: { "/api": "http://localhost:3000" } },
  build: { target: "es2022", sourcemap: true },
});
