/**
 * Rendered pages cached in memory, keyed by URL and currency, so a page is rendered once for all the shoppers who ask
 * for it: capped in bytes (least recently used first out), dropped at once when what pages show changes in any
 * process (the API's content version), re-rendered in the background once older than `freshMs` while the cached copy
 * is still served, and rendered once however many shoppers ask for it at the same moment.
 */
import { promisify } from "node:util";
import { brotliCompress, brotliDecompressSync, constants, gzip } from "node:zlib";
import { LRUCache } from "lru-cache";

export interface RenderedPage {
  status: number;
  /** The page as rendered; once the page is cached, made again from its compressed form on demand. */
  readonly html: string;
  /** A strong validator of the HTML, for If-None-Match. */
  etag: string;
  /** The same HTML compressed, made once per page on first demand. */
  encoded(encoding: "br" | "gzip"): Promise<Buffer>;
  /**
   * Makes both compressed forms and lets the rendered HTML go: a cached page holds about a sixth of its HTML's
   * weight, so the same memory caches several times more pages (every browser and CDN asks for br or gzip).
   */
  compact(): Promise<void>;
  /** What the page holds in memory, in bytes. */
  weight(): number;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
// Brotli's quality 5 compresses HTML nearly as well as its slowest setting at a small part of the cost.
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
/** What a cached page costs beyond its bytes: the entry, its key, its validator. */
const ENTRY_OVERHEAD = 512;

/** A rendered page with its validator and, on demand, its compressed forms. */
export function renderedPage(status: number, html: string, etag: string): RenderedPage {
  // The rendered HTML until the page is compacted; after that only its compressed forms are held.
  let rendered: string | null = html;
  const forms = new Map<"br" | "gzip", Promise<Buffer>>();
  const made = new Map<"br" | "gzip", Buffer>();
  function encoded(encoding: "br" | "gzip"): Promise<Buffer> {
    let form = forms.get(encoding);
    if (!form) {
      const source = rendered ?? brotliDecompressSync(made.get("br") as Buffer).toString("utf8");
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
      return rendered ?? brotliDecompressSync(made.get("br") as Buffer).toString("utf8");
    },
    encoded,
    async compact() {
      await Promise.all([encoded("br"), encoded("gzip")]);
      rendered = null;
    },
    weight() {
      let bytes = ENTRY_OVERHEAD + (rendered === null ? 0 : Buffer.byteLength(rendered));
      for (const form of made.values()) bytes += form.length;
      return bytes;
    },
  };
}

interface Cached {
  page: RenderedPage;
  version: number;
  renderedAt: number;
}

export interface PageCacheOptions {
  /** The version of everything pages show; null while a change could go unheard, when nothing is cached. */
  version: () => number | null;
  /** What the cached pages may weigh together: their compressed forms (pages are cached compressed). */
  maxBytes: number;
  /** After this long a cached page is re-rendered in the background while still served. */
  freshMs: number;
  now?: () => number;
}

export type CacheState = "hit" | "stale" | "miss" | "off";

export interface PageCache {
  /** The page for `key`: cached, or rendered by `render` (once for every concurrent caller). */
  get(key: string, render: () => Promise<RenderedPage>): Promise<[RenderedPage, CacheState]>;
  /** How many pages and bytes are cached. */
  size(): { pages: number; bytes: number };
}

export function createPageCache({
  version: currentVersion,
  maxBytes,
  freshMs,
  now = Date.now,
}: PageCacheOptions): PageCache {
  const cached = new LRUCache<string, Cached>({
    maxSize: Math.max(1, maxBytes),
    sizeCalculation: (entry) => entry.page.weight(),
  });
  const rendering = new Map<string, Promise<RenderedPage>>();

  function renderOnce(
    key: string,
    version: number,
    render: () => Promise<RenderedPage>,
  ): Promise<RenderedPage> {
    const flight = `${version}\u0000${key}`;
    let pending = rendering.get(flight);
    if (!pending) {
      pending = render()
        .then(async (page) => {
          // Cached compressed; the forms are what the answer sends anyway.
          await page.compact();
          // A page rendered while the content changed is not cached: it may show the old content.
          if (currentVersion() === version) cached.set(key, { page, version, renderedAt: now() });
          return page;
        })
        .finally(() => rendering.delete(flight));
      rendering.set(flight, pending);
    }
    return pending;
  }

  return {
    async get(key, render) {
      const version = currentVersion();
      if (version === null || maxBytes <= 0) return [await render(), "off"];
      const entry = cached.get(key);
      if (entry && entry.version === version) {
        if (now() - entry.renderedAt < freshMs) return [entry.page, "hit"];
        // Serve the cached page and re-render it behind; a failed re-render leaves the old one until the next try.
        renderOnce(key, version, render).catch(() => {});
        return [entry.page, "stale"];
      }
      if (entry) cached.delete(key);
      return [await renderOnce(key, version, render), "miss"];
    },
    size: () => ({ pages: cached.size, bytes: cached.calculatedSize }),
  };
}
