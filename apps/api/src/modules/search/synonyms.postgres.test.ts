// A synonym added through one API process changes the search of another at once, through PostgreSQL's NOTIFY.
import type { Product } from "@shop/domain/schemas/public";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type App, buildApp } from "../../app.ts";
import { type Database, openDatabase } from "../../db/client.ts";
import { createTestShop, engine, login, type TestShop, testEnv } from "../../test/app.ts";

let shop: TestShop;
let b: { app: App; database: Database };

beforeAll(async () => {
  if (engine !== "postgres") return;
  shop = await createTestShop({ env: { CATALOGUE_CACHE_MS: "60000" } });
  const database = await openDatabase({ url: shop.url!, dataDir: "", poolSize: 5 });
  const env = { ...testEnv({ CATALOGUE_CACHE_MS: "60000" }), JWT_SECRET: shop.app.env.JWT_SECRET };
  const app = await buildApp({ env, database, logger: false });
  await app.ready();
  b = { app, database };
});
afterAll(async () => {
  if (engine !== "postgres") return;
  await b.app.close();
  await b.database.close();
  await shop.close();
});

const titlesOnB = async (query: string) =>
  (
    (await b.app.inject({ method: "GET", url: `/api/product/search?query=${query}` })).json() as Product[]
  ).map((p) => p.title);

describe.runIf(engine === "postgres")("synonyms across processes", () => {
  it("a synonym written on one process is read by the other's search", async () => {
    expect(await titlesOnB("quuxphone")).toEqual([]);
    // Asked twice so the empty answer is kept in b's memory: the change must drop it.
    expect(await titlesOnB("quuxphone")).toEqual([]);
    const admin = (await login(shop.app, "admin")).headers;
    const res = await shop.app.inject({
      method: "POST",
      url: "/api/synonyms",
      headers: admin,
      payload: { term: "quuxphone", meaning: "headphones" },
    });
    expect(res.statusCode, res.body).toBe(201);
    const headphones = await titlesOnB("headphones");
    expect(headphones.length).toBeGreaterThanOrEqual(2);
    await vi.waitFor(async () => expect(await titlesOnB("quuxphone")).toEqual(headphones), {
      timeout: 15_000,
    });
  });
});
