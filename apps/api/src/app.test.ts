import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { EnvError, loadEnv } from "./env.ts";
import { createTestShop, type TestShop, testEnv } from "./test/app.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seed: false });
});
afterAll(async () => {
  await shop.close();
});

describe("the app", () => {
  it("serves the OpenAPI document generated from the route schemas, and its UI", async () => {
    const json = await shop.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(json.statusCode).toBe(200);
    const doc = json.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      "/api/product",
      "/api/orders",
      "/api/users/login",
      "/api/Exchange/rate",
      "/api/health",
    ]) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
    expect(
      doc.paths["/api/users/login"].post.requestBody.content["application/json"].schema.properties,
    ).toHaveProperty("email");
    const ui = await shop.app.inject({ method: "GET", url: "/api/docs/" });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers["content-type"]).toContain("text/html");
  });

  it("sends security headers", async () => {
    const res = await shop.app.inject({ method: "GET", url: "/api/health" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["strict-transport-security"]).toContain("max-age=");
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["x-powered-by"]).toBeUndefined();
  });

  it("answers unknown routes, bad JSON and oversized bodies with a clear 4xx and no stack trace", async () => {
    const missing = await shop.app.inject({ method: "GET", url: "/api/nope" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      statusCode: 404,
      error: "Not Found",
      message: "No route for GET /api/nope",
    });

    const badJson = await shop.app.inject({
      method: "POST",
      url: "/api/users/login",
      headers: { "content-type": "application/json" },
      payload: '{"email": ',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.body).not.toContain("at ");

    const huge = await shop.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { name: "x", email: "x@example.com", message: "y".repeat(2 * 1024 * 1024) },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toContain("body");
  });

  it("matches routes case-insensitively, as the spec writes /Exchange/rate", async () => {
    const upper = await shop.app.inject({ method: "GET", url: "/api/HEALTH" });
    expect(upper.statusCode).toBe(200);
  });
});

