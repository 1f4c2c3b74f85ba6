/** A shipping method as an order prices it: found by id, and the rule the domain's shippingCents applies. */
import type { ShippingRule } from "@shop/domain/pricing";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { isUuid } from "../../db/match.ts";
import type { ShippingMethodRow } from "./repository.ts";
import { shippingMethods } from "./tables.ts";

/** The pricing rule the domain's shippingCents applies. */
export function toShippingRule(row: ShippingMethodRow): ShippingRule {
  return { priceCents: row.priceCents, freeOverCents: row.freeOverCents };
}

export async function findShippingMethod(db: Db | Tx, id: string): Promise<ShippingMethodRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(shippingMethods).where(eq(shippingMethods.id, id));
  return row;
}
