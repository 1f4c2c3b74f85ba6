// An order moves pending → processing → shipped in the back office, along the API's allowed transitions only.
import type { Order, ShippingMethod } from "@shop/domain/schemas/public";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { journeyBrowser } from "../browser.ts";
import { pickProduct } from "../shopper/journey.ts";
import { ADMIN, adminSession, apiJson, apiLogin, SHOPPER } from "./admin.ts";

let browser: Browser;
const adminPage = adminSession(() => browser);
let order: Order;

beforeAll(async () => {
  browser = await journeyBrowser();
  // A shopper places an order through the API, as the shop's checkout does.
  const { headers } = await apiLogin(SHOPPER);
  const product = await pickProduct((p) => p.quantity >= 2 && p.status === "in-stock");
  const [shipping] = await apiJson<ShippingMethod[]>("/shipping");
  order = await apiJson<Order>("/orders", {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify({
      items: [{ productId: product.id, quantity: 1 }],
      shippingAddress: { streetAddress: "Calle El Conde 101", city: "Santo Domingo" },
      shippingMethodId: shipping!.id,
      currency: "DOP",
      paymentMethod: "cash_on_delivery",
      phone: "+1 809 555 0142",
    }),
  });
});
afterAll(() => browser?.close());

describe("an order's statuses", () => {
  it("goes pending → processing → shipped, offering only the allowed next statuses", async () => {
    expect(order.status).toBe("pending");
    const { page, problems } = await adminPage(`/orders/${order.id}`);
    await page.getByRole("heading", { level: 2, name: `Order ${order.orderNumber}` }).waitFor();
    await page.getByText("Calle El Conde 101").waitFor();
    await page.getByText(/Rate used: [\d.]+ DOP per USD; paid in DOP/).waitFor();
    await expect(page.getByRole("button", { name: "Mark as Shipped" }).count()).resolves.toBe(0);

    await page.getByRole("button", { name: "Mark as Processing" }).click();
    await page.getByText("The order is now Processing").waitFor();
    await page.getByRole("button", { name: "Mark as Shipped" }).click();
    await page.getByText("The order is now Shipped").waitFor();
    // Shipped orders can only be delivered: no cancel any more.
    await page.getByRole("button", { name: "Mark as Delivered" }).waitFor();
    await expect(page.getByRole("button", { name: "Cancel order" }).count()).resolves.toBe(0);

    const { headers } = await apiLogin(ADMIN);
    expect((await apiJson<Order>(`/orders/${order.id}`, { headers })).status).toBe("shipped");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("finds the order by its number in the list, under its status tab", async () => {
    const { page } = await adminPage("/orders");
    await page.getByRole("tab", { name: /^shipped \(\d+\)$/i }).click();
    await page.getByPlaceholder("Search").fill(order.orderNumber);
    // The search applies after typing stops.
    await expect.poll(() => page.locator("tbody tr").count(), { timeout: 10_000 }).toBe(1);
    await page.getByRole("cell", { name: order.orderNumber, exact: true }).waitFor();
    await page.context().close();
  });
});
