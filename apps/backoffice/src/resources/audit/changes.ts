/**
 * An audit entry as staff read it: the record's page, and the change as a list of fields (labelled in the back
 * office's language) with their values before and after, rather than the two snapshots side by side.
 */
import type { AuditEntity } from "@shop/domain/constants";

/** The back office's resource for each kind of record, whose field labels name the fields of its snapshots. */
export const AUDIT_RESOURCES: Record<AuditEntity, string> = {
  product: "products",
  order: "orders",
  coupon: "coupons",
  "exchange-rate": "exchange-rates",
  user: "users",
  "receipt-range": "receipt-ranges",
  "fiscal-data": "fiscal-data",
};

/**
 * Fields left out of the change list: ids, bookkeeping every save changes, and copies of a field that is listed
 * (a product's category id and name beside its category, its first picture beside its pictures, its reviews).
 */
export const UNLISTED_FIELDS: ReadonlySet<string> = new Set([
  "id",
  "userId",
  "createdAt",
  "updatedAt",
  "categoryId",
  "brandId",
  "parent",
  "img",
  "rating",
  "reviewCount",
  "reviews",
]);

/** The key of a field's label: the resource's own field label ("resources.products.fields.price"). */
export const fieldLabelKey = (entity: AuditEntity, field: string) =>
  `resources.${AUDIT_RESOURCES[entity]}.fields.${field}`;

/** The path of the record's page in the back office, or null when a deleted record has none. */
export function recordPath(entry: { entity: AuditEntity; entityId: string; action: string }): string | null {
  if (entry.action.endsWith(".delete")) return null;
  switch (entry.entity) {
    case "exchange-rate":
      return "/exchange-rates";
    case "user":
      return `/users/${entry.entityId}`;
    case "fiscal-data":
      return "/fiscal-data";
    default:
      return `/${AUDIT_RESOURCES[entry.entity]}/${entry.entityId}`;
  }
}

export interface FieldChange {
  field: string;
  /** undefined when the field was not in the snapshot (a record created or deleted). */
  before: unknown;
  after: unknown;
}

const fieldsOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/**
 * The fields that differ between the snapshots, in the order the record lists them: every field of a record created
 * (before is null) or deleted (after is null), only the changed ones of an update.
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const old = fieldsOf(before);
  const now = fieldsOf(after);
  const fields = [...new Set([...Object.keys(now), ...Object.keys(old)])].filter(
    (field) => !UNLISTED_FIELDS.has(field),
  );
  return fields
    .filter((field) => JSON.stringify(old[field]) !== JSON.stringify(now[field]))
    .map((field) => ({ field, before: old[field], after: now[field] }));
}

/** Enumerated values written in the back office's language: each field's message prefix ("shop.roles.admin"). */
const ENUM_PREFIXES: Partial<Record<AuditEntity, Record<string, string>>> = {
  product: { productType: "shop.product_types", status: "shop.product_status" },
  order: { status: "shop.order_status" },
  coupon: { kind: "shop.coupon_kinds", productType: "shop.product_types" },
  user: { role: "shop.roles" },
  "fiscal-data": { source: "shop.fiscal_data.sources" },
};

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * A value as a line of text: "—" for none, yes or no, dates in the screen's language, enumerated values by their
 * label, a list joined with commas, a named thing (a brand, a colour) by its name.
 */
export function formatValue(
  entity: AuditEntity,
  field: string,
  value: unknown,
  translate: (key: string) => string,
  locale: string,
): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return translate(value ? "ra.boolean.true" : "ra.boolean.false");
  if (typeof value === "string") {
    const prefix = ENUM_PREFIXES[entity]?.[field];
    if (prefix) return translate(`${prefix}.${value}`);
    if (ISO_TIME.test(value) && !Number.isNaN(Date.parse(value))) {
      return new Date(value).toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" });
    }
    return value;
  }
  if (typeof value === "number") return value.toLocaleString(locale);
  if (Array.isArray(value)) {
    return value.length === 0
      ? "—"
      : value.map((item) => formatValue(entity, field, item, translate, locale)).join(", ");
  }
  const fields = fieldsOf(value);
  if (typeof fields.name === "string") return fields.name;
  if ("key" in fields && "value" in fields) return `${String(fields.key)}: ${String(fields.value)}`;
  if ("startDate" in fields || "endDate" in fields) {
    const at = (key: string) => formatValue(entity, key, fields[key], translate, locale);
    return `${at("startDate")} – ${at("endDate")}`;
  }
  // A picture: by its colour's name when it has one.
  if (typeof fields.img === "string")
    return fieldsOf(fields.color).name ? String(fieldsOf(fields.color).name) : "✓";
  return Object.entries(fields)
    .map(([key, item]) => `${key}: ${formatValue(entity, key, item, translate, locale)}`)
    .join(", ");
}
