/** The inventory's own door: taking, giving back and setting stock per variant, and the low-stock reads, on a real database. */
import { LOW_STOCK_THRESHOLD, STOCK_REFUSAL_CODES } from "@shop/domain/constants";
import { cartMessages } from "@shop/domain/messages";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, productVariants } from "../../db/schema.ts";
import { HttpError } from "../../http-errors.ts";
import { createTestShop, type TestShop } from "../../test/app.ts";
import { changeStock, lowStock, release, reserve, runningLow, setStock } from "./stock.ts";

let shop: TestShop;
/** Products of the sample with one variant, and with several, in id order: each test takes its own. */
let single: { productId: string; variantId: string }[];
let several: { productId: string; variantIds: string[] }[];

beforeAll(async () => {
  shop = await createTestShop();
  const rows = await shop.database.db
    .select({ productId: productVariants.productId, variantId: productVariants.id })
    .from(productVariants)
    .orderBy(asc(productVariants.productId), asc(productVariants.position));
  const byProduct = new Map<string, string[]>();
  for (const r of rows) byProduct.set(r.productId, [...(byProduct.get(r.productId) ?? []), r.variantId]);
  single = [...byProduct]
    .filter(([, v]) => v.length === 1)
    .map(([productId, v]) => ({ productId, variantId: v[0]! }));
  several = [...byProduct]
    .filter(([, v]) => v.length >= 4)
    .map(([productId, variantIds]) => ({ productId, variantIds }));
});
afterAll(async () => {
  await shop?.close();
});

const db = () => shop.database.db;

async function stockOf(id: string) {
  const [row] = await db()
    .select({ quantity: products.quantity, sellCount: products.sellCount, title: products.title })
    .from(products)
    .where(eq(products.id, id));
  return row!;
}
async function variantStock(id: string) {
  const [row] = await db()
    .select({ quantity: productVariants.quantity, sellCount: productVariants.sellCount })
    .from(productVariants)
    .where(eq(productVariants.id, id));
  return row!;
}
/** Every product's quantity is its variants' summed. */
async function sumsHold(): Promise<number> {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(
      sql`${products.quantity} <> (select coalesce(sum(v.quantity), 0) from product_variants v where v.product_id = ${products.id})`,
    );
  return row!.n;
}

