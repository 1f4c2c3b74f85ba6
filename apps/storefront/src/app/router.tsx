/**
 * The storefront's one route table: every name of @shop/domain's shopRoutes (the list the server reads too)
 * mapped to its lazy page and its layout. Pages with layout "own" bring their own header and footer.
 */
import { matchRoute, type ShopRouteName, shopRoutes } from "@shop/domain/routes";
import type { ComponentType } from "react";
import { createBrowserRouter, Outlet, type RouteObject } from "react-router";
import { loginHref } from "#features/auth/paths.ts";
import { onSessionExpired } from "#lib/api.ts";
import type AccountPage from "#pages/account.tsx";
import type AltHome from "#pages/alt-home.tsx";
import type BlogPage from "#pages/blog.tsx";
import type BlogPostPage from "#pages/blog-post.tsx";
import type ProductPage from "#pages/product.tsx";
import type ShopPage from "#pages/shop.tsx";
import type SignInPage from "#pages/sign-in.tsx";
import { AppLayout } from "./layout.tsx";
import { PageLoading, Root } from "./root.tsx";

type PageModule<P> = { default: ComponentType<P> };
type Lazy = () => Promise<{ Component: ComponentType }>;

/** A lazy page, optionally configured (the shop's and product page's variants are one page each). */
function page<P extends object>(load: () => Promise<PageModule<P>>, props?: P): Lazy {
  return async () => {
    const { default: Page } = await load();
    return { Component: props ? () => <Page {...props} /> : (Page as ComponentType) };
  };
}

// Each route names its module in src/pages/ in the shared route table, which the server reads too (it sends
// the module's chunk along with the app's first request).
const pageModules = import.meta.glob<PageModule<object>>("../pages/*.tsx");

/** Loads every page's module: the server does it once at start, so no shopper waits for a page's first load. */
export async function loadEveryPage(): Promise<void> {
  await Promise.all(Object.values(pageModules).map((load) => load()));
}

function pageModule(name: ShopRouteName): () => Promise<PageModule<object>> {
  const load = pageModules[`../pages/${shopRoutes[name].page}.tsx`];
  if (!load) throw new Error(`The route ${name} names no page module in src/pages/`);
  return load;
}

type PropsOf<T> = T extends ComponentType<infer P> ? P : never;

/** How each route configures its page (checked against the page's props); a route not listed shows its page as it is. */
const pageProps: Partial<Record<ShopRouteName, object>> = {
  home2: { design: "electronics", Layout: AppLayout } satisfies PropsOf<typeof AltHome>,
  home3: { design: "fashion", Layout: AppLayout } satisfies PropsOf<typeof AltHome>,
  home4: { design: "beauty", Layout: AppLayout } satisfies PropsOf<typeof AltHome>,

  shop: { variant: "default" } satisfies PropsOf<typeof ShopPage>,
  shop1600: { variant: "wide" } satisfies PropsOf<typeof ShopPage>,
  shopList: { variant: "list" } satisfies PropsOf<typeof ShopPage>,
  shopFullWidth: { variant: "full-width" } satisfies PropsOf<typeof ShopPage>,
  shopNoSidebar: { variant: "no-sidebar" } satisfies PropsOf<typeof ShopPage>,
  shopRightSidebar: { variant: "right-sidebar" } satisfies PropsOf<typeof ShopPage>,
  shopLoadMore: { variant: "load-more" } satisfies PropsOf<typeof ShopPage>,
  shopCategories: { variant: "categories" } satisfies PropsOf<typeof ShopPage>,
  shopFilterDropdown: { variant: "filter-dropdown" } satisfies PropsOf<typeof ShopPage>,
  shopFilterOffcanvas: { variant: "filter-offcanvas" } satisfies PropsOf<typeof ShopPage>,

  productDetails: { variant: "default" } satisfies PropsOf<typeof ProductPage>,
  productDetailsList: { variant: "list" } satisfies PropsOf<typeof ProductPage>,
  productDetailsVideo: { variant: "video" } satisfies PropsOf<typeof ProductPage>,
  productDetailsSlider: { variant: "slider" } satisfies PropsOf<typeof ProductPage>,
  productDetailsGallery: { variant: "gallery" } satisfies PropsOf<typeof ProductPage>,
  productDetailsSwatches: { variant: "swatches" } satisfies PropsOf<typeof ProductPage>,
  productDetailsCountdown: { variant: "countdown" } satisfies PropsOf<typeof ProductPage>,
  product: { variant: "default" } satisfies PropsOf<typeof ProductPage>,

  blog: { layout: "grid" } satisfies PropsOf<typeof BlogPage>,
  blogGrid: { layout: "grid" } satisfies PropsOf<typeof BlogPage>,
  blogList: { layout: "list" } satisfies PropsOf<typeof BlogPage>,
  blogDetails: { design: "standard" } satisfies PropsOf<typeof BlogPostPage>,
  blogDetails2: { design: "wide" } satisfies PropsOf<typeof BlogPostPage>,
  blogPost: { design: "standard" } satisfies PropsOf<typeof BlogPostPage>,

  account: { section: "orders" } satisfies PropsOf<typeof AccountPage>,
  profile: { section: "profile" } satisfies PropsOf<typeof AccountPage>,
  login: { form: "login" } satisfies PropsOf<typeof SignInPage>,
  register: { form: "register" } satisfies PropsOf<typeof SignInPage>,
  forgot: { form: "forgot" } satisfies PropsOf<typeof SignInPage>,
  resetPassword: { form: "reset" } satisfies PropsOf<typeof SignInPage>,
};

/** Every route of spec section 2. */
export const pages = Object.fromEntries(
  (Object.keys(shopRoutes) as ShopRouteName[]).map((name) => [name, page(pageModule(name), pageProps[name])]),
) as Record<ShopRouteName, Lazy>;

function DefaultLayout() {
  return (
    <AppLayout>
      <Outlet />
    </AppLayout>
  );
}

/**
 * What shows while the first page's code loads: the shop's header and footer around a loading line, so the
 * first paint is the shop, not a blank page (the alternative homes, which have their own, get the line alone).
 */
function FirstLoad() {
  if (matchRoute(shopRoutes, location.pathname)?.route.layout === "own") return <PageLoading />;
  return (
    <AppLayout>
      <PageLoading />
    </AppLayout>
  );
}

function routesWith(layout: "default" | "own"): RouteObject[] {
  return (Object.keys(pages) as ShopRouteName[]).flatMap((name) => {
    const route = shopRoutes[name];
    return (route.layout ?? "default") === layout ? [{ path: route.path, lazy: pages[name] }] : [];
  });
}

export const routes: RouteObject[] = [
  {
    Component: Root,
    HydrateFallback: FirstLoad,
    children: [
      { Component: DefaultLayout, children: [...routesWith("default"), { path: "*", lazy: pages.notFound }] },
      ...routesWith("own"),
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
