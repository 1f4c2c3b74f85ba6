/** The sample shop's coupons: one of each kind of rule, dated around `now` so the demo always has live and expired ones. */
import type { Db } from "../../db/client.ts";
import { coupons } from "./tables.ts";

const DAY = 24 * 60 * 60 * 1000;

type CouponValues = typeof coupons.$inferInsert;

/** Dates are in days from `now`; null means open-ended. */
function sampleCoupons(now: Date): CouponValues[] {
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  return [
    {
      code: "WELCOME10",
      title: "10% off your order",
      kind: "percent",
      valuePercent: 10,
      startsAt: at(-30),
      endsAt: at(90),
    },
    {
      code: "SAVE5",
      title: "Savings on your next order",
      kind: "fixed",
      valueCents: 500,
      minOrderCents: 3000,
      startsAt: at(-30),
      endsAt: at(60),
    },
    {
      code: "BIG50",
      title: "Big savings on a big order",
      kind: "fixed",
      valueCents: 5000,
      minOrderCents: 40000,
      endsAt: at(45),
    },
    {
      code: "BEAUTY15",
      title: "15% off beauty products",
      kind: "percent",
      valuePercent: 15,
      productType: "beauty",
      startsAt: at(-15),
      endsAt: at(30),
    },
    {
      code: "FIRST3",
      title: "20% off for the first three shoppers",
      kind: "percent",
      valuePercent: 20,
      usageLimit: 3,
      perCustomerLimit: 1,
    },
    {
      code: "SUMMER25",
      title: "Summer sale: 25% off",
      kind: "percent",
      valuePercent: 25,
      startsAt: at(-120),
      endsAt: at(-30),
    },
    {
      code: "NAVIDAD20",
      title: "Christmas: 20% off jewelry",
      kind: "percent",
      valuePercent: 20,
      productType: "jewelry",
      startsAt: at(20),
      endsAt: at(50),
    },
    {
      code: "STAFF40",
      title: "Staff discount (paused)",
      kind: "percent",
      valuePercent: 40,
      perCustomerLimit: 2,
      active: false,
    },
  ];
}

/** Inserts the sample coupons; a code that already exists is left as it is, so seeding twice adds nothing. */
export async function seedCoupons(db: Db, now: Date): Promise<(typeof coupons.$inferSelect)[]> {
  return db
    .insert(coupons)
    .values(sampleCoupons(now))
    .onConflictDoNothing({ target: coupons.code })
    .returning();
}
