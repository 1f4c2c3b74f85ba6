import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, orderItems, orders, products, users } from "../../db/schema.ts";
import { seedDemoAccounts } from "../../seed/index.ts";
import { createTestShop, login, type TestShop } from "../../test/app.ts";

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

// An empty shop (no sample orders), so every figure below is known exactly.
let shop: TestShop;
let admin: Record<string, string>;
let shopper: Record<string, string>;
let shopperId: string;
const now = new Date();
const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
/** `daysAgo` days before today's UTC midnight, plus `hours`. */
const at = (daysAgo: number, hours = 0) => new Date(todayStart - daysAgo * DAY + hours * HOUR);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const product: Record<string, string> = {};

interface OrderFixture {
  when: Date;
  status: "pending" | "processing" | "shipped" | "delivered" | "cancelled";
  currency: "USD" | "DOP";
  rate: string;
  totalCents: number;
  /** DOP orders: the total charged in DOP centavos. */
  currencyTotalCents?: number;
  items: { product: string; quantity: number; lineTotalCents: number }[];
}

async function insertOrders(list: OrderFixture[]) {
  const rows = await shop.app.db
    .insert(orders)
    .values(
      list.map((o) => ({
        userId: shopperId,
        status: o.status,
        currency: o.currency,
        rate: o.rate,
        subtotalCents: o.totalCents,
        discountCents: 0,
        shippingCents: 0,
        totalCents: o.totalCents,
        currencySubtotalCents: o.currencyTotalCents ?? o.totalCents,
        currencyDiscountCents: 0,
        currencyShippingCents: 0,
        currencyTotalCents: o.currencyTotalCents ?? o.totalCents,
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
        createdAt: o.when,
        updatedAt: o.when,
      })),
    )
    .returning({ id: orders.id });
  const items = list.flatMap((o, i) =>
    o.items.map((item, position) => ({
      orderId: rows[i]!.id,
      position,
      productId: product[item.product]!,
      title: `${item.product} (as sold)`,
      sku: item.product,
      img: "",
      productType: "electronics",
      unitPriceCents: item.lineTotalCents,
      discount: 0,
      quantity: item.quantity,
      lineTotalCents: item.lineTotalCents,
    })),
  );
  if (items.length) await shop.app.db.insert(orderItems).values(items);
}

