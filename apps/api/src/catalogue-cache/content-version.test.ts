/** The version of what the storefront shows: staff writes bump it before their answer leaves; reads and refusals do not. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, login, type TestShop } from "../test/app.ts";

let shop: TestShop;
let admin: Record<string, string>;

beforeAll(async () => {
  shop = await createTestShop();
  admin = (await login(shop.app, "admin")).headers;
});
afterAll(async () => {
  await shop?.close();
});

/**
 * The version once this process has heard its own announcements too: on PostgreSQL a write's NOTIFY comes back to
 * this process's listener a moment after the answer and moves the version once more (harmlessly).
 */
async function settledVersion(): Promise<number | null> {
  const deadline = Date.now() + 3000;
  let seen = shop.app.contentVersion();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    const now = shop.app.contentVersion();
    if (now === seen || Date.now() > deadline) return now;
    seen = now;
  }
}

describe("app.contentVersion()", () => {
  it("moves when staff change a banner, a coupon or the exchange rate, and not on reads or refused writes", async () => {
    const version = () => shop.app.contentVersion();
    const start = version();
    expect(start).not.toBeNull();
    await shop.app.inject({ method: "GET", url: "/api/banners", headers: admin });
    expect(version()).toBe(start);

    const banner = await shop.app.inject({
      method: "POST",
      url: "/api/banners",
      headers: admin,
      payload: {
        title: "Weekend offer",
        position: "home-hero",
        active: true,
        img: "/api/images/banner/x.svg",
      },
    });
    expect(banner.statusCode, banner.body).toBe(201);
    expect(version()!).toBeGreaterThan(start!);
    const afterBanner = (await settledVersion())!;

    const refused = await shop.app.inject({
      method: "POST",
      url: "/api/banners",
      headers: admin,
      payload: {},
    });
    expect(refused.statusCode).toBe(400);
    const anonymous = await shop.app.inject({
      method: "POST",
      url: "/api/exchange-admin/update-rate",
      payload: { rate: 60 },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(version()).toBe(afterBanner);

    const rate = await shop.app.inject({
      method: "POST",
      url: "/api/exchange-admin/update-rate",
      headers: admin,
      payload: { rate: 60.5 },
    });
    expect(rate.statusCode, rate.body).toBe(200);
    expect(version()!).toBeGreaterThan(afterBanner);
  });
});
