/** A product in a listing, as a grid tile or a list row: picture, badges, title, rating, price and its actions. */
import CompareArrowsIcon from "@mui/icons-material/CompareArrows";
import FavoriteIcon from "@mui/icons-material/Favorite";
import FavoriteBorderIcon from "@mui/icons-material/FavoriteBorder";
import VisibilityOutlinedIcon from "@mui/icons-material/VisibilityOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { DESCRIPTION_PREVIEW_LENGTH } from "@shop/domain/constants";
import type { Product } from "@shop/domain/schemas";
import type { MoneyProps } from "#internal/money.ts";
import { ShopImage } from "#internal/shop-image.tsx";
import { Price } from "../price/price.tsx";
import { RatingStars } from "../rating-stars/rating-stars.tsx";

export interface ProductCardProps extends MoneyProps {
  product: Product;
  layout: "grid" | "list";
  /** The product's page. */
  href: string;
  inWishlist?: boolean;
  inCompare?: boolean;
  /** The card's picture is the page's LCP image: loaded at once with high fetch priority. */
  priority?: boolean;
  onAddToCart?: (product: Product) => void;
  onQuickView?: (product: Product) => void;
  onToggleWishlist?: (product: Product) => void;
  onToggleCompare?: (product: Product) => void;
  /** The heading level of the title. */
  component?: "h2" | "h3";
}

export const OUT_OF_STOCK = "Out of stock";

