/**
 * Uploaded images: recognised by their first bytes, stored in the database under a random name, so every API
 * process serves every upload (docs/decisions/020-uploads-in-the-database.md).
 */
import { randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { uploads } from "../../db/schema.ts";

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

export async function storeImage(
  db: Db,
  bytes: Buffer,
  extension: ImageExtension,
): Promise<{ filename: string; size: number; contentType: string }> {
  const id = randomUUID();
  const contentType = IMAGE_TYPES[extension];
  await db.insert(uploads).values({ id, extension, contentType, size: bytes.length, bytes });
  return { filename: `${id}.${extension}`, size: bytes.length, contentType };
}

/** The stored image's bytes and type, or null when the name is not one of ours or nothing has it. */
export async function findStoredImage(
  db: Db,
  filename: string,
): Promise<{ bytes: Buffer; contentType: string } | null> {
  const match = STORED_NAME.exec(filename);
  if (!match) return null;
  const [id, extension] = filename.split(".") as [string, ImageExtension];
  const [row] = await db
    .select({ bytes: uploads.bytes, contentType: uploads.contentType })
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.extension, extension)));
  return row ?? null;
}

/**
 * Copies images uploaded before uploads moved into the database (files in DATA_DIR/uploads) into it, once:
 * names already there are skipped. The files stay where they are. Answers how many were copied.
 */
export async function importDiskUploads(db: Db, dataDir: string): Promise<number> {
  const dir = join(dataDir, "uploads");
  const names = await readdir(dir).catch(() => [] as string[]);
  let copied = 0;
  for (const name of names) {
    if (!STORED_NAME.test(name)) continue;
    const bytes = await readFile(join(dir, name));
    const [id, extension] = name.split(".") as [string, ImageExtension];
    if (detectImage(bytes) !== extension) continue;
    const inserted = await db
      .insert(uploads)
      .values({ id, extension, contentType: IMAGE_TYPES[extension], size: bytes.length, bytes })
      .onConflictDoNothing()
      .returning({ id: uploads.id });
    copied += inserted.length;
  }
  return copied;
}
