/**
 * First-screen data the server may write into the HTML, so the first render needs no round trip:
 * `<script type="application/json" id="shop-data">[{"key": [...], "data": ...}, ...]</script>`, each entry a
 * TanStack Query key of the storefront (firstScreenKeys) and the answer the API gives for it.
 */
import type { QueryClient } from "@tanstack/react-query";

export const FIRST_SCREEN_ELEMENT_ID = "shop-data";

/** The keys the server may fill, with the API call each stands for. */
export const firstScreenKeys = {
  /** GET /api/banners?active=true&position={position}: the Paginated<Banner> answer. */
  banners: (position: string) => ["banners", position],
  /** GET /api/product/featured: the Product[] answer. */
  featured: () => ["products", "featured"],
  /** GET /api/product/{idOrSlug}: the Product answer, keyed by the id or slug in the page's URL. */
  product: (idOrSlug: string) => ["products", "detail", idOrSlug],
} as const;

/** Puts the server's first-screen answers (the element's text) into the query cache; anything malformed is ignored. */
export function seedFirstScreen(client: QueryClient, text: string | null | undefined): number {
  if (!text) return 0;
  let entries: unknown;
  try {
    entries = JSON.parse(text);
  } catch {
    return 0;
  }
  if (!Array.isArray(entries)) return 0;
  let seeded = 0;
  for (const entry of entries) {
    const { key, data } = (entry ?? {}) as { key?: unknown; data?: unknown };
    if (!Array.isArray(key) || data === undefined || data === null) continue;
    client.setQueryData(key, data);
    seeded += 1;
  }
  return seeded;
}
