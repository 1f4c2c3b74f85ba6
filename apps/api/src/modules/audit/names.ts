/**
 * The audit trail as staff read it: each entry with the name of who acted and of the record it is about, looked up
 * as the list is read (the entries themselves are written once and never changed, and keep ids and snapshots), through
 * the users' and the orders' own doors.
 */
import type { AuditEntry, NamedAuditEntry } from "@shop/domain/schemas/admin";
import type { Db } from "../../db/client.ts";
import { orderNumbersOf } from "../orders/history.ts";
import { type Customer, customersById } from "../users/customers.ts";

type Snapshot = Record<string, unknown> | null;
const snapshot = (value: unknown): Snapshot =>
  value !== null && typeof value === "object" ? (value as Record<string, unknown>) : null;
const fullName = (user: Customer | undefined) => (user ? `${user.firstName} ${user.lastName}`.trim() : "");
const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);

/**
 * The record's name: a product's title and a coupon's code as the entry saw them, an order's number and a user's
 * name as they are now (a user's email from the entry when the account is gone), the currency pair of a rate.
 */
function recordName(
  entry: AuditEntry,
  users: Map<string, Customer>,
  orders: Map<string, string>,
): string | null {
  const seen = snapshot(entry.after) ?? snapshot(entry.before);
  switch (entry.entity) {
    case "product":
      return text(seen?.title);
    case "coupon":
      return text(seen?.code);
    case "order": {
      const number = orders.get(entry.entityId);
      return number ? `#${number}` : null;
    }
    case "user": {
      const user = users.get(entry.entityId);
      if (user) return fullName(user) || user.email;
      const named = [text(seen?.firstName), text(seen?.lastName)].filter(Boolean).join(" ");
      return named || text(seen?.email);
    }
    case "exchange-rate":
      return `${text(seen?.fromCurrency) ?? "USD"} → ${text(seen?.toCurrency) ?? "DOP"}`;
    case "receipt-range":
      return (
        text(seen?.type) && `${text(seen?.type)} ${String(seen?.firstNumber)}–${String(seen?.lastNumber)}`
      );
    case "fiscal-data":
      return text(seen?.name);
  }
}

/** The entries with `actorName` (null once the account is gone) and `entityName` (null when nothing names it). */
export async function withNames(db: Db, entries: AuditEntry[]): Promise<NamedAuditEntry[]> {
  const users = await customersById(db, [
    ...entries.flatMap((entry) => (entry.actorId ? [entry.actorId] : [])),
    ...entries.filter((entry) => entry.entity === "user").map((entry) => entry.entityId),
  ]);
  const orders = await orderNumbersOf(
    db,
    entries.filter((entry) => entry.entity === "order").map((entry) => entry.entityId),
  );
  return entries.map((entry) => ({
    ...entry,
    actorName: (entry.actorId && fullName(users.get(entry.actorId))) || null,
    entityName: recordName(entry, users, orders),
  }));
}
