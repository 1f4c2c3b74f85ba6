/** The client's transport: URLs, JSON bodies, the bearer token, one shared token refresh on 401, typed errors, schema checks. */
import { accountMessages } from "@shop/domain/messages";
import { refreshResponseSchema } from "@shop/domain/schemas/public";
import type { z } from "zod";
import { ApiContractError, ApiError, errorDetail, NetworkError } from "./errors.ts";
import { type Paginated, readPaginated } from "./pagination.ts";
import type { TokenStore } from "./token-store.ts";

export interface ClientOptions {
  /** Where the API lives; "/api" on the shop's own origin. */
  baseUrl?: string;
  tokenStore: TokenStore;
  /** Defaults to the global fetch (browsers, Node 20+). */
  fetch?: typeof fetch;
  /** Called once when a refresh is refused and the session has been cleared: the app sends the user to /login. */
  onSessionExpired?: () => void;
  /**
   * Serialises token refreshes across the tabs that share the session (docs/decisions/019-refresh-across-tabs.md):
   * the browser's Web Locks (navigator.locks) by default; null where there is none.
   */
  locks?: RefreshLocks | null;
}

/** The part of the Web Locks API the refresh uses. */
export interface RefreshLocks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** The lock every tab of the shop takes to refresh the session. */
export const REFRESH_LOCK = "shop-session-refresh";

type QueryValue = string | number | boolean | null | undefined;
/** Plain values (empty ones left out) or ready-made search params such as @shop/domain's toListingQuery. */
export type Query = Record<string, QueryValue> | { getAll(name: string): string[]; toString(): string };

export interface CallOptions {
  /** The client function's name, for errors: "orders.place". */
  call: string;
  method?: "GET" | "HEAD" | "POST" | "PUT" | "DELETE";
  path: string;
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * false for the session calls themselves (login, register, refresh, logout): no bearer token and no refresh
   * on 401. Otherwise the stored token is sent and a 401 tries one refresh.
   */
  session?: boolean;
  /** Cancels the call (a superseded search suggestion): it then rejects with the signal's reason, an AbortError. */
  signal?: AbortSignal;
  /** The spec's message for this call's failures; the generic `API Error: {status} - {detail}` otherwise. */
  error?: (status: number, body: unknown, text: string) => string;
}

export interface RawAnswer {
  status: number;
  headers: Headers;
  /** Parsed JSON; the text when it is not JSON; undefined when there is no body (204, HEAD). */
  body: unknown;
}

export interface Transport {
  readonly store: TokenStore;
  /** Sends a call and answers on 2xx; throws ApiError (or NetworkError) otherwise. */
  send(options: CallOptions): Promise<RawAnswer>;
  /** Sends a call and checks its answer against a schema (ApiContractError when it does not match). */
  json<S extends z.ZodType>(options: CallOptions, schema: S): Promise<z.infer<S>>;
  /** Sends a list call and reads it as a Paginated<T>. */
  list<S extends z.ZodType>(options: CallOptions, itemSchema: S): Promise<Paginated<z.infer<S>>>;
  /** Trades the refresh token for a new pair; concurrent callers share one request. False when refused. */
  refresh(): Promise<boolean>;
  /**
   * fetch with the session: the stored bearer token is sent, and a 401 tries the shared refresh and sends once
   * more. Answers the Response as it is (no error thrown for a status), for callers with their own reading.
   */
  authFetch(input: string, init?: RequestInit): Promise<Response>;
}

/** One path segment, escaped: ids and slugs never change the route. */
export const segment = (value: string) => encodeURIComponent(value);

function queryString(query: Query | undefined): string {
  if (!query) return "";
  if (typeof query.getAll === "function") return query.toString();
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query as Record<string, QueryValue>)) {
    if (value === undefined || value === null || value === "") continue;
    params.set(name, String(value));
  }
  return params.toString();
}

async function readBody(response: Response): Promise<{ body: unknown; text: string }> {
  const text = await response.text();
  if (text === "") return { body: undefined, text };
  try {
    return { body: JSON.parse(text), text };
  } catch {
    return { body: text, text };
  }
}

