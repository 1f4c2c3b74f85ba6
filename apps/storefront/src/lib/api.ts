/**
 * The API client, loaded as its own chunk: it checks every answer with zod, which must stay out of the entry.
 * The import starts when the app starts, in parallel with the first page's chunk, so no request waits for it.
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

export function loadApi(): Promise<Api> {
  loading ??= import("@shop/api-client").then(({ createShopClient, createStorageTokenStore }) => {
    const session = createStorageTokenStore(localStorage);
    const client = createShopClient({
      tokenStore: session,
      onSessionExpired: () => {
        for (const listener of expiredListeners) listener();
      },
    });
    return { client, session };
  });
  return loading;
}

/** Runs a call with the client once it is loaded. */
export async function api<T>(call: (client: ShopClient) => Promise<T>): Promise<T> {
  const { client } = await loadApi();
  return call(client);
}
