/** /shop and its variants: one listing configured by the variant. */
import { useQuery } from "@tanstack/react-query";
import { LoadError } from "#components/load-error.tsx";
import { CategoryTiles } from "#features/catalog/components/category-tiles.tsx";
import { type ListingVariant, ShopListing } from "#features/catalog/components/shop-listing.tsx";
import { catalogQueries } from "#features/catalog/queries.ts";
import { usePageHead } from "#lib/use-page-head.ts";

export type ShopVariant =
  | "default"
  | "wide"
  | "list"
  | "full-width"
  | "no-sidebar"
  | "right-sidebar"
  | "load-more"
  | "categories"
  | "filter-dropdown"
  | "filter-offcanvas";

const base: ListingVariant = { width: "xl", layout: "grid", filters: "left", paging: "pages" };

const VARIANTS: Record<ShopVariant, ListingVariant> = {
  default: base,
  wide: { ...base, width: "wide" },
  list: { ...base, layout: "list" },
  "full-width": { ...base, width: "fluid" },
  "no-sidebar": { ...base, filters: "none" },
  "right-sidebar": { ...base, filters: "right" },
  "load-more": { ...base, paging: "load-more" },
  categories: base,
  "filter-dropdown": { ...base, filters: "dropdown" },
  "filter-offcanvas": { ...base, filters: "offcanvas" },
};

function Categories() {
  const { data, error, refetch } = useQuery(catalogQueries.categories());
  if (error) return <LoadError error={error} onRetry={() => refetch()} what="the categories" />;
  return <CategoryTiles categories={data?.items} />;
}

export default function ShopPage({ variant }: { variant: ShopVariant }) {
  usePageHead(
    variant === "categories" ? "Shop by category" : "Shop",
    "Every product in the shop, with filters by price, type, category and brand.",
  );
  const config =
    variant === "categories" ? { ...VARIANTS.categories, before: <Categories /> } : VARIANTS[variant];
  return <ShopListing variant={config} title={variant === "categories" ? "Shop by category" : "Shop"} />;
}
