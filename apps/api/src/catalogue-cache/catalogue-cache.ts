/**
 * How fresh the catalogue's answers are in every API process: two versions per database, bumped by this
 * process's own writes at once and by every process's writes through PostgreSQL NOTIFY (triggers in
 * drizzle/0003_product_listing.sql); what is cached per filter (counts, facets, search results) until the listing
 * changes; and a short-lived cache of the public answers, keyed by the validated query and capped in bytes.
 * See docs/decisions/017-catalogue-cache-across-processes.md.
 */
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import type { Database, Db } from "../db/client.ts";

/** The channel the database's triggers announce catalogue changes on. */
export const CATALOGUE_CHANNEL = "shop_catalogue";
/** Memory caps, read when a cache is made (tests lower them). */
export const catalogueCacheLimits = {
  /** Values cached per filter, per database. */
  cachedBytes: 16 * 1024 * 1024,
  /**
   * Cached answers, per API process. Lists carry each product's variants (decision 059): a page of 12 is about
   * 35 KB, so the benchmark's 640 listings, 240 searches and 300 suggestions fill about 40 MB.
   */
  answerBytes: 64 * 1024 * 1024,
};

interface CatalogueState {
  /** Bumped by any change a product can show (stock, rating, ...): empties the answer cache. */
  answers: number;
  /** Bumped by changes that can move a product into or out of a listing or reorder one; bumps answers too. */
  listing: number;
  /** False while notifications from other processes may be missed: nothing is then cached or served from memory. */
  listening: boolean;
  watchers: number;
  stop: Promise<() => Promise<void>> | null;
  cached: LRUCache<string, { version: number; value: unknown }>;
  /** Computations under way, so concurrent requests for one filter share one query. */
  pending: Map<string, Promise<unknown>>;
  /** Values served while their next version is computed behind (staleWhileRevalidate). */
  behind: Map<string, { version: number; value: unknown; next: Promise<unknown> | null }>;
}

/** Per database handle: tests run several shops (and two "processes") in one Node process. */
const states = new WeakMap<Db, CatalogueState>();

function stateOf(db: Db): CatalogueState {
  let state = states.get(db);
  if (!state) {
    state = {
      answers: 0,
      listing: 0,
      // A database nobody watches has no other process to hear from (scripts, a single test app).
      listening: true,
      watchers: 0,
      stop: null,
      cached: new LRUCache({ maxSize: catalogueCacheLimits.cachedBytes }),
      pending: new Map(),
      behind: new Map(),
    };
    states.set(db, state);
  }
  return state;
}

function listingChanged(state: CatalogueState): void {
  state.listing++;
  state.answers++;
  state.cached.clear();
}

/** Call after a write that changes what a product shows but not which listings hold it (an order taking stock). */
export function catalogueChanged(db: Db): void {
  stateOf(db).answers++;
}

/**
 * The version of what products show, for other memories of catalogue reads (the served pages' head tags); null
 * while a change made elsewhere could go unheard, when nothing may be cached.
 */
export function catalogueVersion(db: Db): number | null {
  const state = stateOf(db);
  return state.listening ? state.answers : null;
}

/**
 * Call after a staff write to anything else the storefront shows (banners, posts, coupons, shipping, exchange
 * rates, ...): the catalogue's answers and every process's rendered pages are then dropped, this process's at once.
 */
