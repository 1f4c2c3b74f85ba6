/** Demo customers and about 60 past orders over the last 30 days, in every status, placed through the real order code. */
import type { OrderStatus } from "@shop/domain/constants";
import { and, asc, eq, gte } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { addresses, products, productVariants, shippingMethods, users } from "../db/schema.ts";
import { SAMPLE_ISSUER } from "../env.ts";
import { changeOrderStatus, placeOrder } from "../modules/orders/repository.ts";
import { hashPassword } from "../modules/users/passwords.ts";

const DAY = 24 * 60 * 60 * 1000;

const CUSTOMERS = [
  ["Carlos", "Martínez", "Santo Domingo Este", "Santo Domingo"],
  ["María", "Rodríguez", "Santiago de los Caballeros", "Santiago"],
  ["José", "Fernández", "La Romana", "La Romana"],
  ["Lucía", "Gómez", "Punta Cana", "La Altagracia"],
  ["Miguel", "Santana", "Puerto Plata", "Puerto Plata"],
  ["Ana", "Reyes", "San Pedro de Macorís", "San Pedro de Macorís"],
  ["Pedro", "Díaz", "Higüey", "La Altagracia"],
  ["Carmen", "Jiménez", "La Vega", "La Vega"],
] as const;

/** A small deterministic generator, so every seeded shop tells the same story. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** The status an order of that age has reached, most old orders delivered, some cancelled. */
function pathFor(daysAgo: number, roll: number): OrderStatus[] {
  if (roll < 0.1) return ["cancelled"];
  if (daysAgo > 10) return ["processing", "shipped", "delivered"];
  if (daysAgo > 5) return roll < 0.5 ? ["processing", "shipped"] : ["processing", "shipped", "delivered"];
  if (daysAgo > 2) return roll < 0.5 ? ["processing"] : ["processing", "shipped"];
  return roll < 0.6 ? [] : ["processing"];
}

export async function seedDemoOrders(db: Db, now: Date, shopperId: string, count = 60): Promise<number> {
  const passwordHash = await hashPassword("Customer123!");
  const customerIds = [shopperId];
  for (const [i, [firstName, lastName, city, province]] of CUSTOMERS.entries()) {
    const [row] = await db
      .insert(users)
      .values({
        email: `${firstName
          .normalize("NFD")
          .replace(/[\u0300-\u036f]/g, "")
          .toLowerCase()}.${lastName
          .normalize("NFD")
          .replace(/[\u0300-\u036f]/g, "")
          .toLowerCase()}@example.com`,
        passwordHash,
        firstName,
        lastName,
        role: "customer",
        createdAt: new Date(now.getTime() - (40 - i * 4) * DAY),
      })
      .returning({ id: users.id });
    await db.insert(addresses).values({
      userId: row!.id,
      streetAddress: `Calle ${i + 3} #${10 + i * 7}`,
      city,
      province,
      country: "DO",
      phone: `+1 809 555 01${10 + i}`,
      isDefault: true,
    });
    customerIds.push(row!.id);
  }

  // Only well-stocked variants, so the demo keeps its out-of-stock and low-stock examples as they are.
  const stocked = await db
    .select({ id: products.id, variantId: productVariants.id })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(gte(productVariants.quantity, 12))
    .orderBy(asc(products.createdAt), asc(products.id), asc(productVariants.position));
  const methods = await db.select().from(shippingMethods).where(eq(shippingMethods.active, true));
  if (!stocked.length || !methods.length) return 0;

  const next = random(20261121);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const couponCodes = ["WELCOME10", "SAVE5", "BEAUTY15", null, null, null, null];
  let placed = 0;
  for (let i = 0; i < count; i++) {
    // Spread over the last 30 days, oldest first.
    const daysBack = 30 - (i / count) * 30 - next() * 0.9;
    const when = new Date(now.getTime() - Math.max(daysBack, 0.05) * DAY);
    const age = (now.getTime() - when.getTime()) / DAY;
    const userId = pick(customerIds);
    const [address] = await db
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
    const lineCount = 1 + Math.floor(next() * 3);
    const items = Array.from({ length: lineCount }, () => {
      const product = pick(stocked);
      return { productId: product.id, variantId: product.variantId, quantity: 1 + Math.floor(next() * 2) };
    });
    const body = {
      items,
      addressId: address!.id,
      shippingMethodId: pick(methods).id,
      couponCode: pick(couponCodes),
      currency: next() < 0.7 ? ("DOP" as const) : ("USD" as const),
      paymentMethod: next() < 0.6 ? ("cash_on_delivery" as const) : ("bank_transfer" as const),
      phone: "+1 809 555 0100",
      note: null,
      // Every fourth buyer is a business asking for a tax-credit receipt (E31).
      fiscal: i % 4 === 3 ? { taxId: "132000005", name: "Distribuidora Ejemplo SRL" } : null,
    };
    const order = await placeOrder(db, { userId, body, now: when }).catch(() =>
      // A coupon that does not apply to this basket: the same order without it.
      placeOrder(db, { userId, body: { ...body, couponCode: null }, now: when }),
    );
    let step = 0;
    for (const status of pathFor(age, next())) {
      step += 1;
      await changeOrderStatus(db, order.order.id, status, {
        now: new Date(when.getTime() + step * 0.3 * DAY),
        issuer: async () => SAMPLE_ISSUER,
      });
    }
    placed += 1;
  }
  return placed;
}
