import { cartMessages, couponMessages } from "@shop/domain/messages";
import { convertCents, fromCents, percentOfCents, toCents } from "@shop/domain/money";
import { orderTotals } from "@shop/domain/pricing";
import type { Order, Product, ShippingMethod } from "@shop/domain/schemas/public";
import { variantTitle } from "@shop/domain/variants";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addresses,
  coupons,
  exchangeRates,
  products,
  productVariants,
  shippingMethods,
} from "../../db/schema.ts";
import { createTestShop, login, type TestShop } from "../../test/app.ts";

let shop: TestShop;
let shopper: Awaited<ReturnType<typeof login>>;
let admin: Awaited<ReturnType<typeof login>>;
let catalogue: Product[];
let methods: ShippingMethod[];

beforeAll(async () => {
  shop = await createTestShop();
  shopper = await login(shop.app, "shopper");
  admin = await login(shop.app, "admin");
  catalogue = (await shop.app.inject({ method: "GET", url: "/api/product?pageSize=100" })).json();
  methods = (await shop.app.inject({ method: "GET", url: "/api/shipping" })).json();
});
afterAll(async () => {
  await shop.close();
});

const standard = () => methods.find((m) => m.freeOver === null && m.price > 0 && m.price < 10)!;
/** The variant each test buys of a product: its best-stocked one (a line names the variant it buys). */
const chosen = (product: Product) => product.variants.toSorted((a, b) => b.quantity - a.quantity)[0]!;
const variantOf = (productId: string) => chosen(catalogue.find((p) => p.id === productId)!);
const inStock = (min = 5, type?: string) =>
  catalogue.filter((p) => chosen(p).quantity >= min && (!type || p.productType === type));

/** Lines of known products name the variant bought (the test's chosen one) unless they name their own. */
function orderBody(
  items: { productId: string; quantity: number; variantId?: string | null; color?: string; size?: string }[],
  extra: Record<string, unknown> = {},
) {
  return {
    items: items.map((item) =>
      item.variantId !== undefined ||
      item.color ||
      item.size ||
      !catalogue.some((p) => p.id === item.productId)
        ? item
        : { ...item, variantId: variantOf(item.productId).id },
    ),
    addressId: shopper.user.addresses![0]!.addressId,
    shippingMethodId: standard().id,
    currency: "USD",
    paymentMethod: "cash_on_delivery",
    phone: "+1 809 555 0142",
    ...extra,
  };
}

const place = (payload: object, headers: Record<string, string> = shopper.headers) =>
  shop.app.inject({ method: "POST", url: "/api/orders", payload, headers });

/** The stock and sales of the variant the tests buy of this product. */
async function stockOf(id: string) {
  const [row] = await shop.database.db
    .select({ quantity: productVariants.quantity, sellCount: productVariants.sellCount })
    .from(productVariants)
    .where(eq(productVariants.id, variantOf(id).id));
  return row!;
}
async function productStock(id: string) {
  const [row] = await shop.database.db
    .select({ quantity: products.quantity, sellCount: products.sellCount })
    .from(products)
    .where(eq(products.id, id));
  return row!;
}

