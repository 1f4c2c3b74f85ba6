/** Uploaded images on disk: recognised by their first bytes, stored under DATA_DIR/uploads with a random name. */
import { randomUUID } from "node:crypto";
import { mkdir, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export const IMAGE_TYPES = {
  png: "image/png",
  jpg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
} as const;
export type ImageExtension = keyof typeof IMAGE_TYPES;

/** The only names GET /uploads/{file} serves: what storeImage makes, so no path can climb out of the folder. */
export const STORED_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|gif|webp)$/;

const startsWith = (bytes: Buffer, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image type the bytes themselves say, whatever name or mimetype the client gave; null when not one we take. */
export function detectImage(bytes: Buffer): ImageExtension | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpg";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  return null;
}

/** SVG is text that may carry scripts; it is refused with its own message. */
export function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 1024).toString("utf8").toLowerCase();
  return head.includes("<svg");
}

export const uploadsDir = (dataDir: string) => join(dataDir, "uploads");

export async function storeImage(
  dataDir: string,
  bytes: Buffer,
  extension: ImageExtension,
): Promise<{ filename: string; size: number; contentType: string }> {
  const dir = uploadsDir(dataDir);
  await mkdir(dir, { recursive: true });
  const filename = `${randomUUID()}.${extension}`;
  // "wx": never overwrite, even in the impossible case of a repeated uuid.
  await writeFile(join(dir, filename), bytes, { flag: "wx", mode: 0o644 });
  return { filename, size: bytes.length, contentType: IMAGE_TYPES[extension] };
}

/** The stored file's path and size, or null when the name is not one of ours or the file is gone. */
export async function findStoredImage(
  dataDir: string,
  filename: string,
): Promise<{ path: string; size: number; contentType: string } | null> {
  const match = STORED_NAME.exec(filename);
  if (!match) return null;
  const path = join(uploadsDir(dataDir), filename);
  try {
    const info = await stat(path);
    if (!info.isFile()) return null;
    return { path, size: info.size, contentType: IMAGE_TYPES[match[1] as ImageExtension] };
  } catch {
    return null;
  }
}
