/**
 * The API client, loaded as its own chunk: it checks every answer with zod, which must stay out of the entry.
 * It loads when something first needs it: a query the server did not answer with the page, a form, a stored
 * session to follow. A page the server rendered comes with its data, so a shopper who is not signed in often reads
 * it without the client at all, and its code (zod's schemas are built as it runs) does not take the phone's main
 * thread while the page is being hydrated.
 */
import type { ShopClient, TokenStore } from "@shop/api-client";

interface Api {
  client: ShopClient;
  /** The session in browser storage; its subscribers hear logins, refreshes, logouts and expiry, from any tab. */
  session: TokenStore;
}

let loading: Promise<Api> | null = null;
const expiredListeners = new Set<() => void>();

/**
 * Hears when the server refused to refresh the session and the client cleared it (the router sends the
 * shopper to /login). Answers the function that stops listening.
 */
export function onSessionExpired(listener: () => void): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

let requested: () => void;
/** Settles the first time anything asks for the client. */
export const apiRequested = new Promise<void>((resolve) => {
  requested = resolve;
});

export function loadApi(): Promise<Api> {
  if (loading) return loading;
  loading = import("@shop/api-client").then(({ createShopClient, createStorageTokenStore }) => {
    const session = createStorageTokenStore(localStorage);
    const client = createShopClient({
      tokenStore: session,
      onSessionExpired: () => {
        for (const listener of expiredListeners) listener();
      },
    });
    return { client, session };
  });
  requested();
  return loading;
}

/** Runs a call with the client once it is loaded. */
export async function api<T>(call: (client: ShopClient) => Promise<T>): Promise<T> {
  const { client } = await loadApi();
  return call(client);
}
