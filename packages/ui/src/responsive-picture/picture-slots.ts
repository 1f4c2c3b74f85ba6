/**
 * Where the shop shows pictures and how wide each place is: the widths a stored picture is offered in there and
 * the `sizes` the browser chooses by. The components draw with them and the page server preloads the page's
 * largest picture with the same pair, so the browser fetches that one file once. No React here: the page server
 * reads it.
 */
import { PICTURE_FORMATS, type PictureWidth, pictureSources } from "@shop/domain/media";

export interface PictureSlot {
  /** The widths offered, smallest first. */
  widths: readonly PictureWidth[];
  /** How wide the picture is drawn, as the `sizes` attribute says it. */
  sizes: string;
}

/** The layouts' widths: the page is at most 1200 px wide (MUI's lg container) less its margins. */
export const PICTURE_SLOTS = {
  /** A listing's card: 2 columns on a phone, 3 from 600 px, 4 beside the filters from 900 px. */
  productCard: { widths: [320, 640], sizes: "(min-width: 1200px) 280px, (min-width: 600px) 33vw, 50vw" },
  /**
   * The product page's main picture: the whole width on a phone, half of the page from 900 px. At most 960 px: a
   * phone of 3× pixels takes it rather than the 1280 px one, which weighs twice as much for a difference no one sees
   * at that size.
   */
  gallery: { widths: [640, 960], sizes: "(min-width: 1200px) 580px, (min-width: 900px) 50vw, 100vw" },
  /** The gallery's thumbnails, 72 px. */
  thumbnail: { widths: [320], sizes: "72px" },
  /** The quick view's picture: the dialog's width on a phone, half of it from 600 px. */
  quickView: { widths: [320, 640, 960], sizes: "(min-width: 600px) 420px, 100vw" },
  /** A banner across the page. */
  banner: { widths: [640, 960, 1280, 1920], sizes: "(min-width: 1200px) 1200px, 100vw" },
  /** A blog post's cover on its page. */
  blogCover: { widths: [640, 960, 1280], sizes: "(min-width: 1200px) 800px, 100vw" },
  /** A blog post's card: one column on a phone, three from 900 px. */
  blogCard: { widths: [320, 640, 960], sizes: "(min-width: 900px) 380px, 100vw" },
  /** A category's tile. */
  categoryTile: { widths: [320], sizes: "160px" },
  /** A small picture beside a deal. */
  dealThumbnail: { widths: [320], sizes: "160px" },
} as const satisfies Record<string, PictureSlot>;

/** A `<link rel="preload" as="image">`'s attributes for a picture in a slot. */
export interface PicturePreload {
  href: string;
  imageSrcSet?: string;
  imageSizes?: string;
  type?: string;
}

/**
 * The preload that fetches the very file the picture in this slot will show: for a stored picture its AVIF
 * widths (a browser that cannot show AVIF skips the preload and picks its WebP in the page); anything else as is.
 */
export function picturePreload(src: string, slot: PictureSlot): PicturePreload {
  const sources = pictureSources(src, slot.widths);
  const avif = sources?.sources.find((source) => source.type === PICTURE_FORMATS.avif);
  if (!sources || !avif) return { href: src };
  return { href: sources.src, imageSrcSet: avif.srcSet, imageSizes: slot.sizes, type: avif.type };
}
