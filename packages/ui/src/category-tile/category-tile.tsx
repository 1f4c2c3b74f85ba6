/** A category as a tile linking to its listing: picture, name and how many products it holds. */
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { counted } from "@shop/domain/messages";
import type { Category } from "@shop/domain/schemas/public";
import { ShopImage } from "#internal/shop-image.tsx";
import { PICTURE_SLOTS } from "#responsive-picture/picture-slots.ts";

export interface CategoryTileProps {
  category: Category;
  href: string;
  /** The picture's intrinsic size (the shop's category pictures are 600 × 600). */
  imageSize?: number;
  /** The heading level of the name. */
  component?: "h2" | "h3" | "h4";
}

export function CategoryTile({ category, href, imageSize = 600, component = "h3" }: CategoryTileProps) {
  const count = counted(category.productCount, "product", "products");
  return (
    <Link
      href={href}
      underline="none"
      sx={{
        display: "block",
        color: "text.primary",
        bgcolor: "background.paper",
        borderRadius: 2,
        overflow: "hidden",
        boxShadow: 1,
        "&:hover": { boxShadow: 4 },
      }}
    >
      {category.img ? (
        <ShopImage
          src={category.img}
          alt=""
          width={imageSize}
          height={imageSize}
          slot={PICTURE_SLOTS.categoryTile}
        />
      ) : (
        <Box
          aria-hidden="true"
          sx={{
            aspectRatio: "1 / 1",
            display: "grid",
            placeItems: "center",
            bgcolor: "primary.main",
            color: "primary.contrastText",
            fontSize: "3rem",
            fontWeight: 700,
          }}
        >
          {category.name.slice(0, 1)}
        </Box>
      )}
      <Box sx={{ p: 1.5 }}>
        <Typography component={component} variant="h4" sx={{ fontSize: "1rem" }}>
          {category.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {count}
        </Typography>
      </Box>
    </Link>
  );
}
