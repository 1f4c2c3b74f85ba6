import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "./env.ts";
import { createTestShop, type TestShop } from "./test/app.ts";

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
