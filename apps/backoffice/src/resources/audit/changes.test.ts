// The audit trail as staff read it: a change is listed field by field, each field labelled in English and Spanish.
import { AUDIT_ENTITIES, type AuditEntity } from "@shop/domain/constants";
import { couponSchema, productSchema, userSchema } from "@shop/domain/schemas/public";
import { describe, expect, it } from "vitest";
import { en } from "../../i18n/en.ts";
import { es } from "../../i18n/es.ts";
import { i18nProvider } from "../../i18n/i18n-provider.ts";
import { fieldChanges, fieldLabelKey, formatValue, recordPath, UNLISTED_FIELDS } from "./changes.ts";

/** The fields each kind of record's snapshots hold (what the API writes as before and after). */
const SNAPSHOT_FIELDS: Record<AuditEntity, string[]> = {
  product: [...Object.keys(productSchema.shape), "itbisRate"],
  coupon: Object.keys(couponSchema.shape),
  user: [...Object.keys(userSchema.shape), "sessions"],
  order: ["status"],
  "exchange-rate": ["rate", "fromCurrency", "toCurrency", "since"],
  "receipt-range": ["type", "firstNumber", "lastNumber", "nextNumber", "expiresOn"],
  "fiscal-data": ["rnc", "name", "address", "source"],
};

type Tree = { [key: string]: string | Tree };
const lookup = (tree: Tree, key: string): string | undefined => {
  const [resources, resource, fields, ...rest] = key.split(".");
  const value = ((tree[resources!] as Tree)?.[resource!] as Tree)?.[fields!] as Tree | undefined;
  return value?.[rest.join(".")] as string | undefined;
};

describe("the change list of an audit entry", () => {
  it("labels every field a snapshot can hold, in English and in Spanish", () => {
    const missing = AUDIT_ENTITIES.flatMap((entity) =>
      SNAPSHOT_FIELDS[entity]
        .filter((field) => !UNLISTED_FIELDS.has(field))
        .flatMap((field) => {
          const key = fieldLabelKey(entity, field);
          return [en, es].filter((messages) => !lookup(messages as Tree, key)).map(() => key);
        }),
    );
    expect(missing).toEqual([]);
  });

  it("lists only the fields an update changed, not a dump of the record", () => {
    const before = { id: "p1", title: "Lamp", price: 40, quantity: 5, updatedAt: "2026-11-01T10:00:00.000Z" };
    const after = { ...before, price: 35.5, quantity: 2, updatedAt: "2026-11-02T10:00:00.000Z" };
    expect(fieldChanges(before, after)).toEqual([
      { field: "price", before: 40, after: 35.5 },
      { field: "quantity", before: 5, after: 2 },
    ]);
  });

  it("lists every field of a record created or deleted", () => {
    expect(fieldChanges(null, { id: "c1", code: "AUDIT10", value: 10 })).toEqual([
      { field: "code", before: undefined, after: "AUDIT10" },
      { field: "value", before: undefined, after: 10 },
    ]);
    expect(fieldChanges({ status: "pending" }, null)).toEqual([
      { field: "status", before: "pending", after: undefined },
    ]);
  });

  it("writes values as staff read them: enumerations by their label, yes and no, names, dates in the language", async () => {
    await i18nProvider.changeLocale("en");
    const translate = (key: string) => i18nProvider.translate(key);
    expect(formatValue("order", "status", "delivered", translate, "en-US")).toBe("Delivered");
    expect(formatValue("user", "role", "admin", translate, "en-US")).toBe("Admin");
    expect(formatValue("coupon", "active", false, translate, "en-US")).toBe("No");
    expect(formatValue("product", "brand", { id: "b", name: "Aurivox" }, translate, "en-US")).toBe("Aurivox");
    expect(formatValue("product", "sizes", ["S", "M"], translate, "en-US")).toBe("S, M");
    expect(formatValue("coupon", "endsAt", null, translate, "en-US")).toBe("—");
    expect(formatValue("coupon", "endsAt", "2026-10-29T23:59:59.000Z", translate, "es-DO")).toMatch(/2026/);
    await i18nProvider.changeLocale("es");
    expect(formatValue("order", "status", "delivered", translate, "es-DO")).toBe("Entregado");
    expect(formatValue("coupon", "active", true, translate, "es-DO")).toBe("Sí");
  });

  it("links a record to its page, and a deleted one to nothing", () => {
    expect(recordPath({ entity: "product", entityId: "p1", action: "product.update" })).toBe("/products/p1");
    expect(recordPath({ entity: "user", entityId: "u1", action: "user.role" })).toBe("/users/u1");
    expect(recordPath({ entity: "exchange-rate", entityId: "USD-DOP", action: "exchange-rate.update" })).toBe(
      "/exchange-rates",
    );
    expect(recordPath({ entity: "coupon", entityId: "c1", action: "coupon.delete" })).toBeNull();
  });
});
