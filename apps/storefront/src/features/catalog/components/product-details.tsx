/** Everything spec section 2 lists for a product: category, title, status, reviews, description, prices, colours, countdown, buttons, meta, tabs. */
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import visuallyHidden from "@mui/utils/visuallyHidden";
import { DESCRIPTION_PREVIEW_LENGTH } from "@shop/domain/constants";
import { cartMessages, pageMessages } from "@shop/domain/messages";
import type { Product } from "@shop/domain/schemas/public";
import { chooseOptionLabel, isVariantAvailable, variantLabel } from "@shop/domain/variants";
import { ColourSwatches, uniqueColours } from "@shop/ui/colour-swatches";
import { Countdown } from "@shop/ui/countdown";
import { CompareArrowsIcon, FavoriteBorderIcon, PlayCircleOutlinedIcon } from "@shop/ui/icons";
import { Price } from "@shop/ui/price";
import { ProductGallery } from "@shop/ui/product-gallery";
import { QuantityInput } from "@shop/ui/quantity-input";
import { RatingStars } from "@shop/ui/rating-stars";
import { StockHint } from "@shop/ui/stock-hint";
import { VariantPicker } from "@shop/ui/variant-picker";
import { useAtomValue, useSetAtom } from "jotai";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { useMoney } from "#features/currency/use-money.ts";
import { useShopOrigin } from "#lib/origin.ts";
import { notifyAtom } from "#lib/toast.ts";
import { shopHref } from "#routes.ts";
import { openVideoAtom, quantityAtom, setQuantityAtom } from "../atoms.ts";
import { useProductActions } from "../use-product-actions.ts";
import { useUrlVariantChoice, type VariantChoice, variantsOf } from "../variants.ts";

const NotifyMe = lazy(() => import("./notify-me-form.tsx"));

/**
 * The notify-me form, loaded in the browser once the page is taken over: the server draws no lazy part (it would
 * give up on it and leave it to the browser, an error in the console), and the form needs the shopper anyway.
 */
