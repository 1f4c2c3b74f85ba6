/**
 * The route tables of the storefront and the back office (spec section 2): one list each, read by the apps'
 * routers and by the server that serves them (real 404s, page titles, sitemap). Paths use react-router's
 * syntax; `:id` is the only parameter.
 */

export interface RouteEntry {
  /** react-router path: "/shop", "/product-details/:id". */
  readonly path: string;
  /** The page's name in the document title and in link previews. */
  readonly title: string;
  /**
   * "default": the shop's header and footer; "own": the page brings its own (the alternative home designs,
   * which the spec lists as having no layout).
   */
  readonly layout?: "default" | "own";
  /** Pages about one shopper (cart, account, checkout...): never indexed, never in the sitemap. */
  readonly private?: boolean;
  /**
   * The app's page module that shows it (the storefront's `src/pages/{page}.tsx`): the router loads it, and the
   * server tells the browser to fetch its code along with the app's own, so the first render waits for no
   * second round trip.
   */
  readonly page?: string;
}

const shopPages = {
  home: { path: "/", title: "Home", page: "home" },
  home2: { path: "/home-2", title: "Electronics", layout: "own", page: "alt-home" },
  home3: { path: "/home-3", title: "Fashion", layout: "own", page: "alt-home" },
  home4: { path: "/home-4", title: "Beauty & Jewelry", layout: "own", page: "alt-home" },
  notFound: { path: "/404", title: "Page not found", page: "not-found" },

  shop: { path: "/shop", title: "Shop", page: "shop" },
  shop1600: { path: "/shop-1600", title: "Shop", page: "shop" },
  shopList: { path: "/shop-list", title: "Shop", page: "shop" },
  shopFullWidth: { path: "/shop-full-width", title: "Shop", page: "shop" },
  shopNoSidebar: { path: "/shop-no-sidebar", title: "Shop", page: "shop" },
  shopRightSidebar: { path: "/shop-right-sidebar", title: "Shop", page: "shop" },
  shopLoadMore: { path: "/shop-load-more", title: "Shop", page: "shop" },
  shopCategories: { path: "/shop-categories", title: "Shop by category", page: "shop" },
  shopFilterDropdown: { path: "/shop-filter-dropdown", title: "Shop", page: "shop" },
  shopFilterOffcanvas: { path: "/shop-filter-offcanvas", title: "Shop", page: "shop" },
  search: { path: "/search", title: "Search", page: "search" },

  productDetails: { path: "/product-details", title: "Product", page: "product" },
  productDetailsList: { path: "/product-details-list", title: "Product", page: "product" },
  productDetailsVideo: { path: "/product-details-video", title: "Product", page: "product" },
  productDetailsSlider: { path: "/product-details-slider", title: "Product", page: "product" },
  productDetailsGallery: { path: "/product-details-gallery", title: "Product", page: "product" },
  productDetailsSwatches: { path: "/product-details-swatches", title: "Product", page: "product" },
  productDetailsCountdown: { path: "/product-details-countdown", title: "Product", page: "product" },
  product: { path: "/product-details/:id", title: "Product", page: "product" },

  blog: { path: "/blog", title: "Blog", page: "blog" },
  blogGrid: { path: "/blog-grid", title: "Blog", page: "blog" },
  blogList: { path: "/blog-list", title: "Blog", page: "blog" },
  blogDetails: { path: "/blog-details", title: "Blog post", page: "blog-post" },
  blogDetails2: { path: "/blog-details-2", title: "Blog post", page: "blog-post" },
  blogPost: { path: "/blog-details/:id", title: "Blog post", page: "blog-post" },

  about: { path: "/about", title: "About us", page: "about" },
  contact: { path: "/contact", title: "Contact", page: "contact" },
  coupons: { path: "/coupons", title: "Coupons", page: "coupons" },

  cart: { path: "/cart", title: "Cart", private: true, page: "cart" },
  wishlist: { path: "/wishlist", title: "Wishlist", private: true, page: "wishlist" },
  compare: { path: "/compare", title: "Compare", private: true, page: "compare" },
  checkout: { path: "/checkout", title: "Checkout", private: true, page: "checkout" },
  order: { path: "/order", title: "Order", private: true, page: "order" },
  account: { path: "/account", title: "My account", private: true, page: "account" },
  profile: { path: "/profile", title: "Profile", private: true, page: "account" },
  login: { path: "/login", title: "Sign in", private: true, page: "sign-in" },
  register: { path: "/register", title: "Create an account", private: true, page: "sign-in" },
  forgot: { path: "/forgot", title: "Forgot password", private: true, page: "sign-in" },
  resetPassword: { path: "/reset-password", title: "Reset password", private: true, page: "sign-in" },
} as const satisfies Record<string, RouteEntry>;