describe("configuration", () => {
  it("names every bad or missing setting", () => {
    let error: unknown;
    try {
      loadEnv({ NODE_ENV: "production", PORT: "http", DATABASE_URL: "mysql://x", SHOP_ORIGIN: "not a url" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const problems = (error as EnvError).problems.join("\n");
    expect(problems).toContain("PORT");
    expect(problems).toContain("DATABASE_URL: must be postgres://... or memory:");
    expect(problems).toContain("SHOP_ORIGIN");
    expect(problems).toContain("JWT_SECRET: is required when NODE_ENV=production");
  });

  it("accepts a production configuration with a secret, and lists of origins", () => {
    const env = loadEnv({
      NODE_ENV: "production",
      JWT_SECRET: "x".repeat(40),
      DATABASE_URL: "postgres://shop@db/shop",
      SHOP_ORIGIN: "https://shop.example, https://www.shop.example",
      ADMIN_ORIGIN: "https://admin.shop.example",
      SEED: "false",
    });
    expect(env.SHOP_ORIGIN).toEqual(["https://shop.example", "https://www.shop.example"]);
    expect(env.SEED).toBe(false);
    expect(env.PORT).toBe(3000);
  });
});

describe("safe defaults", () => {
  const production = { NODE_ENV: "production", JWT_SECRET: "s".repeat(40) };

  it("listens on this machine only, and seeds, outside production; everywhere, and not seeding, in production", () => {
    expect(loadEnv({ DATABASE_URL: "memory:" })).toMatchObject({
      NODE_ENV: "development",
      HOST: "localhost",
      SEED: true,
    });
    expect(loadEnv(production)).toMatchObject({ HOST: "0.0.0.0", SEED: false });
    expect(loadEnv({ ...production, SEED: "true", HOST: "10.0.0.5" })).toMatchObject({
      HOST: "10.0.0.5",
      SEED: true,
    });
  });

  it("takes the shop's origins from the port it serves them on, and allows the dev servers outside production", () => {
    const dev = loadEnv({ DATABASE_URL: "memory:", PORT: "8080" });
    expect(dev.SHOP_ORIGIN).toEqual(["http://localhost:8080"]);
    expect(dev.ADMIN_ORIGIN).toEqual(["http://admin.localhost:8080"]);
    expect(dev.corsOrigins).toEqual([
      "http://localhost:8080",
      "http://admin.localhost:8080",
      "http://localhost:5173",
      "http://localhost:5174",
      "http://admin.localhost:5174",
    ]);
    const prod = loadEnv({
      ...production,
      SHOP_ORIGIN: "https://shop.example",
      ADMIN_ORIGIN: "https://admin.shop.example",
    });
    expect(prod.corsOrigins).toEqual(["https://shop.example", "https://admin.shop.example"]);
  });

  it("takes TRUST_PROXY as a number of proxies or their addresses, never as 'trust anyone'", () => {
    expect(loadEnv({ DATABASE_URL: "memory:", TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(
      loadEnv({ DATABASE_URL: "memory:", TRUST_PROXY: "10.0.0.1, 10.0.0.0/8,loopback" }).TRUST_PROXY,
    ).toEqual(["10.0.0.1", "10.0.0.0/8", "loopback"]);
    expect(loadEnv({ DATABASE_URL: "memory:", TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    for (const bad of ["true", "10.0.0.0/99", "proxy.internal"]) {
      expect(() => loadEnv({ DATABASE_URL: "memory:", TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
    expect(() => loadEnv({ DATABASE_URL: "memory:", TRUST_PROXY: "true" })).toThrow(
      "TRUST_PROXY=true would let any client choose its address",
    );
  });

  it("keeps the API docs out of production and the dev servers out of its CORS", async () => {
    const prod = await buildApp({
      env: testEnv({ ...production, SHOP_ORIGIN: "https://shop.example" }),
      database: shop.database,
      logger: false,
    });
    try {
      expect((await prod.inject({ method: "GET", url: "/api/docs/" })).statusCode).toBe(404);
      expect((await prod.inject({ method: "GET", url: "/api/docs/json" })).statusCode).toBe(404);
      const cors = (app: typeof prod, origin: string) =>
        app.inject({ method: "GET", url: "/api/health", headers: { origin } });
      expect(
        (await cors(prod, "http://localhost:5173")).headers["access-control-allow-origin"],
      ).toBeUndefined();
      expect((await cors(prod, "https://shop.example")).headers["access-control-allow-origin"]).toBe(
        "https://shop.example",
      );
      expect((await cors(shop.app, "http://localhost:5173")).headers["access-control-allow-origin"]).toBe(
        "http://localhost:5173",
      );
    } finally {
      await prod.close();
    }
  });

  it("behind TRUST_PROXY=1 counts the address the proxy saw, whatever a client writes before it", async () => {
    const proxied = await buildApp({
      env: testEnv({ TRUST_PROXY: "1" }),
      database: shop.database,
      logger: false,
    });
    try {
      const attempt = (i: number, client: string) =>
        proxied.inject({
          method: "POST",
          url: "/api/users/login",
          payload: { email: `proxied${i}@example.com`, password: "guessing-123" },
          // The client forges a first entry each time; the proxy appends the address it really saw.
          headers: { "x-forwarded-for": `203.0.113.${i % 250}, ${client}` },
        });
      for (let i = 0; i < 30; i++) expect((await attempt(i, "198.51.100.9")).statusCode).toBe(401);
      expect((await attempt(30, "198.51.100.9")).statusCode).toBe(429);
      expect((await attempt(31, "198.51.100.10")).statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });

  it("never limits the addresses in RATE_LIMIT_EXEMPT", async () => {
    const app = await buildApp({
      env: testEnv({ RATE_LIMIT_EXEMPT: "192.0.2.99" }),
      database: shop.database,
      logger: false,
    });
    try {
      const attempt = (remoteAddress: string) =>
        app.inject({
          method: "POST",
          url: "/api/users/login",
          payload: { email: "monitor@example.com", password: "not-the-password" },
          remoteAddress,
        });
      const exempt = [];
      const other = [];
      for (let i = 0; i < 11; i++) {
        exempt.push((await attempt("192.0.2.99")).statusCode);
        other.push((await attempt("192.0.2.98")).statusCode);
      }
      expect(exempt).toEqual(Array(11).fill(401));
      expect(other.at(-1)).toBe(429);
    } finally {
      await app.close();
    }
  });
});
