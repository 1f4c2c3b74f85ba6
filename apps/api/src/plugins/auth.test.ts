// Walks the whole route table: every API route declares its access, and each protected one refuses the wrong
// caller with 401/403 before it looks at the body (an empty one here), so a stranger learns nothing about it.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestShop, login, type TestShop } from "../test/app.ts";
import { ACCESS_TOKEN_TTL_SECONDS, type RouteAccess } from "./auth.ts";

let shop: TestShop;
let shopper: Awaited<ReturnType<typeof login>>;
let admin: Awaited<ReturnType<typeof login>>;
beforeAll(async () => {
  shop = await createTestShop();
  shopper = await login(shop.app, "shopper");
  admin = await login(shop.app, "admin");
});
afterAll(async () => {
  await shop.close();
});

/** The route's URL with every parameter filled: someone else's id for :userId, a fresh uuid otherwise. */
function urlOf(route: RouteAccess, userId: string) {
  return route.url.replace(/:(\w+)/g, (_, name: string) => (name === "userId" ? userId : randomUUID()));
}

const routes =
  (...levels: RouteAccess["access"][]) =>
  () =>
    shop.app.routeAccess.filter((r) => levels.includes(r.access) && r.method !== "HEAD");

const inject = (route: RouteAccess, url: string, headers: Record<string, string> = {}) =>
  shop.app.inject({
    method: route.method as "GET",
    url,
    headers,
    ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: {} }),
  });

describe("the route table", () => {
  it("declares access on every API route, and has routes of each kind", () => {
    expect(shop.app.routeAccess.length).toBeGreaterThan(60);
    const declared = new Set(shop.app.routeAccess.map((r) => r.url));
    for (const path of [
      "/api/banners",
      "/api/users/:userId",
      "/api/orders",
      "/api/uploads",
      "/api/product",
    ]) {
      expect(declared, path).toContain(path);
    }
    const kinds = new Set(shop.app.routeAccess.map((r) => r.access));
    expect([...kinds].sort()).toEqual(["admin", "optional", "public", "self", "self-or-admin", "user"]);
  });

  it("refuses a route without an access declaration at start", async () => {
    const { buildApp } = await import("../app.ts");
    const { requireAccessDeclarations } = await import("./auth.ts");
    const app = await buildApp({ env: shop.app.env, database: shop.database, logger: false });
    const start = async () => {
      await app.register(async (scope) => {
        requireAccessDeclarations(scope);
        scope.get("/api/forgotten", async () => ({ open: true }));
      });
      await app.ready();
    };
    await expect(start()).rejects.toThrow("GET /api/forgotten must declare config.access");
    await app.close().catch(() => {});
  });
});

describe.each([
  ["anonymous", () => ({}), 401],
  ["with a forged token", () => ({ authorization: "Bearer not.a.token" }), 401],
  ["as a shopper", () => shopper.headers, 403],
] as const)("every admin route %s", (_who, headers, status) => {
  it(`answers ${status} with an empty body`, async () => {
    const admins = routes("admin")();
    expect(admins.length).toBeGreaterThan(30);
    for (const route of admins) {
      const res = await inject(route, urlOf(route, admin.user.userId), headers());
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(status);
    }
  });
});

