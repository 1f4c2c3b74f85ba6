// Token refresh against the real API: 401 -> one refresh -> retry, refusal -> session cleared, concurrent 401s -> one refresh.
import { describe, expect, it } from "vitest";
import { ApiError } from "./errors.ts";
import { freshShopper, testClient } from "./test/helpers.ts";
import { sharedStorage, tabLocks } from "./test/tabs.ts";
import { createStorageTokenStore } from "./token-store.ts";

const GARBAGE = "not.a.token";

describe("on a 401", () => {
  it("refreshes with the real refresh token and retries the call once", async () => {
    const t = testClient();
    const { email } = await freshShopper(t, "Refresher");
    const oldRefreshToken = t.store.getRefreshToken();
    t.store.setToken(GARBAGE);
    t.requests.length = 0;

    const profile = await t.client.users.profile();

    expect(profile.email).toBe(email);
    expect(t.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /users/profile",
      "POST /users/refresh-token",
      "GET /users/profile",
    ]);
    expect(t.requests[0]!.headers.get("Authorization")).toBe(`Bearer ${GARBAGE}`);
    expect(t.requests[2]!.headers.get("Authorization")).toBe(`Bearer ${t.store.getToken()}`);
    expect(t.store.getToken()).not.toBe(GARBAGE);
    // The refresh token rotates: the store holds the new one.
    expect(t.store.getRefreshToken()).not.toBe(oldRefreshToken);
    expect(t.expired()).toBe(0);
  });

  it("clears the session and tells the app once when the refresh is refused", async () => {
    const t = testClient();
    await freshShopper(t, "Expiring");
    t.store.setToken(GARBAGE);
    t.store.setRefreshToken("garbage-refresh-token");

    const error = await t.client.users.profile().catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe("Error cargando datos del usuario: 401");
    expect(t.expired()).toBe(1);
    expect([t.store.getToken(), t.store.getRefreshToken(), t.store.getUser(), t.store.getUserId()]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(t.count("POST", "/users/refresh-token")).toBe(1);
    expect(t.count("GET", "/users/profile")).toBe(1);
  });

  it("shares one refresh among concurrent 401s", async () => {
    const t = testClient();
    const { session } = await freshShopper(t, "Busy");
    t.store.setToken(GARBAGE);

    const results = await Promise.all([
      t.client.users.profile(),
      t.client.users.get(session.user.userId),
      t.client.addresses.list(),
      t.client.orders.list(),
      t.client.users.profile(),
    ]);

    expect(t.count("POST", "/users/refresh-token")).toBe(1);
    expect(results[0].email).toBe(session.user.email);
    expect(results[1].userId).toBe(session.user.userId);
    expect(results[2]).toEqual([]);
    expect(results[3].totalCount).toBe(0);
    expect(t.expired()).toBe(0);
  });

  it("clears the session and tells the app once when concurrent calls meet a refused refresh", async () => {
    const t = testClient();
    await freshShopper(t, "Crowd");
    t.store.setToken(GARBAGE);
    t.store.setRefreshToken("garbage-refresh-token");

    const outcomes = await Promise.allSettled([
      t.client.users.profile(),
      t.client.addresses.list(),
      t.client.orders.list(),
      t.client.users.profile(),
    ]);

    expect(outcomes.map((o) => o.status)).toEqual(["rejected", "rejected", "rejected", "rejected"]);
    expect(outcomes.map((o) => (o as PromiseRejectedResult).reason.status)).toEqual([401, 401, 401, 401]);
    expect(t.count("POST", "/users/refresh-token")).toBe(1);
    expect(t.expired()).toBe(1);
    expect(t.store.getToken()).toBeNull();
  });

  it("refreshes on demand", async () => {
    const t = testClient();
    const { session } = await freshShopper(t, "Eager");
    expect(await t.client.auth.refresh()).toBe(true);
    // The refresh token rotates; the access token may equal the old one when signed within the same second.
    expect(t.store.getRefreshToken()).not.toBe(session.refreshToken);
    expect(t.count("POST", "/users/refresh-token")).toBe(1);
    expect((await t.client.users.profile()).userId).toBe(session.user.userId);
  });

  it("retries only once: a second 401 is the caller's error and the session stays", async () => {
    // A fetch that spoils every token sent to /users/profile, so the retry fails as well.
    const spoiling: typeof fetch = (input, init) => {
      if (String(input).endsWith("/users/profile")) {
        return fetch(input, { ...init, headers: { ...init?.headers, Authorization: `Bearer ${GARBAGE}` } });
      }
      return fetch(input, init);
    };
    const t = testClient({ fetch: spoiling });
    await freshShopper(t, "Stubborn");

    const error = await t.client.users.profile().catch((e: unknown) => e);

    expect((error as ApiError).message).toBe("Error cargando datos del usuario: 401");
    expect(t.count("GET", "/users/profile")).toBe(2);
    expect(t.count("POST", "/users/refresh-token")).toBe(1);
    expect(t.store.getToken()).not.toBeNull();
    expect(t.expired()).toBe(0);
  });

  it("does not refresh for a visitor without a session", async () => {
    const t = testClient();
    const error = await t.client.orders.list().catch((e: unknown) => e);
    expect((error as ApiError).message).toBe("API Error: 401 - Log in to continue");
    expect((error as ApiError).status).toBe(401);
    expect(t.count("POST", "/users/refresh-token")).toBe(0);
    expect(t.expired()).toBe(0);
  });
});