export type ShopRouteName = keyof typeof shopPages;
export const shopRoutes: Readonly<Record<ShopRouteName, RouteEntry>> = shopPages;

/** Links to the pages with a parameter; every other page's link is its path. */
export const shopHref = {
  product: (id: string) => `/product-details/${encodeURIComponent(id)}`,
  blogPost: (id: string) => `/blog-details/${encodeURIComponent(id)}`,
  order: (id: string) => `/order?id=${encodeURIComponent(id)}`,
} as const;

/** The back office lives under this path on the admin host. */
export const ADMIN_BASENAME = "/admin";

/** Back-office pages the spec names (paths below ADMIN_BASENAME); the app may have more, under the same basename. */
const adminPages = {
  dashboard: { path: "/dashboard", title: "Dashboard" },
  users: { path: "/users", title: "Users" },
  user: { path: "/users/:id", title: "User" },
  userEdit: { path: "/users/edit/:id", title: "Edit user" },
  orders: { path: "/orders", title: "Orders" },
  order: { path: "/orders/:id", title: "Order" },
  coupons: { path: "/coupons", title: "Coupons" },
  coupon: { path: "/coupons/:id", title: "Coupon" },
  products: { path: "/products", title: "Products" },
  productCreate: { path: "/products/create", title: "New product" },
  product: { path: "/products/:id", title: "Product" },
  categories: { path: "/categories", title: "Categories" },
  categoryCreate: { path: "/categories/create", title: "New category" },
  category: { path: "/categories/:id", title: "Category" },
  exchangeRates: { path: "/exchange-rates", title: "Exchange rates" },
  shipping: { path: "/shipping", title: "Shipping" },
  salesChart: { path: "/SalesChart", title: "Sales chart" },
  sidebarNav: { path: "/SidebarNav", title: "Navigation" },
  statusNotification: { path: "/StatusNotification", title: "Status notifications" },
  productImageManager: { path: "/ProductImageManager", title: "Product images" },
  bannerManagement: { path: "/BannerManagement.vue", title: "Banners" },
} as const satisfies Record<string, RouteEntry>;

export type AdminRouteName = keyof typeof adminPages;
export const adminRoutes: Readonly<Record<AdminRouteName, RouteEntry>> = adminPages;

export interface RouteMatch<N extends string> {
  name: N;
  route: RouteEntry;
  params: Record<string, string>;
}

/**
 * The route a pathname shows, or null (the 404 page). Literal segments compare case-insensitively, as
 * react-router does; a trailing slash is ignored; a parameter is one non-empty segment, URL-decoded.
 */
export function matchRoute<N extends string>(
  routes: Readonly<Record<N, RouteEntry>>,
  pathname: string,
): RouteMatch<N> | null {
  const segments = splitPath(pathname);
  if (!segments) return null;
  let best: RouteMatch<N> | null = null;
  for (const name of Object.keys(routes) as N[]) {
    const route = routes[name];
    const pattern = splitPath(route.path)!;
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let literal = true;
    const matched = pattern.every((part, i) => {
      const segment = segments[i]!;
      if (part.startsWith(":")) {
        literal = false;
        params[part.slice(1)] = segment;
        return true;
      }
      return part.toLowerCase() === segment.toLowerCase();
    });
    if (!matched) continue;
    // A literal path ("/products/create") wins over a parameter ("/products/:id").
    if (literal) return { name, route, params };
    best ??= { name, route, params };
  }
  return best;
}

function splitPath(pathname: string): string[] | null {
  const segments: string[] = [];
  for (const raw of pathname.split("/")) {
    if (raw === "") continue;
    try {
      segments.push(decodeURIComponent(raw));
    } catch {
      return null;
    }
  }
  return segments;
}
