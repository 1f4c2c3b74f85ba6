// The admin bodies take what their records hold: dates belong to banners (and coupons), not to shipping methods.
import { describe, expect, it } from "vitest";
import { bannerInputSchema, shippingMethodInputSchema } from "./admin.ts";

describe("admin input", () => {
  it("gives a banner its dates, the end after the start", () => {
    const banner = { title: "Sale", img: "/x.svg", position: "home-hero" };
    const dated = bannerInputSchema.parse({ ...banner, startsAt: "2026-12-01T00:00:00Z", endsAt: "" });
    expect([dated.startsAt, dated.endsAt]).toEqual(["2026-12-01T00:00:00.000Z", null]);
    const backwards = bannerInputSchema.safeParse({
      ...banner,
      startsAt: "2026-12-02T00:00:00Z",
      endsAt: "2026-12-01T00:00:00Z",
    });
    expect(backwards.error?.issues.map((issue) => issue.path.join("."))).toEqual(["endsAt"]);
  });

  it("gives a shipping method no dates: it has none to keep", () => {
    const method = shippingMethodInputSchema.parse({
      name: "Economy delivery",
      price: 5,
      startsAt: "2026-12-01T00:00:00Z",
      endsAt: "2026-12-31T00:00:00Z",
    });
    expect(Object.keys(method).sort()).toEqual([
      "active",
      "description",
      "estimatedDays",
      "name",
      "price",
      "sortOrder",
    ]);
  });
});
