/**
 * The picture pipeline (sharp, on libvips): an upload read, turned upright and re-encoded so that nothing but
 * the picture is kept, and the widths the pages ask for made from it (docs/decisions/056-picture-pipeline.md).
 */
import { availableParallelism } from "node:os";
import {
  ORIGINAL_FORMATS,
  type OriginalFormat,
  type PictureFormat,
  type PictureWidth,
} from "@shop/domain/media";
import sharp from "sharp";

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** What an upload may decode to: a 48-megapixel phone photo fits; a small file that unpacks to gigabytes does not. */
export const MAX_PIXELS = 8192 * 8192;
export const ACCEPTED = "PNG, JPEG, GIF or WebP";

// Operations on buffers gain nothing from libvips' cache of opened files; it only holds memory.
sharp.cache(false);

/** Why an upload was refused: the status and a message the admin can act on. */
export class PictureRefused extends Error {
  constructor(
    readonly statusCode: 413 | 415 | 422,
    message: string,
  ) {
    super(message);
  }
}

const startsWith = (bytes: Buffer, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
/** HEIF brands of photos from phones (HEVC inside), as the ISO base media file's `ftyp` box names them. */
const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]);

/** The picture type the bytes themselves say, whatever name or mimetype the client gave; null when not one we read. */
export function detectImage(bytes: Buffer): OriginalFormat | "heic" | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpg";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  if (startsWith(bytes, ascii("ftyp"), 4) && HEIC_BRANDS.has(bytes.subarray(8, 12).toString("latin1"))) {
    return "heic";
  }
  return null;
}

/** SVG is text that may carry scripts; it is refused with its own message. */
export function looksLikeSvg(bytes: Buffer): boolean {
  return bytes.subarray(0, 1024).toString("utf8").toLowerCase().includes("<svg");
}

export interface KeptPicture {
  bytes: Buffer;
  format: OriginalFormat;
  width: number;
  height: number;
}

const HEIC_REFUSED =
  `HEIC photos (an iPhone's usual format) cannot be read here; upload a ${ACCEPTED} image ` +
  `(on the iPhone, Settings > Camera > Formats > Most Compatible takes JPEG photos)`;

/**
 * The picture to keep from an upload: read whole (a file that only starts like a picture is refused), turned
 * upright by its orientation tag, and written again in its own format, which leaves out every metadata block
 * (EXIF with its GPS position, XMP, IPTC, comments, the colour profile once converted to sRGB) and anything
 * after the picture's data. Animated GIF and WebP stay animated.
 */
export async function keepUpload(bytes: Buffer): Promise<KeptPicture> {
  const kind = detectImage(bytes);
  if (!kind) {
    throw new PictureRefused(
      415,
      looksLikeSvg(bytes)
        ? `SVG images are not accepted because they can carry scripts; upload a ${ACCEPTED} image`
        : `The file is not an image we accept; upload a ${ACCEPTED} image`,
    );
  }
  const animated = kind === "gif" || kind === "webp";
  // A HEIC photo this build of libvips can read is kept as a JPEG.
  const format: OriginalFormat = kind === "heic" ? "jpg" : kind;
  try {
    const image = sharp(bytes, { animated, limitInputPixels: MAX_PIXELS, failOn: "error" }).autoOrient();
    const encoded =
      format === "jpg"
        ? image.jpeg({ quality: 90 })
        : format === "png"
          ? image.png({ compressionLevel: 6 })
          : format === "webp"
            ? image.webp({ quality: 90 })
            : image.gif();
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, format, width: info.width, height: info.pageHeight ?? info.height };
  } catch (error) {
    if (error instanceof PictureRefused) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    if (kind === "heic") throw new PictureRefused(415, HEIC_REFUSED);
    if (/pixel limit/i.test(reason)) {
      throw new PictureRefused(
        413,
        `The picture has more pixels than we take (at most ${MAX_PIXELS / 1024 / 1024} megapixels); upload a smaller one`,
      );
    }
    throw new PictureRefused(
      422,
      `The file starts like a ${ORIGINAL_FORMATS[format].slice(6).toUpperCase()} picture but cannot be read as one; export it again and upload the new file`,
    );
  }
}

/** One width of a kept picture in one format; never wider than the original. */
export async function makeRendition(
  original: Buffer,
  width: PictureWidth,
  format: PictureFormat,
): Promise<Buffer> {
  // The first frame of an animated picture; a card or a gallery shows it still.
  const image = sharp(original, { limitInputPixels: MAX_PIXELS })
    .autoOrient()
    .resize({ width, withoutEnlargement: true });
  if (format === "avif") return image.avif({ quality: 50, effort: 2 }).toBuffer();
  if (format === "webp") return image.webp({ quality: 75, effort: 4 }).toBuffer();
  return image.flatten({ background: "#ffffff" }).jpeg({ quality: 78, mozjpeg: true }).toBuffer();
}

/**
 * Runs encodings one after another (one less than the cores, at least one, at a time), so a burst of first
 * requests for new sizes queues here instead of taking every core from the pages and the API.
 */
export function encodingQueue(slots = Math.max(1, availableParallelism() - 1)) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    // A finished task hands its slot straight to the next one waiting.
    if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
