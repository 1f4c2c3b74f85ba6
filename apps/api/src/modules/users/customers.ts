/**
 * Accounts as the other modules see them: a customer's name and email (orders, reviews), a saved address an order
 * ships to, the orders' search and sort by customer, and the dashboard's new customers. Read through these, never
 * through the users' tables.
 */
import type { User } from "@shop/domain/schemas/public";
import {
  and,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lt,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { isUuid } from "../../db/match.ts";
import { toUser } from "./repository.ts";
import { addresses, users } from "./tables.ts";

/** Who a customer is, as orders and reviews show them. */
export interface Customer {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** The customers of `ids` by id (one query, whatever the number). */
export async function customersById(db: Db | Tx, ids: readonly string[]): Promise<Map<string, Customer>> {
  const wanted = [...new Set(ids)].filter(isUuid);
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
}

/** One customer, or undefined for an id nobody has. */
export async function findCustomer(db: Db | Tx, id: string): Promise<Customer | undefined> {
  return (await customersById(db, [id])).get(id);
}

/** The ids of the customers whose email, first or last name is like `pattern` (an ILIKE pattern), as a subquery. */
export function customersLike(db: Db, pattern: string) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(or(ilike(users.email, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern)));
}

/** The email of the customer whose id is in `userId`, for sorting by it. */
export function customerEmailOf(userId: SQLWrapper): SQL {
  return sql`(select ${users.email} from ${users} where ${users.id} = ${userId})`;
}

/** An address as an order keeps it. */
export type SavedAddress = Pick<
  typeof addresses.$inferSelect,
  "streetAddress" | "city" | "province" | "postalCode" | "country" | "phone"
>;

/** One of the customer's saved addresses, or undefined when `addressId` is not theirs. */
export async function savedAddress(
  db: Db | Tx,
  userId: string,
  addressId: string,
): Promise<SavedAddress | undefined> {
  if (!isUuid(addressId)) return undefined;
  const [row] = await db
    .select({
      streetAddress: addresses.streetAddress,
      city: addresses.city,
      province: addresses.province,
      postalCode: addresses.postalCode,
      country: addresses.country,
      phone: addresses.phone,
    })
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
  return row;
}

/** The customers who signed up in [from, end): how many, and the newest `limit`. */
export async function newCustomers(
  db: Db,
  from: Date,
  end: Date,
  limit: number,
): Promise<{ count: number; recent: User[] }> {
  const inPeriod = and(eq(users.role, "customer"), gte(users.createdAt, from), lt(users.createdAt, end));
  const [[counted], recent] = await Promise.all([
    db.select({ n: count() }).from(users).where(inPeriod),
    db.select().from(users).where(inPeriod).orderBy(desc(users.createdAt), desc(users.id)).limit(limit),
  ]);
  return { count: counted?.n ?? 0, recent: recent.map((row) => toUser(row)) };
}

/** The password of an account made for a guest's order: no password verifies against it. */
export const GUEST_PASSWORD = "guest:no-password";

/**
 * The account a guest's order belongs to: the one with that e-mail (a guest's earlier one, or a shopper's), or a new
 * one with no password. The guest becomes its owner by choosing a password through a reset link mailed to them.
 */
export async function guestCustomer(
  db: Db,
  input: { email: string; firstName: string; lastName: string },
): Promise<string> {
  const email = input.email.toLowerCase();
  const [found] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (found) return found.id;
  const [made] = await db
    .insert(users)
    .values({ email, firstName: input.firstName, lastName: input.lastName, passwordHash: GUEST_PASSWORD })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (made) return made.id;
  // Two guest orders with one new e-mail at once: the other made the account.
  const [other] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return other!.id;
}