beforeAll(async () => {
  shop = await createTestShop({ seed: false });
  const db = shop.app.db;
  const accounts = await seedDemoAccounts(db, now);
  shopperId = accounts.shopperId;
  admin = (await login(shop.app, "admin")).headers;
  shopper = (await login(shop.app, "shopper")).headers;

  const [category] = await db
    .insert(categories)
    .values({ name: "Test gadgets", slug: "test-gadgets", productType: "electronics" })
    .returning();
  // Stock levels: eleven at 5 or under (only ten are shown), two above.
  const stock: [string, number][] = [
    ["Alpha phone", 50],
    ["Beta earrings", 3],
    ["Gamma cream", 0],
    ["Delta watch", 5],
    ["Epsilon scarf", 6],
    ["Zeta cable", 1],
    ["Eta lamp", 2],
    ["Theta mug", 4],
    ["Iota case", 5],
    ["Kappa pen", 5],
    ["Lambda bag", 2],
    ["Mu ring", 1],
    ["Nu hat", 3],
  ];
  for (const [title, quantity] of stock) {
    const slug = title.toLowerCase().replace(" ", "-");
    const [row] = await db
      .insert(products)
      .values({
        sku: slug.toUpperCase(),
        title,
        slug,
        categoryId: category!.id,
        productType: "electronics",
        priceCents: 1000,
        salePriceCents: 1000,
        quantity,
      })
      .returning({ id: products.id });
    product[title] = row!.id;
  }
  // Each gets its only variant, holding its stock, as the migration gives products without options.
  await db.execute(sql`select ensure_product_variants()`);

  const customer = (email: string, createdAt: Date, role = "customer") => ({
    email,
    passwordHash: "not-a-real-hash",
    firstName: email.split("@")[0]!,
    lastName: "Test",
    role,
    createdAt,
  });
  await db
    .insert(users)
    .values([
      customer("c1@example.com", at(1, 3)),
      customer("c2@example.com", at(5)),
      customer("c3@example.com", at(20)),
      customer("c4@example.com", at(29, 1)),
      customer("c5@example.com", at(35)),
      customer("c6@example.com", at(2)),
      customer("c7@example.com", at(3)),
      customer("boss@example.com", at(1, 5), "admin"),
    ]);

  await insertOrders([
    // Today: a USD order converted at its own rate, and a DOP order counted at what it charged.
    {
      when: at(0, 1),
      status: "delivered",
      currency: "USD",
      rate: "60.0000",
      totalCents: 10000,
      items: [{ product: "Alpha phone", quantity: 2, lineTotalCents: 10000 }],
    },
    {
      when: at(0, 2),
      status: "pending",
      currency: "DOP",
      rate: "62.1234",
      totalCents: 5050,
      currencyTotalCents: 313799,
      items: [{ product: "Beta earrings", quantity: 1, lineTotalCents: 5050 }],
    },
    // Cancelled: counted per status, never in revenue or best sellers.
    {
      when: at(3, 4),
      status: "cancelled",
      currency: "USD",
      rate: "60.0000",
      totalCents: 99999,
      items: [{ product: "Beta earrings", quantity: 50, lineTotalCents: 99999 }],
    },
    // 1234 × 58.5055 = 72195.787 → 72196; 1235 × 58.5055 = 72254.2925 → 72254.
    {
      when: at(10, 9),
      status: "processing",
      currency: "USD",
      rate: "58.5055",
      totalCents: 1234,
      items: [{ product: "Delta watch", quantity: 1, lineTotalCents: 1234 }],
    },
    {
      when: at(10, 23),
      status: "shipped",
      currency: "USD",
      rate: "58.5055",
      totalCents: 1235,
      items: [{ product: "Beta earrings", quantity: 3, lineTotalCents: 1235 }],
    },
    // 2 × 58.25 = 116.5 → 117 (half up).
    {
      when: at(20, 12),
      status: "delivered",
      currency: "USD",
      rate: "58.2500",
      totalCents: 2,
      items: [
        { product: "Epsilon scarf", quantity: 1, lineTotalCents: 2 },
        { product: "Zeta cable", quantity: 1, lineTotalCents: 1 },
      ],
    },
    // The first instant of the 30-day period is in; the last minute before it is out.
    {
      when: at(29),
      status: "delivered",
      currency: "DOP",
      rate: "60.0000",
      totalCents: 100,
      currencyTotalCents: 6000,
      items: [{ product: "Gamma cream", quantity: 2, lineTotalCents: 100 }],
    },
    {
      when: new Date(at(29).getTime() - 60_000),
      status: "delivered",
      currency: "USD",
      rate: "60.0000",
      totalCents: 500,
      items: [{ product: "Alpha phone", quantity: 9, lineTotalCents: 500 }],
    },
    {
      when: at(40),
      status: "delivered",
      currency: "USD",
      rate: "60.0000",
      totalCents: 7777,
      items: [{ product: "Epsilon scarf", quantity: 100, lineTotalCents: 7777 }],
    },
  ]);
  // Many small orders on one day: the figures cover every order, not a page of them.
  await insertOrders(
    Array.from({ length: 150 }, (_, i) => ({
      when: at(5, (i % 20) / 2),
      status: "delivered" as const,
      currency: "USD" as const,
      rate: "60.0000",
      totalCents: 1,
      items: [],
    })),
  );
});
afterAll(async () => {
  await shop.close();
});

const get = (url: string, headers: Record<string, string> = admin) =>
  shop.app.inject({ method: "GET", url, headers });

