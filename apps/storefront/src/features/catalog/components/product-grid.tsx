/** Products in a responsive grid (or a list), with skeletons while they load. */
import Box from "@mui/material/Box";
import Skeleton from "@mui/material/Skeleton";
import type { ActionProduct } from "../product-actions.tsx";
import { ProductTile } from "./product-tile.tsx";

export interface GridColumns {
  xs?: number;
  sm?: number;
  md?: number;
  lg?: number;
  xl?: number;
}

const DEFAULT_COLUMNS: GridColumns = { xs: 2, sm: 3, md: 4 };

function template(columns: GridColumns, list: boolean) {
  if (list) return "1fr";
  return Object.fromEntries(Object.entries(columns).map(([bp, n]) => [bp, `repeat(${n}, minmax(0, 1fr))`]));
}

export function ProductGrid({
  products,
  layout = "grid",
  columns = DEFAULT_COLUMNS,
  priorityCount = 0,
}: {
  products: ActionProduct[];
  layout?: "grid" | "list";
  columns?: GridColumns;
  /** How many of the first pictures load eagerly with high priority (the page's LCP). */
  priorityCount?: number;
}) {
  return (
    <Box
      sx={{
        display: "grid",
        gap: { xs: 1.5, sm: 2 },
        gridTemplateColumns: template(columns, layout === "list"),
      }}
    >
      {products.map((product, index) => (
        <ProductTile key={product.id} product={product} layout={layout} priority={index < priorityCount} />
      ))}
    </Box>
  );
}

export function ProductGridSkeleton({
  count = 8,
  columns = DEFAULT_COLUMNS,
}: {
  count?: number;
  columns?: GridColumns;
}) {
  return (
    <Box
      role="status"
      aria-label="Loading products"
      sx={{ display: "grid", gap: { xs: 1.5, sm: 2 }, gridTemplateColumns: template(columns, false) }}
    >
      {Array.from({ length: count }, (_, i) => (
        <Box key={i}>
          <Skeleton
            variant="rectangular"
            sx={{ width: "100%", height: "auto", aspectRatio: "1 / 1", borderRadius: 2 }}
          />
          <Skeleton variant="text" sx={{ mt: 1 }} />
          <Skeleton variant="text" width="60%" />
        </Box>
      ))}
    </Box>
  );
}
