/** The quick view and the full-screen video overlay, opened from any product; loaded on the first open only. */
import CloseIcon from "@mui/icons-material/Close";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import { shopHref } from "@shop/domain/routes";
import { useAtomValue, useSetAtom } from "jotai";
import { openQuickViewAtom, openVideoAtom, quickViewAtom, videoAtom } from "../atoms.ts";
import { useProductActions } from "../product-actions.tsx";
import { PriceText } from "./price-text.tsx";

function QuickView() {
  const product = useAtomValue(quickViewAtom);
  const close = useSetAtom(openQuickViewAtom);
  const actions = useProductActions();
  return (
    <Dialog
      open={product !== null}
      onClose={() => close(null)}
      aria-labelledby="quick-view-title"
      maxWidth="md"
      fullWidth
    >
      {product && (
        <>
          <DialogTitle id="quick-view-title" sx={{ pr: 6 }}>
            {product.title}
          </DialogTitle>
          <IconButton
            aria-label="Close quick view"
            onClick={() => close(null)}
            sx={{ position: "absolute", right: 8, top: 8 }}
          >
            <CloseIcon />
          </IconButton>
          <DialogContent sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
            <Box
              component="img"
              src={product.img}
              alt={product.title}
              width={600}
              height={600}
              sx={{ width: "100%", height: "auto", borderRadius: 2 }}
            />
            <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
              <PriceText price={product.price} discount={product.discount} size="large" />
              <Typography sx={{ color: "text.secondary" }}>{product.description}</Typography>
              <Button
                variant="contained"
                disabled={product.status === "out-of-stock"}
                onClick={() => actions.addToCart(product, 1)}
              >
                Add To Cart
              </Button>
              <Button href={shopHref.product(product.id)} onClick={() => close(null)}>
                See all details
              </Button>
            </Box>
          </DialogContent>
        </>
      )}
    </Dialog>
  );
}

function VideoOverlay() {
  const video = useAtomValue(videoAtom);
  const close = useSetAtom(openVideoAtom);
  return (
    <Dialog
      open={video !== null}
      onClose={() => close(null)}
      fullScreen
      aria-label={video ? `Video: ${video.title}` : "Video"}
    >
      {video && (
        <Box
          sx={{
            position: "relative",
            height: "100%",
            bgcolor: "#000",
            display: "flex",
            alignItems: "center",
            justifyContent: "center",
          }}
        >
          <IconButton
            aria-label="Close video"
            onClick={() => close(null)}
            sx={{ position: "absolute", top: 8, right: 8, color: "#fff", zIndex: 1 }}
          >
            <CloseIcon />
          </IconButton>
          <Box
            component="iframe"
            title={`Video: ${video.title}`}
            src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(video.videoId)}?autoplay=1`}
            allow="autoplay; encrypted-media; picture-in-picture"
            allowFullScreen
            sx={{ border: 0, width: "min(100%, 177.78vh)", aspectRatio: "16 / 9" }}
          />
        </Box>
      )}
    </Dialog>
  );
}

export default function Overlays() {
  return (
    <>
      <QuickView />
      <VideoOverlay />
    </>
  );
}
