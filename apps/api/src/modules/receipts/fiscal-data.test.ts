// The business's fiscal data through the real API: the settings stand until an admin saves it, the RNC is checked
// by its digit, new receipts name what was saved and the receipts already issued keep what they named.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, fiscalData, receipts } from "../../db/schema.ts";
import { createTestShop, engine, login } from "../../test/app.ts";
import { saveFiscalData } from "./fiscal-data.ts";
import { receiptsTestShop } from "./test-shop.ts";

const t = receiptsTestShop();

const read = (headers: Record<string, string> = t.admin.headers) =>
  t.shop.app.inject({ method: "GET", url: "/api/fiscal-data", headers });
const save = (payload: object, headers: Record<string, string> = t.admin.headers) =>
  t.shop.app.inject({ method: "PUT", url: "/api/fiscal-data", headers, payload });

/** A delivered order's sale receipt, as stored. */
async function deliveredReceipt() {
  const receipt = (await t.deliver((await t.place()).id)).receipt!;
  const [row] = await t.shop.database.db.select().from(receipts).where(eq(receipts.encf, receipt.encf));
  return { ...receipt, row: row! };
}

const NEW_DATA = {
  rnc: "1-01-85004-3",
  name: "Ferretería Almonte SRL",
  address: "Calle El Conde 12, Zona Colonial, Santo Domingo",
};

describe("the business's fiscal data", () => {
  it("is the settings' issuer until an admin saves it", async () => {
    const res = await read();
    expect(res.statusCode).toBe(200);
    // Outside production, without ISSUER_RNC, the sample shop's issuer.
    expect(res.json()).toEqual({
      id: "issuer",
      rnc: "999999992",
      name: "Tienda de Ejemplo SRL (emisor de muestra)",
      address: "Av. Winston Churchill 1, Santo Domingo",
      source: "sample",
      updatedAt: null,
    });
  });

  it("is read and changed by admins only", async () => {
    expect((await read(t.shopper.headers)).statusCode).toBe(403);
    expect((await read({})).statusCode).toBe(401);
    expect((await save(NEW_DATA, t.shopper.headers)).statusCode).toBe(403);
    expect((await save(NEW_DATA, {})).statusCode).toBe(401);
    expect(await t.shop.database.db.select().from(fiscalData)).toEqual([]);
  });

  it("refuses an RNC whose check digit does not hold, or a missing name or address, and saves nothing", async () => {
    for (const [payload, message] of [
      [{ ...NEW_DATA, rnc: "101850044" }, "check digit"],
      [{ ...NEW_DATA, rnc: "10185004" }, "An RNC has 9 digits and a cédula 11"],
      [{ ...NEW_DATA, name: " " }, "legal name"],
      [{ ...NEW_DATA, address: "" }, "address"],
      [{ ...NEW_DATA, address: "x".repeat(101) }, "at most 100 characters"],
    ] as const) {
      const res = await save(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).toContain(message);
    }
    expect(await t.shop.database.db.select().from(fiscalData)).toEqual([]);
    expect((await read()).json().source).toBe("sample");
  });

  it("names the receipts issued after it is saved; those issued before keep what they named", async () => {
    const before = await deliveredReceipt();
    expect(before.row.document.issuer.rnc).toBe("999999992");

    const saved = await save(NEW_DATA);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      id: "issuer",
      rnc: "101850043",
      name: "Ferretería Almonte SRL",
      address: NEW_DATA.address,
      source: "saved",
    });
    expect((await read()).json()).toEqual(saved.json());

    // The change is in the audit trail: who, and what it was before.
    const entries = await t.shop.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "fiscal-data.update"), eq(auditLog.entityId, "issuer")));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.actorEmail).toBe("admin@shop.test");
    expect(entries[0]!.before).toMatchObject({ rnc: "999999992", source: "sample" });
    expect(entries[0]!.after).toEqual({
      rnc: "101850043",
      name: "Ferretería Almonte SRL",
      address: NEW_DATA.address,
    });

    const after = await deliveredReceipt();
    expect(after.row.document.issuer).toEqual({
      rnc: "101850043",
      name: "Ferretería Almonte SRL",
      address: NEW_DATA.address,
    });
    const page = (await t.shop.app.inject({ method: "GET", url: after.url })).body;
    expect(page).toContain("RNC 101850043");
    expect(page).toContain("Ferretería Almonte SRL");
    expect(page).toContain("rncemisor=101850043");

    // The receipt issued before still names the business as it was then.
    const [kept] = await t.shop.database.db.select().from(receipts).where(eq(receipts.id, before.row.id));
    expect(kept!.document.issuer.rnc).toBe("999999992");
    const old = (await t.shop.app.inject({ method: "GET", url: before.url })).body;
    expect(old).toContain("RNC 999999992");
    expect(old).not.toContain("101850043");

    // Saved again: one row, the newest data.
    const again = await save({ ...NEW_DATA, name: "Ferretería Almonte & Hijos SRL" });
    expect(again.statusCode).toBe(200);
    const rows = await t.shop.database.db.select().from(fiscalData);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toBe("Ferretería Almonte & Hijos SRL");
  });
});

describe("a delivery while the fiscal data is being saved", () => {
  it.runIf(engine === "postgres")(
    "waits for the save and names what it saved: nothing lands between the issuer's read and the receipt",
    async () => {
      const order = await t.place();
      for (const status of ["processing", "shipped"])
        expect((await t.move(order.id, status)).statusCode).toBe(200);
      const saving = {
        rnc: "131246303",
        name: "Comercial Las Américas SRL",
        address: "Av. 27 de Febrero 100",
      };
      let commit!: () => void;
      const held = new Promise<void>((resolve) => {
        commit = resolve;
      });
      let started!: () => void;
      const saveStarted = new Promise<void>((resolve) => {
        started = resolve;
      });
      // An admin's save, written but not yet committed, on a connection of its own.
      const save = t.shop.database.db.transaction(async (tx) => {
        await saveFiscalData(tx, saving, t.shop.app.env, new Date());
        started();
        await held;
      });
      await saveStarted;
      let delivered = false;
      const delivery = t.move(order.id, "delivered").finally(() => {
        delivered = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(delivered).toBe(false);
      commit();
      await save;
      const res = await delivery;
      expect(res.statusCode).toBe(200);
      const [row] = await t.shop.database.db
        .select()
        .from(receipts)
        .where(eq(receipts.encf, res.json().receipt.encf));
      expect(row!.document.issuer).toEqual(saving);
    },
  );
});

describe("with the issuer in the settings", () => {
  it("shows the ISSUER_* settings as the data until one is saved", async () => {
    const configured = await createTestShop({
      env: {
        ISSUER_RNC: "131-24630-3",
        ISSUER_NAME: "Comercial Las Américas SRL",
        ISSUER_ADDRESS: "Av. 27 de Febrero 100, Santiago",
      },
    });
    try {
      const boss = await login(configured.app, "admin");
      const res = await configured.app.inject({
        method: "GET",
        url: "/api/fiscal-data",
        headers: boss.headers,
      });
      expect(res.json()).toEqual({
        id: "issuer",
        rnc: "131246303",
        name: "Comercial Las Américas SRL",
        address: "Av. 27 de Febrero 100, Santiago",
        source: "settings",
        updatedAt: null,
      });
    } finally {
      await configured.close();
    }
  });
});
