import { roundHalfUpDiv } from "@shop/domain/money";
import { and, count, desc, eq, gt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, productVariants, reviews } from "../../db/schema.ts";
import { createTestShop, deliveredOrder, login, type TestShop } from "../../test/app.ts";
import { NOT_DELIVERED_MESSAGE, PENDING_REVIEW_MESSAGE } from "./routes.ts";

let shop: TestShop;
let admin: Record<string, string>;
let shopper: Record<string, string>;
type ProductRow = typeof products.$inferSelect;
/** A seeded product that already has approved reviews, and one the shopper reviews in the moderation tests. */
let reviewed: ProductRow;
let other: ProductRow;

beforeAll(async () => {
  shop = await createTestShop();
  admin = (await login(shop.app, "admin")).headers;
  shopper = (await login(shop.app, "shopper")).headers;
  // Products with stock, so the tests' shoppers can have one delivered before they review it.
  const withReviews = await shop.app.db
    .select()
    .from(products)
    .where(and(gt(products.reviewCount, 1), gt(products.quantity, 20)))
    .orderBy(desc(products.reviewCount), products.sku);
  reviewed = withReviews[0]!;
  other = withReviews[1]!;
});
afterAll(async () => {
  await shop.close();
});

const request = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, headers = {}) =>
  shop.app.inject({ method, url, payload, headers });
