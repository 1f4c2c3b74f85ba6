/** Category tiles linking to the shop filtered by category. */
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import type { Category } from "@shop/domain/schemas";

export const categoryHref = (category: Pick<Category, "slug">) => `/shop?category=${category.slug}`;

export function CategoryTiles({ categories }: { categories: Category[] | undefined }) {
  return (
    <Box
      sx={{
        display: "grid",
        gap: 1.5,
        gridTemplateColumns: { xs: "repeat(2, 1fr)", sm: "repeat(3, 1fr)", md: "repeat(6, 1fr)" },
      }}
    >
      {(categories ?? Array.from({ length: 6 }, () => null)).map((category, index) =>
        category ? (
          <Link
            key={category.id}
            href={categoryHref(category)}
            sx={{
              display: "block",
              bgcolor: "background.paper",
              border: 1,
              borderColor: "divider",
              borderRadius: 2,
              overflow: "hidden",
              color: "text.primary",
            }}
          >
            <Box
              component="img"
              src={category.img ?? ""}
              alt=""
              width={600}
              height={600}
              loading="lazy"
              decoding="async"
              sx={{
                display: "block",
                width: "100%",
                height: "auto",
                aspectRatio: "1 / 1",
                bgcolor: "#eef0f4",
              }}
            />
            <Typography sx={{ p: 1, fontWeight: 600, textAlign: "center" }}>
              {category.name}{" "}
              <Box component="span" sx={{ color: "text.secondary", fontWeight: 400 }}>
                ({category.productCount})
              </Box>
            </Typography>
          </Link>
        ) : (
          <Skeleton
            key={index}
            variant="rectangular"
            sx={{ width: "100%", height: "auto", aspectRatio: "3 / 4", borderRadius: 2 }}
          />
        ),
      )}
    </Box>
  );
}
