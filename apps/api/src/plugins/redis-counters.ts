/**
 * Redis as the counter of the rate and login limits, held so it never holds a request (decision 046): each command
 * gives up after COMMAND_TIMEOUT_MS, no command waits in a queue while the connection is down, and once Redis fails
 * the limits are counted in the database (with one warning in the log) until a ping every PROBE_INTERVAL_MS finds
 * it answering again. A Redis that hangs (a stopped process keeps its sockets open) costs one request a short wait;
 * one that is gone costs nothing.
 */
import { Redis } from "ioredis";

/** The longest a request waits on one Redis command: counters answer in well under a millisecond. */
export const COMMAND_TIMEOUT_MS = 250;
export const PROBE_INTERVAL_MS = 1000;

export interface CountersLog {
  warn(message: string): void;
  info(message: string): void;
}

export interface RedisCounters {
  readonly redis: Redis;
  /** Whether the limits are counted in Redis now (false while it is away). */
  readonly inUse: boolean;
  /** `inRedis` while Redis answers; `inDatabase` while it is away, or when it fails this time. */
  count<T>(inRedis: (redis: Redis) => Promise<T>, inDatabase: () => Promise<T>): Promise<T>;
  close(): void;
}

export function redisCounters(url: string, log: CountersLog): RedisCounters {
  const redis = new Redis(url, {
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 1000,
    // A command sent while the connection is down fails at once instead of waiting for it to come back.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // Reconnects for as long as it takes, at most every two seconds.
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  let away = false;
  let probe: NodeJS.Timeout | undefined;
  let closed = false;

  const back = () => {
    if (!away) return;
    away = false;
    clearInterval(probe);
    probe = undefined;
    log.info("Redis answers again: the limits are counted in Redis");
  };
  const gone = (why: string) => {
    if (away || closed) return;
    away = true;
    log.warn(`Redis does not answer (${why}): the limits are counted in the database until it does`);
    probe = setInterval(() => {
      if (redis.status !== "ready") return;
      redis.ping().then(back, () => {});
    }, PROBE_INTERVAL_MS);
    probe.unref();
  };
  // Connection errors are what the warning above says; each one is not worth a line.
  redis.on("error", () => {});
  redis.on("close", () => gone("its connection closed"));
  redis.on("ready", () => {
    if (away) redis.ping().then(back, () => {});
  });

  return {
    redis,
    get inUse() {
      return !away && redis.status === "ready";
    },
    async count(inRedis, inDatabase) {
      if (away || redis.status !== "ready") {
        if (!away && redis.status !== "connecting") gone(`its connection is ${redis.status}`);
        return inDatabase();
      }
      try {
        return await inRedis(redis);
      } catch (error) {
        gone(error instanceof Error ? error.message : String(error));
        return inDatabase();
      }
    },
    close() {
      closed = true;
      clearInterval(probe);
      redis.disconnect();
    },
  };
}
