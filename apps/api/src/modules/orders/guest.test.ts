// Checkout as a guest through the real routes: an order with an e-mail and no account, its page opened by the signed
// link its mail carries (and by nothing else), paid by card through that link, the order limits counted per e-mail,
// and a later sign-up with that e-mail reaching the orders once the mailbox's owner chooses a password.
import type { Order, Product, ShippingMethod } from "@shop/domain/schemas/public";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Mail } from "../../mail/mailer.ts";
import { createTestShop, type TestShop } from "../../test/app.ts";

let shop: TestShop;
let catalogue: Product[];
let methods: ShippingMethod[];
const sent: Mail[] = [];

beforeAll(async () => {
  shop = await createTestShop({ env: { ORDERS_PER_HOUR_PER_ACCOUNT: "3" } });
  catalogue = (await shop.app.inject({ method: "GET", url: "/api/product?pageSize=100" })).json();
  methods = (await shop.app.inject({ method: "GET", url: "/api/shipping" })).json();
  const send = shop.app.mailer.send.bind(shop.app.mailer);
  shop.app.mailer.send = async (mail: Mail) => {
    sent.push(mail);
    return send(mail);
  };
  shop.app.mailer.later = (_what, compose) => {
    void Promise.resolve(compose()).then((mail) => {
      if (mail) sent.push(mail);
    });
  };
});
afterAll(async () => {
  await shop.close();
});

const product = () =>
  catalogue.find((p) => p.variants.some((v) => v.quantity >= 20) && p.status === "in-stock")!;
const variant = () => product().variants.find((v) => v.quantity >= 20)!;

function guestOrder(email: string, extra: Record<string, unknown> = {}, remoteAddress = "198.51.100.7") {
  return shop.app.inject({
    method: "POST",
    url: "/api/orders/guest",
    remoteAddress,
    payload: {
      email,
      firstName: "Rosa",
      lastName: "Peralta",
      items: [{ productId: product().id, variantId: variant().id, quantity: 1 }],
      shippingAddress: { streetAddress: "Calle Isabel la Católica 20", city: "Santo Domingo", country: "DO" },
      shippingMethodId: methods[0]!.id,
      currency: "DOP",
      paymentMethod: "bank_transfer",
      phone: "809-555-0123",
      ...extra,
    },
  });
}

describe("a guest's order", () => {
  it("needs no account; its page opens through the signed link in its mail, and through nothing else", async () => {
    const email = `rosa-${Date.now()}@example.com`;
    const res = await guestOrder(email);
    expect(res.statusCode, res.body).toBe(201);
    const { order, token } = res.json() as { order: Order; token: string };
    expect(order).toMatchObject({ customerEmail: email, customerName: "Rosa Peralta", status: "pending" });

    await expect.poll(() => sent.find((m) => m.to === email && m.subject.includes("is placed"))).toBeTruthy();
    const mail = sent.find((m) => m.to === email && m.subject.includes("is placed"))!;
    const link = new URL(/https?:\/\/\S+\/order\?\S+/.exec(mail.text)![0]);
    expect(link.searchParams.get("id")).toBe(order.id);
    expect(link.searchParams.get("token")).toBe(token);

    const view = (t: string) =>
      shop.app.inject({ method: "GET", url: `/api/orders/${order.id}/view?token=${t}` });
    expect((await view(token)).json()).toMatchObject({ id: order.id, orderNumber: order.orderNumber });
    // One character changed (never to itself: a token may already end in "A") is refused.
    const altered = `${token.slice(0, -1)}${token.endsWith("A") ? "E" : "A"}`;
    expect((await view(altered)).statusCode).toBe(404);
    expect((await view("x")).statusCode).toBe(404);
    // The same signature does not open another order.
    const other = (await guestOrder(email)).json() as { order: Order };
    const crossed = await shop.app.inject({
      method: "GET",
      url: `/api/orders/${other.order.id}/view?token=${token}`,
    });
    expect(crossed.statusCode).toBe(404);
    // Nor does the order answer without a session on the signed-in routes.
    expect((await shop.app.inject({ method: "GET", url: `/api/orders/${order.id}` })).statusCode).toBe(401);
  });

  it("is paid by card through its link", async () => {
    const res = await guestOrder(`card-${Date.now()}@example.com`, { paymentMethod: "card" });
    const { order, token } = res.json() as { order: Order; token: string };
    const pay = await shop.app.inject({ method: "POST", url: `/api/orders/${order.id}/pay?token=${token}` });
    expect(pay.statusCode, pay.body).toBe(200);
    expect(pay.json().fields.Amount).toBe(String(Math.round(order.totalsInCurrency.total * 100)));
    expect((await shop.app.inject({ method: "POST", url: `/api/orders/${order.id}/pay` })).statusCode).toBe(
      404,
    );
  });

  it("takes a new address only, and refuses what is missing with a message naming the field", async () => {
    const missing = await guestOrder("", {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain("email");
    const saved = await guestOrder(`saved-${Date.now()}@example.com`, { addressId: crypto.randomUUID() });
    expect(saved.statusCode).toBe(400);
  });

  it("counts the order limits per e-mail, whatever the address", async () => {
    const email = `limit-${Date.now()}@example.com`;
    for (const address of ["198.51.100.20", "198.51.100.21", "198.51.100.22"]) {
      expect((await guestOrder(email, {}, address)).statusCode).toBe(201);
    }
    const fourth = await guestOrder(email, {}, "198.51.100.23");
    expect(fourth.statusCode).toBe(429);
  });

  it("shows in the account once the mailbox's owner signs up and chooses a password", async () => {
    const email = `later-${Date.now()}@example.com`;
    const { order } = (await guestOrder(email)).json() as { order: Order };
    // A guest's account has no password: nobody signs in to it.
    const login = (password: string) =>
      shop.app.inject({ method: "POST", url: "/api/users/login", payload: { email, password } });
    expect((await login("guest:no-password")).statusCode).toBe(401);

    const signUp = await shop.app.inject({
      method: "POST",
      url: "/api/users/register",
      payload: { firstName: "Rosa", lastName: "Peralta", email, password: "Rosa-Later-2026!" },
    });
    expect(signUp.statusCode).toBe(409);
    await expect
      .poll(() => sent.find((m) => m.to === email && m.subject === "Choose a password to see your orders"))
      .toBeTruthy();
    const mail = sent.find((m) => m.to === email && m.subject === "Choose a password to see your orders")!;
    const token = new URL(/https?:\/\/\S+\/reset-password\?\S+/.exec(mail.text)![0]).searchParams.get(
      "token",
    )!;
    const reset = await shop.app.inject({
      method: "POST",
      url: "/api/users/reset-password",
      payload: { token, newPassword: "Rosa-Later-2026!" },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const signedIn = await login("Rosa-Later-2026!");
    expect(signedIn.statusCode).toBe(200);
    const mine = await shop.app.inject({
      method: "GET",
      url: "/api/orders",
      headers: { authorization: `Bearer ${signedIn.json().token}` },
    });
    expect((mine.json() as Order[]).map((o) => o.id)).toContain(order.id);
  });
});