describe("routes of one user", () => {
  it("answer 401 anonymous and 403 to another shopper, with an empty body", async () => {
    const own = routes("self", "self-or-admin")();
    expect(own.length).toBeGreaterThanOrEqual(8);
    for (const route of own) {
      const url = urlOf(route, admin.user.userId);
      expect((await inject(route, url)).statusCode, `${route.method} ${route.url}`).toBe(401);
      expect((await inject(route, url, shopper.headers)).statusCode, `${route.method} ${route.url}`).toBe(
        403,
      );
    }
  });

  it("let an admin read a shopper's account but not manage their addresses", async () => {
    const url = `/api/users/${shopper.user.userId}/addresses`;
    expect((await shop.app.inject({ method: "GET", url, headers: admin.headers })).statusCode).toBe(200);
    const add = await shop.app.inject({ method: "POST", url, headers: admin.headers, payload: {} });
    expect(add.statusCode).toBe(403);
  });

  it("answer logged-in routes 401 anonymous, and optional ones 401 for a bad token only", async () => {
    for (const route of routes("user")()) {
      const res = await inject(route, urlOf(route, shopper.user.userId));
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
    for (const route of routes("optional")()) {
      const res = await inject(route, urlOf(route, shopper.user.userId), { authorization: "Bearer x.y.z" });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });
});

describe("access tokens remembered once checked", () => {
  const profile = (authorization: string) =>
    shop.app.inject({ method: "GET", url: "/api/users/profile", headers: { authorization } });

  it("still refuse a token that differs from a remembered one by a single character", async () => {
    expect((await profile(shopper.headers.authorization)).statusCode).toBe(200);
    const token = shopper.headers.authorization;
    // A character inside the signature (the last one also holds padding bits a decoder may drop).
    const at = token.length - 10;
    const forged = await profile(
      `${token.slice(0, at)}${token[at] === "A" ? "B" : "A"}${token.slice(at + 1)}`,
    );
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe("The token is not valid; log in again");
  });

  it("are refused once they expire, though remembered", async () => {
    const session = await login(shop.app, "shopper");
    expect((await profile(session.headers.authorization)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + (ACCESS_TOKEN_TTL_SECONDS + 1) * 1000 });
    try {
      const late = await profile(session.headers.authorization);
      expect(late.statusCode).toBe(401);
      expect(late.json().message).toBe("Your session has expired; refresh the token or log in again");
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("a token signed with the shop's key", () => {
  /** A token like the shop's for the shopper's live session, signed with its key, one claim left out or changed. */
  async function forge(change: { drop?: "exp" | "iat" | "iss" | "aud"; issuer?: string; audience?: string }) {
    const { SignJWT, decodeJwt } = await import("jose");
    const jwt = new SignJWT({ role: "customer", sid: decodeJwt(shopper.token).sid })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(shopper.user.userId);
    if (change.drop !== "iss") jwt.setIssuer(change.issuer ?? "shop-api");
    if (change.drop !== "aud") jwt.setAudience(change.audience ?? "shop");
    if (change.drop !== "iat") jwt.setIssuedAt();
    if (change.drop !== "exp") jwt.setExpirationTime("15m");
    return jwt.sign(new TextEncoder().encode(shop.app.env.JWT_SECRET));
  }
  const profile = (token: string) =>
    shop.app.inject({
      method: "GET",
      url: "/api/users/profile",
      headers: { authorization: `Bearer ${token}` },
    });

  it("is refused without an expiry, a time of issue, the issuer or the audience, or with others than the shop's", async () => {
    // The same token with every claim opens the shopper's profile: only the claim makes the difference.
    expect((await profile(await forge({}))).statusCode).toBe(200);
    for (const change of [
      { drop: "exp" },
      { drop: "iat" },
      { drop: "iss" },
      { drop: "aud" },
      { issuer: "someone-else" },
      { audience: "another-app" },
    ] as const) {
      const res = await profile(await forge(change));
      expect(res.statusCode, JSON.stringify(change)).toBe(401);
      expect(res.json().message, JSON.stringify(change)).toBe("The token is not valid; log in again");
    }
  });

  it("is refused when issued longer ago than an access token lives, whatever its expiry says", async () => {
    const { SignJWT, decodeJwt } = await import("jose");
    const issuedAt = Math.floor(Date.now() / 1000) - ACCESS_TOKEN_TTL_SECONDS - 60;
    const token = await new SignJWT({ role: "customer", sid: decodeJwt(shopper.token).sid })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(shopper.user.userId)
      .setIssuer("shop-api")
      .setAudience("shop")
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 24 * 60 * 60)
      .sign(new TextEncoder().encode(shop.app.env.JWT_SECRET));
    expect((await profile(token)).statusCode).toBe(401);
  });
});
