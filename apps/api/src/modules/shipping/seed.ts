/**
 * The sample shop's delivery options, worded for shoppers in the Dominican Republic and priced by speed: the slower
 * the delivery, the less it costs (economy, then standard, then express).
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { shippingMethods } from "./tables.ts";

export const SEED_SHIPPING_METHODS = [
  {
    name: "Standard delivery",
    description: "Delivered to your door anywhere in the Dominican Republic.",
    priceCents: 499,
    freeOverCents: null,
    estimatedDays: "3-5",
    sortOrder: 1,
  },
  {
    name: "Express delivery",
    description: "Priority courier to Santo Domingo, Santiago and the main cities.",
    priceCents: 1499,
    freeOverCents: null,
    estimatedDays: "1-2",
    sortOrder: 2,
  },
  {
    name: "Economy delivery",
    description: "Economy delivery nationwide, free on larger orders.",
    priceCents: 299,
    freeOverCents: 7500,
    estimatedDays: "4-7",
    sortOrder: 3,
  },
] as const;

/** Inserts the three methods; one that already exists by name is left alone, so seeding twice adds nothing. */
export async function seedShippingMethods(db: Db): Promise<(typeof shippingMethods.$inferSelect)[]> {
  const rows: (typeof shippingMethods.$inferSelect)[] = [];
  for (const method of SEED_SHIPPING_METHODS) {
    const [existing] = await db.select().from(shippingMethods).where(eq(shippingMethods.name, method.name));
    if (existing) {
      rows.push(existing);
      continue;
    }
    const [row] = await db
      .insert(shippingMethods)
      .values({ ...method, active: true })
      .returning();
    rows.push(row!);
  }
  return rows;
}
