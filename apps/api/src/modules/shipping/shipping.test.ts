import { asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, shippingMethods, users } from "../../db/schema.ts";
import { createTestShop, login, type TestShop } from "../../test/app.ts";
import { SEED_SHIPPING_METHODS, seedShippingMethods } from "./seed.ts";

let shop: TestShop;
let admin: Record<string, string>;
let shopper: Record<string, string>;

beforeAll(async () => {
  shop = await createTestShop();
  // The shared seed may already have added them; seeding is idempotent either way.
  await seedShippingMethods(shop.app.db);
  admin = (await login(shop.app, "admin")).headers;
  shopper = (await login(shop.app, "shopper")).headers;
});
afterAll(async () => {
  await shop.close();
});

const request = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, headers = {}) =>
  shop.app.inject({ method, url, payload, headers });

const newMethod = (overrides: Record<string, unknown> = {}) => ({
  name: "Same-day moto delivery",
  description: "Santo Domingo only, by motorbike courier.",
  price: 9.5,
  freeOver: null,
  estimatedDays: "0-1",
  active: true,
  sortOrder: 10,
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}) {
  const res = await request("POST", "/api/shipping", newMethod(overrides), admin);
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; name: string; active: boolean };
}

describe("seedShippingMethods", () => {
  it("adds standard, express and free-over-75 to an empty shop, once", async () => {
    const empty = await createTestShop({ seed: false });
    try {
      const rows = await seedShippingMethods(empty.app.db);
      expect(rows.map((r) => [r.name, r.priceCents, r.freeOverCents, r.estimatedDays])).toEqual([
        ["Standard delivery", 499, null, "3-5"],
        ["Express delivery", 1499, null, "1-2"],
        ["Economy delivery", 299, 7500, "4-7"],
      ]);
      await seedShippingMethods(empty.app.db);
      const [total] = await empty.app.db.select({ n: count() }).from(shippingMethods);
      expect(total?.n).toBe(3);
    } finally {
      await empty.close();
    }
  });

  it("prices the sample methods by speed: a slower delivery never costs more than a faster one", () => {
    const slowest = (days: string) => Number(days.split("-").at(-1));
    const bySpeed = [...SEED_SHIPPING_METHODS].sort(
      (a, b) => slowest(a.estimatedDays) - slowest(b.estimatedDays),
    );
    expect(bySpeed.map((m) => m.name)).toEqual(["Express delivery", "Standard delivery", "Economy delivery"]);
    const prices = bySpeed.map((m) => m.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(new Set(prices).size).toBe(prices.length);
  });
});

describe("GET /shipping", () => {
  it("shows anyone the active methods by sort order, in decimal USD, with the list headers", async () => {
    const res = await request("GET", "/api/shipping");
    expect(res.statusCode).toBe(200);
    const body = res.json() as { name: string; price: number; freeOver: number | null; active: boolean }[];
    const seeded = body.filter((m) => SEED_SHIPPING_METHODS.some((s) => s.name === m.name));
    expect(seeded).toEqual([
      expect.objectContaining({
        name: "Standard delivery",
        price: 4.99,
        freeOver: null,
        estimatedDays: "3-5",
      }),
      expect.objectContaining({
        name: "Express delivery",
        price: 14.99,
        freeOver: null,
        estimatedDays: "1-2",
      }),
      expect.objectContaining({
        name: "Economy delivery",
        price: 2.99,
        freeOver: 75,
        estimatedDays: "4-7",
      }),
    ]);
    expect(body.every((m) => m.active)).toBe(true);
    const [active] = await shop.app.db
      .select({ n: count() })
      .from(shippingMethods)
      .where(eq(shippingMethods.active, true));
    expect(res.headers["x-total-count"]).toBe(String(active?.n));
    expect(res.headers["x-current-page"]).toBe("1");
  });

  it("hides inactive methods from shoppers but not from admins", async () => {
    const hidden = await create({ name: "Old pickup point", active: false });
    const anonymous = await request("GET", "/api/shipping");
    expect(anonymous.json().map((m: { id: string }) => m.id)).not.toContain(hidden.id);
    // A shopper asking for inactive ones still gets only active ones.
    const sneaky = await request(
      "GET",
      `/api/shipping?filter=${encodeURIComponent('{"active":false}')}`,
      undefined,
      shopper,
    );
    expect(sneaky.json().map((m: { id: string }) => m.id)).not.toContain(hidden.id);
    expect(sneaky.json().every((m: { active: boolean }) => m.active)).toBe(true);

    const adminList = await request("GET", "/api/shipping", undefined, admin);
    expect(adminList.json().map((m: { id: string }) => m.id)).toContain(hidden.id);
    const [all] = await shop.app.db.select({ n: count() }).from(shippingMethods);
    expect(adminList.headers["x-total-count"]).toBe(String(all?.n));

    expect((await request("GET", `/api/shipping/${hidden.id}`)).statusCode).toBe(404);
    expect((await request("GET", `/api/shipping/${hidden.id}`, undefined, shopper)).statusCode).toBe(404);
    const asAdmin = await request("GET", `/api/shipping/${hidden.id}`, undefined, admin);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toMatchObject({ name: "Old pickup point", active: false });
  });

  it("takes react-admin's sort, range and filter for admins", async () => {
    const rows = await shop.app.db.select().from(shippingMethods).orderBy(asc(shippingMethods.priceCents));
    const byPriceDesc = [...rows].sort((a, b) => b.priceCents - a.priceCents || a.name.localeCompare(b.name));
    const res = await request(
      "GET",
      `/api/shipping?sort=${encodeURIComponent('["price","DESC"]')}&range=${encodeURIComponent("[0,1]")}`,
      undefined,
      admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().map((m: { price: number }) => m.price)).toEqual(
      byPriceDesc.slice(0, 2).map((r) => r.priceCents / 100),
    );
    expect(res.headers["x-total-count"]).toBe(String(rows.length));
    expect(res.headers["content-range"]).toBe(`items 0-1/${rows.length}`);

    const express = rows.find((r) => r.name === "Express delivery")!;
    const q = await request(
      "GET",
      `/api/shipping?filter=${encodeURIComponent('{"q":"EXPRESS"}')}`,
      undefined,
      admin,
    );
    expect(q.json().map((m: { id: string }) => m.id)).toEqual([express.id]);

    const standard = rows.find((r) => r.name === "Standard delivery")!;
    const many = await request(
      "GET",
      `/api/shipping?filter=${encodeURIComponent(JSON.stringify({ id: [standard.id, express.id, "nope"] }))}`,
      undefined,
      admin,
    );
    expect(
      many
        .json()
        .map((m: { id: string }) => m.id)
        .sort(),
    ).toEqual([standard.id, express.id].sort());
    expect(many.headers["x-total-count"]).toBe("2");

    const inactive = await request(
      "GET",
      `/api/shipping?filter=${encodeURIComponent('{"active":false}')}`,
      undefined,
      admin,
    );
    expect(inactive.json().length).toBe(rows.filter((r) => !r.active).length);
    expect(inactive.json().every((m: { active: boolean }) => !m.active)).toBe(true);
  });

  it("refuses an unknown sort field and a bad filter with 400", async () => {
    const sort = await request(
      "GET",
      `/api/shipping?sort=${encodeURIComponent('["cost","ASC"]')}`,
      undefined,
      admin,
    );
    expect(sort.statusCode).toBe(400);
    expect(sort.json().message).toBe(
      "Cannot sort by 'cost'; sort by one of: id, name, price, sortOrder, active",
    );
    const filter = await request(
      "GET",
      `/api/shipping?filter=${encodeURIComponent('{"active":"maybe"}')}`,
      undefined,
      admin,
    );
    expect(filter.statusCode).toBe(400);
    expect(filter.json().message).toContain("filter.active");
  });
});

describe("GET /shipping/{id}", () => {
  it("answers an active method to anyone and 404 for unknown or malformed ids", async () => {
    const [standard] = await shop.app.db
      .select()
      .from(shippingMethods)
      .where(eq(shippingMethods.name, "Standard delivery"));
    const res = await request("GET", `/api/shipping/${standard!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: standard!.id,
      name: "Standard delivery",
      description: standard!.description,
      price: 4.99,
      freeOver: null,
      estimatedDays: "3-5",
      active: true,
      sortOrder: standard!.sortOrder,
    });
    const unknown = await request("GET", "/api/shipping/00000000-0000-4000-8000-000000000000");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Shipping method not found");
    expect((await request("GET", "/api/shipping/not-a-uuid")).statusCode).toBe(404);
  });
});

describe("admin writes", () => {
  it("creates, replaces and deletes a method, storing cents", async () => {
    const created = await create({ price: 12.35, freeOver: 150 });
    expect(created).toMatchObject({
      name: "Same-day moto delivery",
      price: 12.35,
      freeOver: 150,
      active: true,
    });
    const [row] = await shop.app.db.select().from(shippingMethods).where(eq(shippingMethods.id, created.id));
    expect([row?.priceCents, row?.freeOverCents]).toEqual([1235, 15000]);

    const put = await request(
      "PUT",
      `/api/shipping/${created.id}`,
      newMethod({ name: "Moto delivery", price: 8, freeOver: null, id: "ignored", extra: true }),
      admin,
    );
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ id: created.id, name: "Moto delivery", price: 8, freeOver: null });

    const del = await request("DELETE", `/api/shipping/${created.id}`, undefined, admin);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ id: created.id, name: "Moto delivery" });
    expect((await request("GET", `/api/shipping/${created.id}`, undefined, admin)).statusCode).toBe(404);
    expect((await request("DELETE", `/api/shipping/${created.id}`, undefined, admin)).statusCode).toBe(404);
  });

  it("fills the defaults a minimal body leaves out", async () => {
    const res = await request("POST", "/api/shipping", { name: "Pickup in store", price: 0 }, admin);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: "Pickup in store",
      description: "",
      price: 0,
      freeOver: null,
      estimatedDays: "3-5",
      active: true,
      sortOrder: 0,
    });
  });

  it("deletes a method that orders used; the orders keep its name", async () => {
    const method = await create({ name: "Courier to be retired" });
    const [customer] = await shop.app.db.select().from(users).where(eq(users.email, "shopper@shop.test"));
    const [order] = await shop.app.db
      .insert(orders)
      .values({
        userId: customer!.id,
        currency: "USD",
        rate: "60.0000",
        subtotalCents: 1000,
        discountCents: 0,
        shippingCents: 950,
        totalCents: 1950,
        currencySubtotalCents: 1000,
        currencyDiscountCents: 0,
        currencyShippingCents: 950,
        currencyTotalCents: 1950,
        shippingMethodId: method.id,
        shippingMethodName: method.name,
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
    const del = await request("DELETE", `/api/shipping/${method.id}`, undefined, admin);
    expect(del.statusCode).toBe(200);
    const [after] = await shop.app.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(after?.shippingMethodId).toBeNull();
    expect(after?.shippingMethodName).toBe("Courier to be retired");
  });

  it.each([
    [{ price: -1 }, "body.price"],
    [{ price: 4.999 }, "body.price: must have at most two decimals"],
    [{ price: "4.99" }, "body.price"],
    [{ freeOver: -5 }, "body.freeOver"],
    [{ name: "" }, "body.name"],
    [{ name: undefined }, "body.name"],
    [{ sortOrder: 1.5 }, "body.sortOrder"],
    [{ active: "yes" }, "body.active"],
  ])("refuses %j with a 400 naming the field", async (overrides, message) => {
    const res = await request("POST", "/api/shipping", newMethod(overrides), admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    const put = await request(
      "PUT",
      "/api/shipping/00000000-0000-4000-8000-000000000000",
      newMethod(overrides),
      admin,
    );
    expect(put.statusCode).toBe(400);
  });

  it("answers 404 for a replace of an unknown method", async () => {
    const res = await request(
      "PUT",
      "/api/shipping/00000000-0000-4000-8000-000000000000",
      newMethod(),
      admin,
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Shipping method not found");
  });

  it("needs a login (401) and the admin role (403), writing nothing", async () => {
    const [before] = await shop.app.db.select({ n: count() }).from(shippingMethods);
    const [standard] = await shop.app.db
      .select()
      .from(shippingMethods)
      .where(eq(shippingMethods.name, "Standard delivery"));
    const calls = [
      ["POST", "/api/shipping"],
      ["PUT", `/api/shipping/${standard!.id}`],
      ["DELETE", `/api/shipping/${standard!.id}`],
    ] as const;
    for (const [method, url] of calls) {
      const payload = method === "DELETE" ? undefined : newMethod({ price: 0.01 });
      expect((await request(method, url, payload)).statusCode).toBe(401);
      const forbidden = await request(method, url, payload, shopper);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().message).toBe("Only an admin can do this");
    }
    const [after] = await shop.app.db.select({ n: count() }).from(shippingMethods);
    expect(after?.n).toBe(before?.n);
    const [unchanged] = await shop.app.db
      .select()
      .from(shippingMethods)
      .where(eq(shippingMethods.id, standard!.id));
    expect(unchanged?.priceCents).toBe(499);
  });
});
