/** Sections several pages show below their first screen: a short product listing, the category tiles (the banners: banners.tsx). */
import type { ListingFilters } from "@shop/domain/catalogue";
import { EmptyState } from "@shop/ui/empty-state";
import { ProductGridSkeleton } from "@shop/ui/skeletons";
import { useQuery } from "@tanstack/react-query";
import { LoadError } from "#components/load-error.tsx";
import { catalogQueries } from "../queries.ts";
import { CategoryTiles } from "./category-tiles.tsx";
import { ProductGrid } from "./product-grid.tsx";

/** A few products of a listing query. */
export function Listed({ filters, count = 4 }: { filters: ListingFilters; count?: number }) {
  const { data, error, refetch, isPending } = useQuery(catalogQueries.list(filters));
  if (isPending) return <ProductGridSkeleton count={count} />;
  if (error) return <LoadError error={error} onRetry={() => refetch()} what="these products" />;
  if (data.items.length === 0)
    return <EmptyState title="No products here yet" action={{ label: "Browse the shop", href: "/shop" }} />;
  return <ProductGrid products={data.items} />;
}

/** The category tiles, optionally of one product type and at most `count`. */
export function Categories({
  productType,
  count,
}: {
  productType?: Parameters<typeof catalogQueries.categories>[0];
  count?: number;
}) {
  const { data, error, refetch } = useQuery(catalogQueries.categories(productType));
  if (error) return <LoadError error={error} onRetry={() => refetch()} what="the categories" />;
  return <CategoryTiles categories={data?.items.slice(0, count)} />;
}
