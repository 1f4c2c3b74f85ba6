/** Mounts the front ends on the API's app: the storefront's page server (asking the API in process) and the built files. */
import type { Env } from "@shop/api/env";
import { createPageServer } from "@shop/storefront/page-server";
import type { FastifyInstance } from "fastify";
import { inProcessFetch } from "./api-fetch.ts";
import type { WebEnv } from "./env.ts";
import { webPlugin } from "./web.ts";

export interface BuiltFrontEnds {
  /** apps/storefront/dist */
  storefrontDir: string;
  /** apps/storefront/dist-ssr/entry-server.js: without it, the app renders every page in the browser. */
  storefrontServerEntry?: string;
  /** apps/backoffice/dist */
  backofficeDir: string;
  /** packages/ui/storybook-static */
  storybookDir: string;
}

export async function mountFrontEnds(
  app: FastifyInstance,
  { api, web, built }: { api: Env; web: WebEnv; built: BuiltFrontEnds },
): Promise<void> {
  const pages = await createPageServer({
    clientDir: built.storefrontDir,
    serverEntry: built.storefrontServerEntry,
    renderThreads: web.RENDER_THREADS,
    fetch: inProcessFetch(app),
    origin: web.PUBLIC_ORIGIN,
    contentVersion: () => app.contentVersion(),
    cache: { maxBytes: web.PAGE_CACHE_MB * 1024 * 1024, freshMs: web.PAGE_CACHE_SECONDS * 1000 },
    logError: (error, url) =>
      app.log.error({ err: error, url }, "the storefront could not render this page on the server"),
  });
  app.addHook("onClose", async () => pages?.close());
  if (pages) {
    // Once the process listens, not before: a start is not held up, and an app only asked in process renders nothing.
    app.addHook("onListen", async () => {
      void pages.warm();
    });
    app.log.info(
      `Pages rendered on ${pages.renderThreads ? `${pages.renderThreads} render threads` : "the main thread"}; ${web.PAGE_CACHE_MB} MiB of rendered pages cached`,
    );
  }
  await app.register(webPlugin, {
    pages,
    storefrontDir: built.storefrontDir,
    backofficeDir: built.backofficeDir,
    storybookDir: built.storybookDir,
    env: web,
    sourceMaps: api.NODE_ENV !== "production",
  });
}
