/** The quick view and the full-screen video overlay (@shop/ui's frames), opened from any product; loaded on first open. */
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { shopHref } from "@shop/domain/routes";
import { Price } from "@shop/ui/price";
import { QuickViewDialog } from "@shop/ui/quick-view-dialog";
import { RatingStars } from "@shop/ui/rating-stars";
import { VideoOverlay } from "@shop/ui/video-overlay";
import { useAtomValue, useSetAtom } from "jotai";
import { useMoney } from "#features/currency/use-money.ts";
import { openQuickViewAtom, openVideoAtom, quickViewAtom, videoAtom } from "../atoms.ts";
import { useProductActions } from "../use-product-actions.ts";

function QuickView() {
  const product = useAtomValue(quickViewAtom);
  const close = useSetAtom(openQuickViewAtom);
  const actions = useProductActions();
  const money = useMoney();
  if (!product) return null;
  const soldOut = product.status === "out-of-stock";
  return (
    <QuickViewDialog open onClose={() => close(null)} title={product.title}>
      <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
        <Box
          component="img"
          src={product.img}
          alt={product.title}
          width={600}
          height={600}
          sx={{
            width: "100%",
            height: "auto",
            aspectRatio: "1 / 1",
            borderRadius: 2,
            bgcolor: "background.default",
          }}
        />
        <Box sx={{ display: "flex", flexDirection: "column", gap: 1.5 }}>
          <Typography variant="body2" color="text.secondary">
            {product.parent}
          </Typography>
          <RatingStars value={product.rating} count={product.reviewCount} />
          {money && <Price price={product.price} discount={product.discount} size="large" {...money} />}
          <Typography color="text.secondary">{product.description}</Typography>
          <Button variant="contained" disabled={soldOut} onClick={() => actions.addToCart(product, 1)}>
            {soldOut ? "Out of stock" : "Add To Cart"}
          </Button>
          <Button href={shopHref.product(product.id)} onClick={() => close(null)}>
            See all details
          </Button>
        </Box>
      </Box>
    </QuickViewDialog>
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
