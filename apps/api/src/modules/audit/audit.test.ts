// The staff audit trail: each staff change to prices, stock, order status, coupons, exchange rates, roles and
// sessions is recorded with who, when, before and after; admins list and filter it; nobody changes it, not even
// with SQL; and it outlives the records it describes.
import { ORDER_TRANSITIONS, type OrderStatus } from "@shop/domain/constants";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, login, type TestShop } from "../../test/app.ts";

let shop: TestShop;
let admin: Awaited<ReturnType<typeof login>>;
let shopper: Awaited<ReturnType<typeof login>>;
beforeAll(async () => {
  shop = await createTestShop();
  admin = await login(shop.app, "admin");
  shopper = await login(shop.app, "shopper");
});
afterAll(async () => {
  await shop.close();
});

interface Entry {
  id: string;
  at: string;
  actorId: string | null;
  actorEmail: string;
  action: string;
  entity: string;
  entityId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const send = (method: "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  shop.app.inject({ method, url, payload, headers: admin.headers });
const audit = async (query = "") => {
  const res = await shop.app.inject({ method: "GET", url: `/api/audit${query}`, headers: admin.headers });
  expect(res.statusCode).toBe(200);
  return { items: res.json() as Entry[], total: Number(res.headers["x-total-count"]) };
};
const filter = (value: object) => `?filter=${encodeURIComponent(JSON.stringify(value))}`;
/** The newest entry about one record. */
const latest = async (entity: string, entityId: string) =>
  (await audit(filter({ entity, entityId }))).items[0]!;

describe("what the audit trail records", () => {
  it("a product's price and stock: created, changed and deleted, with before and after", async () => {
    const [category] = (await shop.app.inject({ url: "/api/categories" })).json() as {
      id: string;
      children: string[];
    }[];
    const body = {
      sku: "AUDIT-0001",
      title: "Audited Lamp",
      categoryId: category!.id,
      children: category!.children[0] ?? "",
      price: 40,
      quantity: 5,
    };
    const created = await send("POST", "/api/product", body);
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const first = await latest("product", id);
    expect(first).toMatchObject({
      action: "product.create",
      actorId: admin.user.id,
      actorEmail: "admin@shop.test",
      before: null,
      after: { price: 40, quantity: 5 },
    });

    expect((await send("PUT", `/api/product/${id}`, { ...body, price: 35.5, quantity: 2 })).statusCode).toBe(
      200,
    );
    const changed = await latest("product", id);
    expect(changed).toMatchObject({
      action: "product.update",
      before: { price: 40, quantity: 5 },
      after: { price: 35.5, quantity: 2 },
    });
    expect(Date.parse(changed.at)).toBeGreaterThanOrEqual(Date.parse(first.at));

    expect((await send("DELETE", `/api/product/${id}`)).statusCode).toBe(200);
    // Kept when the record it describes is gone.
    const trail = await audit(filter({ entity: "product", entityId: id }));
    expect(trail.total).toBe(3);
    expect(trail.items.map((e) => e.action)).toEqual(["product.delete", "product.update", "product.create"]);
    expect(trail.items[0]).toMatchObject({ before: { price: 35.5 }, after: null });
  });

  it("an order's status, a coupon, the exchange rate", async () => {
    const orders = (
      await shop.app.inject({ url: "/api/orders?pageSize=100", headers: admin.headers })
    ).json() as { id: string; status: string }[];
    const order = orders.find((o) => ORDER_TRANSITIONS[o.status as OrderStatus].length > 0)!;
    const next = ORDER_TRANSITIONS[order.status as OrderStatus][0]!;
    // Staff may take a transfer order ahead unpaid; shipping names the carrier and the tracking number.
    const step = { status: next, carrier: "DHL", trackingNumber: "JD014600007", unpaidAllowed: true };
    expect((await send("PUT", `/api/orders/${order.id}`, step)).statusCode).toBe(200);
    expect(await latest("order", order.id)).toMatchObject({
      action: "order.status",
      before: { status: order.status },
      after: { status: next },
    });

    const coupon = {
      code: "AUDIT10",
      title: "Audited",
      kind: "percent",
      value: 10,
      minOrderAmount: 0,
      productType: null,
      startsAt: null,
      endsAt: null,
      usageLimit: null,
      perCustomerLimit: null,
      active: true,
    };
    const created = await send("POST", "/api/coupons", coupon);
    expect(created.statusCode).toBe(201);
    const couponId = created.json().id as string;
    expect((await send("PUT", `/api/coupons/${couponId}`, { ...coupon, value: 15 })).statusCode).toBe(200);
    expect((await send("DELETE", `/api/coupons/${couponId}`)).statusCode).toBe(200);
    const trail = await audit(filter({ entity: "coupon", entityId: couponId }));
    expect(trail.items.map((e) => e.action)).toEqual(["coupon.delete", "coupon.update", "coupon.create"]);
    expect(trail.items[1]).toMatchObject({ before: { value: 10 }, after: { value: 15 } });

    expect((await send("POST", "/api/exchange-admin/update-rate", { rate: 61.25 })).statusCode).toBe(200);
    expect((await send("POST", "/api/exchange-admin/update-rate", { rate: 61.5 })).statusCode).toBe(200);
    expect(await latest("exchange-rate", "USD-DOP")).toMatchObject({
      action: "exchange-rate.update",
      before: { rate: 61.25, fromCurrency: "USD", toCurrency: "DOP" },
      after: { rate: 61.5 },
    });
  });

  it("a role change and an admin ending a user's sessions; kept after the user is deleted", async () => {
    const registered = await shop.app.inject({
      method: "POST",
      url: "/api/users/register",
      payload: {
        firstName: "Gone",
        lastName: "Soon",
        email: "gone-soon@example.com",
        password: "Gone-Soon-1!",
      },
    });
    const id = registered.json().user.id as string;
    expect((await send("PUT", `/api/users/${id}`, { role: "admin" })).statusCode).toBe(200);
    expect((await send("PUT", `/api/users/${id}`, { role: "customer" })).statusCode).toBe(200);
    expect((await send("DELETE", `/api/users/${id}/sessions`)).statusCode).toBe(200);
    expect((await send("DELETE", `/api/users/${id}`)).statusCode).toBe(200);

    const trail = await audit(filter({ entity: "user", entityId: id }));
    expect(trail.items.map((e) => e.action)).toEqual([
      "user.delete",
      "user.sessions-end",
      "user.role",
      "user.role",
    ]);
    expect(trail.items[3]).toMatchObject({ before: { role: "customer" }, after: { role: "admin" } });
    expect(trail.items[1]).toMatchObject({
      before: { email: "gone-soon@example.com" },
      after: { sessions: 0 },
    });
  });

  it("nothing when a shopper acts on their own account or a staff change is refused", async () => {
    const before = (await audit()).total;
    const renamed = await shop.app.inject({
      method: "PUT",
      url: `/api/users/${shopper.user.id}`,
      headers: shopper.headers,
      payload: { firstName: "Renamed" },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await send("POST", "/api/exchange-admin/update-rate", { rate: -1 })).statusCode).toBe(400);
    expect(
      (
        await send("PUT", "/api/orders/00000000-0000-4000-8000-000000000000", {
          status: "shipped",
          carrier: "DHL",
          trackingNumber: "JD014600008",
        })
      ).statusCode,
    ).toBe(404);
    expect((await audit()).total).toBe(before);
  });
});

describe("reading the audit trail", () => {
  it("names who acted and the record, on the list and on one entry, without writing names into the entries", async () => {
    const named = async (entity: string) =>
      (await audit(filter({ entity }))).items as (Entry & {
        actorName: string | null;
        entityName: string | null;
      })[];
    const products = await named("product");
    expect(products[0]).toMatchObject({ actorName: "Ana Admin", actorEmail: "admin@shop.test" });
    expect(products.find((e) => e.action === "product.delete")?.entityName).toBe("Audited Lamp");
    expect((await named("coupon")).map((e) => e.entityName)).toContain("AUDIT10");
    expect((await named("exchange-rate"))[0]?.entityName).toBe("USD → DOP");
    // A deleted user is named from the entry's snapshot.
    expect((await named("user")).map((e) => e.entityName)).toContain("Gone Soon");
    const [order] = await named("order");
    const number = (
      await shop.app.inject({ url: `/api/orders/${order!.entityId}`, headers: admin.headers })
    ).json().orderNumber as string;
    expect(order!.entityName).toBe(`#${number}`);

    const one = await shop.app.inject({ url: `/api/audit/${order!.id}`, headers: admin.headers });
    expect(one.json()).toEqual(order);
    // The table keeps ids and snapshots only: the names are read as the trail is listed.
    const columns = await shop.app.db.execute(
      sql`select column_name from information_schema.columns where table_name = 'audit_log'`,
    );
    const names = (columns as unknown as { rows: { column_name: string }[] }).rows.map((r) => r.column_name);
    expect(names.filter((name) => /name/.test(name))).toEqual([]);
  });

  it("lists newest first with X-Total-Count, filters by entity, action, staff and dates, and pages", async () => {
    const all = await audit();
    expect(all.total).toBeGreaterThan(5);
    const times = all.items.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const coupons = await audit(filter({ entity: "coupon" }));
    expect(coupons.items.every((e) => e.entity === "coupon")).toBe(true);
    const updates = await audit(filter({ action: "product.update" }));
    expect(updates.items.every((e) => e.action === "product.update")).toBe(true);
    expect((await audit(filter({ actor: "admin@shop" }))).total).toBe(all.total);
    expect((await audit(filter({ actor: "nobody-like-this" }))).total).toBe(0);
    expect((await audit(filter({ actorId: admin.user.id }))).total).toBe(all.total);
    expect((await audit(filter({ from: "2999-01-01" }))).total).toBe(0);
    expect((await audit(filter({ to: "2000-01-01" }))).total).toBe(0);
    expect((await audit(filter({ from: "2000-01-01", to: "2999-12-31" }))).total).toBe(all.total);

    const page = await audit(
      `?range=${encodeURIComponent("[1,2]")}&sort=${encodeURIComponent('["at","DESC"]')}`,
    );
    expect(page.items.map((e) => e.id)).toEqual(all.items.slice(1, 3).map((e) => e.id));

    const one = await shop.app.inject({ url: `/api/audit/${all.items[0]!.id}`, headers: admin.headers });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(all.items[0]);
  });

  it("refuses bad filters with a 400 naming them", async () => {
    for (const [query, message] of [
      [filter({ entity: "banner" }), "filter.entity"],
      [filter({ action: "product.steal" }), "filter.action"],
      [filter({ from: "yesterday" }), "filter.from"],
      [`?sort=${encodeURIComponent('["before","ASC"]')}`, "Cannot sort by 'before'"],
    ] as const) {
      const res = await shop.app.inject({ url: `/api/audit${query}`, headers: admin.headers });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const unknown = await shop.app.inject({ url: "/api/audit/not-a-uuid", headers: admin.headers });
    expect(unknown.statusCode).toBe(404);
  });

  it("is for admins only: 401 anonymous, 403 to a shopper", async () => {
    expect((await shop.app.inject({ url: "/api/audit" })).statusCode).toBe(401);
    expect((await shop.app.inject({ url: "/api/audit", headers: shopper.headers })).statusCode).toBe(403);
  });
});

describe("nobody changes the audit trail", () => {
  it("has no route to change or delete an entry", async () => {
    const [entry] = (await audit()).items;
    for (const method of ["PUT", "DELETE", "POST"] as const) {
      const res = await shop.app.inject({
        method,
        url: `/api/audit/${entry!.id}`,
        headers: admin.headers,
        payload: {},
      });
      expect(res.statusCode).toBe(404);
    }
    expect(
      (await shop.app.inject({ method: "POST", url: "/api/audit", headers: admin.headers, payload: {} }))
        .statusCode,
    ).toBe(404);
  });

  it("refuses UPDATE, DELETE and TRUNCATE in the database itself", async () => {
    const { total } = await audit();
    const db = shop.database.db;
    await expect(db.execute(sql`update audit_log set actor_email = 'someone@else'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect((await audit()).total).toBe(total);
    expect((await audit(filter({ actor: "someone@else" }))).total).toBe(0);
  });
});
