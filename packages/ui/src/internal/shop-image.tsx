/** A picture that always reserves its box (width and height), in the slot's sizes, styled by `sx` on its <img>. */
import { type SxProps, styled, type Theme } from "@mui/material/styles";
import { ResponsivePicture, type ResponsivePictureProps } from "#responsive-picture/responsive-picture.tsx";

export interface ShopImageProps extends Omit<ResponsivePictureProps, "className" | "style"> {
  sx?: SxProps<Theme>;
}

const Picture = styled(ResponsivePicture)({
  display: "block",
  width: "100%",
  height: "auto",
  objectFit: "cover",
});

export function ShopImage({ src, alt, width, height, slot, priority = false, sx }: ShopImageProps) {
  return (
    <Picture
      src={src}
      alt={alt}
      width={width}
      height={height}
      slot={slot}
      priority={priority}
      sx={[{ aspectRatio: `${width} / ${height}` }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
