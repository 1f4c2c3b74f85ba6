/** Where the session lives: an interface, an in-memory store (tests, servers) and a browser-storage one (the apps). */
import { type User, userSchema } from "@shop/domain/schemas";

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
  /** Logout: forgets token, refresh token, user and userId. */
  clear(): void;
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
  return {
    getToken: () => token,
    setToken: (value) => {
      token = value;
    },
    getRefreshToken: () => refreshToken,
    setRefreshToken: (value) => {
      refreshToken = value;
    },
    getUser: () => user,
    setUser: (value) => {
      user = value;
    },
    getUserId: () => userId,
    setUserId: (value) => {
      userId = value;
    },
    clear: () => {
      token = null;
      refreshToken = null;
      user = null;
      userId = null;
    },
  };
}

/** The part of the Web Storage API the store uses; localStorage and sessionStorage fit, and so does a Map-backed fake. */
export type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** The browser-storage keys of the session. */
export const SESSION_STORAGE_KEYS = {
  token: "token",
  refreshToken: "refreshToken",
  user: "user",
  userId: "userId",
} as const;

export type SessionStorageKeys = { [K in keyof typeof SESSION_STORAGE_KEYS]: string };

/**
 * A store over browser storage, so the session survives reloads (spec section 4). The user is kept as JSON
 * and read back through the user schema: a stored user that no longer parses is dropped, not trusted.
 */
export function createStorageTokenStore(
  storage: StorageLike,
  keys: SessionStorageKeys = SESSION_STORAGE_KEYS,
): TokenStore {
  const write = (key: string, value: string | null) => {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
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
    clear: () => {
      for (const key of Object.values(keys)) storage.removeItem(key);
    },
  };
}
