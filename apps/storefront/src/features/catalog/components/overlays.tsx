/** The quick view and the full-screen video overlay (@shop/ui's frames), opened from any product; loaded on first open. */
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import type { Product } from "@shop/domain/schemas/public";
import { chooseOptionLabel, isVariantAvailable, searchFromSelection } from "@shop/domain/variants";
import { PICTURE_SLOTS } from "@shop/ui/picture-slots";
import { Price } from "@shop/ui/price";
import { QuickViewDialog } from "@shop/ui/quick-view-dialog";
import { RatingStars } from "@shop/ui/rating-stars";
import { ResponsivePicture } from "@shop/ui/responsive-picture";
import { VariantPicker } from "@shop/ui/variant-picker";
import { VideoOverlay } from "@shop/ui/video-overlay";
import { useAtomValue, useSetAtom } from "jotai";
import { useState } from "react";
import { useMoney } from "#features/currency/use-money.ts";
import { shopHref } from "#routes.ts";
import { openQuickViewAtom, openVideoAtom, quickViewAtom, videoAtom } from "../atoms.ts";
import { useProductActions } from "../use-product-actions.ts";
import { useLocalVariantChoice, variantsOf } from "../variants.ts";

function QuickView() {
  const product = useAtomValue(quickViewAtom);
  const close = useSetAtom(openQuickViewAtom);
  if (!product) return null;
  return (
    <QuickViewDialog open onClose={() => close(null)} title={product.title}>
      {/* A new product starts a new choice. */}
      <QuickViewBody key={product.id} product={product} onClose={() => close(null)} />
    </QuickViewDialog>
  );
}

/** The product's page, opened on what the quick view chose. */
function detailsHref(product: Product, choice: ReturnType<typeof useLocalVariantChoice>): string {
  const { options } = variantsOf(product);
  const query = searchFromSelection(options, choice.selection, "", choice.variant?.sku).toString();
  return `${shopHref.product(product.id)}${query ? `?${query}` : ""}`;
}

function QuickViewBody({ product, onClose }: { product: Product; onClose: () => void }) {
  const actions = useProductActions();
  const money = useMoney();
  const choice = useLocalVariantChoice(product);
  const [asked, setAsked] = useState(false);
  const { variant } = choice;
  const toChoose = choice.missing[0];
  const hasOptions = choice.options.length > 0;
  const notMade = hasOptions && toChoose === undefined && variant === null;
  const soldOut = variant ? !isVariantAvailable(variant) : notMade || product.status === "out-of-stock";
  const price = variant ?? product;
  return (
    <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
      <Box
        sx={{
          "& img": {
            display: "block",
            width: "100%",
            height: "auto",
            aspectRatio: "1 / 1",
            objectFit: "cover",
            borderRadius: 2,
            bgcolor: "background.default",
          },
        }}
      >
        <ResponsivePicture
          src={variant?.img ?? product.img}
          alt={product.imageURLs[0]?.alt || product.title}
          width={600}
          height={600}
          slot={PICTURE_SLOTS.quickView}
        />
      </Box>
      <Box sx={{ display: "flex", flexDirection: "column", gap: 1.5 }}>
        <Typography variant="body2" color="text.secondary">
          {product.parent}
        </Typography>
        <RatingStars value={product.rating} count={product.reviewCount} />
        {money && <Price price={price.price} discount={price.discount} size="large" {...money} />}
        <Typography color="text.secondary">{product.description}</Typography>
        {hasOptions && (
          <VariantPicker
            dense
            options={choice.options}
            onChange={choice.choose}
            missing={
              asked && toChoose !== undefined
                ? { name: toChoose, message: chooseOptionLabel(toChoose) }
                : null
            }
          />
        )}
        <Button
          variant="contained"
          disabled={soldOut && toChoose === undefined}
          onClick={() => {
            if (toChoose !== undefined) return setAsked(true);
            actions.addToCart(product, 1, variant ?? undefined);
          }}
        >
          {toChoose !== undefined ? chooseOptionLabel(toChoose) : soldOut ? "Out of stock" : "Add To Cart"}
        </Button>
        <Button href={detailsHref(product, choice)} onClick={onClose}>
          See all details
        </Button>
      </Box>
    </Box>
  );
}

function Video() {
  const video = useAtomValue(videoAtom);
  const close = useSetAtom(openVideoAtom);
  if (!video) return null;
  return <VideoOverlay open videoId={video.videoId} title={video.title} onClose={() => close(null)} />;
}

export default function Overlays() {
  return (
    <>
      <QuickView />
      <Video />
    </>
  );
}
