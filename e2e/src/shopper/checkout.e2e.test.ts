// Checkout in a browser: a new shopper registers at checkout, adds an address, chooses shipping and a coupon
// and places the order with a double click; the API then holds exactly one order and the stock fell by the
// quantity. Also: a line refused for stock, a lost answer retried without a second order, and axe.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESK, journeyBrowser, openPage, seriousAxeViolations } from "../browser.ts";
import {
  expectToast,
  field,
  newShopper,
  orderItem,
  pickProduct,
  shopApi,
  shopUrl,
  stockOf,
  storedJson,
  storeSession,
} from "./journey.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(() => browser?.close());

async function addFromProductPage(page: Page, productId: string, title: string, quantity: number) {
  await page.goto(`${shopUrl()}/product-details/${productId}`);
  for (let i = 1; i < quantity; i++) await page.getByRole("button", { name: "Increase quantity" }).click();
  await page.getByRole("button", { name: "Add To Cart", exact: true }).click();
  await expectToast(page, "success", `${quantity} x ${title} agregado al carrito`);
}

/** The orders the API holds for a shopper, asked with their own credentials. */
async function ordersOf(email: string, password: string) {
  const { client } = shopApi();
  await client.auth.login({ email, password });
  return (await client.orders.list()).items;
}

describe("a new shopper at checkout", () => {
  it("registers in place, adds an address, chooses shipping and a coupon, and a double click places one order", async () => {
    const product = await pickProduct((p) => p.quantity >= 4 && p.status === "in-stock" && p.price >= 20);
    const stockBefore = await stockOf(product.id);
    const { page, problems } = await openPage(browser, DESK);
    await addFromProductPage(page, product.id, product.lineTitle, 2);

    await page.goto(`${shopUrl()}/checkout`);
    await page.getByRole("main").getByRole("heading", { name: "Your account" }).waitFor();
    // The guest's button turns enabled once the delivery choices load: its colours are read once its transition ends.
    await page
      .getByRole("region", { name: "Checkout as a guest" })
      .getByRole("radio", { name: /Standard delivery/ })
      .waitFor();
    await page.waitForFunction(() => document.getAnimations().length === 0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    const email = `checkout-${Date.now()}@shop.test`;
    const password = "Checkout123!";
    // The account's own form: the guest form beside it asks for a name and an e-mail too.
    const register = page.getByRole("form", { name: "Create an account" });
    await field(register, "First name").fill("Lucía");
    await field(register, "Last name").fill("Almonte");
    await field(register, "Email").fill(email);
    await field(register, "Password").fill(password);
    await field(register, "Repeat the password").fill("not the same");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("The two passwords are not the same").waitFor();
    await expect(field(register, "Email").inputValue()).resolves.toBe(email);
    await field(register, "Repeat the password").fill(password);
    await page.getByRole("button", { name: "Create account" }).click();

    // Still at checkout, now signed in: no address yet, so the new-address form is open.
    await page.getByRole("heading", { name: "Shipping address" }).waitFor();
    expect(page.url()).toBe(`${shopUrl()}/checkout`);
    await page.getByRole("button", { name: "Save this address" }).click();
    await page.getByText("Enter street address").waitFor();
    await field(page, "Street address").fill("Calle El Conde 105");
    await field(page, "City").fill("Santo Domingo");
    await field(page.getByRole("form", { name: "Save this address" }), "Phone").fill("809-555-0142");
    await page.getByRole("button", { name: "Save this address" }).click();
    await page.getByRole("radio", { name: /Calle El Conde 105/ }).waitFor();
    await expect(page.getByRole("radio", { name: /Calle El Conde 105/ }).isChecked()).resolves.toBe(true);

    const methods = page.getByRole("radiogroup", { name: "Delivery" }).getByRole("radio");
    await methods.first().waitFor();
    const chosen = (await methods.count()) > 1 ? methods.nth(1) : methods.first();
    await chosen.check();
    const methodLabel = (await chosen.locator("xpath=ancestor::label").textContent()) ?? "";
    await page.getByText(`Shipping (${methodLabel.split(" · ")[0]})`).waitFor();

    await page.getByLabel("Coupon code").fill("WELCOME10");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.getByText(/^Coupon WELCOME10 applied: RD\$[\d,]+\.\d\d off$/).waitFor();
    await page.getByText("Coupon WELCOME10", { exact: true }).waitFor();
    await expect(page.getByRole("form", { name: "Save this address" }).count()).resolves.toBe(0);
    // The phone is asked once: the address's, not again under Contact.
    const contact = page.getByRole("region", { name: "Contact" });
    await contact.getByText("Phone for the delivery: 809-555-0142").waitFor();
    await expect(field(contact, "Phone").count()).resolves.toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Prices include ITBIS, and the total says so.
    await page.getByText("ITBIS incluido", { exact: true }).waitFor();

    // A tax receipt for a business: its RNC is checked by its digit before anything is sent.
    const fiscal = page.getByRole("region", { name: "Tax receipt (optional)" });
    await field(fiscal, "RNC or cédula").fill("101850042");
    await field(fiscal, "Name or business name").fill("Ferretería Almonte SRL");
    await page.getByRole("button", { name: "Place order" }).click();
    await page.getByText("This RNC or cédula is not valid: its check digit does not match").waitFor();
    expect(await ordersOf(email, password)).toHaveLength(0);
    await field(fiscal, "RNC or cédula").fill("1-01-85004-3");

    await page.getByRole("button", { name: "Place order" }).dblclick();
    await page.waitForURL(/\/order\?id=/);
    await page.getByText(/^Thank you! Your order \S+ is placed/).waitFor();
    await page.getByRole("heading", { name: /^Order / }).waitFor();
    await page.getByText("Payment: Cash on delivery").waitFor();
    await page.getByText(/^ITBIS incluido: RD\$[\d,]+\.\d\d$/).waitFor();
    await page.getByText("Tax receipt for: Ferretería Almonte SRL (101850043)").waitFor();
    await page.getByText("Your receipt is issued when the order is delivered.").waitFor();
    expect(await storedJson(page, "cart_products")).toEqual([]);

    const orders = await ordersOf(email, password);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      status: "pending",
      couponCode: "WELCOME10",
      currency: "DOP",
      fiscal: { taxId: "101850043", name: "Ferretería Almonte SRL" },
      items: [expect.objectContaining({ productId: product.id, quantity: 2 })],
    });
    expect(page.url()).toBe(`${shopUrl()}/order?id=${orders[0]!.id}`);
    expect(await stockOf(product.id)).toBe(stockBefore - 2);
    expect(problems).toEqual([]);
  });
});

