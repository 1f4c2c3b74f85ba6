/** The sample shop a receipts test file runs against, with what its tests place orders with. */
import type { Order, Product, ShippingMethod } from "@shop/domain/schemas/public";
import { afterAll, beforeAll, expect } from "vitest";
import { createTestShop, login, type TestShop } from "../../test/app.ts";

export interface ReceiptsTestShop {
  shop: TestShop;
  /** The demo shopper and admin, signed in. */
  shopper: Awaited<ReturnType<typeof login>>;
  admin: Awaited<ReturnType<typeof login>>;
  /** The first hundred products of the sample catalogue. */
  catalogue: Product[];
  /** A shipping method that costs something (and is never free above an amount), so totals carry shipping. */
  method: ShippingMethod;
  /**
   * An order placed by the shopper: `quantity` of a product with stock to spare under US$200, to their first
   * address, in pesos, cash on delivery; `extra` adds to or replaces the body's fields.
   */
  place(extra?: Record<string, unknown>, quantity?: number): Promise<Order>;
  /** A step of the order's progress by staff; shipping names its carrier and tracking number, as the back office asks. */
  move(id: string, status: string): ReturnType<TestShop["app"]["inject"]>;
  /** The order taken by staff through processing and shipped to delivered (its receipt issued): the order then. */
  deliver(id: string): Promise<Order>;
}

/**
 * Starts the sample shop before the file's tests and closes it after them; the fields are filled once it has
 * started (read them inside tests and hooks).
 */
export function receiptsTestShop(): ReceiptsTestShop {
  const t = {
    async place(extra = {}, quantity = 1) {
      const product = t.catalogue.find((p) => p.quantity >= 20 && p.price < 200)!;
      const res = await t.shop.app.inject({
        method: "POST",
        url: "/api/orders",
        headers: t.shopper.headers,
        payload: {
          items: [{ productId: product.id, quantity }],
          addressId: t.shopper.user.addresses![0]!.addressId,
          shippingMethodId: t.method.id,
          currency: "DOP",
          paymentMethod: "cash_on_delivery",
          phone: "+1 809 555 0142",
          ...extra,
        },
      });
      expect(res.statusCode).toBe(201);
      return res.json();
    },
    move: (id, status) =>
      t.shop.app.inject({
        method: "PUT",
        url: `/api/orders/${id}`,
        headers: t.admin.headers,
        payload:
          status === "shipped" ? { status, carrier: "DHL", trackingNumber: "JD0146000099" } : { status },
      }),
    async deliver(id) {
      let order: Order | undefined;
      for (const status of ["processing", "shipped", "delivered"]) {
        const moved = await t.move(id, status);
        expect(moved.statusCode).toBe(200);
        order = moved.json();
      }
      return order!;
    },
  } as ReceiptsTestShop;
  beforeAll(async () => {
    t.shop = await createTestShop();
    t.shopper = await login(t.shop.app, "shopper");
    t.admin = await login(t.shop.app, "admin");
    t.catalogue = (await t.shop.app.inject({ method: "GET", url: "/api/product?pageSize=100" })).json();
    const methods: ShippingMethod[] = (
      await t.shop.app.inject({ method: "GET", url: "/api/shipping" })
    ).json();
    t.method = methods.find((m) => m.freeOver === null && m.price > 0)!;
  });
  afterAll(async () => {
    await t.shop.close();
  });
  return t;
}