describe("GET /dashboard", () => {
  it("sums revenue per day in USD and DOP over the last 30 days, with a row for every day", async () => {
    const res = await get("/api/dashboard");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.from).toBe(at(29).toISOString());
    expect(Date.parse(body.to)).toBeGreaterThanOrEqual(now.getTime());
    expect(body.revenuePerDay).toHaveLength(30);
    expect(body.revenuePerDay[0].date).toBe(isoDay(at(29)));
    expect(body.revenuePerDay[29].date).toBe(isoDay(at(0)));
    const byDate = new Map(body.revenuePerDay.map((d: { date: string }) => [d.date, d]));
    expect(byDate.get(isoDay(at(0)))).toEqual({ date: isoDay(at(0)), orders: 2, usd: 150.5, dop: 9137.99 });
    expect(byDate.get(isoDay(at(3)))).toEqual({ date: isoDay(at(3)), orders: 0, usd: 0, dop: 0 });
    expect(byDate.get(isoDay(at(5)))).toEqual({ date: isoDay(at(5)), orders: 150, usd: 1.5, dop: 90 });
    expect(byDate.get(isoDay(at(10)))).toEqual({ date: isoDay(at(10)), orders: 2, usd: 24.69, dop: 1444.5 });
    expect(byDate.get(isoDay(at(20)))).toEqual({ date: isoDay(at(20)), orders: 1, usd: 0.02, dop: 1.17 });
    expect(byDate.get(isoDay(at(29)))).toEqual({ date: isoDay(at(29)), orders: 1, usd: 1, dop: 60 });
    const quiet = body.revenuePerDay.filter((d: { orders: number }) => d.orders === 0);
    expect(quiet).toHaveLength(25);
    expect(quiet.every((d: { usd: number; dop: number }) => d.usd === 0 && d.dop === 0)).toBe(true);
    const dates = body.revenuePerDay.map((d: { date: string }) => d.date);
    expect(new Set(dates).size).toBe(30);
    expect(dates).toEqual([...dates].sort());
  });

  it("totals the period: orders, USD, DOP and the average order", async () => {
    const { totals } = (await get("/api/dashboard?days=30")).json();
    // USD 10000 + 5050 + 1234 + 1235 + 2 + 100 + 150 × 1 cents; DOP 600000 + 313799 + 72196 + 72254 + 117 + 6000 + 150 × 60.
    expect(totals).toEqual({ orders: 156, usd: 177.71, dop: 10733.66, averageOrderUsd: 1.14 });
  });

  it("counts the period's orders in every status, zeros included", async () => {
    const { ordersPerStatus } = (await get("/api/dashboard")).json();
    expect(ordersPerStatus).toEqual([
      { status: "pending", count: 1 },
      { status: "processing", count: 1 },
      { status: "shipped", count: 1 },
      { status: "delivered", count: 153 },
      { status: "cancelled", count: 1 },
    ]);
    const today = (await get("/api/dashboard?days=1")).json();
    expect(today.ordersPerStatus).toEqual([
      { status: "pending", count: 1 },
      { status: "processing", count: 0 },
      { status: "shipped", count: 0 },
      { status: "delivered", count: 1 },
      { status: "cancelled", count: 0 },
    ]);
  });

  it("lists up to ten products with 5 or fewer in stock, lowest first", async () => {
    const { lowStock } = (await get("/api/dashboard")).json();
    expect(lowStock.map((p: { title: string; quantity: number }) => [p.title, p.quantity])).toEqual([
      ["Gamma cream", 0],
      ["Mu ring", 1],
      ["Zeta cable", 1],
      ["Eta lamp", 2],
      ["Lambda bag", 2],
      ["Beta earrings", 3],
      ["Nu hat", 3],
      ["Theta mug", 4],
      ["Delta watch", 5],
      ["Iota case", 5],
    ]);
    expect(lowStock[0]).toEqual({
      id: product["Gamma cream"],
      title: "Gamma cream",
      sku: "GAMMA-CREAM",
      quantity: 0,
      variantId: expect.any(String),
      options: {},
    });
  });

  it("counts the customers who joined in the period and shows the five newest", async () => {
    const { newCustomers } = (await get("/api/dashboard")).json();
    expect(newCustomers.count).toBe(6);
    expect(newCustomers.recent.map((u: { email: string }) => u.email)).toEqual([
      "c1@example.com",
      "c6@example.com",
      "c7@example.com",
      "c2@example.com",
      "c3@example.com",
    ]);
    expect(newCustomers.recent[0]).toMatchObject({ role: "customer", lastName: "Test", firstName: "c1" });
    expect(JSON.stringify(newCustomers)).not.toContain("passwordHash");
    expect(JSON.stringify(newCustomers)).not.toContain("not-a-real-hash");
  });

  it("ranks the five best sellers by quantity (then revenue) over orders not cancelled", async () => {
    const { bestSellers } = (await get("/api/dashboard")).json();
    expect(bestSellers).toEqual([
      { productId: product["Beta earrings"], title: "Beta earrings", quantity: 4, revenue: 62.85 },
      { productId: product["Alpha phone"], title: "Alpha phone", quantity: 2, revenue: 100 },
      { productId: product["Gamma cream"], title: "Gamma cream", quantity: 2, revenue: 1 },
      { productId: product["Delta watch"], title: "Delta watch", quantity: 1, revenue: 12.34 },
      { productId: product["Epsilon scarf"], title: "Epsilon scarf", quantity: 1, revenue: 0.02 },
    ]);
  });

  it("widens with days: 60 days take in the older orders and customers", async () => {
    const body = (await get("/api/dashboard?days=60")).json();
    expect(body.revenuePerDay).toHaveLength(60);
    expect(body.from).toBe(at(59).toISOString());
    // Adds 500 cents (DOP 30000) the minute before day 29, and 7777 cents (DOP 466620) 40 days ago.
    expect(body.totals).toEqual({ orders: 158, usd: 260.48, dop: 15699.86, averageOrderUsd: 1.65 });
    expect(body.newCustomers.count).toBe(7);
    expect(body.bestSellers[0]).toMatchObject({ title: "Epsilon scarf", quantity: 101, revenue: 77.79 });
    expect(body.bestSellers[1]).toMatchObject({ title: "Alpha phone", quantity: 11, revenue: 105 });
  });

  it("shows only today with days=1", async () => {
    const body = (await get("/api/dashboard?days=1")).json();
    expect(body.revenuePerDay).toEqual([{ date: isoDay(at(0)), orders: 2, usd: 150.5, dop: 9137.99 }]);
    expect(body.totals).toEqual({ orders: 2, usd: 150.5, dop: 9137.99, averageOrderUsd: 75.25 });
  });

  it.each([
    ["0", "querystring.days: must be at least 1"],
    ["366", "querystring.days: must be at most 365"],
    ["1.5", "querystring.days: must be a whole number of days"],
    ["ten", "querystring.days"],
  ])("refuses days=%s with a 400", async (days, message) => {
    const res = await get(`/api/dashboard?days=${days}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it("is for admins only", async () => {
    expect((await get("/api/dashboard", {})).statusCode).toBe(401);
    const forbidden = await get("/api/dashboard", shopper);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe("Only an admin can do this");
  });

  it("answers zeros for a shop with no orders", async () => {
    const empty = await createTestShop({ seed: false });
    try {
      await seedDemoAccounts(empty.app.db, now);
      const { headers } = await login(empty.app, "admin");
      const body = (await empty.app.inject({ method: "GET", url: "/api/dashboard?days=7", headers })).json();
      expect(body.revenuePerDay).toHaveLength(7);
      expect(body.totals).toEqual({ orders: 0, usd: 0, dop: 0, averageOrderUsd: 0 });
      expect(body.ordersPerStatus.every((s: { count: number }) => s.count === 0)).toBe(true);
      expect(body.bestSellers).toEqual([]);
      expect(body.lowStock).toEqual([]);
    } finally {
      await empty.close();
    }
  });
});
