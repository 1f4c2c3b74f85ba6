/**
 * The app's start (src/main.tsx loads it once the browser has painted): the router in the shop's providers. The
 * server renders each page into the HTML it sends (src/entry-server.tsx); the app hydrates that page once the
 * route's code is here. The API client loads when something needs it (src/lib/api.ts).
 */
// First: no eval under the CSP, before any zod schema is built.
import "@shop/api-client/jitless";
import { CacheProvider } from "@emotion/react";
import { BUILD_ID_PATH } from "@shop/domain/build-check";
import { getDefaultStore } from "jotai";
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { ShopProviders } from "#app/providers.tsx";
import { createShopRouter } from "#app/router.tsx";
import { ShopRouterProvider } from "#app/router-provider.tsx";
import { createStyleCache } from "#app/style-cache.ts";
import { FIRST_SCREEN_ELEMENT_ID, renderedByServer, seedFirstScreen } from "#lib/first-screen.ts";
import { createQueryClient } from "#lib/query-client.ts";

/**
 * A new task: the phone's main thread answers input and paints between the start's steps. Evaluating the app's
 * modules is one task; creating the router, reading the first screen's data and hydrating are each another, so
 * none of them blocks the page as long as all of them together would. (In a tab in the background, where nobody
 * waits for it, a timer may take up to a second.)
 */
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

async function run() {
  await nextTask();
  const router = createShopRouter();
  // A new build deployed while this tab is open: its next navigation (or a chunk gone with the old build)
  // reloads. Loaded beside the app, not before its first render, which it does not concern.
  import("@shop/api-client/build-check").then(
    ({ watchForNewBuild }) => watchForNewBuild({ url: BUILD_ID_PATH, router }),
    () => {},
  );
  await nextTask();
  const queryClient = createQueryClient();
  seedFirstScreen(queryClient, document.getElementById(FIRST_SCREEN_ELEMENT_ID)?.textContent);
  const container = document.getElementById("root")!;
  const rendered = renderedByServer();

  const app = (
    <CacheProvider value={createStyleCache()}>
      <ShopProviders origin={location.origin} queryClient={queryClient} store={getDefaultStore()}>
        <ShopRouterProvider router={router} />
      </ShopProviders>
    </CacheProvider>
  );

  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    if (rendered) {
      // The server's page, which the shopper sees all the while: as a transition, React attaches to it in
      // slices, letting the browser answer input between them.
      startTransition(() => {
        hydrateRoot(container, app);
      });
    } else {
      // A transition: React renders in slices and lets the browser paint and answer input between them.
      const root = createRoot(container);
      startTransition(() => root.render(app));
    }
  };

  // The page's code comes with the app's (the server lists it for preloading): the first render waits for it, so
  // that it hydrates the page the server rendered. Without one, it renders the page itself in one commit, or, on a
  // slow connection, the shop's frame after a second.
  if (router.state.initialized) start();
  else {
    const fallback = rendered ? undefined : setTimeout(start, FIRST_RENDER_WAIT_MS);
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      clearTimeout(fallback);
      start();
    });
  }
}

const FIRST_RENDER_WAIT_MS = 1000;
run();
