/**
 * Where uploaded pictures are served and in which sizes: the API's media module makes and serves them, the
 * shared picture component and the page server's preload ask for them (docs/decisions/056-picture-pipeline.md).
 */

/** The widths a picture is made in, in pixels: what the pages ask for, from a phone's card to a wide banner. */
export const PICTURE_WIDTHS = [320, 640, 960, 1280, 1920] as const;
export type PictureWidth = (typeof PICTURE_WIDTHS)[number];

/** The formats every width is made in, best first: the browser takes the first it can show. */
export const PICTURE_FORMATS = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg" } as const;
export type PictureFormat = keyof typeof PICTURE_FORMATS;

/** The formats an upload may come in (judged by its bytes), with the type each original is served as. */
export const ORIGINAL_FORMATS = {
  png: "image/png",
  jpg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
} as const;
export type OriginalFormat = keyof typeof ORIGINAL_FORMATS;

/** A picture's name: a 32-hex content hash, or the uuid of a picture uploaded before the pipeline existed. */
const NAME = "[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
export const MEDIA_NAME = new RegExp(`^(?:${NAME})$`);
/** An original's URL as the API gives it: /api/media/{name}.{ext}, or an older upload's /api/uploads/{uuid}.{ext}. */
const ORIGINAL_URL = new RegExp(`^/api/(?:media|uploads)/(${NAME})\\.(png|jpg|gif|webp)$`);

/** The original's URL of a stored picture. */
export const originalUrl = (name: string, format: OriginalFormat) => `/api/media/${name}.${format}`;
/** One width of a stored picture in one format. */
export const pictureUrl = (name: string, width: PictureWidth, format: PictureFormat) =>
  `/api/media/${name}/${width}.${format}`;

/** The stored picture's name behind an original's URL, or null for any other picture (drawings, data URLs, other hosts). */
export function mediaName(url: string): string | null {
  return ORIGINAL_URL.exec(url)?.[1] ?? null;
}

export interface PictureSource {
  type: (typeof PICTURE_FORMATS)[PictureFormat];
  /** "url 320w, url 640w" */
  srcSet: string;
}

export interface PictureSources {
  /** AVIF then WebP, each in every width asked for. */
  sources: PictureSource[];
  /** The JPEG of the largest width asked for: for a browser that shows neither AVIF nor WebP. */
  src: string;
}

/**
 * The <source>s and fallback of a stored picture in the widths given (smallest first), or null when the URL is
 * not a stored picture's: such a picture (a drawing in SVG, another host's) is shown as it is.
 */
export function pictureSources(url: string, widths: readonly PictureWidth[]): PictureSources | null {
  const name = mediaName(url);
  if (!name || widths.length === 0) return null;
  const srcSet = (format: PictureFormat) =>
    widths.map((width) => `${pictureUrl(name, width, format)} ${width}w`).join(", ");
  return {
    sources: [
      { type: PICTURE_FORMATS.avif, srcSet: srcSet("avif") },
      { type: PICTURE_FORMATS.webp, srcSet: srcSet("webp") },
    ],
    src: pictureUrl(name, widths[widths.length - 1]!, "jpg"),
  };
}
