/** A product in a listing, as a grid tile or a list row: picture, badges, title, rating, price and its actions. */
import { styled } from "@mui/material/styles";
import { DESCRIPTION_PREVIEW_LENGTH } from "@shop/domain/constants";
import type { Product } from "@shop/domain/schemas/public";
import type { MoneyProps } from "#internal/money.ts";
import { PlainLink } from "#internal/plain-link.tsx";
import { textOf } from "#internal/text.ts";
import { PICTURE_SLOTS } from "#responsive-picture/picture-slots.ts";
import { ResponsivePicture } from "#responsive-picture/responsive-picture.tsx";
import {
  CompareArrowsIcon,
  FavoriteBorderIcon,
  FavoriteIcon,
  VisibilityOutlinedIcon,
} from "../icons/icons.tsx";
import { Price } from "../price/price.tsx";
import { RatingStars } from "../rating-stars/rating-stars.tsx";
import { focusRing } from "../theme.ts";

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

/**
 * The whole card's styles in one rule, its parts named by class and its states by attribute: a listing draws a
 * dozen cards or more, and each card's elements are plain HTML rather than one styled component apiece. Its
 * buttons too: drawn as MUI's IconButton and small contained Button look, without a ButtonBase (and its ripple)
 * apiece, which cost more to draw on the server and to take over in the browser than the rest of the card.
 */
