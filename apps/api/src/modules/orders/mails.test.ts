// The shopper's mails about an order, through the real routes: placed (lines, totals in the order's currency and
// rate, address, a transfer's instructions) and moved by staff; text and escaped HTML; and a mail server that fails
// leaves the order standing.
import { type AddressInfo, createServer } from "node:net";
import { formatMoney } from "@shop/domain/currency";
import { convertCents, toCents } from "@shop/domain/money";
import { lineTotalCents } from "@shop/domain/pricing";
import type { Order, Product, ShippingMethod } from "@shop/domain/schemas/public";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../../db/schema.ts";
import type { Mail } from "../../mail/mailer.ts";
import { createTestShop, login, type TestShop } from "../../test/app.ts";

let shop: TestShop;
let catalogue: Product[];
let methods: ShippingMethod[];
let admin: Awaited<ReturnType<typeof login>>;

const HOSTILE_TITLE = `Ring <b onclick="x()">'Gold' & Co</b>`;
const BANK = "Banco Popular, account 000-123456-7, The Shop SRL";

beforeAll(async () => {
  shop = await createTestShop({
    env: { SHOP_ORIGIN: "https://shop.example", BANK_TRANSFER_DETAILS: BANK, UNPAID_ORDER_HOURS: "48" },
  });
  admin = await login(shop.app, "admin");
  catalogue = (await shop.app.inject({ method: "GET", url: "/api/product?pageSize=100" })).json();
  methods = (await shop.app.inject({ method: "GET", url: "/api/shipping" })).json();
});
afterAll(async () => {
  await shop.close();
});

const inStock = () => catalogue.filter((p) => p.quantity >= 5 && p.status === "in-stock");
const standard = () => methods.find((m) => m.freeOver === null && m.price > 0)!;

