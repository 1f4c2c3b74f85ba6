/**
 * The storefront drawn on the server: the page of a URL as HTML, with the styles it uses, for the server to send
 * so the shopper sees the page before the app's code has run (src/app/start.tsx then takes it over). Built by
 * `vite build --ssr` into dist-ssr/ and run by the page server (src/server/), on render workers when there are
 * several cores; it fetches nothing: the data it draws is the first-screen data the server also writes into the
 * page, and a section without data is drawn as the browser's first render draws it, loading.
 */
import type { EmotionCache } from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import createEmotionServer from "@emotion/server/create-instance";
import { createStore } from "jotai";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { ShopProviders } from "#app/providers.tsx";
import { loadEveryPage, routes } from "#app/router.tsx";
import { createStyleCache } from "#app/style-cache.ts";
import { setCurrencyAtom, storedCurrency } from "#features/currency/atoms.ts";
import { createQueryClient } from "#lib/query-client.ts";
import type { ServerRender, ServerRenderRequest } from "#server/render-contract.ts";

const handler = createStaticHandler(routes);
// Every page's module is loaded with this one (on each render thread as it starts), not by a shopper's request.
await loadEveryPage();

export async function render({
  url,
  origin,
  firstScreen,
  currency,
}: ServerRenderRequest): Promise<ServerRender> {
  // The static handler matches the route and loads its page module; the host is never read.
  const context = await handler.query(new Request(new URL(url, "http://shop.invalid")));
  if (context instanceof Response) throw new Error(`The route table answered ${url} with a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);

  const queryClient = createQueryClient();
  for (const { key, data } of firstScreen) queryClient.setQueryData(key, data);
  const store = createStore();
  store.set(setCurrencyAtom, storedCurrency(currency));

  // Emotion's "css" cache, as in the browser: the style elements carry the names the browser's cache adopts.
  const cache = createStyleCache();
  const emotion = createEmotionServer(cache);
  const html = renderToString(
    <CacheProvider value={cache}>
      <ShopProviders origin={origin} queryClient={queryClient} store={store}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </ShopProviders>
    </CacheProvider>,
  );
  queryClient.clear();
  const critical = emotion.extractCriticalToChunks(html);
  const styles = emotion.constructStyleTagsFromChunks(critical) + passedOnStyles(cache, critical.styles);
  return { html, styles };
}

/**
 * The styles of components that pass them on to the component they wrap (MUI's IconButton to its ButtonBase, which
 * merges them into a class of its own): no element of the page carries their class, so the page leaves their rules
 * out. The browser's cache would write them into the page as the app takes it over, and any rule written then
 * makes the browser work out the style of every element again, on a phone a long task. Named in an empty style
 * element, they count as written.
 */
function passedOnStyles(cache: EmotionCache, sent: { ids: string[] }[]): string {
  const sentNames = new Set(sent.flatMap((chunk) => chunk.ids));
  const names = Object.keys(cache.inserted).filter(
    (name) =>
      !sentNames.has(name) &&
      typeof cache.inserted[name] === "string" &&
      cache.registered[`${cache.key}-${name}`] !== undefined,
  );
  return names.length > 0 ? `<style data-emotion="${cache.key} ${names.join(" ")}"></style>` : "";
}
