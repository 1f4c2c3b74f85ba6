/** Where the back office keeps its session, readable without loading the API client. */

/** The API is on the back office's own origin. */
export const API_URL = "/api";

/** The back office's own storage keys, apart from any shop session kept on the same origin (development). */
export const SESSION_KEYS = {
  token: "backoffice.token",
  refreshToken: "backoffice.refreshToken",
  user: "backoffice.user",
  userId: "backoffice.userId",
};

/** Whether a session may exist: without one, the sign-in page shows at once, before the client loads. */
export const hasStoredSession = (storage: Pick<Storage, "getItem"> = localStorage) =>
  Boolean(storage.getItem(SESSION_KEYS.token) || storage.getItem(SESSION_KEYS.refreshToken));