/** A new shopper whose name and address are written to be read as markup. */
async function newShopper(tag: string) {
  const email = `${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const res = await shop.app.inject({
    method: "POST",
    url: "/api/users/register",
    payload: { firstName: "Marta <i>", lastName: "Reyes", email, password: "Marta-123!" },
  });
  expect(res.statusCode).toBe(201);
  return login(shop.app, { email, password: "Marta-123!" });
}

async function place(
  shopper: Awaited<ReturnType<typeof login>>,
  items: { productId: string; variantId?: string; quantity: number }[],
  extra: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return shop.app.inject({
    method: "POST",
    url: "/api/orders",
    headers: { ...shopper.headers, ...headers },
    payload: {
      items,
      shippingAddress: { streetAddress: "Calle <El Conde> & 5", city: "Santo Domingo", country: "DO" },
      shippingMethodId: standard().id,
      phone: "+1 809 555 0142",
      ...extra,
    },
  });
}

const mailsTo = (email: string) => shop.app.mailer.sent.filter((m) => m.to === email);

describe("when an order is placed", () => {
  it("mails the shopper its lines and totals in the order's currency at its rate, the address and how to pay by transfer, as text and escaped HTML", async () => {
    const [a, b] = inStock();
    await shop.database.db.update(products).set({ title: HOSTILE_TITLE }).where(eq(products.id, a!.id));
    const shopper = await newShopper("transfer");
    const res = await place(
      shopper,
      [
        { productId: a!.id, variantId: a!.variants[0]!.id, quantity: 2 },
        { productId: b!.id, variantId: b!.variants[0]!.id, quantity: 1 },
      ],
      { currency: "DOP", paymentMethod: "bank_transfer" },
    );
    expect(res.statusCode).toBe(201);
    const order: Order = res.json();
    expect(order.rate).toBeGreaterThan(1);

    const mails = mailsTo(shopper.user.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`Your order ${order.orderNumber} is placed`);

    // Each line in pesos, converted from its USD total at the order's rate, half up to the cent.
    const dop = (usdCents: number) => formatMoney(convertCents(usdCents, order.rate), "DOP");
    const lineA = lineTotalCents({
      priceCents: toCents(a!.price),
      discountPercent: a!.discount,
      quantity: 2,
    });
    const lineB = lineTotalCents({
      priceCents: toCents(b!.price),
      discountPercent: b!.discount,
      quantity: 1,
    });
    // Each line with its variant's colour and size.
    const values = (i: number) => {
      const v = [order.items[i]!.color, order.items[i]!.size].filter(Boolean).join(", ");
      return v ? ` (${v})` : "";
    };
    expect(mail.text).toContain(`2 × ${HOSTILE_TITLE}${values(0)} at `);
    expect(mail.text).toContain(`: ${dop(lineA)}\n`);
    expect(mail.text).toContain(`1 × ${b!.title}${values(1)} at `);
    expect(mail.text).toContain(`: ${dop(lineB)}\n`);
    const t = order.totalsInCurrency;
    expect(t.subtotal).toBe((convertCents(lineA, order.rate) + convertCents(lineB, order.rate)) / 100);
    const total = formatMoney(toCents(t.total), "DOP");
    expect(mail.text).toContain(`\nSubtotal: ${formatMoney(toCents(t.subtotal), "DOP")}\n`);
    expect(mail.text).toContain(
      `\nShipping (${standard().name}): ${formatMoney(toCents(t.shipping), "DOP")}\n`,
    );
    expect(mail.text).toContain(`\nTotal: ${total}\n`);
    // The ITBIS the total includes, as the order recorded it, in the text and the HTML.
    expect(order.itbis!.totalInCurrency).toBeGreaterThan(0);
    const itbis = `ITBIS incluido: ${formatMoney(toCents(order.itbis!.totalInCurrency), "DOP")}`;
    expect(mail.text).toContain(`\n${itbis}\n`);
    expect(mail.html).toContain(itbis);
    expect(mail.text).toContain(`1 US$ = ${order.rate} RD$`);
    expect(mail.text).toContain(
      "Shipping to\nCalle <El Conde> & 5\nSanto Domingo\nDO\nPhone: +1 809 555 0142",
    );
    expect(mail.text).toContain(
      `Payment: Bank transfer\nPlease transfer ${total} with "Order ${order.orderNumber}" as the reference.\nOur bank account: ${BANK}\nWe hold your items for 48 hours`,
    );
    expect(mail.text).toContain(`Hello Marta <i> Reyes,`);
    expect(mail.text).toContain(`https://shop.example/order?id=${order.id}`);

    // The HTML says the same, with everything from data escaped.
    const htmlMail = mail.html!;
    expect(htmlMail).toContain("Ring &lt;b onclick=&quot;x()&quot;&gt;&#39;Gold&#39; &amp; Co&lt;/b&gt;");
    expect(htmlMail).toContain("Hello Marta &lt;i&gt; Reyes,");
    expect(htmlMail).toContain("Calle &lt;El Conde&gt; &amp; 5");
    expect(htmlMail).not.toMatch(/<b onclick|<i>|<El Conde>/);
    for (const amount of [dop(lineA), dop(lineB), total]) expect(htmlMail).toContain(amount);
    // The link carries the order page's signature, so it opens without signing in.
    expect(htmlMail).toMatch(
      new RegExp(`href="https://shop\\.example/order\\?id=${order.id}&amp;token=[\\w-]{43}"`),
    );
    expect(htmlMail).toContain(`with &quot;Order ${order.orderNumber}&quot; as the reference.`);
  });

  it("tells a shopper paying on delivery no transfer, in US dollars for a dollar order, and mails a replayed order once", async () => {
    const [, , c] = inStock();
    const shopper = await newShopper("cash");
    const key = { "idempotency-key": `mail-${crypto.randomUUID()}` };
    const first = await place(
      shopper,
      [{ productId: c!.id, variantId: c!.variants[0]!.id, quantity: 1 }],
      { currency: "USD", paymentMethod: "cash_on_delivery" },
      key,
    );
    const again = await place(
      shopper,
      [{ productId: c!.id, variantId: c!.variants[0]!.id, quantity: 1 }],
      { currency: "USD", paymentMethod: "cash_on_delivery" },
      key,
    );
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    const order: Order = first.json();
    const mails = mailsTo(shopper.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("\nPayment: Cash on delivery\n");
    expect(mails[0]!.text).not.toContain("transfer");
    expect(mails[0]!.text).toContain(`\nTotal: ${formatMoney(toCents(order.total), "USD")}\n`);
    expect(mails[0]!.text).not.toContain("RD$");
  });
});

