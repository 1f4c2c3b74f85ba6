/**
 * The storefront's router, on the browser and the server alike: every line of the route table (src/routes.ts) with
 * its route module loaded lazily, inside the shop's layout. A module's page is told which of its routes it shows;
 * its `meta` and `handle` go into the route's `handle`, which the app's head (route-head.tsx) and the layout read.
 */
import { createBrowserRouter, Outlet, type RouteObject, useMatches } from "react-router";
import { loginHref } from "#features/auth/paths.ts";
import { onSessionExpired } from "#lib/api.ts";
import { type ShopRouteName, shopRoutes } from "#routes.ts";
import { AppLayout } from "./layout.tsx";
import { PageLoading, Root } from "./root.tsx";
import type { RouteHandle, RouteModule } from "./route-module.ts";

// Vite makes each module in src/routes/ a chunk of its own; the server sends a page's chunk along with the app's.
const modules = import.meta.glob<RouteModule>("../routes/*.tsx");

/** Loads a route's module. */
export function routeModule(name: ShopRouteName): () => Promise<RouteModule> {
  const load = modules[`../routes/${shopRoutes[name].module}.tsx`];
  if (!load) throw new Error(`The route ${name} names no module in src/routes/`);
  return load;
}

/** Loads every route's module: the server does it once at start, so no shopper waits for a module's first load. */
export async function loadEveryRoute(): Promise<void> {
  await Promise.all(Object.values(modules).map((load) => load()));
}

/** A route's `handle` once its module has loaded: which route it is, the module's head and its own handle. */
export interface LoadedHandle extends RouteHandle {
  route: ShopRouteName;
  meta: RouteModule["meta"];
}

function lazyRoute(name: ShopRouteName): RouteObject["lazy"] {
  const load = routeModule(name);
  return async () => {
    const module = await load();
    const Page = module.default;
    const handle: LoadedHandle = { ...module.handle, route: name, meta: module.meta };
    return { Component: () => <Page route={name} />, handle };
  };
}

/** The handle of the page a location shows, once loaded. */
const useRouteHandle = () => useMatches().at(-1)?.handle as LoadedHandle | undefined;

/** The shop's header and footer around every page, in the colours the page asks for (the alternative homes). */
function DefaultLayout() {
  const handle = useRouteHandle();
  return (
    <AppLayout tone={handle?.tone?.(handle.route)}>
      <Outlet />
    </AppLayout>
  );
}

/** What shows while the first page's code loads: the shop's header and footer around a loading line. */
function FirstLoad() {
  return (
    <AppLayout>
      <PageLoading />
    </AppLayout>
  );
}

export const routes: RouteObject[] = [
  {
    Component: Root,
    HydrateFallback: FirstLoad,
    children: [
      {
        Component: DefaultLayout,
        children: [
          ...(Object.keys(shopRoutes) as ShopRouteName[]).map((name) => ({
            path: shopRoutes[name].path,
            lazy: lazyRoute(name),
          })),
          { path: "*", lazy: lazyRoute("notFound") },
        ],
      },
    ],
  },
];

export function createShopRouter() {
  const router = createBrowserRouter(routes);
  // The server ended the session (a refused refresh): sign in again, then come back here.
  onSessionExpired(() => {
    const { pathname, search } = router.state.location;
    router.navigate(loginHref(pathname + search), { replace: true });
  });
  return router;
}