describe("placing an order", () => {
  it("prices from the database with the domain's totals, ignoring any price the client sends", async () => {
    const [a, b] = inStock(5);
    const before = await stockOf(a!.id);
    const res = await place({
      ...orderBody([
        { productId: a!.id, quantity: 2, price: 0.01 } as never,
        { productId: b!.id, quantity: 1 },
      ]),
      total: 1,
      subtotal: 1,
      discount: 99,
      currency: "DOP",
    });
    expect(res.statusCode).toBe(201);
    const order: Order = res.json();

    const preview = orderTotals({
      lines: [a!, b!].map((p, i) => ({
        productId: p.id,
        title: p.title,
        productType: p.productType,
        priceCents: toCents(p.price),
        discountPercent: p.discount,
        quantity: i === 0 ? 2 : 1,
      })),
      shipping: { priceCents: toCents(standard().price), freeOverCents: null },
      now: new Date(),
    });
    expect(order.subtotal).toBe(fromCents(preview.subtotalCents));
    expect(order.shipping).toBe(fromCents(preview.shippingCents));
    expect(order.total).toBe(fromCents(preview.totalCents));
    expect(order.discount).toBe(0);
    expect(order.items.map((i) => i.lineTotal)).toEqual(
      preview.lines.map((l) => fromCents(l.lineTotalCents)),
    );
    expect(order).toMatchObject({
      status: "pending",
      currency: "DOP",
      couponCode: null,
      paymentMethod: "cash_on_delivery",
    });
    expect(order.rate).toBeGreaterThan(50);

    // DOP totals: each line converted half up, then summed.
    const dopLines = preview.lines.map((l) => convertCents(l.lineTotalCents, order.rate));
    const dopSubtotal = dopLines.reduce((s, c) => s + c, 0);
    expect(order.totalsInCurrency.subtotal).toBe(fromCents(dopSubtotal));
    expect(order.totalsInCurrency.total).toBe(
      fromCents(dopSubtotal + convertCents(preview.shippingCents, order.rate)),
    );

    const after = await stockOf(a!.id);
    expect(after.quantity).toBe(before.quantity - 2);
    expect(after.sellCount).toBe(before.sellCount + 2);
    expect(order.shippingAddress.streetAddress).toBe(shopper.user.addresses![0]!.streetAddress);
  });

  it("records the rate GET /Exchange/rate shows, even when two rates were stored at the same moment", async () => {
    // Two rows with one created_at: the newest is the later row, for the rate route and the orders alike.
    const at = new Date(Date.now() + 60_000);
    // The row stored first has the greater id, so "the later row" and "the row read last" differ.
    const later = "ffffffff-ffff-4fff-bfff-ffffffffffff";
    const earlier = "00000000-0000-4000-8000-000000000000";
    await shop.database.db.insert(exchangeRates).values([
      { id: later, fromCurrency: "USD", toCurrency: "DOP", rate: "61.2345", createdAt: at },
      { id: earlier, fromCurrency: "USD", toCurrency: "DOP", rate: "62.5432", createdAt: at },
    ]);
    try {
      const shown = (await shop.app.inject({ url: "/api/Exchange/rate?from=USD&to=DOP" })).json() as {
        rate: number;
      };
      const res = await place(
        orderBody([{ productId: inStock(5)[5]!.id, quantity: 1 }], { currency: "DOP" }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const order: Order = res.json();
      expect(shown.rate).toBe(61.2345);
      expect(order.rate).toBe(shown.rate);
    } finally {
      await shop.database.db.delete(exchangeRates).where(eq(exchangeRates.createdAt, at));
    }
  });

  it("sums lines of the same product before checking stock, and refuses the whole order with 'Stock insuficiente'", async () => {
    const product = inStock(2)[2]!;
    const { quantity } = await stockOf(product.id);
    const other = inStock(5)[3]!;
    const otherBefore = await stockOf(other.id);
    const res = await place(
      orderBody([
        { productId: other.id, quantity: 1 },
        { productId: product.id, quantity: quantity },
        { productId: product.id, quantity: 1 },
      ]),
    );
    expect(res.statusCode).toBe(409);
    // The refusal names the product and what is left, so a cart can correct that line.
    expect(res.json()).toMatchObject({
      message: cartMessages.insufficientStock(quantity),
      code: "INSUFFICIENT_STOCK",
      productId: product.id,
      available: quantity,
    });
    expect(await stockOf(product.id)).toMatchObject({ quantity });
    expect(await stockOf(other.id)).toEqual(otherBefore);
  });

  it("refuses an out-of-stock product with 'Agotado: {title}'", async () => {
    const soldOut = catalogue.find((p) => p.quantity === 0)!;
    const res = await place(orderBody([{ productId: soldOut.id, quantity: 1 }]));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: cartMessages.outOfStock(
        variantTitle(soldOut.title, soldOut.variants[0]!.options, soldOut.options),
      ),
      code: "OUT_OF_STOCK",
      productId: soldOut.id,
      variantId: soldOut.variants[0]!.id,
      available: 0,
    });
  });

  it("refuses a sold-out variant of a product in stock, naming the variant: 'Agotado: {title} — {values}'", async () => {
    const product = catalogue.find(
      (p) => p.quantity > 0 && p.options.length === 2 && p.variants.some((v) => v.quantity === 0),
    )!;
    const soldOut = product.variants.find((v) => v.quantity === 0)!;
    const values = product.options.map((o) => soldOut.options[o.name]).join(" / ");
    const res = await place(orderBody([{ productId: product.id, variantId: soldOut.id, quantity: 1 }]));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: cartMessages.outOfStock(`${product.title} — ${values}`),
      code: "OUT_OF_STOCK",
      productId: product.id,
      variantId: soldOut.id,
      available: 0,
    });
  });

  it("takes the stock of the variant bought, and the order's line names it: SKU, values, colour and size", async () => {
    const product = catalogue.find(
      (p) => p.options.length === 2 && p.variants.filter((v) => v.quantity >= 2).length >= 2,
    )!;
    const [bought, other] = product.variants.filter((v) => v.quantity >= 2);
    const before = {
      bought: bought!.quantity,
      other: other!.quantity,
      product: await productStock(product.id),
    };
    // By colour and size (a cart stored before variants), and by its id.
    const { color, size } = { color: bought!.options.Color!, size: bought!.options.Size! };
    const res = await place(
      orderBody([
        { productId: product.id, quantity: 1, color: color.toLowerCase(), size },
        { productId: product.id, variantId: bought!.id, quantity: 1 },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const order: Order = res.json();
    for (const line of order.items) {
      expect(line).toMatchObject({
        variantId: bought!.id,
        sku: bought!.sku,
        options: bought!.options,
        color,
        size,
      });
    }
    const variants = (await shop.app.inject({ url: `/api/product/${product.id}` })).json()
      .variants as Product["variants"];
    expect(variants.find((v) => v.id === bought!.id)!.quantity).toBe(before.bought - 2);
    expect(variants.find((v) => v.id === other!.id)!.quantity).toBe(before.other);
    expect((await productStock(product.id)).quantity).toBe(before.product.quantity - 2);
  });

  it("asks which variant when a line of a product with several does not say (VARIANT_REQUIRED), and refuses another's", async () => {
    const product = catalogue.find((p) => p.options.length === 2 && p.quantity > 0)!;
    const res = await place(orderBody([{ productId: product.id, quantity: 1, variantId: null }]));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("VARIANT_REQUIRED");
    expect(res.json().message).toContain(product.title);
    // Which line: the cart asks for the size on it.
    expect(res.json().productId).toBe(product.id);
    const onlyColour = await place(
      orderBody([{ productId: product.id, quantity: 1, color: product.variants[0]!.options.Color! }]),
    );
    expect(onlyColour.json().code).toBe("VARIANT_REQUIRED");
    const stranger = catalogue.find((p) => p.id !== product.id)!.variants[0]!;
    const foreign = await place(orderBody([{ productId: product.id, quantity: 1, variantId: stranger.id }]));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toContain(`is not one of ${product.title}'s`);
    const size = await place(orderBody([{ productId: product.id, quantity: 1, color: "Coral", size: "99" }]));
    expect(size.statusCode).toBe(400);
  });

  it("marks a product out of stock when its last unit sells", async () => {
    const product = inStock(1)
      .filter((p) => p.variants.length === 1)
      .at(-1)!;
    const { quantity } = await stockOf(product.id);
    // A whole stock can pass RD$250,000, where the buyer must be named (receipts/itbis.test.ts).
    const buyer = { fiscal: { taxId: "101850043", name: "Ferretería Ejemplo SRL" } };
    expect((await place(orderBody([{ productId: product.id, quantity }], buyer))).statusCode).toBe(201);
    const after = (await shop.app.inject({ method: "GET", url: `/api/product/${product.id}` })).json();
    expect(after).toMatchObject({ quantity: 0, status: "out-of-stock" });
  });

  it.each([
    [{ items: [] }, "body.items"],
    [{ items: [{ productId: "x", quantity: 0 }] }, "body.items.0.quantity"],
    [{ items: [{ productId: "x", quantity: 1.5 }] }, "body.items.0.quantity"],
    [{ items: [{ productId: "x", quantity: -2 }] }, "body.items.0.quantity"],
    [{ currency: "EUR" }, "body.currency"],
    [{ paymentMethod: "paypal" }, "body.paymentMethod"],
  ])("refuses %j with a 400 naming the field", async (override, field) => {
    const body = { ...orderBody([{ productId: catalogue[0]!.id, quantity: 1 }]), ...override };
    const res = await place(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
  });

  it("refuses unknown products, others' addresses, unknown shipping methods, with nothing written", async () => {
    const product = inStock(5)[4]!;
    const before = await stockOf(product.id);
    const unknown = await place(
      orderBody([{ productId: "00000000-0000-4000-8000-000000000000", quantity: 1 }]),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("Product 00000000-0000-4000-8000-000000000000 does not exist");
    const badAddress = await place(
      orderBody([{ productId: product.id, quantity: 1 }], { addressId: crypto.randomUUID() }),
    );
    expect(badAddress.statusCode).toBe(400);
    expect(badAddress.json().message).toBe("addressId is not one of your saved addresses");
    const badMethod = await place(
      orderBody([{ productId: product.id, quantity: 1 }], { shippingMethodId: "nope" }),
    );
    expect(badMethod.statusCode).toBe(400);
    expect(await stockOf(product.id)).toEqual(before);
  });

  it("refuses a country the shop does not deliver to and an inactive shipping method, with nothing written", async () => {
    const product = inStock(5)[7]!;
    const before = await stockOf(product.id);
    const { addressId: _, ...withoutAddress } = orderBody([{ productId: product.id, quantity: 1 }]);
    const newAddress = await place({
      ...withoutAddress,
      shippingAddress: { streetAddress: "Rue 1", country: "FR" },
    });
    expect(newAddress.statusCode).toBe(400);
    expect(newAddress.json().message).toContain("must be a country the shop delivers to");

    // An address saved before the shop named its countries is checked when it is used.
    const [saved] = await shop.database.db
      .insert(addresses)
      .values({ userId: shopper.user.userId, streetAddress: "Rue 2", country: "FR" })
      .returning();
    const savedAddress = await place(
      orderBody([{ productId: product.id, quantity: 1 }], { addressId: saved!.id }),
    );
    expect(savedAddress.statusCode).toBe(400);
    expect(savedAddress.json().message).toBe(
      "The shop does not deliver to FR: choose an address in a country it delivers to",
    );
    await shop.database.db.delete(addresses).where(eq(addresses.id, saved!.id));

    const [paused] = await shop.database.db
      .insert(shippingMethods)
      .values({ name: "Paused courier", priceCents: 100, active: false })
      .returning();
    const inactive = await place(
      orderBody([{ productId: product.id, quantity: 1 }], { shippingMethodId: paused!.id }),
    );
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().message).toBe("Choose an available shipping method");
    await shop.database.db.delete(shippingMethods).where(eq(shippingMethods.id, paused!.id));
    expect(await stockOf(product.id)).toEqual(before);
  });

  it("needs a logged-in shopper", async () => {
    const res = await place(orderBody([{ productId: catalogue[0]!.id, quantity: 1 }]), {});
    expect(res.statusCode).toBe(401);
  });

  it("accepts a shipping address object instead of a saved one", async () => {
    const product = inStock(5)[5]!;
    const body = orderBody([{ productId: product.id, quantity: 1 }]);
    const { addressId: _, ...rest } = body;
    const res = await place({
      ...rest,
      shippingAddress: { streetAddress: "Av. Independencia 12", city: "Baní" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().shippingAddress).toMatchObject({
      streetAddress: "Av. Independencia 12",
      city: "Baní",
      country: "DO",
    });
  });
});

describe("idempotency", () => {
  it("answers the first order for a repeated Idempotency-Key instead of creating a second", async () => {
    const product = inStock(5)[6]!;
    const before = await stockOf(product.id);
    const headers = { ...shopper.headers, "idempotency-key": `checkout-${crypto.randomUUID()}` };
    const first = await place(orderBody([{ productId: product.id, quantity: 1 }]), headers);
    const second = await place(orderBody([{ productId: product.id, quantity: 1 }]), headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json().id).toBe(first.json().id);
    expect((await stockOf(product.id)).quantity).toBe(before.quantity - 1);
  });
});

describe("coupons at checkout", () => {
  it("applies a percent coupon with the domain's discount", async () => {
    const product = inStock(5)[7]!;
    const res = await place(orderBody([{ productId: product.id, quantity: 1 }], { couponCode: "welcome10" }));
    expect(res.statusCode).toBe(201);
    const order: Order = res.json();
    expect(order.couponCode).toBe("WELCOME10");
    const unit = order.items[0]!.lineTotal;
    expect(order.discount).toBe(fromCents(percentOfCents(toCents(unit), 10)));
    expect(order.total).toBe(
      fromCents(toCents(order.subtotal) - toCents(order.discount) + toCents(order.shipping)),
    );
  });

  it("refuses an expired coupon, a product-type coupon on other goods and an unknown code, with the domain's messages", async () => {
    const [row] = await shop.database.db.select().from(coupons).where(eq(coupons.code, "SUMMER25"));
    const product = inStock(5, "electronics")[0]!;
    const expired = await place(
      orderBody([{ productId: product.id, quantity: 1 }], { couponCode: "SUMMER25" }),
    );
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(couponMessages.expired("SUMMER25", row!.endsAt!));
    const wrongType = await place(
      orderBody([{ productId: product.id, quantity: 1 }], { couponCode: "BEAUTY15" }),
    );
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe(couponMessages.wrongProductType("BEAUTY15", "beauty"));
    const unknown = await place(orderBody([{ productId: product.id, quantity: 1 }], { couponCode: "NOPE" }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: "Coupon NOPE does not exist", code: "COUPON_NOT_FOUND" });
    // A coupon staff switched off answers as an unknown one.
    const paused = await place(
      orderBody([{ productId: product.id, quantity: 1 }], { couponCode: "STAFF40" }),
    );
    expect(paused.statusCode).toBe(400);
    expect(paused.json()).toMatchObject({
      message: "Coupon STAFF40 does not exist",
      code: "COUPON_NOT_FOUND",
    });
  });
});

describe("order status", () => {
  it("follows the allowed transitions and restores stock exactly once on cancel", async () => {
    const product = inStock(5)[8]!;
    const before = await stockOf(product.id);
    const order: Order = (await place(orderBody([{ productId: product.id, quantity: 3 }]))).json();
    expect((await stockOf(product.id)).quantity).toBe(before.quantity - 3);

    const put = (status: string, headers = admin.headers) =>
      shop.app.inject({ method: "PUT", url: `/api/orders/${order.id}`, payload: { status }, headers });
    expect((await put("processing", shopper.headers)).statusCode).toBe(403);
    const skip = await put("delivered");
    expect(skip.statusCode).toBe(409);
    expect(skip.json().message).toBe(
      "An order that is pending can become processing or cancelled, not delivered",
    );
    expect((await put("processing")).json().status).toBe("processing");

    const [first, second] = await Promise.all([put("cancelled"), put("cancelled")]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    // The variant bought gets its stock back (and the product its sum).
    expect(await stockOf(product.id)).toEqual(before);
    expect(order.items[0]!.variantId).toBe(variantOf(product.id).id);
    expect((await put("cancelled")).statusCode).toBe(200);
    expect(await stockOf(product.id)).toEqual(before);
    const reopen = await put("pending");
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().message).toBe("An order that is cancelled cannot change any more");
  });

  it("lets a shopper cancel their own pending order", async () => {
    const product = inStock(5)[9]!;
    const order: Order = (await place(orderBody([{ productId: product.id, quantity: 1 }]))).json();
    const res = await shop.app.inject({
      method: "POST",
      url: `/api/orders/${order.id}/cancel`,
      headers: shopper.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe("cancelled");
    const again = await shop.app.inject({
      method: "POST",
      url: `/api/orders/${order.id}/cancel`,
      headers: shopper.headers,
    });
    expect(again.statusCode).toBe(409);
  });
});

describe("reading orders", () => {
  it("shows a shopper only their own orders, and others' orders as 404", async () => {
    const mine = await shop.app.inject({
      method: "GET",
      url: "/api/orders?pageSize=100",
      headers: shopper.headers,
    });
    expect(mine.statusCode).toBe(200);
    const list: Order[] = mine.json();
    expect(list.length).toBeGreaterThan(0);
    expect(new Set(list.map((o) => o.userId))).toEqual(new Set([shopper.user.userId]));
    expect(Number(mine.headers["x-total-count"])).toBe(list.length);

    const all = await shop.app.inject({
      method: "GET",
      url: "/api/orders?pageSize=100",
      headers: admin.headers,
    });
    const someoneElses = (all.json() as Order[]).find((o) => o.userId !== shopper.user.userId)!;
    expect(someoneElses).toBeDefined();
    const peek = await shop.app.inject({
      method: "GET",
      url: `/api/orders/${someoneElses.id}`,
      headers: shopper.headers,
    });
    expect(peek.statusCode).toBe(404);
    const spoof = await shop.app.inject({
      method: "GET",
      url: `/api/orders?userId=${someoneElses.userId}`,
      headers: shopper.headers,
    });
    expect((spoof.json() as Order[]).every((o) => o.userId === shopper.user.userId)).toBe(true);
    const own = await shop.app.inject({
      method: "GET",
      url: `/api/orders/${list[0]!.id}`,
      headers: shopper.headers,
    });
    expect(own.json().id).toBe(list[0]!.id);
  });

  it("gives admins every order with react-admin filters, sort and range", async () => {
    const filter = encodeURIComponent(JSON.stringify({ status: "delivered" }));
    const res = await shop.app.inject({
      method: "GET",
      url: `/api/orders?filter=${filter}&sort=${encodeURIComponent('["total","DESC"]')}&range=${encodeURIComponent("[0,4]")}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const orders: Order[] = res.json();
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.every((o) => o.status === "delivered")).toBe(true);
    const totals = orders.map((o) => o.total);
    expect(totals).toEqual([...totals].sort((x, y) => y - x));
    expect(res.headers["x-page-size"]).toBe("5");

    const from = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const recent = await shop.app.inject({
      method: "GET",
      url: `/api/orders?from=${encodeURIComponent(from)}&pageSize=100`,
      headers: admin.headers,
    });
    expect((recent.json() as Order[]).every((o) => o.createdAt >= from)).toBe(true);
    const bad = await shop.app.inject({
      method: "GET",
      url: `/api/orders?sort=${encodeURIComponent('["passwordHash","ASC"]')}`,
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it("has the seeded history: orders in every status over the last 30 days", async () => {
    const statuses = ["pending", "processing", "shipped", "delivered", "cancelled"];
    for (const status of statuses) {
      const res = await shop.app.inject({
        method: "GET",
        url: `/api/orders?status=${status}`,
        headers: admin.headers,
      });
      expect(Number(res.headers["x-total-count"]), status).toBeGreaterThan(0);
    }
  });
});
