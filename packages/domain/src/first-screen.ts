/**
 * First-screen data: the server writes the answers a page's first render needs into its HTML, and the storefront
 * puts them into its query cache, so the first render needs no round trip. One list of keys for both sides:
 * `<script type="application/json" id="shop-data">[{"key": [...], "data": ...}, ...]</script>`, each entry a
 * query key of the storefront and the answer the API client gives for it.
 */

export const FIRST_SCREEN_ELEMENT_ID = "shop-data";

/** The keys the server may fill, with the API call each stands for. */
export const firstScreenKeys = {
  /** GET /api/banners?active=true&position={position}: the Paginated<Banner> the client makes of it. */
  banners: (position: string) => ["banners", position],
  /** GET /api/product/featured: the Product[] answer. */
  featured: () => ["products", "featured"],
  /** GET /api/product/{idOrSlug}: the Product answer, keyed by the id or slug in the page's URL. */
  product: (idOrSlug: string) => ["products", "detail", idOrSlug],
  /**
   * GET /api/product?{filters}: the Paginated<Product> the client makes of it. The storefront's listing asks
   * for each page with the URL's filters and `page` always set (1 when the URL has none).
   */
  listing: (filters: object) => ["products", "list", filters],
  /**
   * GET /api/product/search?query={text}&{filters}: the Paginated<Product> the client makes of it. The search page
   * asks for each page with the URL's filters (its searchText among them) and `page` always set.
   */
  search: (text: string, filters: object) => ["products", "search", text, filters],
  /** GET /api/product/search/did-you-mean?query={text}: the DidYouMean answer (asked when a search finds nothing). */
  didYouMean: (text: string) => ["products", "did-you-mean", text],
  /** GET /api/product/facets?{filters}: the ProductFacets answer, with the URL's filters as they are. */
  facets: (filters: object) => ["products", "facets", filters],
  /** GET /api/blog?page&pageSize: the Paginated<BlogPost> the client makes of it. */
  blogList: (page: number, pageSize: number) => ["blog", "list", page, pageSize],
  /** GET /api/blog/{idOrSlug}: the BlogPost answer, keyed by the id or slug in the page's URL. */
  blogPost: (idOrSlug: string) => ["blog", "post", idOrSlug],
  /** GET /api/coupons: the Paginated<Coupon> of the coupons usable now. */
  coupons: () => ["coupons"],
  /** GET /api/Exchange/rate?from=USD&to=DOP: the ExchangeRateResponse answer (every page shows prices). */
  exchangeRate: () => ["exchange-rate", "USD", "DOP"],
} as const;

/** The blog list page a URL's query asks for (`?page=`, 1 to 10,000); 1 for anything else. */
export function blogPageOf(query: { get(name: string): string | null }): number {
  const requested = Number(query.get("page"));
  return Number.isSafeInteger(requested) && requested >= 1 && requested <= 10_000 ? requested : 1;
}

export interface FirstScreenEntry {
  key: readonly unknown[];
  data: unknown;
}

/**
 * The cookie the storefront copies the shopper's preferred currency into (browser storage stays the record of
 * it, spec section 4): the server draws each page's prices in that currency, so the page the shopper sees first
 * is the one the app then takes over, without a flash of the other currency.
 */
export const CURRENCY_COOKIE = "preferred-currency";

/** A cookie's value in a `Cookie` header or `document.cookie` ("a=1; b=2"), or null (absent or badly escaped). */
export function cookieValue(cookies: string, name: string): string | null {
  for (const pair of cookies.split(";")) {
    const [key, ...value] = pair.trim().split("=");
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join("="));
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The attribute the server puts on `<div id="root">` when it has drawn the page into it; the storefront removes it
 * once it has taken the page over (until then the page shows but does not yet answer the app's controls).
 */
export const SERVER_RENDERED_ATTRIBUTE = "data-server-rendered";
