/** Products as @shop/ui's cards in a responsive grid (or a list), wired to the app's actions and the shopper's currency. */
import Box from "@mui/material/Box";
import type { Product } from "@shop/domain/schemas/public";
import { ProductCard } from "@shop/ui/product-card";
import { ProductGridSkeleton } from "@shop/ui/skeletons";
import { useSetAtom } from "jotai";
import { useMoney } from "#features/currency/use-money.ts";
import { shopHref } from "#routes.ts";
import { openQuickViewAtom } from "../atoms.ts";
import { useProductActions } from "../use-product-actions.ts";

export interface GridColumns {
  xs?: number;
  sm?: number;
  md?: number;
  lg?: number;
  xl?: number;
}

const DEFAULT_COLUMNS: GridColumns = { xs: 2, sm: 3, md: 4 };

function template(columns: GridColumns) {
  return Object.fromEntries(Object.entries(columns).map(([bp, n]) => [bp, `repeat(${n}, minmax(0, 1fr))`]));
}

export function ProductGrid({
  products,
  layout = "grid",
  columns = DEFAULT_COLUMNS,
  priorityCount = 0,
}: {
  products: Product[];
  layout?: "grid" | "list";
  columns?: GridColumns;
  /** How many of the first pictures load at once with high priority (the page's LCP image). */
  priorityCount?: number;
}) {
  const money = useMoney();
  const actions = useProductActions();
  const openQuickView = useSetAtom(openQuickViewAtom);
  if (!money) return <ProductGridSkeleton layout={layout} count={Math.min(products.length, 8)} />;
  return (
    <Box
      sx={{
        display: "grid",
        gap: { xs: 1.5, sm: 2 },
        gridTemplateColumns: layout === "list" ? "1fr" : template(columns),
      }}
    >
      {products.map((product, index) => (
        <ProductCard
          key={product.id}
          product={product}
          layout={layout}
          href={shopHref.product(product.id)}
          currency={money.currency}
          rate={money.rate}
          priority={index < priorityCount}
          inWishlist={actions.inWishlist(product.id)}
          inCompare={actions.inCompare(product.id)}
          onAddToCart={(p) => actions.addToCart(p, 1)}
          onQuickView={(p) => openQuickView(p)}
          onToggleWishlist={(p) => actions.toggleWishlist(p)}
          onToggleCompare={(p) => actions.toggleCompare(p)}
        />
      ))}
    </Box>
  );
}
