/**
 * The storefront's route table (spec section 2): one line per path, naming the route module in src/routes/ that
 * shows it (its page, its head and its data loader). One list for everyone: the browser's router and the server
 * build load each line's module, and the page server matches URLs against it (real 404s, a shopper's own pages,
 * what crawlers get) and lists the sitemap from it. A new page is a module in src/routes/ and one line here.
 *
 * It imports no module of the app's, so the page server reads it without React, and the links below are the shop's
 * one way of writing its own URLs.
 */
import type { ListingFilters } from "@shop/domain/catalogue";
import { toListingQuery } from "@shop/domain/listing-query";
import { matchRoute, type RouteMatch } from "@shop/domain/routes";

export interface ShopRoute {
  /** react-router path: "/shop", "/product-details/:id". */
  readonly path: string;
  /** The route module that shows it: src/routes/{module}.tsx. */
  readonly module: string;
  /** A page about one shopper (cart, account, checkout...): rendered by the app alone, never indexed, never shared. */
  readonly private?: true;
  /** A public page not for an index (search results, the 404 page): rendered, but noindex and out of the sitemap. */
  readonly noindex?: true;
  /** Another layout of the route of this name: search engines index that one instead (canonical, sitemap). */
  readonly canonical?: string;
  /** Shows some featured product or post: the sitemap lists the real ones instead. */
  readonly sample?: true;
}

const table = {
  home: { path: "/", module: "home" },
  home2: { path: "/home-2", module: "alt-home" },
  home3: { path: "/home-3", module: "alt-home" },
  home4: { path: "/home-4", module: "alt-home" },
  // The 404 page's own route says "404" to people, so it says so to machines too: no soft 404.
  notFound: { path: "/404", module: "not-found", noindex: true },

  shop: { path: "/shop", module: "shop" },
  shop1600: { path: "/shop-1600", module: "shop", canonical: "shop" },
  shopList: { path: "/shop-list", module: "shop", canonical: "shop" },
  shopFullWidth: { path: "/shop-full-width", module: "shop", canonical: "shop" },
  shopNoSidebar: { path: "/shop-no-sidebar", module: "shop", canonical: "shop" },
  shopRightSidebar: { path: "/shop-right-sidebar", module: "shop", canonical: "shop" },
  shopLoadMore: { path: "/shop-load-more", module: "shop", canonical: "shop" },
  shopCategories: { path: "/shop-categories", module: "shop", canonical: "shop" },
  shopFilterDropdown: { path: "/shop-filter-dropdown", module: "shop", canonical: "shop" },
  shopFilterOffcanvas: { path: "/shop-filter-offcanvas", module: "shop", canonical: "shop" },
  search: { path: "/search", module: "search", noindex: true },

  productDetails: { path: "/product-details", module: "product", sample: true },
  productDetailsList: { path: "/product-details-list", module: "product", canonical: "productDetails" },
  productDetailsVideo: { path: "/product-details-video", module: "product", canonical: "productDetails" },
  productDetailsSlider: { path: "/product-details-slider", module: "product", canonical: "productDetails" },
  productDetailsGallery: { path: "/product-details-gallery", module: "product", canonical: "productDetails" },
  productDetailsSwatches: {
    path: "/product-details-swatches",
    module: "product",
    canonical: "productDetails",
  },
  productDetailsCountdown: {
    path: "/product-details-countdown",
    module: "product",
    canonical: "productDetails",
  },
  product: { path: "/product-details/:id", module: "product" },

  blog: { path: "/blog", module: "blog" },
  blogGrid: { path: "/blog-grid", module: "blog", canonical: "blog" },
  blogList: { path: "/blog-list", module: "blog", canonical: "blog" },
  blogDetails: { path: "/blog-details", module: "blog-post", sample: true },
  blogDetails2: { path: "/blog-details-2", module: "blog-post", canonical: "blogDetails" },
  blogPost: { path: "/blog-details/:id", module: "blog-post" },

  about: { path: "/about", module: "about" },
  contact: { path: "/contact", module: "contact" },
  coupons: { path: "/coupons", module: "coupons" },

  cart: { path: "/cart", module: "cart", private: true },
  wishlist: { path: "/wishlist", module: "wishlist", private: true },
  compare: { path: "/compare", module: "compare", private: true },
  checkout: { path: "/checkout", module: "checkout", private: true },
  order: { path: "/order", module: "order", private: true },
  account: { path: "/account", module: "account", private: true },
  profile: { path: "/profile", module: "profile", private: true },
  login: { path: "/login", module: "sign-in", private: true },
  register: { path: "/register", module: "sign-in", private: true },
  forgot: { path: "/forgot", module: "sign-in", private: true },
  resetPassword: { path: "/reset-password", module: "sign-in", private: true },
} as const satisfies Record<string, ShopRoute>;

type Table = typeof table;
export type ShopRouteName = keyof Table;
export type RouteModuleName = Table[ShopRouteName]["module"];
/** The routes a module shows, by name ("shop" shows the shop and its nine other layouts). */
export type RoutesOf<M extends RouteModuleName> = {
  [N in ShopRouteName]: Table[N]["module"] extends M ? N : never;
}[ShopRouteName];

export const shopRoutes: Readonly<Record<ShopRouteName, ShopRoute>> = table;

/** The route a pathname shows, or null (the 404 page): as react-router matches, case and trailing slash aside. */
export const matchShopRoute = (pathname: string): RouteMatch<ShopRouteName, ShopRoute> | null =>
  matchRoute(shopRoutes, pathname);

/** The path search engines should index for a route: its own, or that of the page it is a layout of. */
export function canonicalPath(name: ShopRouteName): string {
  const route = shopRoutes[name];
  return route.canonical ? shopRoutes[route.canonical as ShopRouteName].path : route.path;
}

const withQuery = (path: string, query: string) => (query ? `${path}?${query}` : path);

/** Links to the shop's pages with a parameter or a query; every other page's link is its path. */
export const shopHref = {
  product: (id: string) => `/product-details/${encodeURIComponent(id)}`,
  blogPost: (id: string) => `/blog-details/${encodeURIComponent(id)}`,
  order: (id: string) => `/order?id=${encodeURIComponent(id)}`,
  /** The shop's listing with filters ("/shop?category=shoes"), on another layout's path if given. */
  listing: (filters: ListingFilters = {}, path: string = table.shop.path) =>
    withQuery(path, toListingQuery(filters).toString()),
  /** The search page for some words; the bare search page for none. */
  search: (text: string, filters: Omit<ListingFilters, "searchText"> = {}) =>
    withQuery(table.search.path, toListingQuery({ ...filters, searchText: text }).toString()),
};