const query = (params: Record<string, unknown>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === "string" ? v : JSON.stringify(v))}`)
    .join("&");

let userCounter = 0;
/** An order of the product delivered to the shopper, as a review needs. */
const deliver = (headers: Record<string, string>, productId: string) =>
  deliveredOrder(shop.app, { shopper: headers, admin }, productId);

/** A fresh shopper, so each test can post its own first review; `received` are delivered to them first. */
async function newShopper(firstName = "Rosa", lastName = "pérez", ...received: string[]) {
  userCounter += 1;
  const email = `reviewer${userCounter}@example.com`;
  const res = await request("POST", "/api/users/register", {
    firstName,
    lastName,
    email,
    password: "Secret123!",
  });
  expect(res.statusCode).toBe(201);
  const headers = { authorization: `Bearer ${res.json().token}` };
  for (const productId of received) await deliver(headers, productId);
  return { email, headers, userId: res.json().user.id as string };
}

async function approvedRatings(productId: string): Promise<number[]> {
  const rows = await shop.app.db
    .select({ rating: reviews.rating })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.status, "approved")));
  return rows.map((r) => r.rating);
}
/** The average at 2 decimals, half up, worked out in integers. */
const average = (ratings: number[]) =>
  ratings.length
    ? Number(roundHalfUpDiv(BigInt(ratings.reduce((a, b) => a + b, 0) * 100), BigInt(ratings.length))) / 100
    : 0;
async function productFigures(productId: string) {
  const [row] = await shop.app.db
    .select({ rating: products.rating, reviewCount: products.reviewCount })
    .from(products)
    .where(eq(products.id, productId));
  return row!;
}
async function post(
  productId: string,
  headers: Record<string, string>,
  rating = 4,
  review = "Works as described.",
) {
  return request("POST", `/api/product/${productId}/reviews`, { rating, review }, headers);
}

describe("GET /product/{id}/reviews", () => {
  it("lists the approved reviews newest first, without emails, with the list headers", async () => {
    const res = await request("GET", `/api/product/${reviewed.id}/reviews?pageSize=100`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { date: string; status: string; productId: string }[];
    const approved = await approvedRatings(reviewed.id);
    expect(body).toHaveLength(approved.length);
    expect(res.headers["x-total-count"]).toBe(String(approved.length));
    expect(body.every((r) => r.status === "approved" && r.productId === reviewed.id)).toBe(true);
    const dates = body.map((r) => Date.parse(r.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(body.every((r) => !("email" in r) && !("userId" in r))).toBe(true);
    expect(res.body).not.toContain("@");
    // Nor does the product's own page carry who wrote them.
    const detail = (await request("GET", `/api/product/${reviewed.id}`)).json();
    expect(detail.reviews.length).toBeGreaterThan(0);
    expect(detail.reviews.every((r: object) => !("userId" in r) && !("email" in r))).toBe(true);
  });

  it("finds the product by slug too, and pages", async () => {
    const res = await request("GET", `/api/product/${reviewed.slug}/reviews?page=2&pageSize=1`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(1);
    expect(res.headers["x-current-page"]).toBe("2");
    expect(res.headers["x-total-count"]).toBe(String(reviewed.reviewCount));
  });

  it("answers 404 for an unknown product", async () => {
    const res = await request("GET", "/api/product/00000000-0000-4000-8000-000000000000/reviews");
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Product not found");
    expect((await request("GET", "/api/product/no-such-product/reviews")).statusCode).toBe(404);
  });
});

describe("POST /product/{id}/reviews", () => {
  it("records a pending review under the shopper's first name and initial, and says when it shows", async () => {
    await deliver(shopper, other.id);
    const before = await productFigures(other.id);
    const res = await post(other.id, shopper, 5, "  Me encantó, llegó rápido a Santiago.  ");
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(String),
      productId: other.id,
      name: "Sofía S.",
      userImage: null,
      review: "Me encantó, llegó rápido a Santiago.",
      rating: 5,
      date: expect.any(String),
      status: "pending",
      message: PENDING_REVIEW_MESSAGE,
    });
    const [row] = await shop.app.db.select().from(reviews).where(eq(reviews.id, body.id));
    expect(row).toMatchObject({ email: "shopper@shop.test", status: "pending", rating: 5 });
    // Pending: not public, and the product's figures have not moved.
    const list = await request("GET", `/api/product/${other.id}/reviews`);
    expect(list.json().map((r: { id: string }) => r.id)).not.toContain(body.id);
    expect(await productFigures(other.id)).toEqual(before);
  });

  it("refuses a second review of the same product with 409", async () => {
    const reviewer = await newShopper("Juan", "de la Cruz", other.id);
    expect((await post(other.id, reviewer.headers)).statusCode).toBe(201);
    const again = await post(other.id, reviewer.headers, 1, "Changed my mind.");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("You have already reviewed this product");
    const [n] = await shop.app.db
      .select({ n: count() })
      .from(reviews)
      .where(and(eq(reviews.productId, other.id), eq(reviews.email, reviewer.email)));
    expect(n?.n).toBe(1);
  });

  it("needs a login", async () => {
    const res = await post(other.id, {});
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("Log in to continue");
  });

  it("answers 404 for an unknown product", async () => {
    const res = await post("00000000-0000-4000-8000-000000000000", shopper);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Product not found");
  });

  it.each([
    [{ rating: 0, review: "Fine product" }, "body.rating"],
    [{ rating: 6, review: "Fine product" }, "body.rating"],
    [{ rating: 3.5, review: "Fine product" }, "body.rating"],
    [{ rating: "5", review: "Fine product" }, "body.rating"],
    [{ review: "Fine product" }, "body.rating"],
    [{ rating: 4, review: "ok" }, "body.review: must be at least 3 characters"],
    [{ rating: 4, review: "   " }, "body.review: must be at least 3 characters"],
    [{ rating: 4, review: "x".repeat(2001) }, "body.review"],
  ])("refuses %j with a 400 naming the field", async (payload, message) => {
    const res = await request("POST", `/api/product/${other.id}/reviews`, payload, shopper);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
});

describe("moderation", () => {
  it("approving, rejecting and deleting keep the product's rating and review count exact", async () => {
    const start = await approvedRatings(reviewed.id);
    expect(await productFigures(reviewed.id)).toEqual({ rating: average(start), reviewCount: start.length });

    const a = await newShopper("Luis", "Almonte", reviewed.id);
    const b = await newShopper("Eva", "Brito", reviewed.id);
    const first = (await post(reviewed.id, a.headers, 1, "Se rompió a la semana.")).json();
    const second = (await post(reviewed.id, b.headers, 2, "Regular, esperaba más.")).json();

    const approve = await request("PUT", `/api/reviews/${first.id}`, { status: "approved" }, admin);
    expect(approve.statusCode).toBe(200);
    expect(approve.json()).toMatchObject({
      id: first.id,
      status: "approved",
      email: a.email,
      name: "Luis A.",
      productTitle: reviewed.title,
    });
    expect(await productFigures(reviewed.id)).toEqual({
      rating: average([...start, 1]),
      reviewCount: start.length + 1,
    });

    // react-admin sends the whole record back; only the status is read.
    const both = await request(
      "PUT",
      `/api/reviews/${second.id}`,
      { ...second, status: "approved", rating: 5, productId: other.id },
      admin,
    );
    expect(both.json()).toMatchObject({ status: "approved", rating: 2, productId: reviewed.id });
    expect(await productFigures(reviewed.id)).toEqual({
      rating: average([...start, 1, 2]),
      reviewCount: start.length + 2,
    });
    const publicList = await request("GET", `/api/product/${reviewed.id}/reviews`);
    expect(publicList.json().map((r: { id: string }) => r.id)).toEqual(
      expect.arrayContaining([first.id, second.id]),
    );
    expect(publicList.body).not.toContain(a.email);

    const reject = await request("PUT", `/api/reviews/${first.id}`, { status: "rejected" }, admin);
    expect(reject.json().status).toBe("rejected");
    expect(await productFigures(reviewed.id)).toEqual({
      rating: average([...start, 2]),
      reviewCount: start.length + 1,
    });

    const del = await request("DELETE", `/api/reviews/${second.id}`, undefined, admin);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ id: second.id, status: "approved", email: b.email, rating: 2 });
    expect(await productFigures(reviewed.id)).toEqual({ rating: average(start), reviewCount: start.length });
    expect((await request("GET", `/api/reviews/${second.id}`, undefined, admin)).statusCode).toBe(404);
    expect((await request("DELETE", `/api/reviews/${second.id}`, undefined, admin)).statusCode).toBe(404);
  });

  it("brings a product's rating to 0 when its last approved review goes", async () => {
    const [product] = await shop.app.db
      .select()
      .from(products)
      .where(and(eq(products.reviewCount, 0), gt(products.quantity, 20)))
      .limit(1);
    const reviewer = await newShopper("Ana", "Ureña", product!.id);
    const created = (await post(product!.id, reviewer.headers, 3)).json();
    await request("PUT", `/api/reviews/${created.id}`, { status: "approved" }, admin);
    expect(await productFigures(product!.id)).toEqual({ rating: 3, reviewCount: 1 });
    await request("PUT", `/api/reviews/${created.id}`, { status: "pending" }, admin);
    expect(await productFigures(product!.id)).toEqual({ rating: 0, reviewCount: 0 });
  });

  it("refuses a status outside pending, approved, rejected (400) and unknown reviews (404)", async () => {
    const [row] = await shop.app.db.select().from(reviews).limit(1);
    const bad = await request("PUT", `/api/reviews/${row!.id}`, { status: "published" }, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("body.status");
    expect((await request("PUT", `/api/reviews/${row!.id}`, {}, admin)).statusCode).toBe(400);
    const unknown = await request(
      "PUT",
      "/api/reviews/00000000-0000-4000-8000-000000000000",
      { status: "approved" },
      admin,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Review not found");
  });

  it("is for admins only: 401 without a login, 403 for a shopper, nothing changed", async () => {
    const [row] = await shop.app.db.select().from(reviews).where(eq(reviews.status, "approved")).limit(1);
    const calls = [
      ["GET", "/api/reviews", undefined],
      ["GET", `/api/reviews/${row!.id}`, undefined],
      ["PUT", `/api/reviews/${row!.id}`, { status: "rejected" }],
      ["DELETE", `/api/reviews/${row!.id}`, undefined],
    ] as const;
    for (const [method, url, payload] of calls) {
      expect((await request(method, url, payload)).statusCode).toBe(401);
      const forbidden = await request(method, url, payload, shopper);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().message).toBe("Only an admin can do this");
    }
    const [after] = await shop.app.db.select().from(reviews).where(eq(reviews.id, row!.id));
    expect(after?.status).toBe("approved");
  });
});

describe("GET /reviews (admin)", () => {
  it("lists every review with the reviewer's email and the product's title, newest first", async () => {
    const [total] = await shop.app.db.select({ n: count() }).from(reviews);
    const res = await request("GET", `/api/reviews?${query({ range: [0, 99] })}`, undefined, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-total-count"]).toBe(String(total?.n));
    const body = res.json() as { email: string; productTitle: string; date: string }[];
    expect(body.length).toBe(Math.min(100, total!.n));
    expect(body.every((r) => r.email.includes("@") && r.productTitle.length > 0)).toBe(true);
    const dates = body.map((r) => Date.parse(r.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it("filters by status, product, text and ids", async () => {
    const reviewer = await newShopper("Pedro", "Núñez", other.id);
    const created = (await post(other.id, reviewer.headers, 4, "Buen precio para la calidad")).json();

    const pending = await request(
      "GET",
      `/api/reviews?${query({ filter: { status: "pending" } })}`,
      undefined,
      admin,
    );
    const [pendingCount] = await shop.app.db
      .select({ n: count() })
      .from(reviews)
      .where(eq(reviews.status, "pending"));
    expect(pending.headers["x-total-count"]).toBe(String(pendingCount?.n));
    expect(pending.json().every((r: { status: string }) => r.status === "pending")).toBe(true);
    expect(pending.json().map((r: { id: string }) => r.id)).toContain(created.id);

    const plain = await request("GET", "/api/reviews?status=pending", undefined, admin);
    expect(plain.headers["x-total-count"]).toBe(String(pendingCount?.n));

    const byProduct = await request(
      "GET",
      `/api/reviews?${query({ filter: { productId: other.id } })}`,
      undefined,
      admin,
    );
    const [productCount] = await shop.app.db
      .select({ n: count() })
      .from(reviews)
      .where(eq(reviews.productId, other.id));
    expect(byProduct.headers["x-total-count"]).toBe(String(productCount?.n));
    expect(
      byProduct.json().every((r: { productId: string; productTitle: string }) => r.productId === other.id),
    ).toBe(true);
    expect(byProduct.json()[0].productTitle).toBe(other.title);

    const byEmail = await request(
      "GET",
      `/api/reviews?${query({ filter: { q: reviewer.email } })}`,
      undefined,
      admin,
    );
    expect(byEmail.json().map((r: { id: string }) => r.id)).toEqual([created.id]);
    const byText = await request(
      "GET",
      `/api/reviews?${query({ filter: { q: "BUEN PRECIO para" } })}`,
      undefined,
      admin,
    );
    expect(byText.json().map((r: { id: string }) => r.id)).toContain(created.id);

    const [someOther] = await shop.app.db
      .select()
      .from(reviews)
      .where(eq(reviews.productId, reviewed.id))
      .limit(1);
    const byIds = await request(
      "GET",
      `/api/reviews?${query({ filter: { id: [created.id, someOther!.id, "junk"] } })}`,
      undefined,
      admin,
    );
    expect(
      byIds
        .json()
        .map((r: { id: string }) => r.id)
        .sort(),
    ).toEqual([created.id, someOther!.id].sort());

    const badProduct = await request(
      "GET",
      `/api/reviews?${query({ filter: { productId: "junk" } })}`,
      undefined,
      admin,
    );
    expect(badProduct.json()).toEqual([]);
    expect(badProduct.headers["x-total-count"]).toBe("0");
  });

  it("sorts by rating and pages with react-admin's range", async () => {
    const res = await request(
      "GET",
      `/api/reviews?${query({ sort: ["rating", "ASC"], range: [0, 9] })}`,
      undefined,
      admin,
    );
    const ratings = res.json().map((r: { rating: number }) => r.rating);
    expect(ratings).toHaveLength(10);
    expect(ratings).toEqual([...ratings].sort((a: number, b: number) => a - b));
    const [minRow] = await shop.app.db
      .select({ rating: reviews.rating })
      .from(reviews)
      .orderBy(reviews.rating)
      .limit(1);
    expect(ratings[0]).toBe(minRow!.rating);
    const [total] = await shop.app.db.select({ n: count() }).from(reviews);
    expect(res.headers["content-range"]).toBe(`items 0-9/${total?.n}`);

    const next = await request(
      "GET",
      `/api/reviews?${query({ sort: ["createdAt", "DESC"], range: [10, 14] })}`,
      undefined,
      admin,
    );
    expect(next.json()).toHaveLength(5);
    expect(next.headers["x-current-page"]).toBe("3");
  });

  it("refuses an unknown sort field and an unknown status filter with 400", async () => {
    const sort = await request("GET", `/api/reviews?${query({ sort: ["email", "ASC"] })}`, undefined, admin);
    expect(sort.statusCode).toBe(400);
    expect(sort.json().message).toBe("Cannot sort by 'email'; sort by one of: id, createdAt, rating, status");
    const status = await request(
      "GET",
      `/api/reviews?${query({ filter: { status: "spam" } })}`,
      undefined,
      admin,
    );
    expect(status.statusCode).toBe(400);
    expect(status.json().message).toBe("filter.status: must be pending, approved or rejected");
  });

  it("answers one review with its email for admins, 404 when unknown", async () => {
    const [row] = await shop.app.db.select().from(reviews).limit(1);
    const res = await request("GET", `/api/reviews/${row!.id}`, undefined, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: row!.id,
      email: row!.email,
      name: row!.name,
      rating: row!.rating,
    });
    expect((await request("GET", "/api/reviews/not-an-id", undefined, admin)).statusCode).toBe(404);
  });
});

describe("who may review", () => {
  it("a shopper once an order of the product was delivered to them, not before (403)", async () => {
    const [product] = await shop.app.db
      .select()
      .from(products)
      .where(gt(products.quantity, 20))
      .orderBy(desc(products.sku))
      .limit(1);
    const reviewer = await newShopper("Nadie", "Compró");
    const refused = await post(product!.id, reviewer.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "REVIEW_NOT_DELIVERED", message: NOT_DELIVERED_MESSAGE });
    const written = await shop.app.db.select().from(reviews).where(eq(reviews.email, reviewer.email));
    expect(written).toEqual([]);
    await deliver(reviewer.headers, product!.id);
    expect((await post(product!.id, reviewer.headers)).statusCode).toBe(201);
  });

  it("not a shopper whose order of it is pending or on its way", async () => {
    const [product] = await shop.app.db
      .select()
      .from(products)
      .where(gt(products.quantity, 20))
      .orderBy(desc(products.sku))
      .offset(1)
      .limit(1);
    const reviewer = await newShopper("Casi", "Llega");
    const [variant] = await shop.app.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, product!.id))
      .orderBy(desc(productVariants.quantity))
      .limit(1);
    const [method] = await shop.app.db.query.shippingMethods.findMany({ limit: 1 });
    const placed = await request(
      "POST",
      "/api/orders",
      {
        items: [
          { productId: product!.id, quantity: 1, color: variant!.options.Color, size: variant!.options.Size },
        ],
        shippingAddress: { streetAddress: "Calle Duarte 5", country: "DO" },
        shippingMethodId: method!.id,
        currency: "USD",
        paymentMethod: "cash_on_delivery",
        phone: "8095550101",
      },
      reviewer.headers,
    );
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().id;
    expect((await post(product!.id, reviewer.headers)).statusCode).toBe(403);
    for (const status of ["processing", "shipped"]) {
      const body =
        status === "shipped" ? { status, carrier: "DHL", trackingNumber: "JD014600004" } : { status };
      expect((await request("PUT", `/api/orders/${orderId}`, body, admin)).statusCode).toBe(200);
    }
    expect((await post(product!.id, reviewer.headers)).statusCode).toBe(403);
  });

  it("an admin, who writes as the shop without having bought it", async () => {
    const [product] = await shop.app.db.select().from(products).orderBy(products.sku).offset(3).limit(1);
    const res = await post(product!.id, admin, 5, "Our pick of the month.");
    expect(res.statusCode).toBe(201);
  });

  it("no faster than 10 reviews an hour per account, and 30 per address", async () => {
    const [product] = await shop.app.db.select().from(products).orderBy(products.sku).offset(5).limit(1);
    const url = `/api/product/${product!.id}/reviews`;
    const from = (headers: Record<string, string>, remoteAddress: string) =>
      shop.app.inject({
        method: "POST",
        url,
        payload: { rating: 4, review: "Trying again." },
        headers,
        remoteAddress,
      });
    const busy = await newShopper("Muy", "Activa");
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push((await from(busy.headers, `198.51.100.${10 + i}`)).statusCode);
    // Each try is refused for want of a delivery, and counted all the same; the 11th waits.
    expect(answers).toEqual([...Array(10).fill(403), 429]);

    const address = "203.0.113.77";
    const statuses: number[] = [];
    for (let shopper = 0; shopper < 4; shopper++) {
      const { headers } = await newShopper("Misma", `Casa${shopper}`);
      for (let i = 0; i < 8; i++) statuses.push((await from(headers, address)).statusCode);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(403));
    expect(statuses.slice(30)).toEqual([429, 429]);
  });
});
