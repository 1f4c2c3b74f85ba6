/**
 * The storefront on the server, built by `vite build --ssr` into dist-ssr/ and run by the page server (src/server/):
 * - `page`: a route's status, head and first-screen data, from its route module's `loader` and `meta` (on the
 *   page server's own thread, which asks the API in process);
 * - `render`: the page of a URL as HTML, with the styles it uses, so the shopper sees the page before the app's code
 *   has run (src/app/start.tsx then hydrates it); on render workers when there are several cores. It fetches
 *   nothing: it renders with the first-screen data the page also carries, and a section without data is rendered as
 *   the browser's first render renders it, loading.
 */
import type { EmotionCache } from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import createEmotionServer from "@emotion/server/create-instance";
import { firstScreenKeys } from "@shop/domain/first-screen";
import { hashKey } from "@tanstack/react-query";
import { createStore } from "jotai";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { ShopProviders } from "#app/providers.tsx";
import { loadEveryRoute, routeModule, routes } from "#app/router.tsx";
import { createStyleCache } from "#app/style-cache.ts";
import { setCurrencyAtom, storedCurrency } from "#features/currency/atoms.ts";
import { createQueryClient } from "#lib/query-client.ts";
import { SHOP_NAME } from "#lib/shop-name.ts";
import { shopRoutes } from "#routes.ts";
import type {
  ServerPage,
  ServerPageRequest,
  ServerRender,
  ServerRenderRequest,
} from "#server/render-contract.ts";

const handler = createStaticHandler(routes);
// Every route's module is loaded with this one (on each thread as it starts), not by a shopper's request.
await loadEveryRoute();

/**
 * A page's status, head and first-screen data: its route module's `loader` answers, and its `meta` over them. A path
 * the table does not know, or a product or post the shop does not have (the loader throws a 404), is the 404 page.
 * Every page's prices need the USD→DOP rate, which goes into the page too, unless the API answered its fallback
 * (no rate stored, or it cannot be read): the app then asks the API itself, and shows the fallback's warning.
 */
export async function page({ route, params, query, client, origin }: ServerPageRequest): Promise<ServerPage> {
  const asked = route ?? "notFound";
  const module = await routeModule(asked)();
  const [rate, entries] = await Promise.all([
    client.exchange.rate("USD", "DOP"),
    (module.loader?.({ client, route: asked, params, query }) ?? Promise.resolve([])).catch((error) => {
      if (error instanceof Response && error.status === 404) return null;
      throw error;
    }),
  ]);
  const name = entries === null ? "notFound" : asked;
  const shown = name === asked ? module : await routeModule(name)();
  const rateEntry = { key: firstScreenKeys.exchangeRate(), data: rate };
  const answers = new Map([...(entries ?? []), rateEntry].map(({ key, data }) => [hashKey(key), data]));
  const { canonical, ...head } = shown.meta({
    route: name,
    params,
    query,
    origin,
    data: { get: <T,>(key: readonly unknown[]) => answers.get(hashKey(key)) as T | undefined },
  });
  const line = shopRoutes[name];
  // A page not for an index says so, and names no page to index instead.
  const indexed = !line.private && !line.noindex;
  const status = name === "notFound" ? 404 : 200;
  const firstScreen =
    entries === null || status === 404 || line.private
      ? []
      : rate.warning === undefined
        ? [...entries, rateEntry]
        : entries;
  return {
    status,
    head: {
      ...head,
      title: head.title ?? SHOP_NAME,
      ...(indexed ? { canonical } : { robots: "noindex" as const }),
    },
    firstScreen,
  };
}

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
 * out. The browser's cache would write them into the page as the app hydrates it, and any rule written then
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
