/** @shop/ui's category tiles in a grid, each linking to the shop filtered by its category. */
import Box from "@mui/material/Box";
import Skeleton from "@mui/material/Skeleton";
import type { Category } from "@shop/domain/schemas/public";
import { CategoryTile } from "@shop/ui/category-tile";
import { shopHref } from "#routes.ts";

const columns = { xs: "repeat(2, 1fr)", sm: "repeat(3, 1fr)", md: "repeat(6, 1fr)" };

export function CategoryTiles({ categories }: { categories: Category[] | undefined }) {
  if (!categories) {
    return (
      <Box
        role="status"
        aria-label="Loading categories"
        sx={{ display: "grid", gap: 1.5, gridTemplateColumns: columns }}
      >
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton
            key={i}
            variant="rectangular"
            sx={{ width: "100%", height: "auto", aspectRatio: "3 / 4", borderRadius: 2 }}
          />
        ))}
      </Box>
    );
  }
  return (
    <Box
      component="ul"
      sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1.5, gridTemplateColumns: columns }}
    >
      {categories.map((category) => (
        <li key={category.id}>
          <CategoryTile category={category} href={shopHref.listing({ category: category.slug })} />
        </li>
      ))}
    </Box>
  );
}
