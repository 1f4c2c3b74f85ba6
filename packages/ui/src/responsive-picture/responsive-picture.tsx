/**
 * A picture in the sizes a screen needs: a stored picture (an upload) as AVIF and WebP in the slot's widths, the
 * browser choosing by `sizes`, with a JPEG for a browser that shows neither; any other picture (the sample
 * shop's drawings, another host's) as it is. Always with its width and height, so nothing shifts as it loads.
 */
import { pictureSources } from "@shop/domain/media";
import type { CSSProperties } from "react";
import type { PictureSlot } from "./picture-slots.ts";

export interface ResponsivePictureProps {
  src: string;
  alt: string;
  /** The box's proportions, in pixels: the picture fills it (the slot's CSS says how). */
  width: number;
  height: number;
  slot: PictureSlot;
  /** The page's largest picture above the fold: fetched at once with high priority. */
  priority?: boolean;
  /** On the <img>, which the page's styles address. */
  className?: string;
  style?: CSSProperties;
}

/** How an <img> loads: at once with high priority when it is the page's main picture, lazily otherwise. */
export function imageLoading(priority: boolean) {
  return {
    loading: priority ? "eager" : "lazy",
    fetchPriority: priority ? "high" : "auto",
    decoding: priority ? "sync" : "async",
  } as const;
}

export function ResponsivePicture({
  src,
  alt,
  width,
  height,
  slot,
  priority = false,
  className,
  style,
}: ResponsivePictureProps) {
  const sources = pictureSources(src, slot.widths);
  const img = (
    <img
      src={sources?.src ?? src}
      alt={alt}
      width={width}
      height={height}
      className={className}
      style={style}
      {...imageLoading(priority)}
    />
  );
  if (!sources) return img;
  return (
    <picture>
      {sources.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={slot.sizes} />
      ))}
      {img}
    </picture>
  );
}
