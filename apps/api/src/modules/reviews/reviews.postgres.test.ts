import { and, eq, gt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../../db/schema.ts";
import { createTestShop, deliveredOrder, login, type TestShop } from "../../test/app.ts";

// PostgreSQL only: PGlite runs one statement at a time, so it cannot show a race.
let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop.close();
});

describe("concurrent reviews", () => {
  it("keeps the product's rating and review count exact when many reviews are approved at once", async () => {
    const { app } = shop;
    const [product] = await app.db
      .select()
      .from(products)
      .where(and(eq(products.reviewCount, 0), gt(products.quantity, 20)))
      .limit(1);
    const admin = await login(app, "admin");
    const ratings = [5, 4, 4, 3, 5, 1, 2, 5, 4, 3, 5, 2];
    const ids: string[] = [];
    for (const [i, rating] of ratings.entries()) {
      const email = `race${i}@example.com`;
      const registered = await app.inject({
        method: "POST",
        url: "/api/users/register",
        payload: { firstName: "Race", lastName: `R${i}`, email, password: "Secret123!" },
      });
      const shopper = { authorization: `Bearer ${registered.json().token}` };
      await deliveredOrder(app, { shopper, admin: admin.headers }, product!.id);
      const review = await app.inject({
        method: "POST",
        url: `/api/product/${product!.id}/reviews`,
        payload: { rating, review: `Review number ${i}` },
        headers: shopper,
      });
      ids.push(review.json().id);
    }
    const answers = await Promise.all(
      ids.map((id) =>
        app.inject({
          method: "PUT",
          url: `/api/reviews/${id}`,
          payload: { status: "approved" },
          headers: admin.headers,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(ids.map(() => 200));
    const [after] = await app.db.select().from(products).where(eq(products.id, product!.id));
    // 43 / 12 = 3.5833… → 3.58
    expect({ rating: after?.rating, reviewCount: after?.reviewCount }).toEqual({
      rating: 3.58,
      reviewCount: 12,
    });
  });

  it("lets a shopper's double submit through once: one 201, the rest 409", async () => {
    const { app } = shop;
    const [product] = await app.db.select().from(products).where(gt(products.quantity, 20)).limit(1);
    const { headers } = await login(app, "shopper");
    await deliveredOrder(app, { shopper: headers, admin: (await login(app, "admin")).headers }, product!.id);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        app.inject({
          method: "POST",
          url: `/api/product/${product!.id}/reviews`,
          payload: { rating: 5, review: "Clicked twice" },
          headers,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
  });
});
