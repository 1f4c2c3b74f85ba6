// ITBIS through the real API: each product's rate set by staff, and each order's ITBIS computed once from its lines.
import { fiscalMessages } from "@shop/domain/fiscal";
import { type ItbisRate, itbisOfOrder } from "@shop/domain/itbis";
import { fromCents, toCents } from "@shop/domain/money";
import { convertTotals, orderTotals } from "@shop/domain/pricing";
import type { Order, Product } from "@shop/domain/schemas/public";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products } from "../../db/schema.ts";
import { receiptsTestShop } from "./test-shop.ts";

const t = receiptsTestShop();

/** A variant of the product with at least 5 in stock: the one an order's line names. */
const stockedVariant = (p: Product) => p.variants.find((v) => v.quantity >= 5);
const inStock = (type?: string) =>
  t.catalogue.filter((p) => stockedVariant(p) && (!type || p.productType === type));
const setRate = (id: string, rate: number, headers: Record<string, string> = t.admin.headers) =>
  t.shop.app.inject({ method: "PUT", url: `/api/itbis-rates/${id}`, headers, payload: { rate } });

function orderBody(items: { productId: string; quantity: number }[], extra: Record<string, unknown> = {}) {
  return {
    items: items.map((item) => {
      const product = t.catalogue.find((p) => p.id === item.productId);
      return { ...item, variantId: product ? stockedVariant(product)?.id : undefined };
    }),
    addressId: t.shopper.user.addresses![0]!.addressId,
    shippingMethodId: t.method.id,
    currency: "DOP",
    paymentMethod: "cash_on_delivery",
    phone: "+1 809 555 0142",
    ...extra,
  };
}
const place = (payload: object) =>
  t.shop.app.inject({ method: "POST", url: "/api/orders", payload, headers: t.shopper.headers });

describe("a product's ITBIS rate", () => {
  it("is 18 % until staff set 16 % or exempt, and only 18, 16 or 0", async () => {
    const product = inStock()[0]!;
    const read = () =>
      t.shop.app.inject({ method: "GET", url: `/api/itbis-rates/${product.id}`, headers: t.admin.headers });
    expect((await read()).json()).toEqual({ id: product.id, rate: 18 });
    expect((await setRate(product.id, 16)).json()).toEqual({ id: product.id, rate: 16 });
    expect((await read()).json()).toEqual({ id: product.id, rate: 16 });
    const bad = await setRate(product.id, 12);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("18, 16, 0");
    expect((await setRate(product.id, 18)).statusCode).toBe(200);
  });

  it("is set by staff only, and only on products that exist", async () => {
    const product = inStock()[0]!;
    expect((await setRate(product.id, 0, t.shopper.headers)).statusCode).toBe(403);
    expect((await setRate(product.id, 0, {})).statusCode).toBe(401);
    expect((await setRate("00000000-0000-4000-8000-000000000000", 0)).statusCode).toBe(404);
  });
});

