/**
 * Stored pictures: each kept original and every width made from it live in the database, so every API process
 * serves every picture and makes a missing width once for all of them (docs/decisions/020-uploads-in-the-database.md,
 * docs/decisions/056-picture-pipeline.md).
 */
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  MEDIA_NAME,
  ORIGINAL_FORMATS,
  type OriginalFormat,
  originalUrl,
  type PictureFormat,
  type PictureWidth,
} from "@shop/domain/media";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { detectImage, type KeptPicture, keepUpload, PictureRefused } from "./pipeline.ts";
import { media, mediaRenditions } from "./tables.ts";

export interface StoredPicture {
  name: string;
  url: string;
  format: OriginalFormat;
  contentType: string;
  size: number;
  width: number;
  height: number;
}

/** A picture is named by its kept bytes: the same picture uploaded twice is kept once, and a name never changes meaning. */
const nameOf = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex").slice(0, 32);

export async function storePicture(db: Db, kept: KeptPicture): Promise<StoredPicture> {
  const name = nameOf(kept.bytes);
  const contentType = ORIGINAL_FORMATS[kept.format];
  await db
    .insert(media)
    .values({
      name,
      format: kept.format,
      contentType,
      width: kept.width,
      height: kept.height,
      size: kept.bytes.length,
      bytes: kept.bytes,
    })
    .onConflictDoNothing();
  const { bytes, ...size } = kept;
  return { name, url: originalUrl(name, kept.format), contentType, ...size, size: bytes.length };
}

/**
 * A stored original's bytes and type, or null when the name is not one of ours, the format is not its own, or
 * it is a picture from before the pipeline that could not be read (width 0).
 */
export async function findOriginal(
  db: Db,
  name: string,
  format?: string,
): Promise<{ bytes: Buffer; contentType: string } | null> {
  if (!MEDIA_NAME.test(name)) return null;
  const [row] = await db
    .select({ bytes: media.bytes, contentType: media.contentType, format: media.format, width: media.width })
    .from(media)
    .where(eq(media.name, name));
  if (!row || row.width === 0 || (format !== undefined && row.format !== format)) return null;
  return { bytes: row.bytes, contentType: row.contentType };
}

export async function findRendition(
  db: Db,
  name: string,
  width: PictureWidth,
  format: PictureFormat,
): Promise<Buffer | null> {
  const [row] = await db
    .select({ bytes: mediaRenditions.bytes })
    .from(mediaRenditions)
    .where(
      and(
        eq(mediaRenditions.name, name),
        eq(mediaRenditions.width, width),
        eq(mediaRenditions.format, format),
      ),
    );
  return row?.bytes ?? null;
}

/** Keeps a width made by this process; another process that made the same one first wins, with the same picture. */
export async function storeRendition(
  db: Db,
  name: string,
  width: PictureWidth,
  format: PictureFormat,
  bytes: Buffer,
): Promise<void> {
  await db
    .insert(mediaRenditions)
    .values({ name, width, format, size: bytes.length, bytes })
    .onConflictDoNothing();
}

/** The uuid-named files an earlier version kept (DATA_DIR/uploads) or served (/api/uploads/{file}). */
const EARLIER_NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(png|jpg|gif|webp)$/;

/** The name behind an earlier upload's file name, or null when it is not named like one. */
export function earlierUploadName(file: string): { name: string; format: OriginalFormat } | null {
  const match = EARLIER_NAME.exec(file);
  return match ? { name: match[1]!, format: match[2] as OriginalFormat } : null;
}

/**
 * Copies images uploaded before uploads moved into the database (files in DATA_DIR/uploads) into it, once:
 * names already there are skipped. The files stay where they are. Answers how many were copied; they are cleaned
 * by cleanEarlierUploads like every other picture from before the pipeline.
 */
export async function importDiskUploads(db: Db, dataDir: string): Promise<number> {
  const dir = join(dataDir, "uploads");
  const files = await readdir(dir).catch(() => [] as string[]);
  let copied = 0;
  for (const file of files) {
    const earlier = earlierUploadName(file);
    if (!earlier) continue;
    const bytes = await readFile(join(dir, file));
    if (detectImage(bytes) !== earlier.format) continue;
    const inserted = await db
      .insert(media)
      .values({
        name: earlier.name,
        format: earlier.format,
        contentType: ORIGINAL_FORMATS[earlier.format],
        size: bytes.length,
        bytes,
      })
      .onConflictDoNothing()
      .returning({ name: media.name });
    copied += inserted.length;
  }
  return copied;
}

/**
 * Pictures uploaded before the pipeline (their width unknown) go through it once, in place under their names:
 * turned upright, their metadata removed. One that cannot be read is no longer served (width 0).
 * Answers how many were cleaned and how many could not be read.
 */
export async function cleanEarlierUploads(db: Db): Promise<{ cleaned: number; unreadable: number }> {
  const rows = await db.select({ name: media.name }).from(media).where(isNull(media.width));
  let cleaned = 0;
  let unreadable = 0;
  for (const { name } of rows) {
    const [row] = await db.select({ bytes: media.bytes }).from(media).where(eq(media.name, name));
    if (!row) continue;
    try {
      const kept = await keepUpload(row.bytes);
      await db
        .update(media)
        .set({
          format: kept.format,
          contentType: ORIGINAL_FORMATS[kept.format],
          width: kept.width,
          height: kept.height,
          size: kept.bytes.length,
          bytes: kept.bytes,
        })
        .where(eq(media.name, name));
      cleaned += 1;
    } catch (error) {
      if (!(error instanceof PictureRefused)) throw error;
      await db.update(media).set({ width: 0, height: 0 }).where(eq(media.name, name));
      unreadable += 1;
    }
  }
  return { cleaned, unreadable };
}
