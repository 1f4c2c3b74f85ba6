import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestShop, engine, type TestShop } from "../../test/app.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seed: false });
});
afterAll(async () => {
  await shop.close();
});

describe("/health", () => {
  it("answers 200 with the database up, for GET and HEAD", async () => {
    const res = await shop.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: "up" });
    expect(res.headers["cache-control"]).toBe("no-store");
    const head = await shop.app.inject({ method: "HEAD", url: "/api/health" });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe("");
    expect((await shop.app.inject({ method: "HEAD", url: "/api/HEALTH" })).statusCode).toBe(200);
  });

  it("answers 503 when the database does not answer", async () => {
    const ping = vi.spyOn(shop.app.database, "ping").mockResolvedValue(false);
    try {
      const res = await shop.app.inject({ method: "GET", url: "/api/health" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: "unavailable", database: "down" });
      expect(res.headers["retry-after"]).toBe("5");
      const head = await shop.app.inject({ method: "HEAD", url: "/api/health" });
      expect(head.statusCode).toBe(503);
      expect(head.body).toBe("");
    } finally {
      ping.mockRestore();
    }
    expect((await shop.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
  });

  it("answers 503 when the ping throws or hangs", async () => {
    const ping = vi.spyOn(shop.app.database, "ping").mockRejectedValueOnce(new Error("boom"));
    expect((await shop.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(503);
    ping.mockImplementationOnce(() => new Promise<boolean>(() => {}));
    const started = Date.now();
    const hung = await shop.app.inject({ method: "GET", url: "/api/health" });
    expect(hung.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(5000);
    ping.mockRestore();
  });
});

// Closing the pool of a PostgreSQL test database would leave it behind undropped, so this runs on PGlite only.
describe.runIf(engine === "pglite")("/health on a closed database", () => {
  it("answers 503", async () => {
    const closed = await createTestShop({ seed: false });
    await closed.database.close();
    try {
      const res = await closed.app.inject({ method: "GET", url: "/api/health" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: "unavailable", database: "down" });
    } finally {
      await closed.app.close();
    }
  });
});
