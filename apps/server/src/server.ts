/**
 * The one process: the API under /api for both hosts, the storefront's pages on the shop host, the back office
 * on the admin host, Storybook where STORYBOOK says. It composes parts that know nothing of each other: the
 * API's app (`@shop/api/serve`), the storefront's page server (`@shop/storefront/page-server`, which asks the API
 * for page data in process) and the built front ends' files (mount.ts).
 */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@shop/api/serve";
import { loadWebEnv, type WebEnv } from "./env.ts";
import { mountFrontEnds } from "./mount.ts";

/** The front ends built next to this package in the repository (apps/server/dist/server.js -> the repository root). */
const repository = resolve(fileURLToPath(new URL(".", import.meta.url)), "../../..");

let web: WebEnv | null = null;

serve({
  mount: {
    checkEnv(env) {
      const result = loadWebEnv(env);
      web = result.env;
      return result.problems;
    },
    register: (app, api) => {
      // BUILDS_DIR: front ends built elsewhere, in the repository's layout (a deploy, or a journey's copy).
      const root = resolve(web!.BUILDS_DIR ?? repository);
      return mountFrontEnds(app, {
        api,
        web: web!,
        built: {
          storefrontDir: resolve(root, "apps/storefront/dist"),
          storefrontServerEntry: resolve(root, "apps/storefront/dist-ssr/entry-server.js"),
          backofficeDir: resolve(root, "apps/backoffice/dist"),
          storybookDir: resolve(root, "packages/ui/storybook-static"),
        },
      });
    },
  },
}).catch((error) => {
  console.error(error);
  process.exit(1);
});
