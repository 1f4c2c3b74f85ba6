/** The synonyms staff keep, through the HTTP API: admin only, validated, and read by the search at once. */
import type { Product } from "@shop/domain/schemas/public";
import { type Synonym, synonymSchema } from "@shop/domain/search";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, login, type TestShop } from "../../test/app.ts";
import { SAMPLE_SYNONYMS } from "./seed.ts";

let shop: TestShop;
let admin: Record<string, string>;
let shopper: Record<string, string>;

const get = (url: string, headers = admin) => shop.app.inject({ method: "GET", url, headers });
const send = (method: "POST" | "PUT" | "DELETE", url: string, payload?: unknown, headers = admin) =>
  shop.app.inject({ method, url, payload: payload as object, headers });

/** What a shopper's search finds, through the answer cache (on here, as shipped). */
async function titles(query: string): Promise<string[]> {
  const res = await shop.app.inject({
    method: "GET",
    url: `/api/product/search?query=${encodeURIComponent(query)}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Product[]).map((p) => p.title);
}

beforeAll(async () => {
  shop = await createTestShop({ env: { CATALOGUE_CACHE_MS: "60000" } });
  admin = (await login(shop.app, "admin")).headers;
  shopper = (await login(shop.app, "shopper")).headers;
});
afterAll(async () => {
  await shop?.close();
});

describe("the synonyms resource", () => {
  it("lists the sample shop's synonyms by term, with X-Total-Count, paging and a text filter", async () => {
    const res = await get("/api/synonyms?pageSize=100");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["x-total-count"]).toBe(String(SAMPLE_SYNONYMS.length));
    const all = (res.json() as Synonym[]).map((s) => synonymSchema.parse(s));
    // By term (in the database's collation): the descending list is the same reversed.
    const descending = (await get('/api/synonyms?pageSize=100&sort=["term","DESC"]')).json() as Synonym[];
    expect(descending.map((s) => s.id)).toEqual(all.map((s) => s.id).reverse());
    expect(all[0]!.term <= all.at(-1)!.term || all[0]!.term.localeCompare(all.at(-1)!.term) < 0).toBe(true);
    expect(all).toContainEqual(expect.objectContaining({ term: "bocina", meaning: "speaker" }));

    const page = await get('/api/synonyms?range=[0,4]&sort=["term","DESC"]');
    expect(page.headers["content-range"]).toBe(`items 0-4/${SAMPLE_SYNONYMS.length}`);
    expect((page.json() as Synonym[]).length).toBe(5);

    const filtered = (
      await get(`/api/synonyms?filter=${encodeURIComponent('{"q":"EARR"}')}`)
    ).json() as Synonym[];
    expect(filtered.length).toBeGreaterThanOrEqual(3);
    for (const s of filtered) expect(`${s.term} ${s.meaning}`).toMatch(/earr/i);
    expect((await get("/api/synonyms?q=bocin")).json()).toEqual([
      expect.objectContaining({ term: "bocina", meaning: "speaker" }),
    ]);
  });

  it("is the admin's alone", async () => {
    for (const headers of [{}, shopper]) {
      const status = headers === shopper ? 403 : 401;
      expect((await get("/api/synonyms", headers)).statusCode).toBe(status);
      expect((await send("POST", "/api/synonyms", { term: "x1", meaning: "y1" }, headers)).statusCode).toBe(
        status,
      );
    }
  });

  it("refuses bad input with a clear 4xx and writes nothing", async () => {
    const before = (await get("/api/synonyms")).headers["x-total-count"];
    for (const body of [
      {},
      { term: "bocina" },
      { term: "", meaning: "speaker" },
      { term: "   ", meaning: "speaker" },
      { term: "!!!", meaning: "speaker" },
      { term: "x".repeat(81), meaning: "speaker" },
      { term: "Audífonos", meaning: "audifonos" },
      { term: 5, meaning: "speaker" },
    ]) {
      const res = await send("POST", "/api/synonyms", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toMatch(/term|meaning/);
    }
    const duplicate = await send("POST", "/api/synonyms", { term: "BOCINA", meaning: " Speaker " });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toMatch(/already means/);
    expect((await get("/api/synonyms/not-an-id")).statusCode).toBe(404);
    expect(
      (await send("PUT", "/api/synonyms/00000000-0000-4000-8000-000000000000", { term: "a1", meaning: "b1" }))
        .statusCode,
    ).toBe(404);
    expect((await send("DELETE", "/api/synonyms/00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await get("/api/synonyms")).headers["x-total-count"]).toBe(before);
  });

  it("changes what the search finds at once: added, changed, removed", async () => {
    expect(await titles("zorblatt")).toEqual([]);
    const created = await send("POST", "/api/synonyms", { term: "  Zorblatt ", meaning: "speaker" });
    expect(created.statusCode, created.body).toBe(201);
    const synonym = synonymSchema.parse(created.json());
    expect(synonym).toMatchObject({ term: "Zorblatt", meaning: "speaker" });
    // The term finds what its meaning finds.
    const speakers = await titles("speaker");
    expect(speakers).toContain("Pulse Go Portable Speaker");
    expect(await titles("zorblatt")).toEqual(speakers);
    // The meaning works both ways, typos in the term too.
    expect(await titles("zorblat")).toEqual(speakers);

    const updated = await send("PUT", `/api/synonyms/${synonym.id}`, {
      term: "zorblatt",
      meaning: "lipstick",
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(synonymSchema.parse(updated.json())).toMatchObject({ id: synonym.id, meaning: "lipstick" });
    expect((await get(`/api/synonyms/${synonym.id}`)).json()).toMatchObject({ meaning: "lipstick" });
    expect(await titles("zorblatt")).toEqual(["Velvet Matte Lipstick"]);

    const clash = await send("PUT", `/api/synonyms/${synonym.id}`, { term: "bocina", meaning: "speaker" });
    expect(clash.statusCode).toBe(409);

    const removed = await send("DELETE", `/api/synonyms/${synonym.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ id: synonym.id });
    expect(await titles("zorblatt")).toEqual([]);
    expect((await get(`/api/synonyms/${synonym.id}`)).statusCode).toBe(404);
  });

  it("a phrase as a term: several words that mean one", async () => {
    expect(await titles("caja musical")).toEqual([]);
    const created = await send("POST", "/api/synonyms", { term: "caja musical", meaning: "speaker" });
    expect(created.statusCode).toBe(201);
    expect(await titles("caja musical")).toEqual(await titles("speaker"));
    expect(await titles("caja musical")).toContain("Pulse Go Portable Speaker");
    await send("DELETE", `/api/synonyms/${created.json().id}`);
  });
});
