/**
 * The catalogue's version and a short-lived in-process cache of its public answers (listing, search, facets,
 * featured, product detail). Any change to the catalogue made through this process — a product, category or
 * brand write, an order taking or returning stock, a review changing a rating — bumps the version, which
 * empties the cache at once; changes made through other processes show within the time to live.
 */
import type { FastifyReply, FastifyRequest } from "fastify";

let version = 0;

export function catalogueVersion(): number {
  return version;
}

/** Call after any write that changes what the catalogue shows. */
export function catalogueChanged(): void {
  version++;
}

/** Runs a catalogue write, then marks the catalogue changed once its transaction is over (committed or not). */
export async function changingCatalogue<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } finally {
    catalogueChanged();
  }
}

interface Entry {
  body: string;
  headers: Record<string, string>;
  expires: number;
  version: number;
}

const MAX_ENTRIES = 2000;
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
    /** The catalogue version a cacheable request started at, or null when the request bypasses the cache. */
    catalogueCacheVersion: number | null;
  }
}

/**
 * Route hooks for a cache keyed by the request URL. Admins always get fresh answers; a hit skips the handler
 * and the serializer. `ttlMs` 0 turns it off.
 */
export function catalogueCache(ttlMs: number) {
  const entries = new Map<string, Entry>();

  async function onRequest(request: FastifyRequest, reply: FastifyReply) {
    request.catalogueCacheVersion = null;
    if (ttlMs <= 0 || request.method !== "GET" || request.caller?.role === "admin") return;
    const hit = entries.get(request.url);
    if (hit && hit.version === version && hit.expires > Date.now()) {
      reply.headers(hit.headers).header("x-cache", "HIT");
      // The body is already JSON text: send it as it is.
      return reply.serializer((payload) => payload as string).send(hit.body);
    }
    request.catalogueCacheVersion = version;
  }

  async function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const started = request.catalogueCacheVersion;
    if (started === null || reply.statusCode !== 200 || typeof payload !== "string") return payload;
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    // Kept under the version the request started at: if the catalogue changed meanwhile, it is never served.
    entries.set(request.url, { body: payload, headers, expires: Date.now() + ttlMs, version: started });
    reply.header("x-cache", "MISS");
    return payload;
  }

  return { onRequest, onSend };
}
