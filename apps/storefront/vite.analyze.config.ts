import { visualizer } from "rollup-plugin-visualizer";
import { defineConfig, mergeConfig } from "vite";
import base from "./vite.config.ts";
export default defineConfig((env) =>
  mergeConfig(typeof base === "function" ? base(env) : base, {
    plugins: [visualizer({ filename: "dist/stats.json", gzipSize: true, template: "raw-data" })],
  }),
);
