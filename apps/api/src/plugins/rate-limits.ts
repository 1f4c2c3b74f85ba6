/**
 * Rate limits counted where every API process sees them: in the database (the `rate_limits` table), or in Redis
 * when REDIS_URL is set. A route declares its limits once (`config: { limits: [...] }`); see
 * docs/decisions/018-shared-rate-limits.md.
 */
import rateLimit, { normalizeIP } from "@fastify/rate-limit";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import type { Redis } from "ioredis";
import type { Db } from "../db/client.ts";
import { HttpError } from "../http-errors.ts";
import type { RedisCounters } from "./redis-counters.ts";

export interface RateLimitRule {
  /** Names the counter, so two rules on one address never share it. */
  name: string;
  max: number;
  windowMs: number;
  /**
   * What is counted: the client address; the address with the body's email; the body's email from any address;
   * or the logged-in account.
   */
  by: "address" | "address+email" | "email" | "account";
}

declare module "fastify" {
  interface FastifyContextConfig {
    limits?: RateLimitRule[];
  }
  interface FastifyInstance {
    /** Whether the request comes from an address in RATE_LIMIT_EXEMPT, which no limit counts. */
    isRateLimitExempt(request: FastifyRequest): boolean;
    /** Every route that declares limits, for the tests that walk them. */
    readonly limitedRoutes: { method: string; url: string; limits: string[] }[];
  }
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** The client's address as the limits count it: IPv6 by its /64, IPv4-mapped addresses as IPv4. */
export const clientAddress = (request: FastifyRequest) => normalizeIP(request.ip);

function counterKey(rule: RateLimitRule, request: FastifyRequest): string {
  const address = clientAddress(request);
  if (rule.by === "account") return `${rule.name}:${request.caller?.id ?? address}`;
  if (rule.by === "address+email" || rule.by === "email") {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    const typed = typeof email === "string" ? email.toLowerCase() : "";
    return rule.by === "email" ? `${rule.name}:${typed}` : `${rule.name}:${address}|${typed}`;
  }
  return `${rule.name}:${address}`;
}

/** "45 seconds", "1 minute", "2 hours": when the caller may try again. */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  const [n, unit] =
    seconds < 90
      ? [seconds, "second"]
      : seconds < 5400
        ? [Math.ceil(seconds / 60), "minute"]
        : [Math.ceil(seconds / 3600), "hour"];
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Adapts an async counter to @fastify/rate-limit's store interface. */
function storeOf(hit: (key: string, windowMs: number) => Promise<{ current: number; ttl: number }>) {
  return class SharedRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number) {
      hit(key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }
    child() {
      return this;
    }
  };
}

/** One table: each hit is one atomic upsert, so processes never lose a count. */
function databaseCounter(db: Db) {
  let hits = 0;
  return async (key: string, windowMs: number) => {
    hits += 1;
    // Old windows are swept now and then, so keys seen once do not pile up.
    if (hits % 500 === 0) await db.execute(sql`delete from rate_limits where expires_at < now()`);
    const result = await db.execute(sql`
      insert into rate_limits (key, hits, expires_at)
      values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
      on conflict (key) do update set
        hits = case when rate_limits.expires_at <= now() then 1 else rate_limits.hits + 1 end,
        expires_at = case when rate_limits.expires_at <= now() then excluded.expires_at
                          else rate_limits.expires_at end
      returning hits, greatest(0, extract(epoch from (expires_at - now())) * 1000)::float8 as ttl
    `);
    const row = (result as unknown as { rows: { hits: number; ttl: number }[] }).rows[0]!;
    return { current: Number(row.hits), ttl: Math.ceil(Number(row.ttl)) };
  };
}

/** Redis: INCR, an expiry set only by the first hit of a window, and the time left, in one transaction. */
function redisCounter(redis: Redis) {
  return async (key: string, windowMs: number) => {
    const name = `shop:rate-limit:${key}`;
    const replies = await redis.multi().incr(name).pexpire(name, windowMs, "NX").pttl(name).exec();
    if (!replies) throw new Error("the Redis transaction was aborted");
    const [incr, , pttl] = replies;
    if (incr?.[0] || pttl?.[0]) throw (incr?.[0] ?? pttl?.[0]) as Error;
    return { current: Number(incr![1]), ttl: Math.max(0, Number(pttl![1])) };
  };
}

/** Where a hit is counted: Redis while it answers (when configured), the database otherwise. */
function countIn(db: Db, redis: RedisCounters | undefined) {
  const inDatabase = databaseCounter(db);
  if (!redis) return inDatabase;
  const inRedis = redisCounter(redis.redis);
  return (key: string, windowMs: number) =>
    redis.count(
      () => inRedis(key, windowMs),
      () => inDatabase(key, windowMs),
    );
}

export interface RateLimitOptions {
  db: Db;
  /** When set, counts live in Redis instead of the database, and in the database while Redis is away. */
  redis?: RedisCounters | undefined;
  /** Addresses never limited (monitoring, load tests), compared after TRUST_PROXY resolved the client. */
  exempt?: string[];
}

export const rateLimitsPlugin = fp(async (app: FastifyInstance, options: RateLimitOptions) => {
  await app.register(rateLimit, {
    global: false,
    store: storeOf(countIn(options.db, options.redis)),
  });
  const exempt = new Set((options.exempt ?? []).map((address) => normalizeIP(address)));
  app.decorate("isRateLimitExempt", (request: FastifyRequest) => exempt.has(clientAddress(request)));

  const limited: { method: string; url: string; limits: string[] }[] = [];
  app.decorate("limitedRoutes", limited);
  app.addHook("onRoute", (route: RouteOptions) => {
    const rules = route.config?.limits;
    if (!rules?.length) return;
    limited.push({ method: String(route.method), url: route.url, limits: rules.map((rule) => rule.name) });
    const limiters = rules.map((rule) => ({
      rule,
      check: app.createRateLimit({
        max: rule.max,
        timeWindow: rule.windowMs,
        keyGenerator: (request) => counterKey(rule, request),
      }),
    }));
    // After validation, so keys can use the body's email; after the access hook, so they can use the account.
    const hook = async (request: FastifyRequest) => {
      if (app.isRateLimitExempt(request)) return;
      let waitMs = 0;
      for (const { rule, check } of limiters) {
        try {
          const result = await check(request);
          if (!result.isAllowed && result.isExceeded) waitMs = Math.max(waitMs, result.ttl);
        } catch (error) {
          // A counter store that does not answer must not lock every shopper out: let the request through, loudly.
          request.log.error({ err: error, limit: rule.name }, "rate-limit store failed; request not limited");
        }
      }
      if (waitMs > 0) {
        throw new HttpError(429, `Too many attempts; try again in ${waitText(waitMs)}`, "RATE_LIMITED", {
          "retry-after": String(Math.ceil(waitMs / 1000)),
        });
      }
    };
    const existing = route.preHandler;
    route.preHandler = [...(Array.isArray(existing) ? existing : existing ? [existing] : []), hook];
  });
});
