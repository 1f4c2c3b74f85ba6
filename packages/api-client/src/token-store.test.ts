// Unit layer for the token stores: the browser one over a Map-backed Storage fake, and the in-memory one.
import { describe, expect, it } from "vitest";
import { sharedStorage } from "./test/tabs.ts";
import {
  createMemoryTokenStore,
  createStorageTokenStore,
  SESSION_STORAGE_KEYS,
  type SessionEvent,
  type TokenStore,
} from "./token-store.ts";

const user = {
  id: "u1",
  userId: "u1",
  firstName: "Ana",
  lastName: "Pérez",
  email: "ana@example.com",
  role: "customer" as const,
};

describe("createStorageTokenStore", () => {
  it("keeps the session in storage under its keys and reads it back", () => {
    const storage = sharedStorage();
    const store = createStorageTokenStore(storage);
    store.setToken("t1");
    store.setRefreshToken("r1");
    store.setUser(user);
    store.setUserId("u1");
    expect(Object.fromEntries(storage.map)).toEqual({
      token: "t1",
      refreshToken: "r1",
      user: JSON.stringify(user),
      userId: "u1",
    });
    const reloaded = createStorageTokenStore(storage);
    expect([
      reloaded.getToken(),
      reloaded.getRefreshToken(),
      reloaded.getUser(),
      reloaded.getUserId(),
    ]).toEqual(["t1", "r1", user, "u1"]);
  });

  it("drops a stored user that is not JSON or not a user", () => {
    for (const bad of ["{not json", JSON.stringify({ email: "a@b.c" })]) {
      const storage = sharedStorage({ [SESSION_STORAGE_KEYS.user]: bad });
      expect(createStorageTokenStore(storage).getUser()).toBeNull();
      expect(storage.map.has("user")).toBe(false);
    }
  });

  it("clears the four session keys and leaves the cart alone", () => {
    const storage = sharedStorage({
      token: "t",
      refreshToken: "r",
      user: "{}",
      userId: "u",
      cart_products: "[]",
    });
    createStorageTokenStore(storage).clear();
    expect([...storage.map.keys()]).toEqual(["cart_products"]);
  });

  it("takes other key names", () => {
    const storage = sharedStorage();
    const store = createStorageTokenStore(storage, {
      token: "shop.token",
      refreshToken: "shop.refresh",
      user: "shop.user",
      userId: "shop.userId",
    });
    store.setToken("t");
    expect(storage.map.get("shop.token")).toBe("t");
    store.setToken(null);
    expect(storage.map.size).toBe(0);
  });
});

describe("createMemoryTokenStore", () => {
  it("starts from a session, takes the userId from its user, and clears everything", () => {
    const store = createMemoryTokenStore({ token: "t", refreshToken: "r", user });
    expect(store.getUserId()).toBe("u1");
    store.clear();
    expect([store.getToken(), store.getRefreshToken(), store.getUser(), store.getUserId()]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });
});

/** Writes a login the way the client does: four writes in a row. */
function logIn(store: TokenStore, token = "t1", refreshToken = "r1", who = user) {
  store.setToken(token);
  store.setRefreshToken(refreshToken);
  store.setUser(who);
  store.setUserId(who.userId);
}

/** Lets the store's microtask run, then answers what the listener heard. */
async function heard(events: SessionEvent[]) {
  await Promise.resolve();
  return events.splice(0);
}

describe.each([
  ["createMemoryTokenStore", () => createMemoryTokenStore()],
  ["createStorageTokenStore", () => createStorageTokenStore(sharedStorage(), undefined, null)],
])("%s subscribers", (_name, makeStore) => {
  it("hear each change once: login, refresh, user, logout, expiry", async () => {
    const store = makeStore();
    const events: SessionEvent[] = [];
    const stop = store.subscribe((event) => events.push(event));

    logIn(store);
    expect(await heard(events)).toEqual([{ change: "login", external: false }]);
    store.setToken("t2");
    store.setRefreshToken("r2");
    expect(await heard(events)).toEqual([{ change: "refresh", external: false }]);
    store.setUser({ ...user, firstName: "Anita" });
    expect(await heard(events)).toEqual([{ change: "user", external: false }]);
    store.clear();
    expect(await heard(events)).toEqual([{ change: "logout", external: false }]);
    logIn(store);
    await heard(events);
    store.clear("expired");
    expect(await heard(events)).toEqual([{ change: "expired", external: false }]);
    logIn(store, "t3", "r3", { ...user, id: "u2", userId: "u2" });
    store.setToken("t4");
    store.setUserId("u3");
    expect(await heard(events)).toEqual([{ change: "login", external: false }]);

    stop();
    store.clear();
    expect(await heard(events)).toEqual([]);
  });

  it("hear nothing when nothing changed", async () => {
    const store = makeStore();
    const events: SessionEvent[] = [];
    store.subscribe((event) => events.push(event));
    store.setToken(null);
    store.clear();
    expect(await heard(events)).toEqual([]);
  });
});

describe("a session shared by tabs", () => {
  /** Two tabs: one localStorage, each its own window that the browser tells of the other's writes. */
  function tabs() {
    const storage = sharedStorage();
    const windows = [new EventTarget(), new EventTarget()] as const;
    const stores = windows.map((w) => createStorageTokenStore(storage, undefined, w));
    /** What the browser does after a tab writes: a `storage` event in every other tab. */
    const announce = (to: 0 | 1, key: string | null) =>
      windows[to].dispatchEvent(Object.assign(new Event("storage"), { key }));
    return { stores, announce };
  }

  it("tells one tab of the other's refresh and logout", async () => {
    const { stores, announce } = tabs();
    const [first, second] = stores as [TokenStore, TokenStore];
    logIn(first);
    const events: SessionEvent[] = [];
    second.subscribe((event) => events.push(event));

    first.setToken("t2");
    first.setRefreshToken("r2");
    announce(1, "token");
    announce(1, "refreshToken");
    expect(await heard(events)).toEqual([{ change: "refresh", external: true }]);
    expect(second.getToken()).toBe("t2");

    first.clear("expired");
    for (const key of Object.values(SESSION_STORAGE_KEYS)) announce(1, key);
    expect(await heard(events)).toEqual([{ change: "logout", external: true }]);
    expect(second.getUser()).toBeNull();
  });

  it("ignores other keys, and stops listening to the window when nobody subscribes", async () => {
    const { stores, announce } = tabs();
    const [first, second] = stores as [TokenStore, TokenStore];
    const events: SessionEvent[] = [];
    const stop = second.subscribe((event) => events.push(event));
    announce(1, "cart_products");
    expect(await heard(events)).toEqual([]);
    stop();
    logIn(first);
    announce(1, "token");
    expect(await heard(events)).toEqual([]);
  });
});
