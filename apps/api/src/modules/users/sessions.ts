/**
 * Whether an access token's session (its refresh-token family) still lives, answered from memory in every API
 * process and forgotten for a user the moment one of their sessions ends: the database announces it on
 * `shop_sessions` (triggers in drizzle/0005_sessions_limits_audit.sql), every process listens. See
 * docs/decisions/030-sessions-end-everywhere.md.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { LRUCache } from "lru-cache";
import type { Database, Db } from "../../db/client.ts";
import { isUuid } from "../../db/match.ts";

/** The channel the database announces ended sessions on, with the user's id as payload. */
export const SESSIONS_CHANNEL = "shop_sessions";
/** Users whose sessions one process keeps in memory; the least recently seen go first. */
export const SESSION_CACHE_USERS = 50_000;
/** The channel each process acknowledges an announcement on, once it has forgotten: "<process id> <user id>". */
export const SESSIONS_HEARD_CHANNEL = "shop_sessions_heard";
/** The name each process's listening connection goes by, which tells how many processes listen. */
const LISTENER_NAME = `shop-listen-${SESSIONS_CHANNEL}`;

/** A request that ended sessions of a user, waiting for every listening process to say it has forgotten them. */
interface Waiter {
  /** The processes that have acknowledged so far. */
  heard: Set<string>;
  /** How many listen, counted once the ending committed; until then, unknown. */
  expected: number | null;
  done: () => void;
}

interface SessionsState {
  /** userId → (session id → alive). */
  byUser: LRUCache<string, Map<string, boolean>>;
  /** Bumped whenever sessions end: an answer read before it is not kept. */
  generation: number;
  /** False while an ended session could go unheard: every request then asks the database. */
  listening: boolean;
  watchers: number;
  stop: Promise<() => Promise<void>> | null;
  /** Database questions asked, for the tests that count them. */
  lookups: number;
  /** Requests waiting until every process has forgotten a user's sessions: user id → the requests. */
  waiting: Map<string, Set<Waiter>>;
  /** This process's name in acknowledgements. */
  processId: string;
  /** How many processes listen (PostgreSQL); absent on PGlite, where this process is the only one. */
  countListeners: (() => Promise<number>) | null;
}

/** Per database handle: tests run several shops (and two "processes") in one Node process. */
const states = new WeakMap<Db, SessionsState>();

function stateOf(db: Db): SessionsState {
  let state = states.get(db);
  if (!state) {
    state = {
      byUser: new LRUCache({ max: SESSION_CACHE_USERS }),
      generation: 0,
      listening: true,
      watchers: 0,
      stop: null,
      lookups: 0,
      waiting: new Map(),
      processId: randomUUID(),
      countListeners: null,
    };
    states.set(db, state);
  }
  return state;
}

function forget(state: SessionsState, userId?: string) {
  state.generation++;
  if (userId) state.byUser.delete(userId.toLowerCase());
  else state.byUser.clear();
}

/** Call once a transaction that ended sessions of `userId` has committed: this process forgets them at once. */
export function sessionsEnded(db: Db, userId: string): void {
  forget(stateOf(db), userId);
}

/** The longest a request that ended sessions waits for every process to acknowledge it. */
export const ECHO_WAIT_MS = 1000;

function settle(waiter: Waiter) {
  if (waiter.expected !== null && waiter.heard.size >= waiter.expected) waiter.done();
}

/** A process says it has forgotten a user's sessions. */
function acknowledged(state: SessionsState, payload: string) {
  const [processId, userId] = payload.split(" ");
  if (!processId || !userId) return;
  for (const waiter of state.waiting.get(userId.toLowerCase()) ?? []) {
    waiter.heard.add(processId);
    settle(waiter);
  }
}

/**
 * Call before a transaction that ends sessions of `userId`; once it has committed, await what this answers. It
 * forgets them in this process at once, then waits (at most ECHO_WAIT_MS) until every process listening on the
 * database, this one included, has acknowledged the announcement, that is, has forgotten them: so the caller's next
 * request is refused wherever the load balancer sends it. The processes are counted by their listening
 * connections after the commit. On PGlite, one process, it does not wait.
 */
