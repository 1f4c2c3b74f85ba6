// An order moves pending → processing → shipped in the back office, along the API's allowed transitions only.
import type { Order, ShippingMethod } from "@shop/domain/schemas/public";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { journeyBrowser, seriousAxeViolations } from "../browser.ts";
import { orderItem, pickProduct, storeSession } from "../shopper/journey.ts";
import { ADMIN, adminSession, apiJson, apiLogin, apiUrl, SHOPPER } from "./admin.ts";

let browser: Browser;
const adminPage = adminSession(() => browser);
let order: Order;

beforeAll(async () => {
  browser = await journeyBrowser();
  // A shopper places an order through the API, as the shop's checkout does.
  const { headers } = await apiLogin(SHOPPER);
  const product = await pickProduct(
    (p) => p.variants.length === 1 && p.quantity >= 2 && p.status === "in-stock",
  );
  const [shipping] = await apiJson<ShippingMethod[]>("/shipping");
  order = await apiJson<Order>("/orders", {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify({
      items: [orderItem(product, 1)],
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

    // Each step asks first; shipping asks for the carrier and the tracking number.
    await page.getByRole("button", { name: "Mark as Processing" }).click();
    const ask = page.getByRole("dialog", { name: `Mark order ${order.orderNumber} as Processing?` });
    await ask.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("The order is now Processing").waitFor();
    await page.getByRole("button", { name: "Mark as Shipped" }).click();
    const ship = page.getByRole("dialog", { name: `Mark order ${order.orderNumber} as Shipped?` });
    await expect(ship.getByRole("button", { name: "Confirm" }).isDisabled()).resolves.toBe(true);
    await ship.getByLabel(/^Carrier/).fill("DHL");
    await ship.getByLabel(/^Tracking number/).fill("JD014600001");
    await ship.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("The order is now Shipped").waitFor();
    // The history names who took each step.
    const history = page.getByRole("list", { name: "History" });
    await history.getByText(/Processing → Shipped · admin@shop.test/).waitFor();
    await page.getByText("Shipped with DHL, tracking number JD014600001").waitFor();
    // Shipped orders can only be delivered: no cancel any more.
    await page.getByRole("button", { name: "Mark as Delivered" }).waitFor();
    await expect(page.getByRole("button", { name: "Cancel order" }).count()).resolves.toBe(0);

    const { headers } = await apiLogin(ADMIN);
    const shipped = await apiJson<Order>(`/orders/${order.id}`, { headers });
    expect(shipped.status).toBe("shipped");
    expect(shipped.shipment).toMatchObject({ carrier: "DHL", trackingNumber: "JD014600001" });
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

  it("shows each order's payment state beside its status, in words, and filters the list by it", async () => {
    const { page, problems } = await adminPage("/orders");
    await page.getByPlaceholder("Search").fill(String(order.orderNumber));
    await expect.poll(() => page.locator("tbody tr").count(), { timeout: 10_000 }).toBe(1);
    const header = page.getByRole("columnheader", { name: "Payment state" });
    await header.waitFor();
    // The column stands beside the status: its header follows the status's.
    const headers = await page.getByRole("columnheader").allTextContents();
    expect(headers.indexOf("Payment state")).toBe(headers.indexOf("Status") + 1);
    const row = page.locator("tbody tr").first();
    await row.getByText("Unpaid", { exact: true }).waitFor();

    // Cash on delivery is not paid yet: the "Paid" filter leaves it out, "Unpaid" finds it.
    const filter = page.getByRole("combobox", { name: "Payment state" });
    await filter.click();
    await page.getByRole("option", { name: "Paid", exact: true }).click();
    await expect.poll(() => page.url()).toContain("paymentState");
    await expect.poll(() => page.locator("tbody tr").count(), { timeout: 10_000 }).toBe(0);
    await filter.click();
    await page.getByRole("option", { name: "Unpaid", exact: true }).click();
    await expect.poll(() => page.locator("tbody tr").count(), { timeout: 10_000 }).toBe(1);
    await page.getByRole("cell", { name: String(order.orderNumber), exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("delivered, gets its fiscal receipt: a printable page with the issuer, the e-NCF, ITBIS, the QR link and security code", async () => {
    const { page, problems } = await adminPage(`/orders/${order.id}`);
    await page.getByRole("button", { name: "Mark as Delivered" }).click();
    await page
      .getByRole("dialog", { name: `Mark order ${order.orderNumber} as Delivered?` })
      .getByRole("button", { name: "Confirm" })
      .click();
    await page.getByText("The order is now Delivered").waitFor();
    // Staff find the receipt on the order, and its PDF beside it.
    await page.getByRole("link", { name: /^Fiscal receipt E32\d{10} \(printable\)$/ }).waitFor();
    await page.getByRole("link", { name: "PDF", exact: true }).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();

    const { headers } = await apiLogin(SHOPPER);
    const delivered = await apiJson<Order>(`/orders/${order.id}`, { headers });
    expect(delivered.receipt?.encf).toMatch(/^E32\d{10}$/);
    const receipt = delivered.receipt!;

    // The shopper finds it on their order page.
    const session = await (
      await fetch(apiUrl("/users/login"), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(SHOPPER),
      })
    ).json();
    const shopperPage = await (await browser.newContext()).newPage();
    await shopperPage.goto(`${inject("shopUrl")}/`);
    await storeSession(shopperPage, session);
    await shopperPage.goto(`${inject("shopUrl")}/order?id=${order.id}`);
    const link = shopperPage.getByRole("link", { name: "print or save your receipt" });
    await link.waitFor();
    expect(await link.getAttribute("href")).toBe(receipt.url);
    const pdfLink = shopperPage.getByRole("link", { name: "download it as a PDF" });
    expect(await pdfLink.getAttribute("href")).toBe(receipt.pdfUrl);
    // The link downloads the PDF through the shop's own host.
    const download = await fetch(`${inject("shopUrl")}${receipt.pdfUrl}`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await download.arrayBuffer())
        .subarray(0, 5)
        .toString("latin1"),
    ).toBe("%PDF-");
    await shopperPage.getByText(/^ITBIS incluido: RD\$[\d,]+\.\d\d/).waitFor();
    await shopperPage.context().close();

    const context = await browser.newContext();
    const printed = await context.newPage();
    const answer = await printed.goto(apiUrl(receipt.url.replace(/^\/api/, "")));
    expect(answer?.status()).toBe(200);
    await printed.getByRole("heading", { name: "Factura de Consumo Electrónica" }).waitFor();
    for (const text of [
      "RNC 999999992",
      `e-NCF: ${receipt.encf}`,
      "Total ITBIS",
      "Monto total",
      "Precios con ITBIS incluido.",
    ]) {
      await printed.getByText(text, { exact: false }).first().waitFor();
    }
    await printed.getByText(/Código de seguridad: [0-9A-F]{6}/).waitFor();
    const qr = printed.getByRole("link", { name: "Consultar en la DGII" });
    expect(await qr.getAttribute("href")).toContain(
      `consultatimbrefc?rncemisor=999999992&encf=${receipt.encf}`,
    );
    expect(await qr.locator("svg").count()).toBe(1);
    // It prints on one sheet of paper.
    const pdf = await printed.pdf({ format: "Letter" });
    expect(pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g)?.length).toBe(1);
    await context.close();
  });
});
