import { type CouponState, couponState, shownToShoppers } from "@shop/domain/coupons";
import { couponMessages } from "@shop/domain/messages";
import { lineTotalCents } from "@shop/domain/pricing";
import type { Coupon } from "@shop/domain/schemas/public";
import { and, asc, count, eq, gt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { couponRedemptions, coupons, orders, products } from "../../db/schema.ts";
import { createTestShop, login, type TestShop } from "../../test/app.ts";
import { seedCoupons } from "./seed.ts";

const DAY = 24 * 60 * 60 * 1000;

let shop: TestShop;
let admin: Record<string, string>;
let shopper: Record<string, string>;
let shopperId: string;
type ProductRow = typeof products.$inferSelect;
let beauty: ProductRow;
let electronics: ProductRow;

beforeAll(async () => {
  shop = await createTestShop();
  // The shared seed may already have added them; seeding is idempotent either way.
  await seedCoupons(shop.app.db, new Date());
  admin = (await login(shop.app, "admin")).headers;
  const session = await login(shop.app, "shopper");
  shopper = session.headers;
  shopperId = session.user.id;
  const byType = async (productType: string) => {
    const [row] = await shop.app.db
      .select()
      .from(products)
      .where(and(eq(products.productType, productType), gt(products.priceCents, 1000)))
      .orderBy(asc(products.sku))
      .limit(1);
    return row!;
  };
  beauty = await byType("beauty");
  electronics = await byType("electronics");
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
const couponRow = async (code: string) => {
  const [row] = await shop.app.db.select().from(coupons).where(eq(coupons.code, code));
  return row!;
};
/** A whole percent of an amount in cents, half up, worked out here rather than by the code under test. */
const percentOfCents = (cents: number, percent: number) => Math.floor((cents * percent + 50) / 100);
const lineCents = (p: ProductRow, quantity: number) =>
  lineTotalCents({ priceCents: p.priceCents, discountPercent: p.discount, quantity });

let codeCounter = 0;
const newCoupon = (overrides: Record<string, unknown> = {}) => {
  codeCounter += 1;
  return {
    code: `test-${codeCounter}`,
    title: "A test coupon",
    kind: "percent",
    value: 12.5,
    minOrderAmount: 0,
    productType: null,
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    perCustomerLimit: null,
    active: true,
    ...overrides,
  };
};
async function create(overrides: Record<string, unknown> = {}) {
  const res = await request("POST", "/api/coupons", newCoupon(overrides), admin);
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; code: string };
}

/** An order row written directly (the orders module's own tests cover placing one), redeeming `couponId`. */
async function redeem(couponId: string, userId: string) {
  const [order] = await shop.app.db
    .insert(orders)
    .values({
      userId,
      currency: "USD",
      rate: "60.0000",
      subtotalCents: 1000,
      discountCents: 100,
      shippingCents: 0,
      totalCents: 900,
      currencySubtotalCents: 1000,
      currencyDiscountCents: 100,
      currencyShippingCents: 0,
      currencyTotalCents: 900,
      couponId,
      shippingMethodName: "Standard delivery",
      shippingAddress: {
        streetAddress: "Calle El Conde 105",
        city: "Santo Domingo",
        province: null,
        postalCode: null,
        country: "DO",
        phone: null,
      },
      paymentMethod: "cash_on_delivery",
      phone: "+1 809 555 0142",
    })
    .returning();
  await shop.app.db.insert(couponRedemptions).values({ couponId, userId, orderId: order!.id });
  await shop.app.db
    .update(coupons)
    .set({ timesUsed: sql`${coupons.timesUsed} + 1` })
    .where(eq(coupons.id, couponId));
}

describe("seedCoupons", () => {
  it("adds one coupon of each kind of rule to an empty shop, dated from now, once", async () => {
    const empty = await createTestShop({ seed: false });
    try {
      const now = new Date("2025-06-15T12:00:00Z");
      const rows = await seedCoupons(empty.app.db, now);
      const byCode = new Map(rows.map((r) => [r.code, r]));
      expect([...byCode.keys()].sort()).toEqual(
        ["BEAUTY15", "BIG50", "FIRST3", "NAVIDAD20", "SAVE5", "STAFF40", "SUMMER25", "WELCOME10"].sort(),
      );
      expect(byCode.get("WELCOME10")).toMatchObject({ kind: "percent", valuePercent: 10, minOrderCents: 0 });
      expect(byCode.get("SAVE5")).toMatchObject({ kind: "fixed", valueCents: 500, minOrderCents: 3000 });
      expect(byCode.get("BIG50")).toMatchObject({ kind: "fixed", valueCents: 5000, minOrderCents: 40000 });
      expect(byCode.get("BEAUTY15")).toMatchObject({
        kind: "percent",
        valuePercent: 15,
        productType: "beauty",
      });
      expect(byCode.get("FIRST3")).toMatchObject({ usageLimit: 3, perCustomerLimit: 1, timesUsed: 0 });
      expect(byCode.get("SUMMER25")?.endsAt?.toISOString()).toBe(
        new Date(now.getTime() - 30 * DAY).toISOString(),
      );
      expect(byCode.get("NAVIDAD20")!.startsAt!.getTime()).toBeGreaterThan(now.getTime());
      expect(byCode.get("STAFF40")?.active).toBe(false);
      expect(await seedCoupons(empty.app.db, now)).toEqual([]);
      const [total] = await empty.app.db.select({ n: count() }).from(coupons);
      expect(total?.n).toBe(8);
    } finally {
      await empty.close();
    }
  });
});

describe("GET /coupons", () => {
  it("shows shoppers and visitors the coupons usable now and those still to start, none paused, over or used up", async () => {
    const usedUp = await create({ usageLimit: 1 });
    await shop.app.db.update(coupons).set({ timesUsed: 1 }).where(eq(coupons.id, usedUp.id));
    for (const headers of [{}, shopper]) {
      const res = await request("GET", "/api/coupons", undefined, headers);
      expect(res.statusCode).toBe(200);
      const codes = res.json().map((c: { code: string }) => c.code);
      expect(codes).toEqual(expect.arrayContaining(["WELCOME10", "SAVE5", "BIG50", "BEAUTY15", "NAVIDAD20"]));
      for (const hidden of ["SUMMER25", "STAFF40", usedUp.code]) expect(codes).not.toContain(hidden);
      // The same rule as @shop/domain/coupons: every coupon listed is active or scheduled.
      const now = new Date();
      const states = res.json().map((c: Coupon) => [c.code, couponState(c, now)]);
      expect(states.filter(([, state]: [string, CouponState]) => !shownToShoppers(state))).toEqual([]);
      expect(Object.fromEntries(states)).toMatchObject({ NAVIDAD20: "scheduled", WELCOME10: "active" });
      expect(res.headers["x-total-count"]).toBe(String(codes.length));
    }
    // Asking for inactive ones does not reveal them.
    const sneaky = await request(
      "GET",
      `/api/coupons?${query({ filter: { active: false } })}`,
      undefined,
      shopper,
    );
    expect(sneaky.json()).toEqual([]);
  });

  it("answers the wire shape: percent as a number, fixed and minimum in decimal USD, ISO dates", async () => {
    const res = await request("GET", `/api/coupons?${query({ filter: { q: "save5" } })}`);
    const save5 = await couponRow("SAVE5");
    expect(res.json()).toEqual([
      {
        id: save5.id,
        code: "SAVE5",
        title: save5.title,
        kind: "fixed",
        value: 5,
        minOrderAmount: 30,
        productType: null,
        startsAt: save5.startsAt!.toISOString(),
        endsAt: save5.endsAt!.toISOString(),
        usageLimit: null,
        perCustomerLimit: null,
        timesUsed: save5.timesUsed,
        active: true,
      },
    ]);
    const beautyCoupon = await request("GET", `/api/coupons?${query({ filter: { q: "BEAUTY15" } })}`);
    expect(beautyCoupon.json()[0]).toMatchObject({ kind: "percent", value: 15, productType: "beauty" });
  });

  it("shows admins every coupon, with react-admin's sort, range and filter", async () => {
    const [total] = await shop.app.db.select({ n: count() }).from(coupons);
    const all = await request(
      "GET",
      `/api/coupons?${query({ sort: ["code", "ASC"], range: [0, 99] })}`,
      undefined,
      admin,
    );
    expect(all.statusCode).toBe(200);
    expect(all.headers["x-total-count"]).toBe(String(total?.n));
    const codes = all.json().map((c: { code: string }) => c.code);
    expect(codes).toEqual(expect.arrayContaining(["SUMMER25", "NAVIDAD20", "STAFF40"]));
    expect(codes).toEqual([...codes].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));

    const page = await request(
      "GET",
      `/api/coupons?${query({ sort: ["code", "DESC"], range: [1, 2] })}`,
      undefined,
      admin,
    );
    expect(page.json().map((c: { code: string }) => c.code)).toEqual([...codes].reverse().slice(1, 3));
    expect(page.headers["content-range"]).toBe(`items 1-2/${total?.n}`);

    const inactive = await request(
      "GET",
      `/api/coupons?${query({ filter: { active: false } })}`,
      undefined,
      admin,
    );
    expect(inactive.json().map((c: { code: string }) => c.code)).toContain("STAFF40");
    expect(inactive.json().every((c: { active: boolean }) => !c.active)).toBe(true);

    const fixed = await request(
      "GET",
      `/api/coupons?${query({ filter: { kind: "fixed" } })}`,
      undefined,
      admin,
    );
    const [fixedCount] = await shop.app.db
      .select({ n: count() })
      .from(coupons)
      .where(eq(coupons.kind, "fixed"));
    expect(fixed.headers["x-total-count"]).toBe(String(fixedCount?.n));
    expect(fixed.json().every((c: { kind: string }) => c.kind === "fixed")).toBe(true);

    const summer = await couponRow("SUMMER25");
    const big = await couponRow("BIG50");
    const many = await request(
      "GET",
      `/api/coupons?${query({ filter: { id: [summer.id, big.id] } })}`,
      undefined,
      admin,
    );
    expect(
      many
        .json()
        .map((c: { code: string }) => c.code)
        .sort(),
    ).toEqual(["BIG50", "SUMMER25"]);

    const byUses = await request(
      "GET",
      `/api/coupons?${query({ sort: ["timesUsed", "DESC"] })}`,
      undefined,
      admin,
    );
    const uses = byUses.json().map((c: { timesUsed: number }) => c.timesUsed);
    expect(uses).toEqual([...uses].sort((a: number, b: number) => b - a));
  });

  it("refuses an unknown sort field and a bad kind filter with 400", async () => {
    const sort = await request("GET", `/api/coupons?${query({ sort: ["value", "ASC"] })}`, undefined, admin);
    expect(sort.statusCode).toBe(400);
    expect(sort.json().message).toBe(
      "Cannot sort by 'value'; sort by one of: id, code, title, kind, endsAt, timesUsed, active",
    );
    const kind = await request(
      "GET",
      `/api/coupons?${query({ filter: { kind: "free" } })}`,
      undefined,
      admin,
    );
    expect(kind.statusCode).toBe(400);
    expect(kind.json().message).toBe("filter.kind: must be percent or fixed");
  });
});

describe("GET /coupons/{id}", () => {
  it("answers one coupon to admins only", async () => {
    const welcome = await couponRow("WELCOME10");
    const res = await request("GET", `/api/coupons/${welcome.id}`, undefined, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: welcome.id, code: "WELCOME10", kind: "percent", value: 10 });
    expect((await request("GET", `/api/coupons/${welcome.id}`)).statusCode).toBe(401);
    expect((await request("GET", `/api/coupons/${welcome.id}`, undefined, shopper)).statusCode).toBe(403);
    const unknown = await request(
      "GET",
      "/api/coupons/00000000-0000-4000-8000-000000000000",
      undefined,
      admin,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Coupon not found");
    expect((await request("GET", "/api/coupons/WELCOME10", undefined, admin)).statusCode).toBe(404);
  });
});

describe("admin writes", () => {
  it("creates a coupon with an upper-case code, storing cents and dates", async () => {
    const res = await request(
      "POST",
      "/api/coupons",
      newCoupon({
        code: " spring-30 ",
        kind: "fixed",
        value: 7.25,
        minOrderAmount: 45.5,
        productType: "fashion",
        startsAt: "2030-03-01T00:00:00Z",
        endsAt: "2030-03-31T23:59:59-04:00",
        usageLimit: 100,
        perCustomerLimit: 2,
        timesUsed: 99,
      }),
      admin,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      code: "SPRING-30",
      kind: "fixed",
      value: 7.25,
      minOrderAmount: 45.5,
      productType: "fashion",
      startsAt: "2030-03-01T00:00:00.000Z",
      endsAt: "2030-04-01T03:59:59.000Z",
      usageLimit: 100,
      perCustomerLimit: 2,
      timesUsed: 0,
      active: true,
    });
    const row = await couponRow("SPRING-30");
    expect([row.valueCents, row.valuePercent, row.minOrderCents]).toEqual([725, null, 4550]);
  });

  it("refuses a code that exists in any case with 409", async () => {
    const res = await request("POST", "/api/coupons", newCoupon({ code: "welcome10" }), admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("A coupon with the code WELCOME10 already exists");
  });

  it.each([
    [{ kind: "percent", value: 101 }, "body.value: a percent coupon cannot exceed 100"],
    [
      { kind: "fixed", value: 5.555 },
      "body.value: a fixed coupon is an amount in USD with at most two decimals",
    ],
    [{ value: 0 }, "body.value"],
    [{ value: -5 }, "body.value"],
    [{ kind: "bogo" }, "body.kind"],
    [{ code: "a" }, "body.code: must be 3 to 32 letters, digits, - or _"],
    [{ code: "TEN OFF" }, "body.code: must be 3 to 32 letters, digits, - or _"],
    [{ title: "" }, "body.title"],
    [{ minOrderAmount: 10.001 }, "body.minOrderAmount: must have at most two decimals"],
    [{ productType: "food" }, "body.productType"],
    [{ startsAt: "yesterday" }, "body.startsAt"],
    [
      { startsAt: "2030-02-01T00:00:00Z", endsAt: "2030-01-01T00:00:00Z" },
      "body.endsAt: endsAt must not be before startsAt",
    ],
    [{ usageLimit: 0 }, "body.usageLimit"],
    [{ perCustomerLimit: 1.5 }, "body.perCustomerLimit"],
  ])("refuses %j with a 400 naming the field", async (overrides, message) => {
    const [before] = await shop.app.db.select({ n: count() }).from(coupons);
    const res = await request("POST", "/api/coupons", newCoupon(overrides), admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    const [after] = await shop.app.db.select({ n: count() }).from(coupons);
    expect(after?.n).toBe(before?.n);
  });

  it("replaces a coupon, keeping its use count, and switches kinds cleanly", async () => {
    const coupon = await create({ kind: "percent", value: 20 });
    await shop.app.db.update(coupons).set({ timesUsed: 2 }).where(eq(coupons.id, coupon.id));
    const res = await request(
      "PUT",
      `/api/coupons/${coupon.id}`,
      newCoupon({ code: coupon.code, title: "Now fixed", kind: "fixed", value: 3, usageLimit: 5 }),
      admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: coupon.id,
      title: "Now fixed",
      kind: "fixed",
      value: 3,
      timesUsed: 2,
    });
    const [row] = await shop.app.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect([row?.valuePercent, row?.valueCents, row?.usageLimit]).toEqual([null, 300, 5]);
  });

  it("refuses a replace that takes another coupon's code or limits below the uses (409), or names no coupon (404)", async () => {
    const coupon = await create();
    const taken = await request("PUT", `/api/coupons/${coupon.id}`, newCoupon({ code: "save5" }), admin);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe("A coupon with the code SAVE5 already exists");

    await shop.app.db.update(coupons).set({ timesUsed: 4 }).where(eq(coupons.id, coupon.id));
    const below = await request(
      "PUT",
      `/api/coupons/${coupon.id}`,
      newCoupon({ code: coupon.code, usageLimit: 3 }),
      admin,
    );
    expect(below.statusCode).toBe(409);
    expect(below.json().message).toBe(
      `Coupon ${coupon.code} has already been used 4 times; the usage limit cannot be lower`,
    );
    const [row] = await shop.app.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row?.usageLimit).toBeNull();

    const unknown = await request(
      "PUT",
      "/api/coupons/00000000-0000-4000-8000-000000000000",
      newCoupon(),
      admin,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it("deletes an unused coupon and answers it", async () => {
    const coupon = await create();
    const res = await request("DELETE", `/api/coupons/${coupon.id}`, undefined, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: coupon.id, code: coupon.code });
    expect((await request("GET", `/api/coupons/${coupon.id}`, undefined, admin)).statusCode).toBe(404);
    expect((await request("DELETE", `/api/coupons/${coupon.id}`, undefined, admin)).statusCode).toBe(404);
  });

  it("refuses to delete a coupon an order used (409), suggesting to deactivate it", async () => {
    const coupon = await create();
    await redeem(coupon.id, shopperId);
    const res = await request("DELETE", `/api/coupons/${coupon.id}`, undefined, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `Coupon ${coupon.code} has been used in 1 order and cannot be deleted; deactivate it instead`,
    );
    expect((await request("GET", `/api/coupons/${coupon.id}`, undefined, admin)).statusCode).toBe(200);
  });

  it("needs a login (401) and the admin role (403), writing nothing", async () => {
    const save5 = await couponRow("SAVE5");
    const calls = [
      ["POST", "/api/coupons"],
      ["PUT", `/api/coupons/${save5.id}`],
      ["DELETE", `/api/coupons/${save5.id}`],
    ] as const;
    for (const [method, url] of calls) {
      const payload = method === "DELETE" ? undefined : newCoupon({ code: "SAVE5", value: 99 });
      expect((await request(method, url, payload)).statusCode).toBe(401);
      const forbidden = await request(method, url, payload, shopper);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().message).toBe("Only an admin can do this");
    }
    expect(await couponRow("SAVE5")).toEqual(save5);
  });
});

describe("POST /coupons/validate", () => {
  const validate = (code: string, items: object[], headers = {}) =>
    request("POST", "/api/coupons/validate", { code, items }, headers);

  it("prices the items from the database and answers the discount, ignoring prices sent by the client", async () => {
    const subtotal = lineCents(electronics, 2) + lineCents(beauty, 1);
    const res = await validate("welcome10", [
      { productId: electronics.id, quantity: 2, price: 0.01, discount: 99 },
      { productId: beauty.id, quantity: 1, priceCents: 1 },
    ]);
    expect(res.statusCode).toBe(200);
    const discount = percentOfCents(subtotal, 10);
    expect(res.json()).toEqual({
      valid: true,
      code: "WELCOME10",
      discount: discount / 100,
      reason: null,
      message: couponMessages.applied("WELCOME10", discount),
      subtotal: subtotal / 100,
      minOrderAmount: 0,
    });
  });

  it("takes a fixed amount off once the minimum is reached", async () => {
    const quantity = Math.ceil(3000 / lineCents(electronics, 1));
    const res = await validate("SAVE5", [{ productId: electronics.id, quantity }]);
    expect(res.json()).toMatchObject({ valid: true, code: "SAVE5", discount: 5, reason: null });
    expect(res.json().subtotal).toBe(lineCents(electronics, quantity) / 100);
  });

  it("gives a product-type coupon's percentage on that type's lines only", async () => {
    const res = await validate("BEAUTY15", [
      { productId: electronics.id, quantity: 1 },
      { productId: beauty.id, quantity: 3 },
    ]);
    expect(res.json()).toMatchObject({
      valid: true,
      discount: percentOfCents(lineCents(beauty, 3), 15) / 100,
      subtotal: (lineCents(electronics, 1) + lineCents(beauty, 3)) / 100,
    });
  });

  it("answers an unknown code with 200, valid false and reason not-found", async () => {
    const res = await validate("nope-123", [{ productId: beauty.id, quantity: 1 }]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      valid: false,
      code: "NOPE-123",
      discount: 0,
      reason: "not-found",
      message: "Coupon NOPE-123 does not exist",
      subtotal: lineCents(beauty, 1) / 100,
      minOrderAmount: 0,
    });
  });

  it("refuses an expired coupon with the domain's message", async () => {
    const summer = await couponRow("SUMMER25");
    const res = await validate("SUMMER25", [{ productId: beauty.id, quantity: 1 }]);
    expect(res.json()).toMatchObject({
      valid: false,
      reason: "expired",
      discount: 0,
      message: couponMessages.expired("SUMMER25", summer.endsAt!),
    });
  });

  it("refuses a coupon that has not started", async () => {
    const navidad = await couponRow("NAVIDAD20");
    const jewelry = await shop.app.db
      .select()
      .from(products)
      .where(eq(products.productType, "jewelry"))
      .limit(1);
    const res = await validate("NAVIDAD20", [{ productId: jewelry[0]!.id, quantity: 1 }]);
    expect(res.json()).toMatchObject({
      valid: false,
      reason: "not-started",
      message: couponMessages.notStarted("NAVIDAD20", navidad.startsAt!),
    });
  });

  it("answers an inactive coupon exactly as an unknown code, so a paused code is not told from a guess", async () => {
    const items = [{ productId: beauty.id, quantity: 1 }];
    const paused = await validate("STAFF40", items);
    expect((await couponRow("STAFF40")).active).toBe(false);
    expect(paused.json()).toEqual({
      valid: false,
      code: "STAFF40",
      discount: 0,
      reason: "not-found",
      message: couponMessages.notFound("STAFF40"),
      subtotal: lineCents(beauty, 1) / 100,
      minOrderAmount: 0,
    });
    const unknown = (await validate("STAFF41", items)).json();
    expect({ ...paused.json(), code: "X", message: "X" }).toEqual({ ...unknown, code: "X", message: "X" });
  });

  it("refuses an order below the minimum", async () => {
    const res = await validate("BIG50", [{ productId: beauty.id, quantity: 1 }]);
    expect(lineCents(beauty, 1)).toBeLessThan(40000);
    expect(res.json()).toMatchObject({
      valid: false,
      reason: "below-minimum",
      discount: 0,
      message: couponMessages.belowMinimum("BIG50", 40000),
      subtotal: lineCents(beauty, 1) / 100,
      minOrderAmount: 400,
    });
    expect(res.json().message).toBe("Coupon BIG50 needs an order of at least US$400.00");
  });

  it("refuses a basket without the coupon's product type", async () => {
    const res = await validate("BEAUTY15", [{ productId: electronics.id, quantity: 1 }]);
    expect(res.json()).toMatchObject({
      valid: false,
      reason: "wrong-product-type",
      message: couponMessages.wrongProductType("BEAUTY15", "beauty"),
    });
  });

  it("refuses a used-up coupon", async () => {
    const coupon = await create({ usageLimit: 2 });
    await shop.app.db.update(coupons).set({ timesUsed: 2 }).where(eq(coupons.id, coupon.id));
    const res = await validate(coupon.code, [{ productId: beauty.id, quantity: 1 }]);
    expect(res.json()).toMatchObject({
      valid: false,
      reason: "used-up",
      message: couponMessages.usedUp(coupon.code),
    });
  });

  it("counts the logged-in shopper's own uses against the per-customer limit", async () => {
    const coupon = await create({ perCustomerLimit: 1 });
    await redeem(coupon.id, shopperId);
    const items = [{ productId: beauty.id, quantity: 1 }];
    const mine = await validate(coupon.code, items, shopper);
    expect(mine.json()).toMatchObject({
      valid: false,
      reason: "customer-limit",
      message: couponMessages.customerLimit(coupon.code),
    });
    // Another customer, and a visitor who is not logged in, can still use it.
    expect((await validate(coupon.code, items, admin)).json()).toMatchObject({ valid: true });
    expect((await validate(coupon.code, items)).json()).toMatchObject({ valid: true });
  });

  it("refuses bad input with a 400 naming the problem", async () => {
    const cases: [object, string][] = [
      [{ code: "SAVE5", items: [] }, "body.items"],
      [{ code: "", items: [{ productId: beauty.id, quantity: 1 }] }, "body.code"],
      [{ items: [{ productId: beauty.id, quantity: 1 }] }, "body.code"],
      [
        { code: "SAVE5", items: [{ productId: beauty.id, quantity: 0 }] },
        "body.items.0.quantity: must be at least 1",
      ],
      [
        { code: "SAVE5", items: [{ productId: beauty.id, quantity: 1.5 }] },
        "body.items.0.quantity: must be a whole number",
      ],
      [{ code: "SAVE5", items: [{ quantity: 1 }] }, "body.items.0.productId"],
      [
        { code: "SAVE5", items: [{ productId: "00000000-0000-4000-8000-000000000000", quantity: 1 }] },
        "Product 00000000-0000-4000-8000-000000000000 does not exist",
      ],
      [
        { code: "SAVE5", items: [{ productId: "not-a-product", quantity: 1 }] },
        "Product not-a-product does not exist",
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await request("POST", "/api/coupons/validate", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it("answers 401 to a token that is not valid, so the client refreshes instead of losing the shopper's limit", async () => {
    const res = await validate("SAVE5", [{ productId: beauty.id, quantity: 1 }], {
      authorization: "Bearer nope",
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("The token is not valid; log in again");
  });
});
