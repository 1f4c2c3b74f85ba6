// Unit layer for the token stores: the browser one over a Map-backed Storage fake, and the in-memory one.
import { describe, expect, it } from "vitest";
import { createMemoryTokenStore, createStorageTokenStore, SESSION_STORAGE_KEYS } from "./token-store.ts";

const user = {
  id: "u1",
  userId: "u1",
  firstName: "Ana",
  lastName: "Pérez",
  email: "ana@example.com",
  role: "customer" as const,
};

function mapStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

describe("createStorageTokenStore", () => {
  it("keeps the session in storage under its keys and reads it back", () => {
    const storage = mapStorage();
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
      const storage = mapStorage({ [SESSION_STORAGE_KEYS.user]: bad });
      expect(createStorageTokenStore(storage).getUser()).toBeNull();
      expect(storage.map.has("user")).toBe(false);
    }
  });

  it("clears the four session keys and leaves the cart alone", () => {
    const storage = mapStorage({
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
    const storage = mapStorage();
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
