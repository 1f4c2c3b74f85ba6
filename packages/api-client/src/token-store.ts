/** Where the session lives: an interface, an in-memory store (tests, servers) and a browser-storage one (the apps), both telling subscribers what changed. */
import { type User, userSchema } from "@shop/domain/schemas/public";
import { SESSION_STORAGE_KEYS } from "./session-keys.ts";

/**
 * What happened to the session: a login (or another account's), a token refresh, a changed user, a logout, or
 * an expiry (the refresh was refused). A logout or expiry in another tab arrives as "logout".
 */
export type SessionChange = "login" | "refresh" | "user" | "logout" | "expired";

export interface SessionEvent {
  change: SessionChange;
  /** True when another tab made the change (browser storage shared between tabs). */
  external: boolean;
}

export type SessionListener = (event: SessionEvent) => void;

/** The session the client reads and writes: access token, refresh token, the user and their id. */
export interface TokenStore {
  getToken(): string | null;
  setToken(token: string | null): void;
  getRefreshToken(): string | null;
  setRefreshToken(refreshToken: string | null): void;
  getUser(): User | null;
  setUser(user: User | null): void;
  getUserId(): string | null;
  setUserId(userId: string | null): void;
  /** Logout: forgets token, refresh token, user and userId. `expired` when the session ended by itself. */
  clear(reason?: "logout" | "expired"): void;
  /**
   * Calls the listener once per change of the session, after the writes that make it (a login's four writes are
   * one "login"), here or in another tab. Answers the function that stops it.
   */
  subscribe(listener: SessionListener): () => void;
}

interface Snapshot {
  token: string | null;
  refreshToken: string | null;
  userJson: string | null;
  userId: string | null;
}

function changeBetween(before: Snapshot, after: Snapshot, ended: "logout" | "expired"): SessionChange | null {
  if (!before.token && after.token) return "login";
  if (before.token && !after.token) return ended;
  if (before.token !== after.token || before.refreshToken !== after.refreshToken) {
    return before.userId && after.userId && before.userId !== after.userId ? "login" : "refresh";
  }
  if (before.userJson !== after.userJson || before.userId !== after.userId) return "user";
  return null;
}

/**
 * Tells listeners what changed between the session they last saw and the current one. Writes made in one go are
 * compared once, after the current task (a microtask), so listeners never see half a login.
 */
function sessionNotifier(read: () => Snapshot) {
  const listeners = new Set<SessionListener>();
  let seen = read();
  let scheduled = false;
  let ending: "logout" | "expired" = "logout";
  let external = false;

  function flush() {
    scheduled = false;
    const now = read();
    const change = changeBetween(seen, now, ending);
    const event = change ? { change, external } : null;
    seen = now;
    ending = "logout";
    external = false;
    if (event) for (const listener of [...listeners]) listener(event);
  }

  return {
    /** A write happened (here, or in another tab when `fromOtherTab`). */
    changed(options: { ending?: "logout" | "expired"; fromOtherTab?: boolean } = {}) {
      if (options.ending) ending = options.ending;
      if (options.fromOtherTab) external = true;
      if (scheduled) return;
      scheduled = true;
      queueMicrotask(flush);
    },
    subscribe(listener: SessionListener, onFirst?: () => void, onLast?: () => void) {
      if (listeners.size === 0) {
        seen = read();
        onFirst?.();
      }
      listeners.add(listener);
      return () => {
        if (listeners.delete(listener) && listeners.size === 0) onLast?.();
      };
    },
  };
}

export interface MemorySession {
  token?: string | null;
  refreshToken?: string | null;
  user?: User | null;
  userId?: string | null;
}

export function createMemoryTokenStore(initial: MemorySession = {}): TokenStore {
  let token = initial.token ?? null;
  let refreshToken = initial.refreshToken ?? null;
  let user = initial.user ?? null;
  let userId = initial.userId ?? initial.user?.userId ?? null;
  const notifier = sessionNotifier(() => ({
    token,
    refreshToken,
    userJson: user === null ? null : JSON.stringify(user),
    userId,
  }));
  return {
    getToken: () => token,
    setToken: (value) => {
      token = value;
      notifier.changed();
    },
    getRefreshToken: () => refreshToken,
    setRefreshToken: (value) => {
      refreshToken = value;
      notifier.changed();
    },
    getUser: () => user,
    setUser: (value) => {
      user = value;
      notifier.changed();
    },
    getUserId: () => userId,
    setUserId: (value) => {
      userId = value;
      notifier.changed();
    },
    clear: (reason = "logout") => {
      token = null;
      refreshToken = null;
      user = null;
      userId = null;
      notifier.changed({ ending: reason });
    },
    subscribe: (listener) => notifier.subscribe(listener),
  };
}

/** The part of the Web Storage API the store uses; localStorage and sessionStorage fit, and so does a Map-backed fake. */
export type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export { SESSION_STORAGE_KEYS };

export type SessionStorageKeys = { [K in keyof typeof SESSION_STORAGE_KEYS]: string };

/** Where another tab's writes are announced: the browser's window, which fires `storage` events. */
export type StorageEvents = Pick<EventTarget, "addEventListener" | "removeEventListener">;

/**
 * A store over browser storage, so the session survives reloads (spec section 4). The user is kept as JSON
 * and read back through the user schema: a stored user that no longer parses is dropped, not trusted. With
 * localStorage, the tabs of the shop share one session: a refresh, logout or expiry in one tab reaches the
 * others' subscribers through the window's `storage` events.
 */
export function createStorageTokenStore(
  storage: StorageLike,
  keys: SessionStorageKeys = SESSION_STORAGE_KEYS,
  events: StorageEvents | null = typeof window === "undefined" ? null : window,
): TokenStore {
  const write = (key: string, value: string | null) => {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
    notifier.changed();
  };
  const notifier = sessionNotifier(() => ({
    token: storage.getItem(keys.token) || null,
    refreshToken: storage.getItem(keys.refreshToken) || null,
    userJson: storage.getItem(keys.user) || null,
    userId: storage.getItem(keys.userId) || null,
  }));
  const ours = new Set(Object.values(keys));
  // A null key is another tab's storage.clear(); other keys (the cart's) are not the session's business.
  const onStorage = (event: Event) => {
    const key = (event as StorageEvent).key;
    if (key === null || ours.has(key)) notifier.changed({ fromOtherTab: true });
  };
  return {
    getToken: () => storage.getItem(keys.token) || null,
    setToken: (value) => write(keys.token, value),
    getRefreshToken: () => storage.getItem(keys.refreshToken) || null,
    setRefreshToken: (value) => write(keys.refreshToken, value),
    getUser: () => {
      const raw = storage.getItem(keys.user);
      if (!raw) return null;
      try {
        const parsed = userSchema.safeParse(JSON.parse(raw));
        if (parsed.success) return parsed.data;
      } catch {}
      storage.removeItem(keys.user);
      return null;
    },
    setUser: (value) => write(keys.user, value === null ? null : JSON.stringify(value)),
    getUserId: () => storage.getItem(keys.userId) || null,
    setUserId: (value) => write(keys.userId, value),
    clear: (reason = "logout") => {
      for (const key of Object.values(keys)) storage.removeItem(key);
      notifier.changed({ ending: reason });
    },
    subscribe: (listener) =>
      notifier.subscribe(
        listener,
        () => events?.addEventListener("storage", onStorage),
        () => events?.removeEventListener("storage", onStorage),
      ),
  };
}