/** The description cut to the preview length at a word, with an ellipsis. */
function preview(text: string): string {
  if (text.length <= DESCRIPTION_PREVIEW_LENGTH) return text;
  const cut = text.slice(0, DESCRIPTION_PREVIEW_LENGTH);
  const space = cut.lastIndexOf(" ");
  return `${(space > 60 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const badgeSx = {
  px: 1,
  py: 0.25,
  borderRadius: 1,
  fontSize: "0.75rem",
  fontWeight: 700,
  lineHeight: 1.6,
} as const;

const roundButtonSx = {
  bgcolor: "background.paper",
  boxShadow: 1,
  "&:hover": { bgcolor: "background.paper", boxShadow: 3 },
} as const;

export function ProductCard({
  product,
  layout,
  href,
  currency,
  rate,
  inWishlist = false,
  inCompare = false,
  priority = false,
  onAddToCart,
  onQuickView,
  onToggleWishlist,
  onToggleCompare,
  component = "h3",
}: ProductCardProps) {
  const list = layout === "list";
  const outOfStock = product.status === "out-of-stock" || product.quantity <= 0;
  const picture = product.img || product.imageURLs[0]?.img;
  const { title } = product;

  return (
    <Box
      component="article"
      data-layout={layout}
      sx={{
        position: "relative",
        display: "grid",
        gridTemplateColumns: list
          ? { xs: "minmax(0, 2fr) minmax(0, 3fr)", sm: "minmax(0, 1fr) minmax(0, 2fr)" }
          : "1fr",
        gap: list ? 2 : 1.5,
        p: 1.5,
        height: "100%",
        bgcolor: "background.paper",
        borderRadius: 2,
        boxShadow: 1,
      }}
    >
      <Box sx={{ position: "relative" }}>
        {/* The title is the link screen readers and keyboards use; the picture repeats it for the pointer. */}
        <Link
          href={href}
          tabIndex={-1}
          aria-hidden="true"
          sx={{ display: "block", borderRadius: 1, overflow: "hidden" }}
        >
          {picture ? (
            <ShopImage
              src={picture}
              alt={title}
              width={600}
              height={600}
              priority={priority}
              sx={{ bgcolor: "background.default", opacity: outOfStock ? 0.6 : 1 }}
            />
          ) : (
            <Box sx={{ aspectRatio: "1 / 1", bgcolor: "background.default" }} />
          )}
        </Link>
        <Box sx={{ position: "absolute", top: 8, left: 8, display: "grid", gap: 0.5, justifyItems: "start" }}>
          {outOfStock && (
            <Box component="span" sx={{ ...badgeSx, bgcolor: "text.primary", color: "background.paper" }}>
              {OUT_OF_STOCK}
            </Box>
          )}
          {product.discount > 0 && (
            <Box
              component="span"
              sx={{ ...badgeSx, bgcolor: "secondary.main", color: "secondary.contrastText" }}
            >
              -{product.discount}%
            </Box>
          )}
        </Box>
        {(onToggleWishlist || onToggleCompare || onQuickView) && (
          <Box sx={{ position: "absolute", top: 8, right: 8, display: "grid", gap: 0.75 }}>
            {onToggleWishlist && (
              <IconButton
                size="small"
                aria-label={inWishlist ? `Remove ${title} from wishlist` : `Add ${title} to wishlist`}
                aria-pressed={inWishlist}
                onClick={() => onToggleWishlist(product)}
                sx={{ ...roundButtonSx, color: inWishlist ? "secondary.main" : "text.primary" }}
              >
                {inWishlist ? <FavoriteIcon fontSize="small" /> : <FavoriteBorderIcon fontSize="small" />}
              </IconButton>
            )}
            {onToggleCompare && (
              <IconButton
                size="small"
                aria-label={inCompare ? `Remove ${title} from compare` : `Add ${title} to compare`}
                aria-pressed={inCompare}
                onClick={() => onToggleCompare(product)}
                sx={{ ...roundButtonSx, color: inCompare ? "primary.main" : "text.primary" }}
              >
                <CompareArrowsIcon fontSize="small" />
              </IconButton>
            )}
            {onQuickView && (
              <IconButton
                size="small"
                aria-label={`Quick view of ${title}`}
                aria-haspopup="dialog"
                onClick={() => onQuickView(product)}
                sx={{ ...roundButtonSx, color: "text.primary" }}
              >
                <VisibilityOutlinedIcon fontSize="small" />
              </IconButton>
            )}
          </Box>
        )}
      </Box>

      <Box sx={{ display: "flex", flexDirection: "column", gap: 0.75, minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary" noWrap>
          {product.children || product.parent}
        </Typography>
        <Typography
          component={component}
          sx={{
            fontSize: list ? "1.125rem" : "1rem",
            fontWeight: 600,
            lineHeight: 1.35,
            // Long titles stop after two lines; the whole title stays in the DOM for search and screen readers.
            display: "-webkit-box",
            WebkitLineClamp: 2,
            WebkitBoxOrient: "vertical",
            overflow: "hidden",
          }}
        >
          <Link href={href} color="inherit" underline="hover" title={title}>
            {title}
          </Link>
        </Typography>
        <RatingStars value={product.rating} count={product.reviewCount} />
        <Price price={product.price} discount={product.discount} currency={currency} rate={rate} />
        {list && product.description && (
          <Typography variant="body2" color="text.secondary">
            {preview(product.description)}
          </Typography>
        )}
        {onAddToCart && (
          <Box sx={{ mt: "auto", pt: 0.5 }}>
            {/* Out of stock: the button stays focusable and says why instead of doing nothing silently. */}
            <Button
              variant="contained"
              size="small"
              fullWidth={!list}
              aria-disabled={outOfStock}
              // The visible words first, then the product, so each card's button has its own name.
              aria-label={`${outOfStock ? OUT_OF_STOCK : "Add To Cart"}: ${title}`}
              onClick={() => !outOfStock && onAddToCart(product)}
              sx={
                outOfStock
                  ? {
                      bgcolor: "action.disabledBackground",
                      color: "text.secondary",
                      boxShadow: "none",
                      cursor: "not-allowed",
                      "&:hover": { bgcolor: "action.disabledBackground", boxShadow: "none" },
                    }
                  : undefined
              }
            >
              {outOfStock ? OUT_OF_STOCK : "Add To Cart"}
            </Button>
          </Box>
        )}
      </Box>
    </Box>
  );
}
