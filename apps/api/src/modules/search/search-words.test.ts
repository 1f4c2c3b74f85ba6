/**
 * The catalogue's words the search reads (search_words), kept by triggers on products: after every kind of
 * product write they hold exactly what splitting every product's search text would give, SKUs left out, and a
 * new product's word can soon be mistyped.
 */
import type { Product } from "@shop/domain/schemas/public";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestShop, login, type TestShop } from "../../test/app.ts";

let shop: TestShop;
let admin: Record<string, string>;

const send = (method: "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  shop.app.inject({ method, url, payload, headers: admin });

const rows = async <T>(query: ReturnType<typeof sql>) =>
  (await shop.database.db.execute(query)) as unknown as { rows: T[] };

/** search_words as the triggers keep it, and as a full split of every product's search text gives it. */
async function keptAndSplit() {
  const kept = await rows<{ word: string; n: number }>(
    sql`select word, occurrences as n from search_words order by word`,
  );
  const split = await rows<{ word: string; n: number }>(sql`
    select t as word, count(*)::int as n
    from products, regexp_split_to_table(search_text, '\\s+') as t
    where t <> '' and t <> lower(sku) group by t order by t`);
  return { kept: kept.rows, split: split.rows };
}

async function expectInStep() {
  const { kept, split } = await keptAndSplit();
  expect(kept.length).toBeGreaterThan(50);
  expect(kept).toEqual(split);
}

async function titles(query: string): Promise<string[]> {
  const res = await shop.app.inject({ url: `/api/product/search?query=${encodeURIComponent(query)}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Product[]).map((p) => p.title);
}

beforeAll(async () => {
  shop = await createTestShop();
  admin = (await login(shop.app, "admin")).headers;
});
afterAll(async () => {
  await shop?.close();
});

describe("the catalogue's words", () => {
  it("hold the sample shop's words, without its SKUs", async () => {
    await expectInStep();
    const { kept } = await keptAndSplit();
    const words = kept.map((r) => r.word);
    expect(words).toContain("headphones");
    const skus = await rows<{ sku: string }>(sql`select lower(sku) as sku from products`);
    expect(skus.rows.length).toBeGreaterThan(10);
    for (const { sku } of skus.rows) expect(words).not.toContain(sku);
  });

  it("follow a product's creation, edits, a category rename and its deletion", async () => {
    const [category] = (await shop.app.inject({ url: "/api/categories" })).json() as {
      id: string;
      name: string;
      children: string[];
    }[];
    const body = {
      sku: "WORDS-0001",
      title: "Zanfona Marimbula Lamp",
      categoryId: category!.id,
      children: category!.children[0] ?? "",
      price: 40,
      quantity: 5,
      tags: ["brillante"],
    };
    expect(await titles("marimbulla")).toEqual([]);
    const created = await send("POST", "/api/product", body);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    await expectInStep();
    // Found as typed at once; mistyped as soon as the words are read again behind the searches.
    expect(await titles("marimbula")).toEqual(["Zanfona Marimbula Lamp"]);
    await vi.waitFor(async () => expect(await titles("marimbulla")).toEqual(["Zanfona Marimbula Lamp"]), {
      timeout: 15_000,
    });

    const edited = await send("PUT", `/api/product/${id}`, { ...body, title: "Zanfona Quijongo Lamp" });
    expect(edited.statusCode, edited.body).toBe(200);
    await expectInStep();
    const { kept } = await keptAndSplit();
    expect(kept.map((r) => r.word)).not.toContain("marimbula");
    expect(kept.find((r) => r.word === "zanfona")).toEqual({ word: "zanfona", n: 1 });

    // A stock change leaves the words alone.
    expect((await send("PUT", `/api/product/${id}`, { ...body, quantity: 0 })).statusCode).toBe(200);
    await expectInStep();

    const renamed = await send("PUT", `/api/categories/${category!.id}`, {
      ...category,
      name: "Ocarina Goods",
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await expectInStep();
    expect((await keptAndSplit()).kept.map((r) => r.word)).toContain("ocarina");

    expect((await send("DELETE", `/api/product/${id}`)).statusCode).toBeLessThan(300);
    await expectInStep();
    expect((await keptAndSplit()).kept.map((r) => r.word)).not.toContain("zanfona");
  });
});
