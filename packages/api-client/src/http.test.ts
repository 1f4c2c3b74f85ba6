// Unit layer for the transport: what the real server cannot be made to do (fail to connect, answer off-contract, odd error bodies).
import type { User } from "@shop/domain/schemas/public";
import { describe, expect, it } from "vitest";
import { ApiContractError, ApiError, NetworkError } from "./errors.ts";
import { REFRESH_LOCK } from "./http.ts";
import { createShopClient } from "./index.ts";
import { fakeFetch, json } from "./test/fake-fetch.ts";
import { sharedStorage, tabLocks } from "./test/tabs.ts";
import { createMemoryTokenStore, createStorageTokenStore } from "./token-store.ts";

const user: User = {
  id: "u1",
  userId: "u1",
  firstName: "Ana",
  lastName: "Pérez",
  email: "ana@example.com",
  role: "customer",
};

function clientWith(handler: Parameters<typeof fakeFetch>[0], store = createMemoryTokenStore()) {
  const fake = fakeFetch(handler);
  let expired = 0;
  const client = createShopClient({
    tokenStore: store,
    fetch: fake.fetch,
    onSessionExpired: () => {
      expired += 1;
    },
  });
  return { client, store, requests: fake.requests, expired: () => expired };
}

describe("requests", () => {
  it("goes to /api by default, with the query's empty values left out", async () => {
    const { client, requests } = clientWith(() => json([]));
    await client.blog.list({ q: "", category: "Care Tips", page: 2 });
    expect(requests[0]!.url).toBe("/api/blog?category=Care+Tips&page=2");
    expect(requests[0]!.headers.get("Authorization")).toBeNull();
  });

  it("sends JSON bodies and the bearer token when one is stored", async () => {
    const store = createMemoryTokenStore({ token: "tok-1", user });
    const { client, requests } = clientWith(() => json({ success: true, message: "ok" }, 201), store);
    await client.contact.send({ name: "Ana", email: "ana@example.com", message: "Hello there" });
    expect(requests[0]).toMatchObject({
      method: "POST",
      url: "/api/contact",
      body: { name: "Ana", email: "ana@example.com", message: "Hello there" },
    });
    expect(requests[0]!.headers.get("Content-Type")).toBe("application/json");
    expect(requests[0]!.headers.get("Authorization")).toBe("Bearer tok-1");
  });

  it("escapes ids in paths", async () => {
    const { client, requests } = clientWith(() => json({}, 404));
    await client.products.get("a/b?c").catch(() => {});
    expect(requests[0]!.url).toBe("/api/product/a%2Fb%3Fc");
  });
});

describe("errors", () => {
  it("turns a rejected fetch into the network error text, status 0", async () => {
    const { client } = clientWith(() => new TypeError("fetch failed"));
    const error = await client.products.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as NetworkError).status).toBe(0);
    expect((error as NetworkError).message).toBe(
      "Error al conectar con el servidor. Por favor, intente de nuevo.",
    );
    expect((error as NetworkError).call).toBe("products.list");
  });

  it("reaches a closed port as a network error too", async () => {
    const client = createShopClient({
      baseUrl: "http://127.0.0.1:1/api",
      tokenStore: createMemoryTokenStore(),
    });
    const error = await client.categories.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(await client.health()).toBe(false);
  });

  it("shows the message, else the error, else the body text", async () => {
    const answers = [
      json({ message: "Out of range", error: "Bad Request" }, 400),
      json({ error: "Teapot" }, 418),
      new Response("upstream timed out", { status: 504 }),
    ];
    const { client } = clientWith(() => answers.shift()!);
    const messages: string[] = [];
    const bodies: unknown[] = [];
    for (let i = 0; i < 3; i++) {
      const error = (await client.brands.list().catch((e: unknown) => e)) as ApiError;
      messages.push(error.message);
      bodies.push(error.body);
    }
    expect(messages).toEqual([
      "API Error: 400 - Out of range",
      "API Error: 418 - Teapot",
      "API Error: 504 - upstream timed out",
    ]);
    expect(bodies).toEqual([
      { message: "Out of range", error: "Bad Request" },
      { error: "Teapot" },
      "upstream timed out",
    ]);
  });

  it("fails loudly when an answer breaks the contract, naming the call and the issue", async () => {
    const { client } = clientWith(() =>
      json({ id: "b1", name: "Kelvane", slug: "kelvane", description: "", productCount: "5" }),
    );
    const error = await client.brands.get("kelvane").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiContractError);
    expect((error as ApiContractError).message).toBe(
      "brands.get: the answer does not match the contract: productCount: Invalid input: expected number, received string",
    );
    expect((error as ApiContractError).issues[0]!.path).toEqual(["productCount"]);
  });

  it("refuses a login answer without token or user as 'Respuesta inválida del servidor'", async () => {
    for (const answer of [
      { refreshToken: "r", user },
      { token: "t", refreshToken: "r" },
    ]) {
      const { client, store } = clientWith(() => json(answer));
      const error = await client.auth.login({ email: "ana@example.com", password: "x" }).catch((e) => e);
      expect(error).toBeInstanceOf(ApiContractError);
      expect((error as ApiContractError).message).toBe("Respuesta inválida del servidor");
      expect(store.getToken()).toBeNull();
    }
  });
});