/** The error a call throws, or null. */
async function refusal(call: () => Promise<unknown>): Promise<HttpError | null> {
  try {
    await call();
    return null;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
}

describe("the inventory", () => {
  it("gives every seeded product variants whose stock sums to its quantity, some sold out", async () => {
    expect(single.length).toBeGreaterThan(0);
    expect(several.length).toBeGreaterThan(0);
    expect(await sumsHold()).toBe(0);
    const soldOut = await db()
      .select({ id: productVariants.id })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(sql`${productVariants.quantity} = 0 and ${products.quantity} > 0`);
    expect(soldOut.length).toBeGreaterThan(0);
  });

  it("takes the stock of every line from its variant, a variant's lines summed, and counts them sold", async () => {
    const [a, b] = [single[0]!, several[0]!];
    const [b1, b2] = [b.variantIds[0]!, b.variantIds[1]!];
    await db().transaction((tx) =>
      changeStock(tx, [
        { variantId: a.variantId, set: 10 },
        { variantId: b1, set: 4 },
        { variantId: b2, set: 6 },
      ]),
    );
    const before = {
      a: await stockOf(a.productId),
      b: await stockOf(b.productId),
      b1: await variantStock(b1),
    };
    await db().transaction((tx) =>
      reserve(tx, [
        { ...a, quantity: 2 },
        { productId: b.productId, variantId: b1, quantity: 4 },
        { ...a, quantity: 3 },
      ]),
    );
    expect(await stockOf(a.productId)).toMatchObject({ quantity: 5, sellCount: before.a.sellCount + 5 });
    expect(await variantStock(b1)).toEqual({ quantity: 0, sellCount: before.b1.sellCount + 4 });
    expect(await variantStock(b2)).toMatchObject({ quantity: 6 });
    expect((await stockOf(b.productId)).quantity).toBe(before.b.quantity - 4);
    expect(await sumsHold()).toBe(0);
  });

  it("refuses what a variant does not have with the spec's text naming the variant, and takes nothing", async () => {
    const [a, b] = [single[1]!, several[1]!];
    const [b1, b2] = [b.variantIds[0]!, b.variantIds[1]!];
    await db().transaction((tx) =>
      changeStock(tx, [
        { variantId: a.variantId, set: 5 },
        { variantId: b1, set: 2 },
        { variantId: b2, set: 50 },
      ]),
    );
    const short = await refusal(() =>
      db().transaction((tx) =>
        reserve(tx, [
          { ...a, quantity: 1 },
          { productId: b.productId, variantId: b1, quantity: 2 },
          { productId: b.productId, variantId: b1, quantity: 1 },
        ]),
      ),
    );
    // The product holds 52, but this variant only 2.
    expect(short).toMatchObject({
      statusCode: 409,
      message: cartMessages.insufficientStock(2),
      code: STOCK_REFUSAL_CODES.insufficient,
      details: { productId: b.productId, variantId: b1, available: 2 },
    });
    // The whole transaction rolled back: the first line's stock is still there.
    expect((await stockOf(a.productId)).quantity).toBe(5);

    await db().transaction((tx) => changeStock(tx, [{ variantId: b1, set: 0 }]));
    const none = await refusal(() =>
      db().transaction((tx) => reserve(tx, [{ productId: b.productId, variantId: b1, quantity: 1 }])),
    );
    const [variant] = await db()
      .select({ options: productVariants.options })
      .from(productVariants)
      .where(eq(productVariants.id, b1));
    const title = (await stockOf(b.productId)).title;
    expect(none).toMatchObject({
      statusCode: 409,
      code: STOCK_REFUSAL_CODES.outOfStock,
      details: { productId: b.productId, variantId: b1, available: 0 },
    });
    expect(none!.message.startsWith(`Agotado: ${title} — `)).toBe(true);
    for (const value of Object.values(variant!.options)) expect(none!.message).toContain(value);
  });

  it("never gives more of a variant than there is to requests at once", async () => {
    const b = several[2]!;
    const [v, other] = [b.variantIds[0]!, b.variantIds[1]!];
    await db().transaction((tx) =>
      changeStock(tx, [
        { variantId: v, set: 3 },
        { variantId: other, set: 100 },
      ]),
    );
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () =>
        refusal(() =>
          db().transaction((tx) => reserve(tx, [{ productId: b.productId, variantId: v, quantity: 1 }])),
        ),
      ),
    );
    expect(outcomes.filter((o) => o === null)).toHaveLength(3);
    for (const refused of outcomes.filter((o) => o !== null)) {
      expect(refused!.statusCode).toBe(409);
      expect(Object.values(STOCK_REFUSAL_CODES)).toContain(refused!.code);
    }
    expect((await variantStock(v)).quantity).toBe(0);
    expect((await variantStock(other)).quantity).toBe(100);
    expect(await sumsHold()).toBe(0);
  });

  it("gives stock back to the variant, never counting fewer than none sold, and says which came back", async () => {
    const b = several[3]!;
    const v = b.variantIds[0]!;
    await db().transaction((tx) => changeStock(tx, [{ variantId: v, set: 0 }]));
    const before = await variantStock(v);
    const restocked = await db().transaction((tx) =>
      release(tx, [{ productId: b.productId, variantId: v, quantity: before.sellCount + 3 }]),
    );
    expect(restocked).toEqual([v]);
    expect(await variantStock(v)).toEqual({ quantity: before.sellCount + 3, sellCount: 0 });
    expect(await sumsHold()).toBe(0);
  });

  it("sets and adds stock, refusing to go below none, and keeps the product form's one number for one variant", async () => {
    const b = several[4]!;
    const v = b.variantIds[0]!;
    await db().transaction((tx) => changeStock(tx, [{ variantId: v, set: 2 }]));
    await db().transaction((tx) => changeStock(tx, [{ variantId: v, add: 5 }]));
    expect((await variantStock(v)).quantity).toBe(7);
    const below = await refusal(() => db().transaction((tx) => changeStock(tx, [{ variantId: v, add: -8 }])));
    expect(below).toMatchObject({ statusCode: 400 });
    expect(below!.message).toContain("cannot go below 0");
    // The product form's one number, different from the variants' sum, is spread over them.
    await db().transaction((tx) => setStock(tx, b.productId, 2 * b.variantIds.length + 1));
    expect((await variantStock(b.variantIds[0]!)).quantity).toBe(3);
    expect((await variantStock(b.variantIds[1]!)).quantity).toBe(2);
    await db().transaction((tx) => setStock(tx, b.productId, 0));
    expect((await stockOf(b.productId)).quantity).toBe(0);
    const a = single[2]!;
    await db().transaction((tx) => setStock(tx, a.productId, 9));
    expect((await variantStock(a.variantId)).quantity).toBe(9);
    expect((await stockOf(a.productId)).quantity).toBe(9);
    expect(await sumsHold()).toBe(0);
  });

  it("lists the variants running low, fewest first, and finds their products for the listing's filter", async () => {
    const [low, out] = [single[3]!, several[5]!];
    await db().transaction((tx) =>
      changeStock(tx, [
        { variantId: low.variantId, set: LOW_STOCK_THRESHOLD },
        { variantId: out.variantIds[0]!, set: 0 },
      ]),
    );
    const rows = await lowStock(db(), 1000);
    expect(rows.map((r) => r.variantId)).toEqual(expect.arrayContaining([low.variantId, out.variantIds[0]]));
    expect(rows.every((r) => r.quantity <= LOW_STOCK_THRESHOLD)).toBe(true);
    expect(rows.map((r) => r.quantity)).toEqual(rows.map((r) => r.quantity).toSorted((x, y) => x - y));
    const found = await db().select({ id: products.id }).from(products).where(runningLow(products.id));
    expect(found.map((r) => r.id).sort()).toEqual([...new Set(rows.map((r) => r.id))].sort());
  });
});
