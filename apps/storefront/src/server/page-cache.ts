/**
 * Drawn pages kept in memory, keyed by URL and currency, so a page is drawn once for all the shoppers who ask
 * for it: capped in bytes (least recently used first out), dropped at once when what pages show changes in any
 * process (the API's content version), redrawn in the background once older than `freshMs` while the kept copy
 * is still served, and drawn once however many shoppers ask for it at the same moment.
 */
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { LRUCache } from "lru-cache";

export interface DrawnPage {
  status: number;
  html: string;
  /** A strong validator of the HTML, for If-None-Match. */
  etag: string;
  /** The same HTML compressed, made once per page on first demand. */
  encoded(encoding: "br" | "gzip"): Promise<Buffer>;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
// Brotli's quality 5 compresses HTML nearly as well as its slowest setting at a small part of the cost.
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

/** A drawn page with its validator and, on demand, its compressed forms. */
export function drawnPage(status: number, html: string, etag: string): DrawnPage {
  const forms = new Map<"br" | "gzip", Promise<Buffer>>();
  return {
    status,
    html,
    etag,
    encoded(encoding) {
      let form = forms.get(encoding);
      if (!form) {
        form = encoding === "br" ? brotli(html, BROTLI) : gzipped(html);
        forms.set(encoding, form);
      }
      return form;
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
  /** What the kept pages may weigh together (their HTML, twice over for the compressed forms at most). */
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
    // Room for the HTML and its compressed forms, which are a fraction of it.
    sizeCalculation: (entry) => Math.max(1, Math.ceil(entry.page.html.length * 1.5)),
  });
  const drawing = new Map<string, Promise<DrawnPage>>();

  function drawOnce(key: string, version: number, draw: () => Promise<DrawnPage>): Promise<DrawnPage> {
    const flight = `${version}\u0000${key}`;
    let pending = drawing.get(flight);
    if (!pending) {
      pending = draw()
        .then((page) => {
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
