/** Sections several pages show: the banners of a place, a short product listing, the category tiles. */
import Skeleton from "@mui/material/Skeleton";
import type { ListingFilters } from "@shop/domain/catalogue";
import { BannerSlider } from "@shop/ui/banner-slider";
import { EmptyState } from "@shop/ui/empty-state";
import { ProductGridSkeleton } from "@shop/ui/skeletons";
import { useQuery } from "@tanstack/react-query";
import { LoadError } from "#components/load-error.tsx";
import { catalogQueries } from "../queries.ts";
import { CategoryTiles } from "./category-tiles.tsx";
import { ProductGrid } from "./product-grid.tsx";

/**
 * The banners showing now in one place, as a slider (one banner: just the banner). `priority`: the first is the
 * page's LCP image, and a placeholder of its size holds its place while the banners load.
 */
export function Banners({
  position,
  priority = false,
  label,
}: {
  position: string;
  priority?: boolean;
  label?: string;
}) {
  const { data, error, refetch } = useQuery(catalogQueries.banners(position));
  if (error) return <LoadError error={error} onRetry={() => refetch()} what="the banners" />;
  if (!data) {
    if (!priority) return null;
    return (
      <Skeleton
        variant="rectangular"
        sx={{ width: "100%", height: "auto", aspectRatio: "1600 / 600", borderRadius: 2 }}
      />
    );
  }
  return <BannerSlider banners={data.items} priority={priority} label={label} />;
}

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
