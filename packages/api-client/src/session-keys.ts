/** The browser-storage keys of the session, apart from the store (which parses the user with zod): an app may look for a session without loading the client. */

/** The access token's key: a session is stored when it holds one. */
export const SESSION_TOKEN_KEY = "token";

export const SESSION_STORAGE_KEYS = {
  token: SESSION_TOKEN_KEY,
  refreshToken: "refreshToken",
  user: "user",
  userId: "userId",
} as const;