describe("when the server refuses or cannot be reached", () => {
  it("shows which line lacks stock, corrects the cart to what is left, and places it then", async () => {
    const product = await pickProduct((p) => p.quantity >= 4 && p.quantity <= 11 && p.status === "in-stock");
    const shopper = await newShopper("stock");
    await shopper.client.addresses.add({
      streetAddress: "Av. Winston Churchill 12",
      country: "DO",
      phone: "8095550100",
    });
    const { page, problems } = await openPage(browser, DESK);
    await page.goto(`${shopUrl()}/`);
    await storeSession(page, shopper.session);
    await addFromProductPage(page, product.id, product.lineTitle, 3);

    // Meanwhile someone else buys all but one (at most 10 units of a product go in one order).
    const rival = await newShopper("rival");
    const methods = await rival.client.shipping.list();
    const stock = await stockOf(product.id);
    await rival.client.orders.place({
      items: [orderItem(product, stock - 1)],
      shippingAddress: { streetAddress: "Calle 1", country: "DO" },
      shippingMethodId: methods.items[0]!.id,
      currency: "USD",
      paymentMethod: "cash_on_delivery",
      phone: "8095550101",
      // Ten units can pass RD$250,000, where the buyer must be named.
      fiscal: { taxId: "131246796", name: "Rival Comercial SRL" },
    });

    await page.goto(`${shopUrl()}/checkout`);
    await page
      .getByRole("radio", { name: /^Av\. Winston Churchill 12, Dominican Republic \(default\)$/ })
      .waitFor();
    await page.getByRole("button", { name: "Place order" }).click();
    await page.getByText(`${product.lineTitle}: Stock insuficiente. Disponible: 1`).waitFor();
    await expectToast(page, "success", `Cantidad actualizada: 1 x ${product.lineTitle}`);
    await page.getByText(`1 × ${product.lineTitle}`).waitFor();
    expect(await storedJson(page, "cart_products")).toEqual([
      expect.objectContaining({ id: product.id, orderQuantity: 1 }),
    ]);

    await page.getByRole("button", { name: "Place order" }).click();
    await page.waitForURL(/\/order\?id=/);
    expect((await shopper.client.orders.list()).items).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(0);
    // The browser logs the refused request itself; nothing else went wrong.
    expect(problems).toEqual([expect.stringContaining(`status of 409 (Conflict) (${shopUrl()}/api/orders)`)]);
  });

  it("keeps the cart when the answer is lost, and a retry answers the first order instead of a second", async () => {
    const product = await pickProduct((p) => p.quantity >= 3 && p.status === "in-stock");
    const shopper = await newShopper("retry");
    await shopper.client.addresses.add({
      streetAddress: "Calle Duarte 8",
      country: "DO",
      phone: "8095550102",
    });
    const { page } = await openPage(browser, DESK);
    await page.goto(`${shopUrl()}/`);
    await storeSession(page, shopper.session);
    await addFromProductPage(page, product.id, product.lineTitle, 1);
    const stockBefore = await stockOf(product.id);

    // The first order reaches the server, but its answer never comes back.
    let lost = 0;
    await page.route("**/api/orders", async (route) => {
      if (route.request().method() !== "POST" || lost > 0) return route.continue();
      lost += 1;
      await route.fetch();
      await route.abort("connectionreset");
    });
    await page.goto(`${shopUrl()}/checkout`);
    await page.getByRole("radio", { name: /Calle Duarte 8/ }).waitFor();
    await page.getByRole("button", { name: "Place order" }).click();
    await page.getByText("Error al conectar con el servidor. Por favor, intente de nuevo.").waitFor();
    expect(await storedJson(page, "cart_products")).toEqual([
      expect.objectContaining({ id: product.id, orderQuantity: 1 }),
    ]);
    expect((await shopper.client.orders.list()).items).toHaveLength(1);

    await page.getByRole("button", { name: "Place order" }).click();
    await page.waitForURL(/\/order\?id=/);
    const orders = (await shopper.client.orders.list()).items;
    expect(orders).toHaveLength(1);
    expect(page.url()).toBe(`${shopUrl()}/order?id=${orders[0]!.id}`);
    expect(await stockOf(product.id)).toBe(stockBefore - 1);
  });
});

