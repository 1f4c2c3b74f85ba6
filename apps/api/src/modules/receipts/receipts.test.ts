// Receipts through the real API: ranges loaded by staff, a receipt issued when an order is delivered, numbered
// without gaps or repeats, and its printable page behind its link's key.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { receiptRanges, receipts } from "../../db/schema.ts";
import { receiptsTestShop } from "./test-shop.ts";

const t = receiptsTestShop();

async function shipped(extra: Record<string, unknown> = {}) {
  const order = await t.place(extra);
  for (const status of ["processing", "shipped"])
    expect((await t.move(order.id, status)).statusCode).toBe(200);
  return order;
}

const loadRange = (payload: object, headers: Record<string, string> = t.admin.headers) =>
  t.shop.app.inject({ method: "POST", url: "/api/receipt-ranges", headers, payload });

async function nextOf(type: string) {
  const rows = await t.shop.database.db.select().from(receiptRanges).where(eq(receiptRanges.type, type));
  return rows.map((r) => r.nextNumber).sort((a, b) => a - b);
}

describe("receipt ranges", () => {
  it("are loaded by staff, refused when back to front, expired, past ten digits or overlapping", async () => {
    const year = new Date().getUTCFullYear() + 2;
    const ok = await loadRange({
      type: "E31",
      firstNumber: 5001,
      lastNumber: 5050,
      expiresOn: `${year}-12-31`,
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({
      type: "E31",
      from: "E310000005001",
      to: "E310000005050",
      nextNumber: 5001,
      numbersLeft: 50,
      warning: { kind: "running-out", numbersLeft: 50 },
    });
    const overlap = await loadRange({
      type: "E31",
      firstNumber: 5050,
      lastNumber: 6000,
      expiresOn: `${year}-12-31`,
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().message).toContain("E310000005001");
    // The same numbers of another type are another range.
    expect(
      (await loadRange({ type: "E34", firstNumber: 5001, lastNumber: 5050, expiresOn: `${year}-12-31` }))
        .statusCode,
    ).toBe(201);
    const backwards = await loadRange({
      type: "E32",
      firstNumber: 900,
      lastNumber: 800,
      expiresOn: `${year}-12-31`,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toContain("lastNumber");
    const expired = await loadRange({
      type: "E32",
      firstNumber: 900_000,
      lastNumber: 900_100,
      expiresOn: "2020-12-31",
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toContain("expired");
    expect(
      (
        await loadRange({
          type: "E32",
          firstNumber: 1,
          lastNumber: 10_000_000_000,
          expiresOn: `${year}-12-31`,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await loadRange({ type: "B01", firstNumber: 1, lastNumber: 2, expiresOn: `${year}-12-31` }))
        .statusCode,
    ).toBe(400);
  });

  it("are for staff only", async () => {
    const body = { type: "E32", firstNumber: 800_000, lastNumber: 800_100, expiresOn: "2099-12-31" };
    expect((await loadRange(body, t.shopper.headers)).statusCode).toBe(403);
    expect((await loadRange(body, {})).statusCode).toBe(401);
    expect(
      (await t.shop.app.inject({ method: "GET", url: "/api/receipt-ranges", headers: t.shopper.headers }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.shop.app.inject({ method: "GET", url: "/api/receipts", headers: t.shopper.headers }))
        .statusCode,
    ).toBe(403);
  });

  it("warn before they expire", async () => {
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const res = await loadRange({ type: "E32", firstNumber: 700_000, lastNumber: 799_999, expiresOn: soon });
    expect(res.statusCode).toBe(201);
    expect(res.json().warning).toMatchObject({ kind: "expiring" });
    const list = await t.shop.app.inject({
      method: "GET",
      url: "/api/receipt-ranges?type=E32",
      headers: t.admin.headers,
    });
    expect(list.headers["x-total-count"]).toBe(String(list.json().length));
    expect(list.json().find((r: { id: string }) => r.id === res.json().id).warning.kind).toBe("expiring");
    // Used first, as it expires first: clean it away for the numbering tests below.
    await t.shop.database.db.delete(receiptRanges).where(eq(receiptRanges.id, res.json().id));
  });
});

describe("a delivered order's receipt", () => {
  it("is an E32 for a consumer, numbered next, shown on the order with its printable page", async () => {
    const before = await nextOf("E32");
    const order = await shipped();
    expect(order.receipt ?? null).toBeNull();
    const delivered = await t.move(order.id, "delivered");
    expect(delivered.statusCode).toBe(200);
    const receipt = delivered.json().receipt;
    expect(receipt.type).toBe("E32");
    expect(receipt.encf).toMatch(/^E32\d{10}$/);
    expect(Number(receipt.encf.slice(3))).toBe(before[0]);
    expect((await nextOf("E32"))[0]).toBe(before[0]! + 1);

    // The shopper reads the same link on their order.
    const mine = await t.shop.app.inject({
      method: "GET",
      url: `/api/orders/${order.id}`,
      headers: t.shopper.headers,
    });
    expect(mine.json().receipt).toEqual(receipt);

    const page = await t.shop.app.inject({ method: "GET", url: receipt.url });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.headers["cache-control"]).toContain("no-store");
    const body = page.body;
    const [row] = await t.shop.database.db.select().from(receipts).where(eq(receipts.encf, receipt.encf));
    for (const text of [
      "RNC 999999992",
      "Tienda de Ejemplo SRL",
      "Factura de Consumo Electrónica",
      receipt.encf,
      `Código de seguridad: <strong>${row!.securityCode}</strong>`,
      "Total ITBIS",
      "Monto total",
      `https://fc.dgii.gov.do/testecf/consultatimbrefc?rncemisor=999999992&amp;encf=${receipt.encf}`,
      "<svg",
    ]) {
      expect(body).toContain(text);
    }
    expect(row!.document.totalCents).toBe(Math.round(order.totalsInCurrency.total * 100));
    expect(row!.document.itbisCents).toBe(Math.round(order.itbis!.totalInCurrency * 100));

    // Staff download its e-CF XML; shoppers cannot.
    const xml = await t.shop.app.inject({
      method: "GET",
      url: `/api/receipts/${row!.id}/xml`,
      headers: t.admin.headers,
    });
    expect(xml.statusCode).toBe(200);
    expect(xml.headers["content-type"]).toContain("application/xml");
    expect(xml.body).toContain(`<eNCF>${receipt.encf}</eNCF>`);
    expect(
      (
        await t.shop.app.inject({
          method: "GET",
          url: `/api/receipts/${row!.id}/xml`,
          headers: t.shopper.headers,
        })
      ).statusCode,
    ).toBe(403);

    // Delivering again changes nothing and issues nothing.
    expect((await nextOf("E32"))[0]).toBe(before[0]! + 1);
  });

  it("is an E31 naming the buyer who gave an RNC or cédula", async () => {
    const order = await shipped({ fiscal: { taxId: "001-1391820-5", name: "Juana Pérez" } });
    const receipt = (await t.move(order.id, "delivered")).json().receipt;
    expect(receipt.type).toBe("E31");
    const page = (await t.shop.app.inject({ method: "GET", url: receipt.url })).body;
    expect(page).toContain("Factura de Crédito Fiscal Electrónica");
    expect(page).toContain("00113918205");
    expect(page).toContain("Juana Pérez");
    expect(page).toContain(
      "https://ecf.dgii.gov.do/testecf/consultatimbre?rncemisor=999999992&amp;rnccomprador=00113918205",
    );
  });

  it("shows its page only with the link's key: a wrong or missing key answers as no receipt does", async () => {
    const order = await shipped();
    const receipt = (await t.move(order.id, "delivered")).json().receipt;
    const url = new URL(receipt.url, "http://x");
    const id = url.pathname.split("/")[3]!;
    const key = url.searchParams.get("key")!;
    expect(key.length).toBeGreaterThanOrEqual(24);
    const tries = [
      `/api/receipts/${id}/print`,
      `/api/receipts/${id}/print?key=`,
      // The key with its last character changed (to another one whatever it was).
      `/api/receipts/${id}/print?key=${key.slice(0, -1)}${key.endsWith("A") ? "B" : "A"}`,
      `/api/receipts/${id}/print?key=${key}x`,
      `/api/receipts/00000000-0000-4000-8000-000000000000/print?key=${key}`,
      `/api/receipts/not-an-id/print?key=${key}`,
    ];
    for (const url of tries) {
      const res = await t.shop.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe("Receipt not found");
    }
  });

  it("is refused with the delivery when no usable range is left, and no number is used", async () => {
    const order = await shipped();
    const ranges = await t.shop.database.db.select().from(receiptRanges).where(eq(receiptRanges.type, "E32"));
    // Every E32 range used up for a moment.
    for (const r of ranges) {
      await t.shop.database.db
        .update(receiptRanges)
        .set({ nextNumber: r.lastNumber + 1 })
        .where(eq(receiptRanges.id, r.id));
    }
    const refused = await t.move(order.id, "delivered");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain("No usable e-NCF range of type E32");
    const still = await t.shop.app.inject({
      method: "GET",
      url: `/api/orders/${order.id}`,
      headers: t.admin.headers,
    });
    expect(still.json()).toMatchObject({ status: "shipped", receipt: null });
    for (const r of ranges) {
      await t.shop.database.db
        .update(receiptRanges)
        .set({ nextNumber: r.nextNumber })
        .where(eq(receiptRanges.id, r.id));
    }
    const later = await t.move(order.id, "delivered");
    expect(later.statusCode).toBe(200);
    expect(Number(later.json().receipt.encf.slice(3))).toBe(Math.min(...ranges.map((r) => r.nextNumber)));
  });

  it("takes consecutive numbers for many orders delivered at once, none skipped or used twice", async () => {
    const orders = [];
    for (let i = 0; i < 20; i++) orders.push(await shipped());
    const [first] = await nextOf("E32");
    const results = await Promise.all(orders.map((o) => t.move(o.id, "delivered")));
    expect(results.map((r) => r.statusCode)).toEqual(orders.map(() => 200));
    const numbers = results.map((r) => Number(r.json().receipt.encf.slice(3))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => first! + i));
    expect((await nextOf("E32"))[0]).toBe(first! + 20);
  });

  it("is listed for staff, filtered by type and by e-NCF", async () => {
    const list = await t.shop.app.inject({
      method: "GET",
      url: "/api/receipts?type=E31",
      headers: t.admin.headers,
    });
    expect(list.statusCode).toBe(200);
    const items = list.json();
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((r: { type: string }) => r.type === "E31")).toBe(true);
    const one = items[0];
    const found = await t.shop.app.inject({
      method: "GET",
      url: `/api/receipts?q=${one.encf}`,
      headers: t.admin.headers,
    });
    expect(found.json().map((r: { encf: string }) => r.encf)).toEqual([one.encf]);
  });

  it("are summed up by month for the ITBIS return: by type, and ITBIS by rate net of credit notes", async () => {
    const month = new Date(Date.now() - 4 * 3_600_000).toISOString().slice(0, 7);
    const res = await t.shop.app.inject({
      method: "GET",
      url: `/api/receipts/summary?month=${month}`,
      headers: t.admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const summary = res.json();
    const rows = (await t.shop.database.db.select().from(receipts)).filter(
      (r) => new Date(r.issuedAt.getTime() - 4 * 3_600_000).toISOString().slice(0, 7) === month,
    );
    const sum = (type: string, key: "totalCents" | "itbisCents") =>
      rows.filter((r) => r.type === type).reduce((s, r) => s + r.document[key], 0);
    for (const type of ["E31", "E32"]) {
      const entry = summary.byType.find((t: { type: string }) => t.type === type);
      expect(entry).toMatchObject({
        count: rows.filter((r) => r.type === type).length,
        total: sum(type, "totalCents") / 100,
      });
    }
    const net = (key: "totalCents" | "itbisCents") => sum("E31", key) + sum("E32", key) - sum("E34", key);
    expect(Math.round(summary.total * 100)).toBe(net("totalCents"));
    expect(Math.round(summary.itbis * 100)).toBe(net("itbisCents"));
    const rateItbis = summary.byRate.reduce(
      (s: number, r: { itbis: number }) => s + Math.round(r.itbis * 100),
      0,
    );
    expect(rateItbis).toBe(net("itbisCents"));
    const bad = await t.shop.app.inject({
      method: "GET",
      url: "/api/receipts/summary?month=2026-13",
      headers: t.admin.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await t.shop.app.inject({ method: "GET", url: "/api/receipts/summary", headers: t.shopper.headers }))
        .statusCode,
    ).toBe(403);
  });
});
