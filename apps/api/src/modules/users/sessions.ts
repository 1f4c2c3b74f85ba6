/**
 * Whether an access token's session (its refresh-token family) still lives, answered from memory in every API
 * process and forgotten for a user the moment one of their sessions ends: the database announces it on
 * `shop_sessions` (triggers in drizzle/0005_sessions_limits_audit.sql), every process listens. See
 * docs/decisions/030-sessions-end-everywhere.md.
 */
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { LRUCache } from "lru-cache";
import type { Database, Db } from "../../db/client.ts";
import { isUuid } from "../../db/match.ts";

/** The channel the database announces ended sessions on, with the user's id as payload. */
export const SESSIONS_CHANNEL = "shop_sessions";
/** Users whose sessions one process keeps in memory; the least recently seen go first. */
export const SESSION_CACHE_USERS = 50_000;

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
  /** Requests waiting to hear that a user's sessions ended: user id → their resolvers. */
  waiting: Map<string, Set<() => void>>;
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

/** The longest a request that ended sessions waits to hear the database announce it. */
export const ECHO_WAIT_MS = 1000;

function heard(state: SessionsState, userId: string) {
  const user = userId.toLowerCase();
  const waiting = state.waiting.get(user);
  if (!waiting) return;
  state.waiting.delete(user);
  for (const resolve of waiting) resolve();
}

/**
 * Call before a transaction that ends sessions of `userId`; once it has committed, await what this answers. It
 * forgets them in this process at once, then waits (at most ECHO_WAIT_MS) until this process hears the database
 * announce it: PostgreSQL tells every listening process at the same commit, so by then the others have been told
 * too, and the caller's next request, wherever the load balancer sends it, is refused. Without a listener (a
 * script, PGlite, where the announcement came before the commit returned) it does not wait.
 */
export function endingSessions(db: Db, userId: string): () => Promise<void> {
  const state = stateOf(db);
  const user = userId.toLowerCase();
  if (!state.stop || !state.listening) return async () => forget(state, user);
  let done: () => void = () => {};
  const echo = new Promise<void>((resolve) => {
    done = resolve;
  });
  const waiting = state.waiting.get(user) ?? new Set();
  waiting.add(done);
  state.waiting.set(user, waiting);
  const timer = setTimeout(() => {
    waiting.delete(done);
    if (!waiting.size && state.waiting.get(user) === waiting) state.waiting.delete(user);
    done();
  }, ECHO_WAIT_MS);
  timer.unref();
  return async () => {
    forget(state, user);
    await echo;
    clearTimeout(timer);
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
    // Let an announcement that has already reached this process be heard before the session is judged from
    // memory: the process that ended it answers once it heard its own, and the others got theirs at the same commit.
    await new Promise((resolve) => setImmediate(resolve));
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
    state.stop = database.listen(
      SESSIONS_CHANNEL,
      (userId) => {
        forget(state, userId);
        heard(state, userId);
      },
      (listening) => {
        // Either way an ending may have been missed: start afresh.
        forget(state);
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