describe("the checkout's choices", () => {
  it("takes the phone from the chosen address, offers countries, picks the cheapest delivery and follows each change", async () => {
    // One unit is over the US$75 that makes economy delivery free.
    const product = await pickProduct(
      (p) => p.quantity >= 3 && p.status === "in-stock" && p.price * (1 - p.discount / 100) >= 80,
    );
    const shopper = await newShopper("choices");
    await shopper.client.addresses.add({
      streetAddress: "Calle Hostos 4",
      country: "DO",
      phone: "8095550111",
    });
    await shopper.client.addresses.add({
      streetAddress: "Calle Mella 9",
      country: "DO",
      phone: "8295550222",
    });
    const { page, problems } = await openPage(browser, DESK);
    await page.goto(`${shopUrl()}/`);
    await storeSession(page, shopper.session);
    await addFromProductPage(page, product.id, product.lineTitle, 1);
    await page.goto(`${shopUrl()}/checkout`);

    // The phone is the chosen address's, and follows the choice.
    const contact = page.getByRole("region", { name: "Contact" });
    await page.getByRole("radio", { name: /Calle Hostos 4/ }).waitFor();
    await contact.getByText("Phone for the delivery: 8095550111").waitFor();
    await page.getByRole("radio", { name: /Calle Mella 9/ }).check();
    await contact.getByText("Phone for the delivery: 8295550222").waitFor();

    // The order qualifies for free economy delivery: chosen, and shown as free, in the summary too.
    const delivery = page.getByRole("radiogroup", { name: "Delivery" });
    const economy = delivery.getByRole("radio", { name: /^Economy delivery · 4-7 days · Free$/ });
    await expect.poll(() => economy.isChecked()).toBe(true);
    const summary = page.getByLabel("Order totals").getByRole("definition");
    const totals = () => summary.allInnerTexts();
    await page.getByText("Shipping (Economy delivery)").waitFor();
    await expect.poll(async () => (await totals())[1]).toBe("Free");
    const [subtotal, , totalFree] = await totals();
    expect(totalFree).toBe(subtotal);

    // Another method: its price enters the summary at once, in pesos.
    await delivery.getByRole("radio", { name: /^Standard delivery/ }).check();
    await page.getByText("Shipping (Standard delivery)").waitFor();
    await expect.poll(async () => (await totals())[1]).toMatch(/^RD\$[\d,]+\.\d\d$/);
    expect((await totals())[2]).not.toBe(totalFree);

    // A new address's country is a choice, the Dominican Republic first and chosen.
    await page.getByRole("button", { name: "Ship to a new address" }).click();
    const country = field(page.getByRole("form", { name: "Save this address" }), "Country");
    await expect(country.inputValue()).resolves.toBe("DO");
    await expect(country.locator("option").first().textContent()).resolves.toBe("Dominican Republic");
    expect(await page.getByRole("main").textContent()).not.toContain("US$");
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("asks the phone once, where the address has none, and takes the warning down once it is given", async () => {
    const product = await pickProduct((p) => p.quantity >= 2 && p.status === "in-stock");
    const shopper = await newShopper("no-phone");
    await shopper.client.addresses.add({ streetAddress: "Calle Arzobispo Meriño 3", country: "DO" });
    const { page, problems } = await openPage(browser, DESK);
    await page.goto(`${shopUrl()}/`);
    await storeSession(page, shopper.session);
    await addFromProductPage(page, product.id, product.lineTitle, 1);
    await page.goto(`${shopUrl()}/checkout`);
    const phone = field(page.getByRole("region", { name: "Contact" }), "Phone");
    await phone.waitFor();
    await page.getByRole("radiogroup", { name: "Delivery" }).getByRole("radio").first().waitFor();
    await page.getByRole("button", { name: "Place order" }).click();
    const warning = page.getByText("Some details are missing or wrong; see the fields marked in red.");
    await warning.waitFor();
    await phone.fill("809-555-0199");
    await expect.poll(() => warning.count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it("picks the cheapest paid delivery while the order is under the free-delivery threshold", async () => {
    const product = await pickProduct(
      (p) => p.quantity >= 3 && p.status === "in-stock" && p.price * (1 - p.discount / 100) < 30,
    );
    const shopper = await newShopper("cheap");
    await shopper.client.addresses.add({
      streetAddress: "Calle Sánchez 2",
      country: "DO",
      phone: "8095550333",
    });
    const { page } = await openPage(browser, DESK);
    await page.goto(`${shopUrl()}/`);
    await storeSession(page, shopper.session);
    await addFromProductPage(page, product.id, product.lineTitle, 1);
    await page.goto(`${shopUrl()}/checkout`);
    const delivery = page.getByRole("radiogroup", { name: "Delivery" });
    // Economy is the cheapest paid delivery (the slowest too): chosen, its free-delivery threshold written in
    // pesos, from the method's rule.
    const economy = delivery.getByRole("radio", {
      name: /^Economy delivery · 4-7 days · RD\$[\d,.]+ · free over RD\$[\d,.]+$/,
    });
    await expect.poll(() => economy.isChecked()).toBe(true);
    await expect(delivery.getByRole("radio", { name: /^Standard delivery/ }).isChecked()).resolves.toBe(
      false,
    );
  });

  it("offers to place the order only once the shipping methods are known, and marks no delivery missing then", async () => {
    const product = await pickProduct((p) => p.quantity >= 2 && p.status === "in-stock");
    const shopper = await newShopper("slow-methods");
    await shopper.client.addresses.add({
      streetAddress: "Calle Duarte 7",
      country: "DO",
      phone: "8095550444",
    });
    const { page, problems } = await openPage(browser, DESK);
    await page.goto(`${shopUrl()}/`);
    await storeSession(page, shopper.session);
    await addFromProductPage(page, product.id, product.lineTitle, 1);
    // The shipping methods are slow to come: held until the journey lets them through.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/shipping(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${shopUrl()}/checkout`);
    await page.getByRole("radio", { name: /^Calle Duarte 7, Dominican Republic \(default\)$/ }).waitFor();
    const place = page.getByRole("button", { name: "Place order" });
    await expect.poll(() => place.isDisabled()).toBe(true);

    release();
    const delivery = page.getByRole("radiogroup", { name: "Delivery" });
    await expect.poll(() => delivery.getByRole("radio", { checked: true }).count()).toBe(1);
    await expect.poll(() => place.isEnabled()).toBe(true);
    await expect(page.getByText("Choose a shipping method").count()).resolves.toBe(0);
    await expect(page.getByText("Some details are missing or wrong").count()).resolves.toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
