/** The media module's tables: each picture as it is kept, and the widths made from it. */
import { customType, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt } from "../../db/columns.ts";

/** Raw bytes: Buffer from node-postgres, Uint8Array from PGlite; Buffer in the application either way. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Pictures uploaded from the back office, in the database so that every API process serves them: each original as
 * it is kept (turned upright, re-encoded without metadata), named by its content.
 */
export const media = pgTable("media", {
  /** A 32-hex hash of the kept bytes, or the uuid of a picture uploaded before the pipeline. */
  name: text("name").primaryKey(),
  /** png, jpg, gif or webp: the original's format and its URL's extension. */
  format: text("format").notNull(),
  contentType: text("content_type").notNull(),
  /** Null for a picture uploaded before the pipeline until it has been cleaned at start; 0 when it cannot be read. */
  width: integer("width"),
  height: integer("height"),
  size: integer("size").notNull(),
  bytes: bytea("bytes").notNull(),
  createdAt: createdAt(),
});

/** The widths a page asks for, each in AVIF, WebP and JPEG, made from the original the first time one is asked for. */
export const mediaRenditions = pgTable(
  "media_renditions",
  {
    name: text("name")
      .notNull()
      .references(() => media.name, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    format: text("format").notNull(),
    size: integer("size").notNull(),
    bytes: bytea("bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.name, t.width, t.format] })],
);
