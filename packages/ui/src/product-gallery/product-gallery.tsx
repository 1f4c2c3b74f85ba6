/** A product's main picture with thumbnails beneath; a thumbnail or a chosen colour decides the picture shown. */
import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import Typography from "@mui/material/Typography";
import type { Product } from "@shop/domain/schemas/public";
import { useState } from "react";
import { ShopImage } from "#internal/shop-image.tsx";
import { PICTURE_SLOTS } from "#responsive-picture/picture-slots.ts";

export interface ProductGalleryProps {
  images: Product["imageURLs"];
  /** The product's title: the pictures' alternative text starts with it. */
  title: string;
  /** The chosen colour's clrCode: the first picture in that colour is shown. */
  activeColour?: string | null;
  /** Called with a thumbnail's colour (or null when it has none) when the shopper picks it. */
  onActiveColourChange?: (clrCode: string | null) => void;
  /** The main picture is the page's LCP image: loaded at once, high fetch priority. */
  priority?: boolean;
  /** The pictures' intrinsic size (the shop's are 600 × 600). */
  width?: number;
  height?: number;
}

const sameColour = (image: Product["imageURLs"][number], clrCode: string) =>
  image.color?.clrCode.toLowerCase() === clrCode.toLowerCase();

export function ProductGallery({
  images,
  title,
  activeColour = null,
  onActiveColourChange,
  priority = false,
  width = 600,
  height = 600,
}: ProductGalleryProps) {
  const colourIndex = activeColour ? images.findIndex((image) => sameColour(image, activeColour)) : -1;
  // The thumbnail picked last, and the colour that was chosen when it was picked.
  const [pick, setPick] = useState({ index: Math.max(0, colourIndex), colour: activeColour });
  const pickedImage = images[pick.index];
  // A colour chosen since (on the swatches) shows its first picture, unless the picked one is already in it.
  const colourChanged =
    activeColour !== pick.colour &&
    colourIndex >= 0 &&
    !(pickedImage && sameColour(pickedImage, activeColour!));
  const shown = colourChanged ? colourIndex : Math.min(pick.index, Math.max(0, images.length - 1));
  const current = images[shown];

  // The admin's words for a picture when there are some; otherwise the title and the picture's colour or place.
  const altOf = (image: Product["imageURLs"][number], index: number) =>
    image.alt ||
    (image.color ? `${title}, ${image.color.name}` : `${title}, picture ${index + 1} of ${images.length}`);

  if (!current) {
    return (
      <Box
        sx={{
          aspectRatio: `${width} / ${height}`,
          display: "grid",
          placeItems: "center",
          bgcolor: "background.default",
          borderRadius: 2,
        }}
      >
        <Typography color="text.secondary">No pictures of {title} yet</Typography>
      </Box>
    );
  }

  return (
    <Box>
      <ShopImage
        src={current.img}
        alt={altOf(current, shown)}
        width={width}
        height={height}
        slot={PICTURE_SLOTS.gallery}
        priority={priority}
        sx={{ borderRadius: 2, bgcolor: "background.default" }}
      />
      {images.length > 1 && (
        <Box
          component="ul"
          aria-label={`Pictures of ${title}`}
          sx={{ listStyle: "none", p: 0, m: 0, mt: 1.5, display: "flex", flexWrap: "wrap", gap: 1 }}
        >
          {images.map((image, index) => (
            <li key={`${image.img}-${index}`}>
              <ButtonBase
                aria-label={image.color ? `Show ${image.color.name}` : `Show picture ${index + 1}`}
                aria-pressed={index === shown}
                onClick={() => {
                  setPick({ index, colour: activeColour });
                  onActiveColourChange?.(image.color?.clrCode ?? null);
                }}
                sx={{
                  width: 72,
                  height: 72,
                  borderRadius: 1,
                  overflow: "hidden",
                  border: 2,
                  borderColor: index === shown ? "primary.main" : "transparent",
                }}
              >
                <ShopImage
                  src={image.img}
                  alt=""
                  width={width}
                  height={height}
                  slot={PICTURE_SLOTS.thumbnail}
                />
              </ButtonBase>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