describe("session edges", () => {
  it("keeps the session when the refresh cannot reach the server", async () => {
    const store = createMemoryTokenStore({ token: "old", refreshToken: "r1", user });
    const { client, expired } = clientWith(
      (request) =>
        request.url.endsWith("/users/refresh-token")
          ? new TypeError("offline")
          : json({ message: "expired" }, 401),
      store,
    );
    const error = await client.users.profile().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect([store.getToken(), store.getRefreshToken()]).toEqual(["old", "r1"]);
    expect(expired()).toBe(0);
  });

  it("tells the app once when a 401 arrives after the session was already refused and cleared", async () => {
    const store = createMemoryTokenStore({ token: "old", refreshToken: "r1", user, userId: "u1" });
    let profiles = 0;
    const fake = fakeFetch(() => json({ message: "expired" }, 401));
    let expired = 0;
    const client = createShopClient({
      tokenStore: store,
      // The second profile answer is held back until the first call's refresh has been refused.
      fetch: async (input, init) => {
        if (String(input).endsWith("/users/profile") && ++profiles === 2) {
          await new Promise((resolve) => setTimeout(resolve, 30));
        }
        return fake.fetch(input, init);
      },
      onSessionExpired: () => {
        expired += 1;
      },
    });
    const errors = await Promise.all(
      [client.users.profile(), client.users.profile()].map((p) => p.catch((e) => e)),
    );
    expect(errors.map((e: ApiError) => e.message)).toEqual([
      "Error cargando datos del usuario: 401",
      "Error cargando datos del usuario: 401",
    ]);
    expect(fake.requests.filter((r) => r.url.endsWith("/users/refresh-token"))).toHaveLength(1);
    expect(expired).toBe(1);
    expect(store.getToken()).toBeNull();
  });

  it("logs out even when the logout call fails", async () => {
    const store = createMemoryTokenStore({
      token: "t",
      refreshToken: "r",
      user,
      userId: "u1",
    });
    const { client, requests } = clientWith(() => new TypeError("offline"), store);
    await expect(client.auth.logout()).resolves.toBeUndefined();
    expect(requests[0]).toMatchObject({
      method: "POST",
      url: "/api/users/logout",
      body: { refreshToken: "r" },
    });
    expect([store.getToken(), store.getRefreshToken(), store.getUser(), store.getUserId()]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it("resets a password with the emailed token", async () => {
    // The real token only reaches the server's in-memory mailbox, so the success path is scripted here.
    const { client, requests } = clientWith(() =>
      json({ success: true, message: "Your password has been changed" }),
    );
    const answer = await client.auth.resetPassword("emailed-token", "New-Pass-123");
    expect(answer.success).toBe(true);
    expect(requests[0]).toMatchObject({
      method: "POST",
      url: "/api/users/reset-password",
      body: { token: "emailed-token", newPassword: "New-Pass-123" },
    });
  });
});

describe("refresh across tabs", () => {
  it("takes the browser's Web Lock when there is one, and uses another tab's fresh tokens", async () => {
    const locks = tabLocks();
    const navigator = Object.getOwnPropertyDescriptor(globalThis, "navigator");
    Object.defineProperty(globalThis, "navigator", { value: { locks }, configurable: true });
    try {
      const storage = sharedStorage({ token: "old", refreshToken: "r1", userId: "u1" });
      let issued = 0;
      const fake = fakeFetch((request) => {
        if (request.url.endsWith("/users/refresh-token")) {
          issued += 1;
          return json({ token: `new-${issued}`, newRefreshToken: `r${issued + 1}` });
        }
        return request.headers.get("Authorization") === "Bearer old"
          ? json({ message: "expired" }, 401)
          : json(user);
      });
      // Two tabs: one storage, a client each, no lock passed in.
      const tabs = [0, 1].map(() =>
        createShopClient({
          tokenStore: createStorageTokenStore(storage, undefined, null),
          fetch: fake.fetch,
        }),
      );
      const profiles = await Promise.all(tabs.map((tab) => tab.users.profile()));
      expect(profiles.map((p) => p.userId)).toEqual(["u1", "u1"]);
      expect(issued).toBe(1);
      expect(locks.granted).toContain(REFRESH_LOCK);
      expect([storage.getItem("token"), storage.getItem("refreshToken")]).toEqual(["new-1", "r2"]);
    } finally {
      if (navigator) Object.defineProperty(globalThis, "navigator", navigator);
      else delete (globalThis as { navigator?: unknown }).navigator;
    }
  });
});