export function createTransport(options: ClientOptions): Transport {
  const store = options.tokenStore;
  const base = (options.baseUrl ?? "/api").replace(/\/+$/, "");
  // Called through a wrapper so a browser's fetch is never invoked with the wrong `this`.
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  function url(path: string, query?: Query): string {
    const search = queryString(query);
    return `${base}${path}${search ? `?${search}` : ""}`;
  }

  async function attempt(call: CallOptions, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { Accept: "application/json", ...call.headers };
    if (call.body !== undefined) headers["Content-Type"] = "application/json";
    if (token) headers.Authorization = `Bearer ${token}`;
    try {
      return await doFetch(url(call.path, call.query), {
        method: call.method ?? "GET",
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: call.signal,
      });
    } catch (cause) {
      // A cancelled call is the caller's own doing, not the network's: it rejects as fetch does.
      if (call.signal?.aborted) throw cause;
      throw new NetworkError(call.call, cause);
    }
  }

  const locks =
    options.locks === undefined
      ? ((globalThis as { navigator?: { locks?: RefreshLocks } }).navigator?.locks ?? null)
      : options.locks;

  function expire(): false {
    store.clear("expired");
    options.onSessionExpired?.();
    return false;
  }

  /**
   * Trades the refresh token for a new pair, holding the refresh lock: a refresh token is single use, so a second
   * tab spending the same one would end the login. `stale` is the refresh token this tab saw when its call was
   * refused; once the lock is ours, a different one in the shared store means another tab has just refreshed
   * (or logged out), and its result is taken as it is.
   */
  function renew(stale: string | null): Promise<boolean> {
    const once = () => {
      if (store.getRefreshToken() !== stale) return Promise.resolve(store.getToken() !== null);
      return exchange();
    };
    return locks ? locks.request(REFRESH_LOCK, once) : once();
  }

  async function exchange(): Promise<boolean> {
    const refreshToken = store.getRefreshToken();
    // Nothing to refresh with: a token still stored is a session that is over; none means it was already
    // cleared (by a refusal a moment ago, or a logout), and the app has been told once already.
    if (!refreshToken) return store.getToken() ? expire() : false;
    const call: CallOptions = {
      call: "auth.refresh",
      method: "POST",
      path: "/users/refresh-token",
      body: { refreshToken },
    };
    // A network failure or a server error says nothing about the session: it is kept, and the call fails.
    const response = await attempt(call, null);
    const { body, text } = await readBody(response);
    if (response.status >= 500) {
      const message = accountMessages.apiError(response.status, errorDetail(body, text));
      throw new ApiError(message, response.status, body, call.call);
    }
    if (!response.ok) return expire();
    const parsed = refreshResponseSchema.safeParse(body);
    if (!parsed.success) {
      // The old refresh token is spent either way, so the session cannot go on.
      expire();
      throw new ApiContractError(call.call, response.status, body, parsed.error.issues);
    }
    store.setToken(parsed.data.token);
    store.setRefreshToken(parsed.data.newRefreshToken);
    return true;
  }

  let refreshing: Promise<boolean> | null = null;
  /** One refresh at a time in this tab; `stale` is the refresh token held when the call was refused. */
  function refresh(stale: string | null = store.getRefreshToken()): Promise<boolean> {
    refreshing ??= renew(stale).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** Sends with the stored token; a 401 tries one (shared) refresh and sends again with the new token. */
  async function withSession(sendWith: (token: string | null) => Promise<Response>): Promise<Response> {
    const sentToken = store.getToken();
    const sentRefreshToken = store.getRefreshToken();
    const response = await sendWith(sentToken);
    if (response.status !== 401 || !(sentToken || store.getRefreshToken())) return response;
    const current = store.getToken();
    // Another call may have refreshed while this one was in flight: then its new token is simply used.
    const renewed = current && current !== sentToken ? true : await refresh(sentRefreshToken);
    if (!renewed) return response;
    // The refused answer is dropped unread; its body is released so the connection can be reused.
    await response.body?.cancel().catch(() => {});
    return sendWith(store.getToken());
  }

  function authFetch(input: string, init: RequestInit = {}): Promise<Response> {
    return withSession((token) => {
      const headers = new Headers(init.headers);
      if (token) headers.set("Authorization", `Bearer ${token}`);
      else headers.delete("Authorization");
      return doFetch(input, { ...init, headers });
    });
  }

  async function send(call: CallOptions): Promise<RawAnswer> {
    const response =
      call.session === false ? await attempt(call, null) : await withSession((token) => attempt(call, token));
    const { body, text } = await readBody(response);
    if (!response.ok) {
      const message = call.error
        ? call.error(response.status, body, text)
        : accountMessages.apiError(response.status, errorDetail(body, text));
      throw new ApiError(message, response.status, body ?? null, call.call);
    }
    return { status: response.status, headers: response.headers, body };
  }

  return {
    store,
    send,
    refresh: () => refresh(),
    authFetch,
    async json(call, schema) {
      const answer = await send(call);
      const parsed = schema.safeParse(answer.body);
      if (!parsed.success)
        throw new ApiContractError(call.call, answer.status, answer.body, parsed.error.issues);
      return parsed.data;
    },
    async list(call, itemSchema) {
      const answer = await send(call);
      return readPaginated(call.call, itemSchema, answer.status, answer.headers, answer.body);
    },
  };
}
