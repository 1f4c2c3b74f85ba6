/** Everything spec section 2 lists for a product: category, title, status, reviews, description, prices, colours, countdown, buttons, meta, tabs. */
import CompareArrowsIcon from "@mui/icons-material/CompareArrows";
import FavoriteBorderIcon from "@mui/icons-material/FavoriteBorder";
import PlayCircleOutlinedIcon from "@mui/icons-material/PlayCircleOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Rating from "@mui/material/Rating";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { slugify } from "@shop/domain/catalogue";
import { DESCRIPTION_PREVIEW_LENGTH } from "@shop/domain/constants";
import { pageMessages } from "@shop/domain/messages";
import { shopHref } from "@shop/domain/routes";
import type { Product } from "@shop/domain/schemas";
import { useAtomValue, useSetAtom } from "jotai";
import { useState } from "react";
import { openVideoAtom, quantityAtom, setQuantityAtom } from "../atoms.ts";
import { useProductActions } from "../product-actions.tsx";
import { Gallery, type GalleryStyle } from "./gallery.tsx";
import { OfferCountdown } from "./offer-countdown.tsx";
import { PriceText } from "./price-text.tsx";
import { Quantity } from "./quantity.tsx";

function Description({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const long = text.length > DESCRIPTION_PREVIEW_LENGTH;
  return (
    <Typography sx={{ color: "text.secondary" }}>
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

function Colours({
  product,
  active,
  onSelect,
}: {
  product: Product;
  active: number;
  onSelect(index: number): void;
}) {
  const coloured = product.imageURLs
    .map((image, index) => ({ color: image.color, index }))
    .filter((c) => c.color);
  if (coloured.length === 0) return null;
  return (
    <Box
      role="radiogroup"
      aria-label="Colour"
      sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}
    >
      <Typography component="span" sx={{ fontWeight: 600, mr: 1 }}>
        Colour: {product.imageURLs[active]?.color?.name}
      </Typography>
      {coloured.map(({ color, index }) => (
        <Box
          key={index}
          component="button"
          type="button"
          role="radio"
          aria-checked={index === active}
          aria-label={color!.name}
          onClick={() => onSelect(index)}
          sx={{
            width: 32,
            height: 32,
            borderRadius: "50%",
            bgcolor: color!.clrCode,
            border: 2,
            borderColor: index === active ? "primary.main" : "divider",
            outline: index === active ? "2px solid #fff" : "none",
            outlineOffset: -4,
            cursor: "pointer",
          }}
        />
      ))}
    </Box>
  );
}

function Details({ product }: { product: Product }) {
  const [tab, setTab] = useState(0);
  return (
    <Box sx={{ mt: 5 }}>
      <Tabs
        value={tab}
        onChange={(_, value: number) => setTab(value)}
        variant="scrollable"
        aria-label="Product information"
      >
        <Tab label="Description" id="tab-0" aria-controls="panel-0" />
        <Tab label="Additional information" id="tab-1" aria-controls="panel-1" />
        <Tab label={`Reviews (${product.reviewCount})`} id="tab-2" aria-controls="panel-2" />
      </Tabs>
      <Box role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} sx={{ py: 3 }}>
        {tab === 0 && <Typography sx={{ whiteSpace: "pre-line" }}>{product.description}</Typography>}
        {tab === 1 &&
          (product.additionalInformation.length ? (
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
          ) : (
            <Typography>No additional information.</Typography>
          ))}
        {tab === 2 &&
          (product.reviews?.length ? (
            <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0 }}>
              {product.reviews.map((review) => (
                <Box component="li" key={review.id} sx={{ py: 2, borderBottom: 1, borderColor: "divider" }}>
                  <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
                    <Typography sx={{ fontWeight: 700 }}>{review.name}</Typography>
                    <Rating
                      value={review.rating}
                      readOnly
                      size="small"
                      aria-label={`Rated ${review.rating} out of 5`}
                    />
                    <Typography variant="body2" sx={{ color: "text.secondary" }}>
                      {new Date(review.date).toLocaleDateString("en-US", {
                        dateStyle: "medium",
                        timeZone: "UTC",
                      })}
                    </Typography>
                  </Box>
                  <Typography sx={{ mt: 0.5 }}>{review.review}</Typography>
                </Box>
              ))}
            </Box>
          ) : (
            <Typography>No reviews yet.</Typography>
          ))}
      </Box>
    </Box>
  );
}