describe("when staff change an order's status", () => {
  it("mails the shopper the new status, and nothing when the status stays", async () => {
    const [, , , d] = inStock();
    const shopper = await newShopper("status");
    const order: Order = (
      await place(shopper, [{ productId: d!.id, variantId: d!.variants[0]!.id, quantity: 1 }], {
        currency: "DOP",
        paymentMethod: "cash_on_delivery",
      })
    ).json();
    const put = (status: string) =>
      shop.app.inject({
        method: "PUT",
        url: `/api/orders/${order.id}`,
        payload:
          status === "shipped" ? { status, carrier: "DHL", trackingNumber: "JD014600003" } : { status },
        headers: admin.headers,
      });
    expect((await put("processing")).statusCode).toBe(200);
    expect((await put("processing")).statusCode).toBe(200);
    expect((await put("shipped")).statusCode).toBe(200);

    const mails = mailsTo(shopper.user.email);
    expect(mails.map((m) => m.subject)).toEqual([
      `Your order ${order.orderNumber} is placed`,
      `Your order ${order.orderNumber} is now processing`,
      `Your order ${order.orderNumber} is now shipped`,
    ]);
    const shipped = mails[2]!;
    expect(shipped.text).toContain(`Order ${order.orderNumber} is now Shipped. Your order is on its way.`);
    expect(shipped.text).toContain(`Total: ${formatMoney(toCents(order.totalsInCurrency.total), "DOP")}`);
    expect(shipped.html).toContain("Hello Marta &lt;i&gt; Reyes,");
    expect(shipped.text).not.toContain("Your receipt");

    // Delivered: the mail links the receipt's printable page, which answers with it.
    expect((await put("delivered")).statusCode).toBe(200);
    const delivered = mailsTo(shopper.user.email)[3]!;
    const match = /Your receipt (E32\d{10}): (\S+)/.exec(delivered.text);
    expect(match).not.toBeNull();
    const page = new URL(match![2]!);
    const printed = await shop.app.inject({ method: "GET", url: `${page.pathname}${page.search}` });
    expect(printed.statusCode).toBe(200);
    expect(printed.body).toContain(match![1]!);
    expect(delivered.html).toContain(`>Your receipt ${match![1]}</a>`);
    // And its PDF, behind the same key.
    const pdfLink = /As a PDF: (\S+)/.exec(delivered.text);
    expect(pdfLink).not.toBeNull();
    const pdf = new URL(pdfLink![1]!);
    const downloaded = await shop.app.inject({ method: "GET", url: `${pdf.pathname}${pdf.search}` });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.headers["content-type"]).toBe("application/pdf");
    expect(downloaded.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(delivered.html).toContain(`<a href="${pdfLink![1]!.replaceAll("&", "&amp;")}">PDF</a>`);
  });
});

describe("when the mail server fails", () => {
  it("places the order and changes its status all the same; the failed sends are only logged", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const broken = await createTestShop({ env: { SMTP_URL: `smtp://127.0.0.1:${deadPort}` } });
    try {
      // Watch what the routes hand to the mailer, to see the transport really refuse.
      const sends: Promise<void>[] = [];
      const send = broken.app.mailer.send.bind(broken.app.mailer);
      broken.app.mailer.send = (mail: Mail) => {
        const sending = send(mail);
        sends.push(sending);
        return sending;
      };
      const shopper = await login(broken.app, "shopper");
      const staff = await login(broken.app, "admin");
      const [product] = (
        (await broken.app.inject({ method: "GET", url: "/api/product?pageSize=100" })).json() as Product[]
      ).filter((p) => p.quantity >= 5);
      const shipping: ShippingMethod[] = (
        await broken.app.inject({ method: "GET", url: "/api/shipping" })
      ).json();
      const res = await broken.app.inject({
        method: "POST",
        url: "/api/orders",
        headers: shopper.headers,
        payload: {
          items: [{ productId: product!.id, variantId: product!.variants[0]!.id, quantity: 2 }],
          addressId: shopper.user.addresses![0]!.addressId,
          shippingMethodId: shipping[0]!.id,
          currency: "DOP",
          paymentMethod: "bank_transfer",
          phone: "+1 809 555 0142",
        },
      });
      expect(res.statusCode).toBe(201);
      const order: Order = res.json();
      const moved = await broken.app.inject({
        method: "PUT",
        url: `/api/orders/${order.id}`,
        payload: { status: "processing", unpaidAllowed: true },
        headers: staff.headers,
      });
      expect(moved.statusCode).toBe(200);

      expect(sends).toHaveLength(2);
      const results = await Promise.allSettled(sends);
      expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
      const stored = await broken.app.inject({
        method: "GET",
        url: `/api/orders/${order.id}`,
        headers: shopper.headers,
      });
      expect(stored.json()).toMatchObject({ id: order.id, status: "processing" });
      const [row] = await broken.database.db
        .select({ quantity: products.quantity })
        .from(products)
        .where(eq(products.id, product!.id));
      expect(row!.quantity).toBe(product!.quantity - 2);
    } finally {
      await broken.close();
    }
  });
});
