/**
 * Login limits per account, whatever the client's address, with growing delays between guesses, and the device
 * cookie that lets the owner's usual browser past them (OWASP's "device cookies"). Counted in the database, or in
 * Redis when REDIS_URL is set, as the other rate limits are. See docs/decisions/031-login-limits-per-account.md.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { cookieValue } from "@shop/domain/first-screen";
import { sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import type { Db } from "../../db/client.ts";
import { isUuid } from "../../db/match.ts";
import type { RedisCounters } from "../../plugins/redis-counters.ts";

/**
 * Attempts before any delay (as many as one address may make on one email in a minute, so the owner who
 * mistypes meets the same limit as before); from the last of them on, 1 s, 2 s, 4 s... up to MAX_DELAY_SECONDS
 * between two attempts.
 */
export const FREE_ATTEMPTS = 10;
export const MAX_DELAY_SECONDS = 15 * 60;
/** A count nobody adds to for this long starts again from zero. */
export const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

/** The wait after the n-th attempt since the last success (n counts from 1). */
export function delaySeconds(attempts: number): number {
  if (attempts < FREE_ATTEMPTS) return 0;
  return Math.min(2 ** (attempts - FREE_ATTEMPTS), MAX_DELAY_SECONDS);
}

export interface Verdict {
  allowed: boolean;
  /** When refused: how long until the next attempt may be made. */
  retryAfterMs: number;
}

export interface LoginLimits {
  /** Counts an attempt on `key` and lets it through, or refuses it while the key's delay runs (not counting it). */
  attempt(key: string): Promise<Verdict>;
  /** A success (or a password reset): the key starts again from zero. */
  clear(key: string): Promise<void>;
}

/** One row per key; each attempt is one atomic upsert, so processes never let two guesses through one delay. */
export function databaseLoginLimits(db: Db): LoginLimits {
  let calls = 0;
  const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
  // The attempt number the update makes: a forgotten count starts again at 1.
  const next = sql`(case when login_limits.expires_at <= now() then 1 else login_limits.attempts + 1 end)`;
  const delay = sql`(case when ${next} < ${FREE_ATTEMPTS} then 0
    else least(power(2, ${next} - ${FREE_ATTEMPTS}), ${MAX_DELAY_SECONDS}) end) * interval '1 second'`;
  return {
    async attempt(key) {
      calls += 1;
      if (calls % 500 === 0) await db.execute(sql`delete from login_limits where expires_at < now()`);
      const allowed = rows<{ attempts: number }>(
        await db.execute(sql`
          insert into login_limits (key, attempts, attempted_at, next_at, expires_at)
          values (${key}, 1, now(), now() + ${delaySeconds(1)} * interval '1 second',
            now() + ${FORGET_AFTER_MS} * interval '1 millisecond')
          on conflict (key) do update set
            attempts = ${next},
            attempted_at = now(),
            next_at = now() + ${delay},
            expires_at = now() + ${FORGET_AFTER_MS} * interval '1 millisecond'
          where login_limits.expires_at <= now() or login_limits.next_at <= now()
          returning attempts
        `),
      );
      if (allowed.length) return { allowed: true, retryAfterMs: 0 };
      const [locked] = rows<{ wait: number }>(
        await db.execute(
          sql`select greatest(0, extract(epoch from (next_at - now())) * 1000)::float8 as wait
              from login_limits where key = ${key}`,
        ),
      );
      return { allowed: false, retryAfterMs: Math.max(1000, Math.ceil(Number(locked?.wait ?? 1000))) };
    },
    async clear(key) {
      await db.execute(sql`delete from login_limits where key = ${key}`);
    },
  };
}

/** The same in one Lua script, on Redis's clock: atomic, so two processes never let two guesses through. */
const ATTEMPT_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local nextAt = tonumber(redis.call('HGET', KEYS[1], 'next') or '0')
if now < nextAt then return {0, nextAt - now} end
local attempts = redis.call('HINCRBY', KEYS[1], 'attempts', 1)
local free, cap = tonumber(ARGV[1]), tonumber(ARGV[2])
local delay = 0
if attempts >= free then delay = math.min(2 ^ (attempts - free), cap) * 1000 end
redis.call('HSET', KEYS[1], 'next', now + delay)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return {1, 0}
`;

/** In Redis while it answers, in `inDatabase` while it is away (plugins/redis-counters.ts). */
export function redisLoginLimits(counters: RedisCounters, inDatabase: LoginLimits): LoginLimits {
  const inRedis = redisOnlyLoginLimits(counters.redis);
  return {
    attempt: (key) =>
      counters.count(
        () => inRedis.attempt(key),
        () => inDatabase.attempt(key),
      ),
    clear: (key) =>
      counters.count(
        () => inRedis.clear(key),
        () => inDatabase.clear(key),
      ),
  };
}

function redisOnlyLoginLimits(redis: Redis): LoginLimits {
  const name = (key: string) => `shop:login-limit:${key}`;
  return {
    async attempt(key) {
      const [allowed, wait] = (await redis.eval(
        ATTEMPT_SCRIPT,
        1,
        name(key),
        FREE_ATTEMPTS,
        MAX_DELAY_SECONDS,
        FORGET_AFTER_MS,
      )) as [number, number];
      return { allowed: allowed === 1, retryAfterMs: allowed === 1 ? 0 : Math.max(1000, Number(wait)) };
    },
    async clear(key) {
      await redis.del(name(key));
    },
  };
}

/** The counter of attempts on one account from browsers it does not know, by the email typed. */
export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
/** The counter of one device cookie: a stolen one is slowed down on its own, never the owner's other browsers. */
export const deviceKey = (nonce: string) => `device:${nonce}`;

// ---------- The device cookie ----------

export const DEVICE_COOKIE = "shop_device";
/** How long a browser stays known after its last successful login. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
/** Only the login reads it. */
const DEVICE_COOKIE_PATH = "/api/users/login";

export interface Device {
  userId: string;
  nonce: string;
}

export function deviceCookies(secret: string, options: { secure: boolean }) {
  // A key of its own, derived from the token secret, so a device cookie is never a valid token and back.
  const key = createHmac("sha256", secret).update("shop device cookie v1").digest();
  const sign = (userId: string, nonce: string) =>
    createHmac("sha256", key).update(`${userId}|${nonce}`).digest("base64url");

  return {
    /** The device this request's cookie names, when its signature holds; null otherwise. */
    read(request: FastifyRequest): Device | null {
      const value = cookieValue(request.headers.cookie ?? "", DEVICE_COOKIE);
      if (!value) return null;
      const [userId, nonce, signature, extra] = value.split(".");
      if (!userId || !nonce || !signature || extra !== undefined || !isUuid(userId)) return null;
      const expected = Buffer.from(sign(userId, nonce));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { userId: userId.toLowerCase(), nonce };
    },
    /** After a successful login: this browser is the account's from now on, under a new nonce. */
    issue(reply: FastifyReply, userId: string): void {
      const nonce = randomBytes(16).toString("base64url");
      const value = `${userId}.${nonce}.${sign(userId, nonce)}`;
      reply.header(
        "set-cookie",
        `${DEVICE_COOKIE}=${value}; Path=${DEVICE_COOKIE_PATH}; Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${options.secure ? "; Secure" : ""}`,
      );
    },
  };
}