export function ProductDetails({ product, gallery }: { product: Product; gallery: GalleryStyle }) {
  const actions = useProductActions();
  const quantity = useAtomValue(quantityAtom);
  const setQuantity = useSetAtom(setQuantityAtom);
  const openVideo = useSetAtom(openVideoAtom);
  const [active, setActive] = useState(0);
  const soldOut = product.status === "out-of-stock";
  const offerLive = product.offerDate && Date.parse(product.offerDate.endDate) > Date.now();
  const url = typeof location === "undefined" ? "" : `${location.origin}${shopHref.product(product.id)}`;
  const share = [
    { label: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}` },
    {
      label: "X",
      href: `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(product.title)}`,
    },
    { label: "WhatsApp", href: `https://wa.me/?text=${encodeURIComponent(`${product.title} ${url}`)}` },
  ];
  return (
    <>
      <Box sx={{ display: "grid", gap: { xs: 3, md: 5 }, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
        <Box>
          <Gallery product={product} active={active} onSelect={setActive} style={gallery} />
          {product.videoId && (
            <Button
              startIcon={<PlayCircleOutlinedIcon />}
              sx={{ mt: 1 }}
              onClick={() => openVideo({ videoId: product.videoId!, title: product.title })}
            >
              Watch the video
            </Button>
          )}
        </Box>
        <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
          <Link href={`/shop?category=${slugify(product.parent)}`} sx={{ fontWeight: 600 }}>
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
              {soldOut ? "Out of stock" : "In stock"}
            </Typography>
            <Rating
              value={product.rating}
              precision={0.5}
              readOnly
              size="small"
              aria-label={`Rated ${product.rating} out of 5`}
            />
            <Typography component="span" sx={{ color: "text.secondary" }}>
              {product.reviewCount} {product.reviewCount === 1 ? "review" : "reviews"}
            </Typography>
          </Box>
          <Description text={product.description} />
          <PriceText price={product.price} discount={product.discount} size="large" />
          <Colours product={product} active={active} onSelect={setActive} />
          {offerLive && <OfferCountdown endDate={product.offerDate!.endDate} />}
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "center" }}>
            <Quantity value={quantity} max={product.quantity} onChange={setQuantity} />
            <Button
              variant="contained"
              size="large"
              disabled={soldOut}
              onClick={() => actions.addToCart(product, quantity)}
            >
              Add To Cart
            </Button>
            <Button variant="outlined" size="large" href={shopHref.product(product.id)} disabled={soldOut}>
              Buy Now
            </Button>
          </Box>
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
            <dd>{product.sku}</dd>
            <dt>Category</dt>
            <dd>
              <Link href={`/shop?category=${slugify(product.parent)}`}>{product.parent}</Link>
            </dd>
            <dt>Tags</dt>
            <dd>
              {product.tags.map((tag, i) => (
                <span key={tag}>
                  {i > 0 && ", "}
                  <Link href={`/search?searchText=${encodeURIComponent(tag)}`}>{tag}</Link>
                </span>
              ))}
            </dd>
            <dt>Share</dt>
            <dd>
              {share.map((s, i) => (
                <span key={s.label}>
                  {i > 0 && " · "}
                  <Link href={s.href} target="_blank" rel="noopener noreferrer">
                    {s.label}
                  </Link>
                </span>
              ))}
            </dd>
          </Box>
          <Typography variant="body2" sx={{ p: 1.5, bgcolor: "#eef3ff", borderRadius: 1 }}>
            {pageMessages.returnsNote}
          </Typography>
        </Box>
      </Box>
      <Details product={product} />
    </>
  );
}