export async function contentChanged(db: Db): Promise<void> {
  stateOf(db).answers++;
  await db.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, 'catalogue')`);
}

/**
 * Requests whose route calls contentChanged itself once its work is done: an answer streamed while the work goes on
 * (the catalogue import's progress) leaves before it, and the signal must not (app.ts's onSend hook skips them).
 */
export const signalsOwnChange = new WeakSet<object>();

/**
 * Runs a catalogue write (products, categories, brands, reviews), then marks the listing changed in this process
 * once its transaction is over, committed or not; the other processes hear of it from the database.
 */
export async function changingCatalogue<T>(db: Db, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } finally {
    listingChanged(stateOf(db));
  }
}

/**
 * Listens to the database's catalogue announcements while the app runs. Until the listener is connected, and
 * whenever it drops, nothing is cached or served from memory, since a change elsewhere could go unheard.
 */
export async function watchCatalogue(app: FastifyInstance): Promise<void> {
  const state = stateOf(app.db);
  const database: Database = app.database;
  state.watchers++;
  if (!state.stop) {
    state.listening = false;
    state.stop = database.listen(
      CATALOGUE_CHANNEL,
      (payload) => {
        if (payload === "catalogue") state.answers++;
        else listingChanged(state);
      },
      (listening) => {
        // Either way something may have been missed: start afresh.
        listingChanged(state);
        state.listening = listening;
      },
    );
  }
  await state.stop;
  app.addHook("onClose", async () => {
    state.watchers--;
    if (state.watchers > 0 || !state.stop) return;
    const stop = await state.stop;
    state.stop = null;
    state.listening = true;
    await stop();
  });
}

/**
 * A value that depends only on the listing (a filter's count, facets, a search's ordered results), computed
 * once per listing version and cached within catalogueCacheLimits.cachedBytes; `size` estimates its bytes.
 */
export async function cachedForListing<T>(
  db: Db,
  key: string,
  size: (value: T) => number,
  compute: () => Promise<T>,
): Promise<T> {
  const state = stateOf(db);
  if (!state.listening) return compute();
  const version = state.listing;
  const hit = state.cached.get(key);
  if (hit && hit.version === version) return hit.value as T;
  const pendingKey = `${version}\u0000${key}`;
  const running = state.pending.get(pendingKey);
  if (running) return running as Promise<T>;
  const computing = compute()
    .then((value) => {
      // Cached under the version it started at only if nothing changed meanwhile.
      if (state.listening && state.listing === version) {
        state.cached.set(key, { version, value }, { size: Math.max(1, key.length + size(value)) });
      }
      return value;
    })
    .finally(() => state.pending.delete(pendingKey));
  state.pending.set(pendingKey, computing);
  return computing;
}

/**
 * A value worth keeping across listing changes while its next version is computed (the search's vocabulary of
 * the catalogue's words: seconds to read on a large catalogue, and nearly the same after a change): computed once
 * and awaited the first time; after a listing change the cached value is answered at once and one computation runs
 * behind, its value cached when it ends. While changes could go unheard, computed every time.
 */
export async function staleWhileRevalidate<T>(db: Db, key: string, compute: () => Promise<T>): Promise<T> {
  const state = stateOf(db);
  if (!state.listening) return compute();
  const version = state.listing;
  const entry = state.behind.get(key);
  if (entry && entry.version === version) return entry.value as T;
  if (entry) {
    entry.next ??= compute()
      .then((value) => {
        // Newer than what is cached even if the listing changed again meanwhile: the next call starts another.
        entry.value = value;
        entry.version = version;
      })
      .catch(() => {})
      .finally(() => {
        entry.next = null;
      });
    return entry.value as T;
  }
  const pendingKey = `behind\u0000${key}`;
  const running = state.pending.get(pendingKey);
  if (running) return running as Promise<T>;
  const first = compute()
    .then((value) => {
      if (!state.behind.has(key)) state.behind.set(key, { version, value, next: null });
      return value;
    })
    .finally(() => state.pending.delete(pendingKey));
  state.pending.set(pendingKey, first);
  return first;
}

// ---------- The answer cache ----------

interface Answer {
  body: Buffer;
  headers: Record<string, string>;
  version: number;
}

const KEPT_HEADERS = [
  "content-type",
  "x-total-count",
  "x-total-pages",
  "x-current-page",
  "x-page-size",
  "content-range",
];

declare module "fastify" {
  interface FastifyRequest {
    /** Where a cacheable answer will be cached, or null when the request bypasses the cache. */
    catalogueCacheSlot: { key: string; version: number } | null;
  }
}

/**
 * Route hooks for the public catalogue reads, for `ttlMs` (0: off). The key is the route and its validated
 * parameters and query (zod has dropped unknown parameters and applied defaults), so junk in the URL
 * neither misses the cache nor fills it. Admins always get fresh answers; a hit skips the handler and the
 * serializer.
 */
export function catalogueCache(app: FastifyInstance, ttlMs: number) {
  const state = stateOf(app.db);
  const answers = new LRUCache<string, Answer>({
    maxSize: catalogueCacheLimits.answerBytes,
    ttl: Math.max(ttlMs, 1),
    sizeCalculation: (answer, key) => answer.body.byteLength + key.length + 256,
  });
  app.decorateRequest("catalogueCacheSlot", null);

  async function preHandler(request: FastifyRequest, reply: FastifyReply) {
    if (ttlMs <= 0 || request.method !== "GET" || !state.listening || request.caller?.role === "admin")
      return;
    const key = `${request.routeOptions.url}\u0000${JSON.stringify(request.params)}\u0000${JSON.stringify(request.query)}`;
    const hit = answers.get(key);
    if (hit && hit.version === state.answers) {
      return reply.headers(hit.headers).header("x-cache", "HIT").send(hit.body);
    }
    request.catalogueCacheSlot = { key, version: state.answers };
  }

  async function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const slot = request.catalogueCacheSlot;
    if (!slot || reply.statusCode !== 200 || typeof payload !== "string") return payload;
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    const body = Buffer.from(payload);
    // Cached under the version the request started at: if the catalogue changed meanwhile, it is never served.
    answers.set(slot.key, { body, headers, version: slot.version });
    reply.header("x-cache", "MISS");
    return body;
  }

  return { preHandler, onSend };
}