const Card = styled("article")(({ theme }) => ({
  position: "relative",
  display: "grid",
  gridTemplateColumns: "1fr",
  gap: theme.spacing(1.5),
  padding: theme.spacing(1.5),
  height: "100%",
  backgroundColor: theme.palette.background.paper,
  borderRadius: Number(theme.shape.borderRadius) * 2,
  boxShadow: theme.shadows[1],
  "&[data-layout='list']": {
    gridTemplateColumns: "minmax(0, 2fr) minmax(0, 3fr)",
    gap: theme.spacing(2),
    [theme.breakpoints.up("sm")]: { gridTemplateColumns: "minmax(0, 1fr) minmax(0, 2fr)" },
  },
  "& > .media": { position: "relative" },
  "& .picture": { display: "block", borderRadius: theme.shape.borderRadius, overflow: "hidden" },
  // The picture's <img> (in a <picture> when the picture is an upload), or the empty box of a product without one.
  "& .picture img, & .picture > span": {
    display: "block",
    width: "100%",
    height: "auto",
    aspectRatio: "1 / 1",
    objectFit: "cover",
    backgroundColor: theme.palette.background.default,
  },
  "&[data-stock='out'] .picture img": { opacity: 0.6 },
  "& .badges": {
    position: "absolute",
    top: 8,
    left: 8,
    display: "grid",
    gap: theme.spacing(0.5),
    justifyItems: "start",
  },
  "& .badges > span": {
    padding: theme.spacing(0.25, 1),
    borderRadius: theme.shape.borderRadius,
    fontSize: "0.75rem",
    fontWeight: 700,
    lineHeight: 1.6,
    backgroundColor: theme.palette.secondary.main,
    color: theme.palette.secondary.contrastText,
  },
  "& .badges > .out": { backgroundColor: theme.palette.text.primary, color: theme.palette.background.paper },
  "& .actions": { position: "absolute", top: 8, right: 8, display: "grid", gap: theme.spacing(0.75) },
  "& button": {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    boxSizing: "border-box",
    margin: 0,
    border: 0,
    cursor: "pointer",
    userSelect: "none",
    WebkitTapHighlightColor: "transparent",
    "&:focus-visible": focusRing,
  },
  // Round buttons drawn as MUI's small IconButton: a listing has three per card.
  "& .actions > button": {
    padding: 5,
    borderRadius: "50%",
    fontSize: theme.typography.pxToRem(18),
    transition: theme.transitions.create("background-color", {
      duration: theme.transitions.duration.shortest,
    }),
    backgroundColor: theme.palette.background.paper,
    boxShadow: theme.shadows[1],
    color: theme.palette.text.primary,
    "&:hover": { backgroundColor: theme.palette.background.paper, boxShadow: theme.shadows[3] },
  },
  "& .actions > .wishlist[aria-pressed='true']": { color: theme.palette.secondary.main },
  "& .actions > .compare[aria-pressed='true']": { color: theme.palette.primary.main },
  "& > .body": { display: "flex", flexDirection: "column", gap: theme.spacing(0.75), minWidth: 0 },
  // In the text's colour, as the Typography this replaced was drawn (MUI 9 ignores `color="text.secondary"`).
  "& .kind, & .description": { ...textOf(theme, "body2"), margin: 0 },
  "& .kind": { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" },
  "& h2, & h3": {
    ...textOf(theme, "body1"),
    margin: 0,
    fontSize: "1rem",
    fontWeight: 600,
    lineHeight: 1.35,
    // Long titles stop after two lines; the whole title stays in the DOM for search and screen readers.
    display: "-webkit-box",
    WebkitLineClamp: 2,
    WebkitBoxOrient: "vertical",
    overflow: "hidden",
  },
  "&[data-layout='list'] h2, &[data-layout='list'] h3": { fontSize: "1.125rem" },
  "& h2 > a, & h3 > a": {
    color: "inherit",
    textDecoration: "none",
    "&:hover": { textDecoration: "underline" },
    "&:focus-visible": focusRing,
  },
  "& .buy": { marginTop: "auto", paddingTop: theme.spacing(0.5) },
  // As MUI's small contained Button in the primary colour.
  "& .buy > button": {
    ...theme.typography.button,
    minWidth: 64,
    padding: "4px 10px",
    fontSize: theme.typography.pxToRem(13),
    borderRadius: theme.shape.borderRadius,
    color: theme.palette.primary.contrastText,
    backgroundColor: theme.palette.primary.main,
    boxShadow: theme.shadows[2],
    transition: theme.transitions.create(["background-color", "box-shadow"], {
      duration: theme.transitions.duration.short,
    }),
    "&:hover": { backgroundColor: theme.palette.primary.dark, boxShadow: theme.shadows[4] },
    "&:active": { boxShadow: theme.shadows[8] },
  },
  "&[data-layout='grid'] .buy > button": { width: "100%" },
  // Out of stock, the button stays focusable and says why.
  "& .buy > [aria-disabled='true']": {
    backgroundColor: theme.palette.action.disabledBackground,
    color: theme.palette.text.secondary,
    boxShadow: "none",
    cursor: "not-allowed",
    "&:hover": { backgroundColor: theme.palette.action.disabledBackground, boxShadow: "none" },
  },
}));

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
  component: Title = "h3",
}: ProductCardProps) {
  const list = layout === "list";
  const outOfStock = product.status === "out-of-stock" || product.quantity <= 0;
  const picture = product.img || product.imageURLs[0]?.img;
  const { title } = product;

  return (
    <Card data-layout={layout} data-stock={outOfStock ? "out" : undefined}>
      <div className="media">
        {/* The title is the link screen readers and keyboards use; the picture repeats it for the pointer. */}
        <PlainLink href={href} tabIndex={-1} aria-hidden="true" className="picture">
          {picture ? (
            <ResponsivePicture
              src={picture}
              alt={title}
              width={600}
              height={600}
              slot={PICTURE_SLOTS.productCard}
              priority={priority}
            />
          ) : (
            <span />
          )}
        </PlainLink>
        {(outOfStock || product.discount > 0) && (
          <div className="badges">
            {outOfStock && <span className="out">{OUT_OF_STOCK}</span>}
            {product.discount > 0 && <span>{`-${product.discount}%`}</span>}
          </div>
        )}
        {(onToggleWishlist || onToggleCompare || onQuickView) && (
          <div className="actions">
            {onToggleWishlist && (
              <button
                type="button"
                className="wishlist"
                aria-label={inWishlist ? `Remove ${title} from wishlist` : `Add ${title} to wishlist`}
                aria-pressed={inWishlist}
                onClick={() => onToggleWishlist(product)}
              >
                {inWishlist ? <FavoriteIcon fontSize="small" /> : <FavoriteBorderIcon fontSize="small" />}
              </button>
            )}
            {onToggleCompare && (
              <button
                type="button"
                className="compare"
                aria-label={inCompare ? `Remove ${title} from compare` : `Add ${title} to compare`}
                aria-pressed={inCompare}
                onClick={() => onToggleCompare(product)}
              >
                <CompareArrowsIcon fontSize="small" />
              </button>
            )}
            {onQuickView && (
              <button
                type="button"
                aria-label={`Quick view of ${title}`}
                aria-haspopup="dialog"
                onClick={() => onQuickView(product)}
              >
                <VisibilityOutlinedIcon fontSize="small" />
              </button>
            )}
          </div>
        )}
      </div>

      <div className="body">
        <p className="kind">{product.children || product.parent}</p>
        <Title>
          <PlainLink href={href} title={title}>
            {title}
          </PlainLink>
        </Title>
        <RatingStars value={product.rating} count={product.reviewCount} />
        <Price price={product.price} discount={product.discount} currency={currency} rate={rate} />
        {list && product.description && <p className="description">{preview(product.description)}</p>}
        {onAddToCart && (
          <div className="buy">
            <button
              type="button"
              aria-disabled={outOfStock}
              // The visible words first, then the product, so each card's button has its own name.
              aria-label={`${outOfStock ? OUT_OF_STOCK : "Add To Cart"}: ${title}`}
              onClick={() => !outOfStock && onAddToCart(product)}
            >
              {outOfStock ? OUT_OF_STOCK : "Add To Cart"}
            </button>
          </div>
        )}
      </div>
    </Card>
  );
}
