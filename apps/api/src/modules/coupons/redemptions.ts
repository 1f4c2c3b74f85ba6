/**
 * A coupon as an order uses it: found and locked while the order is placed, redeemed once the order exists, and
 * released when the order is cancelled. The orders module calls these inside its own transaction.
 */
import { couponMessages } from "@shop/domain/messages";
import type { CouponRule } from "@shop/domain/pricing";
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { badRequest, conflict } from "../../http-errors.ts";
import { customerCouponUses, findCouponByCode, toCouponRule } from "./repository.ts";
import { couponRedemptions, coupons } from "./tables.ts";

/** The coupon an order asks for, with the customer's past uses of it: what orderTotals checks it against. */
export interface OrderCoupon {
  id: string;
  rule: CouponRule;
  customerUses: number;
}

/**
 * The coupon of `code`, locked until the transaction ends so that its usage counts cannot be raced by a concurrent
 * order; a code nobody has is a 400.
 */
export async function couponForOrder(tx: Tx, code: string, userId: string): Promise<OrderCoupon> {
  const found = await findCouponByCode(tx, code);
  if (!found) throw badRequest(couponMessages.notFound(code.toUpperCase()), "COUPON_NOT_FOUND");
  await tx.execute(sql`select id from ${coupons} where ${coupons.id} = ${found.id} for update`);
  const [fresh] = await tx.select().from(coupons).where(eq(coupons.id, found.id));
  return {
    id: fresh!.id,
    rule: toCouponRule(fresh!),
    customerUses: await customerCouponUses(tx, fresh!.id, userId),
  };
}

/** Counts one use of the coupon by the order, or throws 409 when its usage limit has been reached meanwhile. */
export async function redeem(tx: Tx, coupon: OrderCoupon, userId: string, orderId: string): Promise<void> {
  const [used] = await tx
    .update(coupons)
    .set({ timesUsed: sql`${coupons.timesUsed} + 1` })
    .where(
      and(
        eq(coupons.id, coupon.id),
        sql`(${coupons.usageLimit} is null or ${coupons.timesUsed} < ${coupons.usageLimit})`,
      ),
    )
    .returning({ id: coupons.id });
  if (!used) throw conflict(`Coupon ${coupon.rule.code} has been used up`, "COUPON_USED-UP");
  await tx.insert(couponRedemptions).values({ couponId: coupon.id, userId, orderId });
}

/** Gives back the uses a cancelled order made of its coupon, once: the redemption rows go with them. */
export async function release(tx: Tx, orderId: string, couponId: string): Promise<void> {
  const released = await tx
    .delete(couponRedemptions)
    .where(eq(couponRedemptions.orderId, orderId))
    .returning({ id: couponRedemptions.id });
  if (released.length) {
    await tx
      .update(coupons)
      .set({ timesUsed: sql`greatest(${coupons.timesUsed} - ${released.length}, 0)` })
      .where(eq(coupons.id, couponId));
  }
}