function NotifyWhenBack(props: { variantId: string; variantLabel: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return ready ? (
    <Suspense fallback={null}>
      <NotifyMe {...props} />
    </Suspense>
  ) : null;
}

/** How a product page variant lays the product out. */
export interface DetailsLayout {
  /** "side": pictures beside the information; "stacked": pictures above it; "wide": large pictures, narrow information. */
  gallery: "side" | "stacked" | "wide";
  /** Description, information and reviews as tabs, or as sections one after another (the list variant). */
  details: "tabs" | "sections";
}

function Description({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const long = text.length > DESCRIPTION_PREVIEW_LENGTH;
  return (
    <Typography color="text.secondary">
      {open || !long ? text : `${text.slice(0, DESCRIPTION_PREVIEW_LENGTH)}…`}{" "}
      {long && (
        <Link
          component="button"
          type="button"
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          sx={{ fontWeight: 600, verticalAlign: "baseline" }}
        >
          {open ? pageMessages.seeLess : pageMessages.seeMore}
        </Link>
      )}
    </Typography>
  );
}

function AdditionalInformation({ product }: { product: Product }) {
  if (product.additionalInformation.length === 0) return <Typography>No additional information.</Typography>;
  return (
    <Box
      component="table"
      sx={{
        borderCollapse: "collapse",
        "& th, & td": { textAlign: "left", p: 1, borderBottom: 1, borderColor: "divider" },
      }}
    >
      <tbody>
        {product.additionalInformation.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.key}</th>
            <td>{row.value}</td>
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

// One formatter for every review's date (toLocaleDateString makes a new one on each call), made on first use.
let reviewDates: Intl.DateTimeFormat | undefined;
const reviewDate = (iso: string) => {
  reviewDates ??= new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
  return reviewDates.format(new Date(iso));
};

function Reviews({ product }: { product: Product }) {
  if (!product.reviews?.length) return <Typography>No reviews yet.</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0 }}>
      {product.reviews.map((review) => (
        <Box component="li" key={review.id} sx={{ py: 2, borderBottom: 1, borderColor: "divider" }}>
          <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
            <Typography sx={{ fontWeight: 700 }}>{review.name}</Typography>
            <RatingStars value={review.rating} />
            <Typography variant="body2" color="text.secondary">
              {reviewDate(review.date)}
            </Typography>
          </Box>
          <Typography sx={{ mt: 0.5 }}>{review.review}</Typography>
        </Box>
      ))}
    </Box>
  );
}

function Details({ product, as }: { product: Product; as: DetailsLayout["details"] }) {
  const [tab, setTab] = useState(0);
  const parts: { title: string; body: ReactNode }[] = [
    {
      title: "Description",
      body: <Typography sx={{ whiteSpace: "pre-line" }}>{product.description}</Typography>,
    },
    { title: "Additional information", body: <AdditionalInformation product={product} /> },
    { title: `Reviews (${product.reviewCount})`, body: <Reviews product={product} /> },
  ];
  if (as === "sections") {
    return (
      <Box sx={{ mt: 5, display: "grid", gap: 4 }}>
        {parts.map((part) => (
          <Box component="section" key={part.title}>
            <Typography component="h2" variant="h3" sx={{ mb: 1.5 }}>
              {part.title}
            </Typography>
            {part.body}
          </Box>
        ))}
      </Box>
    );
  }
  return (
    <Box sx={{ mt: 5 }}>
      <Tabs
        value={tab}
        onChange={(_, value: number) => setTab(value)}
        variant="scrollable"
        // Swiped on a phone, wide enough on a desk: no arrow buttons, whose styles the browser would have to
        // write into the page (and apply to every element again) right after hydrating it.
        scrollButtons={false}
        aria-label="About this product"
      >
        {parts.map((part, index) => (
          <Tab
            key={part.title}
            label={part.title}
            id={`product-tab-${index}`}
            aria-controls={`product-panel-${index}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`product-panel-${tab}`} aria-labelledby={`product-tab-${tab}`} sx={{ py: 3 }}>
        {parts[tab]?.body}
      </Box>
    </Box>
  );
}

function Meta({ product, sku }: { product: Product; sku: string }) {
  const url = `${useShopOrigin()}${shopHref.product(product.id)}`;
  const share = [
    { label: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}` },
    {
      label: "X",
      href: `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(product.title)}`,
    },
    { label: "WhatsApp", href: `https://wa.me/?text=${encodeURIComponent(`${product.title} ${url}`)}` },
  ];
  const categoryHref = shopHref.listing({ category: product.parent });
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: "grid",
        gridTemplateColumns: "auto 1fr",
        columnGap: 2,
        rowGap: 0.5,
        "& dt": { fontWeight: 700 },
        "& dd": { m: 0 },
      }}
    >
      <dt>SKU</dt>
      <dd>{sku}</dd>
      <dt>Category</dt>
      <dd>
        <Link href={categoryHref}>{product.parent}</Link>
      </dd>
      {product.tags.length > 0 && (
        <>
          <dt>Tags</dt>
          <dd>
            {product.tags.map((tag, i) => (
              <span key={tag}>
                {i > 0 && ", "}
                <Link href={shopHref.search(tag)}>{tag}</Link>
              </span>
            ))}
          </dd>
        </>
      )}
      <dt>Share</dt>
      <dd>
        {share.map((s, i) => (
          <span key={s.label}>
            {i > 0 && " · "}
            <Link href={s.href} target="_blank" rel="noopener noreferrer">
              {s.label}
              <Box component="span" sx={visuallyHidden}>
                {" "}
                (opens a new tab)
              </Box>
            </Link>
          </span>
        ))}
      </dd>
    </Box>
  );
}

/** The gallery's colour: the chosen colour option's swatch when the product has one, else the pictures' own. */
function useGalleryColour(product: Product, choice: VariantChoice) {
  const colours = uniqueColours(product.imageURLs.map((image) => image.color));
  const [own, setOwn] = useState<string | null>(colours[0]?.clrCode ?? null);
  const option = choice.options.find((o) => o.swatches);
  if (!option) return { colours, colour: own, setColour: setOwn, byOption: false };
  const chosen = option.values.find((v) => v.selected)?.clrCode ?? null;
  const setColour = (clrCode: string | null) => {
    const value = option.values.find(
      (v) => clrCode !== null && v.clrCode?.toLowerCase() === clrCode.toLowerCase(),
    );
    if (value) choice.choose(option.name, value.value);
  };
  return { colours, colour: chosen, setColour, byOption: true };
}

export function ProductDetails({ product, layout }: { product: Product; layout: DetailsLayout }) {
  const actions = useProductActions();
  const money = useMoney();
  const quantity = useAtomValue(quantityAtom);
  const setQuantity = useSetAtom(setQuantityAtom);
  const openVideo = useSetAtom(openVideoAtom);
  const notify = useSetAtom(notifyAtom);
  const choice = useUrlVariantChoice(product);
  const { variant, missing } = choice;
  const { colours, colour, setColour, byOption } = useGalleryColour(product, choice);
  // Asked to buy before choosing: the picker says what is missing until it is chosen.
  const [asked, setAsked] = useState(false);
  const hasOptions = choice.options.length > 0;
  const toChoose = missing[0];
  // Every option chosen, but no variant has them all: that combination is not made.
  const notMade = hasOptions && toChoose === undefined && variant === null;
  const soldOut = variant
    ? !isVariantAvailable(variant)
    : notMade || product.status === "out-of-stock" || product.quantity <= 0;
  const price = variant ?? product;
  const stock = variant ? variant.quantity : product.quantity;
  const offerLive = product.offerDate !== null && Date.parse(product.offerDate.endDate) > Date.now();
  const columns = { side: { md: "1fr 1fr" }, stacked: { md: "1fr" }, wide: { md: "3fr 2fr" } }[
    layout.gallery
  ];
  const buy = (how: "addToCart" | "buyNow") => {
    if (toChoose !== undefined) {
      setAsked(true);
      return;
    }
    actions[how](product, quantity, variant ?? undefined);
  };
  const buttonLabel = (label: string) => (toChoose !== undefined ? chooseOptionLabel(toChoose) : label);
  return (
    <>
      <Box sx={{ display: "grid", gap: { xs: 3, md: 5 }, gridTemplateColumns: { xs: "1fr", ...columns } }}>
        <Box sx={layout.gallery === "stacked" ? { maxWidth: 640, width: "100%", mx: "auto" } : undefined}>
          <ProductGallery
            images={product.imageURLs}
            title={product.title}
            activeColour={colour}
            onActiveColourChange={setColour}
            priority
          />
          {product.videoId && (
            <Button
              startIcon={<PlayCircleOutlinedIcon />}
              sx={{ mt: 1 }}
              aria-haspopup="dialog"
              onClick={() => openVideo({ videoId: product.videoId!, title: product.title })}
            >
              Watch the video
            </Button>
          )}
        </Box>
        <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
          <Link href={shopHref.listing({ category: product.parent })} sx={{ fontWeight: 600 }}>
            {product.parent}
          </Link>
          <Typography component="h1" variant="h1" sx={{ fontSize: { xs: "1.75rem", md: "2.25rem" } }}>
            {product.title}
          </Typography>
          <Box sx={{ display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap" }}>
            <Typography
              component="span"
              sx={{ fontWeight: 700, color: soldOut ? "error.main" : "success.main" }}
            >
              {notMade ? "Not made in this combination" : soldOut ? "Out of stock" : "In stock"}
            </Typography>
            <RatingStars value={product.rating} count={product.reviewCount} />
          </Box>
          <Description text={product.description} />
          {money ? (
            <Price price={price.price} discount={price.discount} size="large" {...money} />
          ) : (
            <Skeleton variant="text" width={160} sx={{ fontSize: "1.75rem" }} />
          )}
          {hasOptions ? (
            <VariantPicker
              options={choice.options}
              onChange={choice.choose}
              missing={
                asked && toChoose !== undefined
                  ? { name: toChoose, message: chooseOptionLabel(toChoose) }
                  : null
              }
            />
          ) : (
            !byOption && <ColourSwatches colours={colours} value={colour} onChange={setColour} />
          )}
          {offerLive && <Countdown endDate={product.offerDate!.endDate} />}
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "center" }}>
            <QuantityInput
              value={quantity}
              max={Math.max(1, stock)}
              onChange={setQuantity}
              onAboveMax={(available) =>
                notify({ type: "error", message: cartMessages.insufficientStock(available) })
              }
            />
            <Button
              variant="contained"
              size="large"
              disabled={soldOut && toChoose === undefined}
              onClick={() => buy("addToCart")}
            >
              {buttonLabel("Add To Cart")}
            </Button>
            <Button
              variant="outlined"
              size="large"
              disabled={soldOut && toChoose === undefined}
              onClick={() => buy("buyNow")}
            >
              {buttonLabel("Buy Now")}
            </Button>
          </Box>
          {!soldOut && <StockHint stock={stock} chosen={quantity} />}
          {variant && soldOut && (
            <NotifyWhenBack
              variantId={variant.id}
              variantLabel={variantLabel(variant.options, variantsOf(product).options)}
            />
          )}
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
            <Button
              startIcon={<CompareArrowsIcon />}
              onClick={() => actions.toggleCompare(product)}
              aria-pressed={actions.inCompare(product.id)}
            >
              Compare
            </Button>
            <Button
              startIcon={<FavoriteBorderIcon />}
              onClick={() => actions.toggleWishlist(product)}
              aria-pressed={actions.inWishlist(product.id)}
            >
              Add Wishlist
            </Button>
            <Button href={`/contact?subject=${encodeURIComponent(`Question about ${product.title}`)}`}>
              Ask a question
            </Button>
          </Box>
          <Meta product={product} sku={variant?.sku ?? product.sku} />
          <Typography variant="body2" sx={{ p: 1.5, bgcolor: "#eef3ff", borderRadius: 1 }}>
            {pageMessages.returnsNote}
          </Typography>
        </Box>
      </Box>
      <Details product={product} as={layout.details} />
    </>
  );
}
