/** An <img> that always reserves its box (width and height) and loads lazily unless it is the page's main image. */
import Box from "@mui/material/Box";
import type { SxProps, Theme } from "@mui/material/styles";

export interface ShopImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** The page's largest image above the fold: loaded at once with high fetch priority. */
  priority?: boolean;
  sx?: SxProps<Theme>;
}

/** How an <img> loads: at once with high priority when it is the page's main image, lazily otherwise. */
export function imageLoading(priority: boolean) {
  return {
    loading: priority ? "eager" : "lazy",
    fetchPriority: priority ? "high" : "auto",
    decoding: priority ? "sync" : "async",
  } as const;
}

export function ShopImage({ src, alt, width, height, priority = false, sx }: ShopImageProps) {
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      width={width}
      height={height}
      {...imageLoading(priority)}
      sx={[
        {
          display: "block",
          width: "100%",
          height: "auto",
          aspectRatio: `${width} / ${height}`,
          objectFit: "cover",
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
