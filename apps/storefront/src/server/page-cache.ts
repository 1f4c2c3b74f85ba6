/**
 * Drawn pages kept in memory, keyed by URL and currency, so a page is drawn once for all the shoppers who ask
 * for it: capped in bytes (least recently used first out), dropped at once when what pages show changes in any
 * process (the API's content version), redrawn in the background once older than `freshMs` while the kept copy
 * is still served, and drawn once however many shoppers ask for it at the same moment.
 */
import { promisify } from "node:util";
import { brotliCompress, brotliDecompressSync, constants, gzip } from "node:zlib";
import { LRUCache } from "lru-cache";

export interface DrawnPage {
  status: number;
  /** The page as drawn; once the page is kept, made again from its compressed form on demand. */
  readonly html: string;
  /** A strong validator of the HTML, for If-None-Match. */
  etag: string;
  /** The same HTML compressed, made once per page on first demand. */
  encoded(encoding: "br" | "gzip"): Promise<Buffer>;
  /**
   * Makes both compressed forms and lets the drawn HTML go: a kept page holds about a sixth of its HTML's
   * weight, so the same memory keeps several times more pages (every browser and CDN asks for br or gzip).
   */
  compact(): Promise<void>;
  /** What the page holds in memory, in bytes. */
  weight(): number;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
// Brotli's quality 5 compresses HTML nearly as well as its slowest setting at a small part of the cost.
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
/** What a kept page costs beyond its bytes: the entry, its key, its validator. */
const ENTRY_OVERHEAD = 512;

/** A drawn page with its validator and, on demand, its compressed forms. */
export function drawnPage(status: number, html: string, etag: string): DrawnPage {
  // The drawn HTML until the page is compacted; after that only its compressed forms are held.
  let drawn: string | null = html;
  const forms = new Map<"br" | "gzip", Promise<Buffer>>();
  const made = new Map<"br" | "gzip", Buffer>();
  function encoded(encoding: "br" | "gzip"): Promise<Buffer> {
    let form = forms.get(encoding);
    if (!form) {
      const source = drawn ?? brotliDecompressSync(made.get("br") as Buffer).toString("utf8");
      form = (encoding === "br" ? brotli(source, BROTLI) : gzipped(source)).then((bytes) => {
        made.set(encoding, bytes);
        return bytes;
      });
      forms.set(encoding, form);
    }
    return form;
  }
  return {
    status,
    etag,
    get html() {
      return drawn ?? brotliDecompressSync(made.get("br") as Buffer).toString("utf8");
    },
    encoded,
    async compact() {
      await Promise.all([encoded("br"), encoded("gzip")]);
      drawn = null;
    },
    weight() {
      let bytes = ENTRY_OVERHEAD + (drawn === null ? 0 : Buffer.byteLength(drawn));
      for (const form of made.values()) bytes += form.length;
      return bytes;
    },
  };
}

interface Kept {
  page: DrawnPage;
  version: number;
  drawnAt: number;
}

export interface PageCacheOptions {
  /** The version of everything pages show; null while a change could go unheard, when nothing is kept. */
  version: () => number | null;
  /** What the kept pages may weigh together: their compressed forms (pages are kept compressed). */
  maxBytes: number;
  /** After this long a kept page is redrawn in the background while still served. */
  freshMs: number;
  now?: () => number;
}

export type CacheState = "hit" | "stale" | "miss" | "off";

export interface PageCache {
  /** The page for `key`: kept, or drawn by `draw` (once for every concurrent caller). */
  get(key: string, draw: () => Promise<DrawnPage>): Promise<[DrawnPage, CacheState]>;
  /** How many pages and bytes are kept. */
  size(): { pages: number; bytes: number };
}

export function createPageCache({
  version: currentVersion,
  maxBytes,
  freshMs,
  now = Date.now,
}: PageCacheOptions): PageCache {
  const kept = new LRUCache<string, Kept>({
    maxSize: Math.max(1, maxBytes),
    sizeCalculation: (entry) => entry.page.weight(),
  });
  const drawing = new Map<string, Promise<DrawnPage>>();

  function drawOnce(key: string, version: number, draw: () => Promise<DrawnPage>): Promise<DrawnPage> {
    const flight = `${version}\u0000${key}`;
    let pending = drawing.get(flight);
    if (!pending) {
      pending = draw()
        .then(async (page) => {
          // Kept compressed; the forms are what the answer sends anyway.
          await page.compact();
          // A page drawn while the content changed is not kept: it may show the old content.
          if (currentVersion() === version) kept.set(key, { page, version, drawnAt: now() });
          return page;
        })
        .finally(() => drawing.delete(flight));
      drawing.set(flight, pending);
    }
    return pending;
  }

  return {
    async get(key, draw) {
      const version = currentVersion();
      if (version === null || maxBytes <= 0) return [await draw(), "off"];
      const entry = kept.get(key);
      if (entry && entry.version === version) {
        if (now() - entry.drawnAt < freshMs) return [entry.page, "hit"];
        // Serve the kept page and redraw it behind; a failed redraw keeps the old one until the next try.
        drawOnce(key, version, draw).catch(() => {});
        return [entry.page, "stale"];
      }
      if (entry) kept.delete(key);
      return [await drawOnce(key, version, draw), "miss"];
    },
    size: () => ({ pages: kept.size, bytes: kept.calculatedSize }),
  };
}
