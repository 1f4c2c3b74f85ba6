import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// In development /api goes to the API in watch mode (apps/api `pnpm dev`, port 3000).
export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { "/api": "http://localhost:3000" } },
  build: { target: "es2022", sourcemap: true },
});
