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
} as const;

export interface FirstScreenEntry {
  key: readonly unknown[];
  data: unknown;
}