describe("an order's ITBIS", () => {
  it("is computed once from the lines after the coupon, by rate, in the order's currency, to the cent", async () => {
    const [a, b, c] = [inStock("electronics")[0]!, inStock("fashion")[0]!, inStock("beauty")[0]!];
    expect((await setRate(b.id, 16)).statusCode).toBe(200);
    expect((await setRate(c.id, 0)).statusCode).toBe(200);
    const coupon = await t.shop.app.inject({
      method: "POST",
      url: "/api/coupons",
      headers: t.admin.headers,
      payload: {
        code: "ITBIS10",
        title: "Ten off fashion",
        kind: "percent",
        value: 10,
        productType: "fashion",
      },
    });
    expect(coupon.statusCode).toBe(201);

    const res = await place(
      orderBody(
        [
          { productId: a.id, quantity: 2 },
          { productId: b.id, quantity: 1 },
          { productId: c.id, quantity: 3 },
        ],
        { couponCode: "ITBIS10" },
      ),
    );
    expect(res.statusCode).toBe(201);
    const order: Order = res.json();
    expect(order.discount).toBeGreaterThan(0);

    // The same computation from the order's own recorded figures.
    const totals = orderTotals({
      lines: order.items.map((l) => ({
        productId: l.productId,
        title: l.title,
        productType: l.productType,
        priceCents: toCents(l.unitPrice),
        discountPercent: l.discount,
        quantity: l.quantity,
      })),
      grantedDiscountCents: toCents(order.discount),
      shipping: { priceCents: toCents(order.shipping), freeOverCents: null },
      now: new Date(),
    });
    const converted = convertTotals(totals, "DOP", order.rate);
    expect(converted.totalCents).toBe(toCents(order.totalsInCurrency.total));
    const { usd, inCurrency } = itbisOfOrder({
      totals,
      converted,
      rates: [18, 16, 0] as ItbisRate[],
      couponProductType: "fashion",
    });
    expect(order.itbis).toEqual({
      total: fromCents(usd.itbisCents),
      totalInCurrency: fromCents(inCurrency.itbisCents),
      byRate: inCurrency.byRate.map((r) => ({
        rate: r.rate,
        gross: fromCents(r.grossCents),
        base: fromCents(r.baseCents),
        itbis: fromCents(r.itbisCents),
      })),
    });
    expect(order.itbis!.byRate.map((r) => r.rate)).toEqual([18, 16, 0]);
    // The rates' amounts add up to the order's total, and the exempt line carries none.
    const grossSum = order.itbis!.byRate.reduce((s, r) => s + toCents(r.gross), 0);
    expect(grossSum).toBe(toCents(order.totalsInCurrency.total));
    expect(order.itbis!.byRate[2]!.itbis).toBe(0);
    // The discount came off the fashion line only: its rate's gross is its line total less the whole discount.
    const fashionLine = converted.lineTotalsCents[1]!;
    expect(toCents(order.itbis!.byRate[1]!.gross)).toBe(fashionLine - converted.discountCents);

    // Read back as placed, by the shopper and in the admin's list.
    const again = await t.shop.app.inject({
      method: "GET",
      url: `/api/orders/${order.id}`,
      headers: t.shopper.headers,
    });
    expect(again.json().itbis).toEqual(order.itbis);
    await setRate(b.id, 18);
    await setRate(c.id, 18);
    const later = await t.shop.app.inject({
      method: "GET",
      url: `/api/orders/${order.id}`,
      headers: t.admin.headers,
    });
    expect(later.json().itbis).toEqual(order.itbis); // a rate changed later leaves a placed order as it was
  });
});

describe("the buyer's RNC or cédula", () => {
  it("is checked by its check digit", async () => {
    const p = inStock()[0]!;
    const res = await place(
      orderBody([{ productId: p.id, quantity: 1 }], {
        fiscal: { taxId: "101850042", name: "Ferretería Ejemplo SRL" },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(fiscalMessages.taxIdCheckDigit);
  });

  it("is required at RD$250,000 or more, refusing the whole order without it", async () => {
    const p = inStock("jewelry")[0] ?? inStock()[0]!;
    // A price that puts one unit over the threshold at any plausible rate.
    await t.shop.database.db
      .update(products)
      .set({ priceCents: 10_000_00, discount: 0, salePriceCents: 10_000_00 })
      .where(eq(products.id, p.id));
    const stockBefore = (
      await t.shop.database.db.select({ q: products.quantity }).from(products).where(eq(products.id, p.id))
    )[0]!.q;

    const refused = await place(orderBody([{ productId: p.id, quantity: 1 }]));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(fiscalMessages.buyerIdRequired);
    const stockAfter = (
      await t.shop.database.db.select({ q: products.quantity }).from(products).where(eq(products.id, p.id))
    )[0]!.q;
    expect(stockAfter).toBe(stockBefore);

    // In dollars too: the threshold is in pesos at the order's rate.
    const inUsd = await place(orderBody([{ productId: p.id, quantity: 1 }], { currency: "USD" }));
    expect(inUsd.statusCode).toBe(400);

    const named = await place(
      orderBody([{ productId: p.id, quantity: 1 }], {
        fiscal: { taxId: "1-01-85004-3", name: "Ferretería Ejemplo SRL" },
      }),
    );
    expect(named.statusCode).toBe(201);
    expect(named.json().fiscal).toEqual({ taxId: "101850043", name: "Ferretería Ejemplo SRL" });
  });
});
