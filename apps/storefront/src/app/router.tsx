/**
 * The storefront's one route table: every name of @shop/domain's shopRoutes (the list the server reads too)
 * mapped to its lazy page and its layout. Pages with layout "own" bring their own header and footer.
 */
import { matchRoute, type ShopRouteName, shopRoutes } from "@shop/domain/routes";
import type { ComponentType } from "react";
import { createBrowserRouter, Outlet, type RouteObject } from "react-router";
import { ShopLayout } from "#features/layout/shop-layout.tsx";
import { HeaderTools, MenuTools } from "./header-tools.tsx";
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

const home = () => import("#pages/home.tsx");
const altHome = () => import("#pages/alt-home.tsx");
const shop = () => import("#pages/shop.tsx");
const product = () => import("#pages/product.tsx");
const blog = () => import("#pages/blog.tsx");
const blogPost = () => import("#pages/blog-post.tsx");
const notFound = () => import("#pages/not-found.tsx");

/**
 * Every route of spec section 2. null: a page the next part of the storefront builds (cart, accounts,
 * checkout); until then it shows the 404 page.
 */
export const pages: Record<ShopRouteName, Lazy | null> = {
  home: page(home),
  home2: page(altHome, { design: "electronics" }),
  home3: page(altHome, { design: "fashion" }),
  home4: page(altHome, { design: "beauty" }),
  notFound: page(notFound),

  shop: page(shop, { variant: "default" }),
  shop1600: page(shop, { variant: "wide" }),
  shopList: page(shop, { variant: "list" }),
  shopFullWidth: page(shop, { variant: "full-width" }),
  shopNoSidebar: page(shop, { variant: "no-sidebar" }),
  shopRightSidebar: page(shop, { variant: "right-sidebar" }),
  shopLoadMore: page(shop, { variant: "load-more" }),
  shopCategories: page(shop, { variant: "categories" }),
  shopFilterDropdown: page(shop, { variant: "filter-dropdown" }),
  shopFilterOffcanvas: page(shop, { variant: "filter-offcanvas" }),
  search: page(() => import("#pages/search.tsx")),

  productDetails: page(product, { variant: "default" }),
  productDetailsList: page(product, { variant: "list" }),
  productDetailsVideo: page(product, { variant: "video" }),
  productDetailsSlider: page(product, { variant: "slider" }),
  productDetailsGallery: page(product, { variant: "gallery" }),
  productDetailsSwatches: page(product, { variant: "swatches" }),
  productDetailsCountdown: page(product, { variant: "countdown" }),
  product: page(product, { variant: "default" }),

  blog: page(blog, { layout: "grid" }),
  blogGrid: page(blog, { layout: "grid" }),
  blogList: page(blog, { layout: "list" }),
  blogDetails: page(blogPost, { design: "standard" }),
  blogDetails2: page(blogPost, { design: "wide" }),
  blogPost: page(blogPost, { design: "standard" }),

  about: page(() => import("#pages/about.tsx")),
  contact: page(() => import("#pages/contact.tsx")),
  coupons: page(() => import("#pages/coupons.tsx")),

  cart: null,
  wishlist: null,
  compare: null,
  checkout: null,
  order: null,
  account: null,
  profile: null,
  login: null,
  register: null,
  forgot: null,
  resetPassword: null,
};

function DefaultLayout() {
  return (
    <ShopLayout tools={<HeaderTools />} menuExtras={<MenuTools />}>
      <Outlet />
    </ShopLayout>
  );
}

/**
 * What shows while the first page's code loads: the shop's header and footer around a loading line, so the
 * first paint is the shop, not a blank page (the alternative homes, which have their own, get the line alone).
 */
function FirstLoad() {
  if (matchRoute(shopRoutes, location.pathname)?.route.layout === "own") return <PageLoading />;
  return (
    <ShopLayout tools={<HeaderTools />} menuExtras={<MenuTools />}>
      <PageLoading />
    </ShopLayout>
  );
}

function routesWith(layout: "default" | "own"): RouteObject[] {
  return (Object.keys(pages) as ShopRouteName[]).flatMap((name) => {
    const route = shopRoutes[name];
    const lazy = pages[name] ?? page(notFound);
    return (route.layout ?? "default") === layout ? [{ path: route.path, lazy }] : [];
  });
}

export const routes: RouteObject[] = [
  {
    Component: Root,
    HydrateFallback: FirstLoad,
    children: [
      { Component: DefaultLayout, children: [...routesWith("default"), { path: "*", lazy: page(notFound) }] },
      ...routesWith("own"),
    ],
  },
];

export function createShopRouter() {
  return createBrowserRouter(routes);
}
