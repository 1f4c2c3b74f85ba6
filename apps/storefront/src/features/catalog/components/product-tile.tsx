/** A product in a grid or a list: picture, badges, title, rating, price and its buttons. */
import CompareArrowsIcon from "@mui/icons-material/CompareArrows";
import FavoriteIcon from "@mui/icons-material/Favorite";
import FavoriteBorderIcon from "@mui/icons-material/FavoriteBorder";
import VisibilityOutlinedIcon from "@mui/icons-material/VisibilityOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Rating from "@mui/material/Rating";
import Typography from "@mui/material/Typography";
import { shopHref } from "@shop/domain/routes";
import { useSetAtom } from "jotai";
import { openQuickViewAtom } from "../atoms.ts";
import { type ActionProduct, useProductActions } from "../product-actions.tsx";
import { PriceText } from "./price-text.tsx";

export function ProductTile({
  product,
  layout = "grid",
  priority = false,
}: {
  product: ActionProduct;
  layout?: "grid" | "list";
  priority?: boolean;
}) {
  const actions = useProductActions();
  const openQuickView = useSetAtom(openQuickViewAtom);
  const href = shopHref.product(product.id);
  const soldOut = product.status === "out-of-stock";
  const inWishlist = actions.inWishlist(product.id);
  const inCompare = actions.inCompare(product.id);
  const list = layout === "list";
  return (
    <Box
      component="article"
      sx={{
        bgcolor: "background.paper",
        border: 1,
        borderColor: "divider",
        borderRadius: 2,
        overflow: "hidden",
        display: "flex",
        flexDirection: list ? { xs: "column", sm: "row" } : "column",
        height: "100%",
      }}
    >
      <Box sx={{ position: "relative", flexShrink: 0, width: list ? { xs: "100%", sm: 240 } : "100%" }}>
        <Link href={href} tabIndex={-1} aria-hidden="true">
          <Box
            component="img"
            src={product.img}
            alt=""
            width={600}
            height={600}
            loading={priority ? "eager" : "lazy"}
            fetchPriority={priority ? "high" : "auto"}
            decoding="async"
            sx={{ display: "block", width: "100%", height: "auto", aspectRatio: "1 / 1", bgcolor: "#eef0f4" }}
          />
        </Link>
        <Box sx={{ position: "absolute", top: 8, left: 8, display: "flex", gap: 0.5 }}>
          {product.discount > 0 && <Badge tone="sale">-{product.discount}%</Badge>}
          {soldOut && <Badge tone="out">Out of stock</Badge>}
        </Box>
      </Box>
      <Box sx={{ p: 1.5, display: "flex", flexDirection: "column", gap: 0.75, flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          {product.parent}
        </Typography>
        <Typography component="h3" sx={{ fontWeight: 600, fontSize: "1rem", lineHeight: 1.3 }}>
          <Link href={href} sx={{ color: "text.primary" }}>
            {product.title}
          </Link>
        </Typography>
        <Box sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
          <Rating
            value={product.rating}
            precision={0.5}
            size="small"
            readOnly
            aria-label={`Rated ${product.rating} out of 5`}
          />
          <Typography variant="body2" sx={{ color: "text.secondary" }}>
            ({product.reviewCount})
          </Typography>
        </Box>
        <PriceText price={product.price} discount={product.discount} />
        {list && (
          <Typography variant="body2" sx={{ color: "text.secondary" }}>
            {product.description.slice(0, 160)}
            {product.description.length > 160 ? "…" : ""}
          </Typography>
        )}
        <Box sx={{ mt: "auto", pt: 1, display: "flex", alignItems: "center", gap: 0.5 }}>
          <Button
            variant="contained"
            size="small"
            disabled={soldOut}
            onClick={() => actions.addToCart(product, 1)}
            aria-label={`Add ${product.title} to cart`}
            sx={{ flex: list ? "0 0 auto" : 1, whiteSpace: "nowrap" }}
          >
            {soldOut ? "Sold out" : "Add To Cart"}
          </Button>
          <IconButton
            size="small"
            aria-label={`Quick view ${product.title}`}
            onClick={() => openQuickView(product)}
          >
            <VisibilityOutlinedIcon fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={`${inWishlist ? "Remove from" : "Add to"} wishlist: ${product.title}`}
            aria-pressed={inWishlist}
            onClick={() => actions.toggleWishlist(product)}
          >
            {inWishlist ? (
              <FavoriteIcon fontSize="small" color="secondary" />
            ) : (
              <FavoriteBorderIcon fontSize="small" />
            )}
          </IconButton>
          <IconButton
            size="small"
            aria-label={`${inCompare ? "Remove from" : "Add to"} compare: ${product.title}`}
            aria-pressed={inCompare}
            onClick={() => actions.toggleCompare(product)}
            color={inCompare ? "primary" : "default"}
          >
            <CompareArrowsIcon fontSize="small" />
          </IconButton>
        </Box>
      </Box>
    </Box>
  );
}

function Badge({ tone, children }: { tone: "sale" | "out"; children: React.ReactNode }) {
  return (
    <Box
      component="span"
      sx={{
        px: 0.75,
        py: 0.25,
        borderRadius: 1,
        fontSize: "0.75rem",
        fontWeight: 700,
        color: "#fff",
        bgcolor: tone === "sale" ? "secondary.main" : "#55535c",
      }}
    >
      {children}
    </Box>
  );
}