export function endingSessions(db: Db, userId: string): () => Promise<void> {
  const state = stateOf(db);
  const user = userId.toLowerCase();
  const count = state.countListeners;
  if (!state.stop || !state.listening || !count) return async () => forget(state, user);
  let done: () => void = () => {};
  const everyone = new Promise<void>((resolve) => {
    done = resolve;
  });
  const waiter: Waiter = { heard: new Set(), expected: null, done };
  const waiting = state.waiting.get(user) ?? new Set();
  waiting.add(waiter);
  state.waiting.set(user, waiting);
  const timer = setTimeout(done, ECHO_WAIT_MS);
  timer.unref();
  return async () => {
    forget(state, user);
    try {
      waiter.expected = await count();
      settle(waiter);
      await everyone;
    } finally {
      clearTimeout(timer);
      waiting.delete(waiter);
      if (!waiting.size && state.waiting.get(user) === waiting) state.waiting.delete(user);
    }
  };
}

/** How many times this database was asked about a session (tests: the hot path asks nothing). */
export function sessionLookups(db: Db): number {
  return stateOf(db).lookups;
}

/**
 * True while the session lives: its family has tokens and none of them was revoked (a logout, a reuse, a password
 * change, a role change, "sign out of all devices", an admin ending it). A deleted account has no tokens left.
 */
export async function sessionAlive(db: Db, userId: string, sessionId: string): Promise<boolean> {
  if (!isUuid(userId) || !isUuid(sessionId)) return false;
  const user = userId.toLowerCase();
  const sid = sessionId.toLowerCase();
  const state = stateOf(db);
  if (state.listening) {
    const known = state.byUser.get(user)?.get(sid);
    if (known !== undefined) return known;
  }
  const generation = state.generation;
  state.lookups++;
  const result = await db.execute(sql`
    select count(*)::int as tokens, count(*) filter (where revoked_at is not null)::int as revoked
    from refresh_tokens where family_id = ${sid} and user_id = ${user}
  `);
  const row = (result as unknown as { rows: { tokens: number; revoked: number }[] }).rows[0];
  const alive = Number(row?.tokens ?? 0) > 0 && Number(row?.revoked ?? 0) === 0;
  // Kept only if no session ended while the question was out, and only while this process hears the others.
  if (state.listening && state.generation === generation) {
    let sessions = state.byUser.get(user);
    if (!sessions) {
      sessions = new Map();
      state.byUser.set(user, sessions);
    }
    sessions.set(sid, alive);
  }
  return alive;
}

/**
 * Listens to the database's ended-session announcements while the app runs. Until the listener is connected, and
 * whenever it drops, nothing is answered from memory.
 */
export async function watchSessions(app: FastifyInstance): Promise<void> {
  const state = stateOf(app.db);
  const database: Database = app.database;
  state.watchers++;
  if (!state.stop) {
    state.listening = false;
    const postgres = database.kind === "postgres";
    state.stop = (async () => {
      // Acknowledgements first, so none is missed once announcements are heard.
      const stopHeard = postgres
        ? await database.listen(
            SESSIONS_HEARD_CHANNEL,
            (payload) => acknowledged(state, payload),
            () => {},
          )
        : null;
      const stopSessions = await database.listen(
        SESSIONS_CHANNEL,
        (userId) => {
          forget(state, userId);
          if (postgres && isUuid(userId)) {
            const heard = `${state.processId} ${userId.toLowerCase()}`;
            void app.db.execute(sql`select pg_notify(${SESSIONS_HEARD_CHANNEL}, ${heard})`).catch(() => {});
          }
        },
        (listening) => {
          // Either way an ending may have been missed: start afresh.
          forget(state);
          state.listening = listening;
        },
      );
      state.countListeners = postgres ? () => countListeners(app.db) : null;
      return async () => {
        state.countListeners = null;
        await stopSessions();
        await stopHeard?.();
      };
    })();
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

/** The processes listening for ended sessions on this database: their listening connections, by name. */
async function countListeners(db: Db): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as listeners from pg_stat_activity
    where datname = current_database() and application_name = ${LISTENER_NAME}
  `);
  return Number((result as unknown as { rows: { listeners: number }[] }).rows[0]?.listeners ?? 0);
}
