/**
 * The back office's route table (spec section 2) and the matching both apps' tables share: paths in react-router's
 * syntax, `:id` the only parameter. The storefront's table is its own (apps/storefront/src/routes.ts), as it names
 * the storefront's route modules.
 */

export interface RouteEntry {
  /** react-router path: "/users", "/users/:id". */
  readonly path: string;
  /** The page's name in the document title. */
  readonly title: string;
}

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

export interface RouteMatch<N extends string, R extends { path: string } = RouteEntry> {
  name: N;
  route: R;
  params: Record<string, string>;
}

/**
 * The route a pathname shows, or null (the 404 page). Literal segments compare case-insensitively, as
 * react-router does; a trailing slash is ignored; a parameter is one non-empty segment, URL-decoded.
 */
export function matchRoute<N extends string, R extends { path: string }>(
  routes: Readonly<Record<N, R>>,
  pathname: string,
): RouteMatch<N, R> | null {
  const segments = splitPath(pathname);
  if (!segments) return null;
  let best: RouteMatch<N, R> | null = null;
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