describe("two tabs sharing one session", () => {
  /** Two tabs of one browser: one localStorage, one set of Web Locks, a client each. */
  async function twoTabs() {
    const storage = sharedStorage();
    const locks = tabLocks();
    const first = testClient({ store: createStorageTokenStore(storage, undefined, null), locks });
    const second = testClient({ store: createStorageTokenStore(storage, undefined, null), locks });
    const { session } = await freshShopper(first, "Tabs");
    return { first, second, session, locks };
  }

  it("refresh at the same moment with one request, and the login goes on", async () => {
    const { first, second, session, locks } = await twoTabs();
    first.store.setToken(GARBAGE);
    first.requests.length = 0;

    const [a, b] = await Promise.all([first.client.users.profile(), second.client.users.profile()]);

    expect([a.userId, b.userId]).toEqual([session.user.userId, session.user.userId]);
    expect(first.count("POST", "/users/refresh-token") + second.count("POST", "/users/refresh-token")).toBe(
      1,
    );
    expect(locks.granted.length).toBeGreaterThanOrEqual(1);
    expect(first.expired() + second.expired()).toBe(0);
    // The rotated refresh token still works: no tab spent the old one a second time.
    expect(await second.client.auth.refresh()).toBe(true);
    expect((await first.client.users.profile()).userId).toBe(session.user.userId);
  });

  it("refresh on demand at the same moment with one request", async () => {
    const { first, second } = await twoTabs();
    const results = await Promise.all([first.client.auth.refresh(), second.client.auth.refresh()]);
    expect(results).toEqual([true, true]);
    expect(first.count("POST", "/users/refresh-token") + second.count("POST", "/users/refresh-token")).toBe(
      1,
    );
    expect(await first.client.auth.refresh()).toBe(true);
  });

  it("without a lock between them, both spend the same refresh token and the login ends", async () => {
    const storage = sharedStorage();
    const first = testClient({ store: createStorageTokenStore(storage, undefined, null), locks: null });
    const second = testClient({ store: createStorageTokenStore(storage, undefined, null), locks: null });
    await freshShopper(first, "Unlocked");

    const results = await Promise.all([first.client.auth.refresh(), second.client.auth.refresh()]);

    // What the lock prevents: the server sees the refresh token used twice and ends the login everywhere.
    expect(first.count("POST", "/users/refresh-token") + second.count("POST", "/users/refresh-token")).toBe(
      2,
    );
    expect(results.sort()).toEqual([false, true]);
    expect(await first.client.auth.refresh()).toBe(false);
  });
});
