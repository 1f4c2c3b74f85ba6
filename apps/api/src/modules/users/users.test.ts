import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, login, type TestShop } from "../../test/app.ts";
import { PASSWORD_REFUSED } from "./passwords.ts";

let shop: TestShop;
let shopperSession: Awaited<ReturnType<typeof login>>;
let adminSession: Awaited<ReturnType<typeof login>>;
beforeAll(async () => {
  shop = await createTestShop();
  shopperSession = await login(shop.app, "shopper");
  adminSession = await login(shop.app, "admin");
});
afterAll(async () => {
  await shop.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  shop.app.inject({ method: "POST", url, payload, headers });

let counter = 0;
async function register(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const body = {
    firstName: "Rosa",
    lastName: "Pérez",
    email: `rosa${counter}@example.com`,
    password: "Secret123!",
    ...overrides,
  };
  // Each from an address of its own, so the file's many sign-ups stay under the per-address limit.
  const res = await shop.app.inject({
    method: "POST",
    url: "/api/users/register",
    payload: body,
    remoteAddress: `10.9.${Math.floor(counter / 200)}.${counter % 200}`,
  });
  return { res, body };
}

describe("registration", () => {
  it("creates a customer and answers a session", async () => {
    const { res, body } = await register();
    expect(res.statusCode).toBe(201);
    const session = res.json();
    expect(session.token).toEqual(expect.any(String));
    expect(session.refreshToken).toEqual(expect.any(String));
    expect(session.user).toMatchObject({ email: body.email, role: "customer", firstName: "Rosa" });
    expect(session.user.userId).toBe(session.user.id);
    expect(JSON.stringify(session)).not.toContain("password");
  });

  it("cannot set a role or an id", async () => {
    const { res } = await register({ role: "admin", id: "00000000-0000-0000-0000-000000000001" });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.role).toBe("customer");
    expect(res.json().user.id).not.toBe("00000000-0000-0000-0000-000000000001");
  });

  it("refuses a taken email with 409", async () => {
    const { res } = await register({ email: "SHOPPER@shop.test" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("An account with this email already exists");
  });

  it.each([
    [{ password: "short" }, "body.password: must be at least 8 characters"],
    [{ email: "not-an-email" }, "body.email: must be a valid email address"],
    [{ firstName: "" }, "body.firstName"],
    [{ firstName: 42 }, "body.firstName"],
  ])("refuses %j with a 400 naming the field", async (overrides, message) => {
    const { res } = await register(overrides);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
});

describe("login", () => {
  it("answers token, refreshToken and user", async () => {
    const res = await post("/api/users/login", { email: "shopper@shop.test", password: "Shopper123!" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { email: "shopper@shop.test", role: "customer" } });
    expect(res.json().user.addresses).toHaveLength(2);
  });

  it("gives the same answer for an unknown email and a wrong password", async () => {
    const wrong = await post("/api/users/login", { email: "admin@shop.test", password: "nope-nope" });
    const unknown = await post("/api/users/login", { email: "nobody@shop.test", password: "nope-nope" });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe("Invalid email or password");
    expect(unknown.json().message).toBe(wrong.json().message);
  });

  it("rate-limits repeated attempts per address and email with 429", async () => {
    const email = "ratelimited@shop.test";
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      codes.push((await post("/api/users/login", { email, password: "wrong-password" })).statusCode);
    }
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(codes[10]).toBe(429);
    const other = await post("/api/users/login", { email: "admin@shop.test", password: "Admin123!" });
    expect(other.statusCode).toBe(200);
  });
});

describe("login limits per address", () => {
  it("stops one address trying passwords on many emails, and leaves other addresses alone", async () => {
    const attempt = (email: string, remoteAddress: string) =>
      shop.app.inject({
        method: "POST",
        url: "/api/users/login",
        payload: { email, password: "guessing-123" },
        remoteAddress,
      });
    const codes: number[] = [];
    for (let i = 0; i < 30; i++)
      codes.push((await attempt(`victim${i}@example.com`, "203.0.113.7")).statusCode);
    expect(codes).toEqual(Array(30).fill(401));
    const blocked = await attempt("victim-new@example.com", "203.0.113.7");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many attempts; try again in \d+ (seconds|minutes?)$/);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    expect((await attempt("victim-new@example.com", "203.0.113.8")).statusCode).toBe(401);
  });
});

describe("sessions that must end", () => {
  const put = (url: string, payload: object, headers: Record<string, string>) =>
    shop.app.inject({ method: "PUT", url, payload, headers });
  const refresh = (refreshToken: string) => post("/api/users/refresh-token", { refreshToken });

  it("a demoted admin cannot make themself admin again, and their sessions end", async () => {
    const { res, body } = await register();
    const id = res.json().user.id;
    expect((await put(`/api/users/${id}`, { role: "admin" }, adminSession.headers)).statusCode).toBe(200);
    const former = await login(shop.app, body, "198.51.100.20");
    expect(former.user.role).toBe("admin");
    expect((await put(`/api/users/${id}`, { role: "customer" }, adminSession.headers)).statusCode).toBe(200);

    // The access token from before the demotion still says admin, but its session has ended: refused at once.
    const back = await put(`/api/users/${id}`, { role: "admin" }, former.headers);
    expect(back.statusCode).toBe(401);
    const list = await shop.app.inject({ method: "GET", url: "/api/users", headers: former.headers });
    expect(list.statusCode).toBe(401);
    const profile = await shop.app.inject({
      method: "GET",
      url: "/api/users/profile",
      headers: former.headers,
    });
    expect(profile.statusCode).toBe(401);
    expect((await refresh(former.refreshToken)).statusCode).toBe(401);
    // Logged in again, they are a shopper: the database says so, and wins.
    const now = await login(shop.app, body, "198.51.100.24");
    expect(now.user.role).toBe("customer");
    expect((await put(`/api/users/${id}`, { role: "admin" }, now.headers)).statusCode).toBe(403);
    expect(
      (await shop.app.inject({ method: "GET", url: "/api/users", headers: now.headers })).statusCode,
    ).toBe(403);
  });

  it("a promotion ends the promoted user's sessions, so their next token carries the new role", async () => {
    const { res, body } = await register();
    const session = res.json();
    expect(
      (await put(`/api/users/${session.user.id}`, { role: "admin" }, adminSession.headers)).statusCode,
    ).toBe(200);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    expect((await login(shop.app, body, "198.51.100.21")).user.role).toBe("admin");
    // Back to a shopper, so the demo admin stays the shop's only admin for the tests below.
    expect(
      (await put(`/api/users/${session.user.id}`, { role: "customer" }, adminSession.headers)).statusCode,
    ).toBe(200);
  });

  it("changing the password ends the user's other sessions and keeps the one that changed it", async () => {
    const { body } = await register();
    const here = await login(shop.app, body, "198.51.100.22");
    const elsewhere = await login(shop.app, body, "198.51.100.23");
    const changed = await post(
      "/api/users/change-password",
      { currentPassword: body.password, newPassword: "Changed-123!" },
      here.headers,
    );
    expect(changed.statusCode).toBe(200);
    expect((await refresh(elsewhere.refreshToken)).statusCode).toBe(401);
    const renewed = await refresh(here.refreshToken);
    expect(renewed.statusCode).toBe(200);
    // The session goes on through its rotated tokens, too.
    const headers = { authorization: `Bearer ${renewed.json().token}` };
    expect((await shop.app.inject({ method: "GET", url: "/api/users/profile", headers })).statusCode).toBe(
      200,
    );
    expect((await refresh(renewed.json().newRefreshToken)).statusCode).toBe(200);
  });
});

describe("tokens", () => {
  it("refreshes once; reusing a spent refresh token ends the whole login", async () => {
    const session = await login(shop.app, "shopper");
    const first = await post("/api/users/refresh-token", { refreshToken: session.refreshToken });
    expect(first.statusCode).toBe(200);
    const { token, newRefreshToken } = first.json();
    expect(token).toEqual(expect.any(String));
    expect(newRefreshToken).not.toBe(session.refreshToken);

    const replay = await post("/api/users/refresh-token", { refreshToken: session.refreshToken });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toContain("already used");

    // The rotated token was in the same family, so it is revoked too.
    const after = await post("/api/users/refresh-token", { refreshToken: newRefreshToken });
    expect(after.statusCode).toBe(401);
  });

  it("logout revokes the refresh token", async () => {
    const session = await login(shop.app, "shopper");
    expect((await post("/api/users/logout", { refreshToken: session.refreshToken })).statusCode).toBe(200);
    const res = await post("/api/users/refresh-token", { refreshToken: session.refreshToken });
    expect(res.statusCode).toBe(401);
  });

  it("refuses a forged or garbage token with 401", async () => {
    const res = await shop.app.inject({
      method: "GET",
      url: "/api/users/profile",
      headers: { authorization: "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0." },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("The token is not valid; log in again");
  });
});

describe("profile and passwords", () => {
  it("answers the caller's profile with addresses, 401 without a token", async () => {
    const session = shopperSession;
    const res = await shop.app.inject({ method: "GET", url: "/api/users/profile", headers: session.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe("shopper@shop.test");
    expect((await shop.app.inject({ method: "GET", url: "/api/users/profile" })).statusCode).toBe(401);
  });

  it("changes the password with the current one, refuses a wrong current one", async () => {
    const { body } = await register();
    const session = await login(shop.app, body);
    const wrong = await post(
      "/api/users/change-password",
      { currentPassword: "not-it-at-all", newPassword: "Another123!" },
      session.headers,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe("The current password is not correct");
    const ok = await post(
      "/api/users/change-password",
      { currentPassword: body.password, newPassword: "Another123!" },
      session.headers,
    );
    expect(ok.statusCode).toBe(200);
    expect((await post("/api/users/login", { email: body.email, password: "Another123!" })).statusCode).toBe(
      200,
    );
    const unauth = await post("/api/users/change-password", {
      currentPassword: "a",
      newPassword: "Another123!",
    });
    expect(unauth.statusCode).toBe(401);
  });

  it("resets a forgotten password with a one-time token and ends old sessions", async () => {
    const { body } = await register();
    const old = await login(shop.app, body);
    const sentBefore = shop.app.mailer.sent.length;
    const unknown = await post("/api/users/forgot-password", { email: "nobody-here@example.com" });
    const known = await post("/api/users/forgot-password", { email: body.email });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    await shop.app.mailer.idle();
    expect(shop.app.mailer.sent.length).toBe(sentBefore + 1);
    const mail = shop.app.mailer.sent.at(-1)!;
    expect(mail.to).toBe(body.email);
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.text)![1]!);

    const reset = await post("/api/users/reset-password", { token, newPassword: "Brand-new-1" });
    expect(reset.statusCode).toBe(200);
    const again = await post("/api/users/reset-password", { token, newPassword: "Brand-new-2" });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toContain("invalid, already used or expired");
    expect((await post("/api/users/login", { email: body.email, password: "Brand-new-1" })).statusCode).toBe(
      200,
    );
    expect((await post("/api/users/refresh-token", { refreshToken: old.refreshToken })).statusCode).toBe(401);
  });
});

describe("reset links", () => {
  /** Asks for a reset link and reads it from the mail, once the mail has gone. */
  async function resetLink(email: string) {
    const before = shop.app.mailer.sent.length;
    expect((await post("/api/users/forgot-password", { email })).statusCode).toBe(200);
    await shop.app.mailer.idle();
    const mail = shop.app.mailer.sent.slice(before).find((m) => m.to === email);
    return decodeURIComponent(/token=([^\s]+)/.exec(mail!.text)![1]!);
  }
  const reset = (token: string, newPassword: string) =>
    post("/api/users/reset-password", { token, newPassword });

  it("work once, and only the newest: a newer link, a reset or a password change ends every older one", async () => {
    const { body } = await register();
    const first = await resetLink(body.email);
    const second = await resetLink(body.email);
    // The older mail no longer resets anything; the newer one does, once.
    expect((await reset(first, "Older-link-1")).statusCode).toBe(400);
    expect((await reset(second, "Newer-link-1")).statusCode).toBe(200);
    expect((await reset(second, "Newer-link-2")).statusCode).toBe(400);

    // Links asked for before a password change stop working with it.
    const third = await resetLink(body.email);
    const session = await login(shop.app, { email: body.email, password: "Newer-link-1" });
    const changed = await post(
      "/api/users/change-password",
      { currentPassword: "Newer-link-1", newPassword: "Changed-by-owner-1" },
      session.headers,
    );
    expect(changed.statusCode).toBe(200);
    const late = await reset(third, "Taken-back-1");
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toContain("invalid, already used or expired");
    expect(
      (await post("/api/users/login", { email: body.email, password: "Changed-by-owner-1" })).statusCode,
    ).toBe(200);
    // The owner's session lives on: an old mail ended nothing.
    expect(
      (await shop.app.inject({ method: "GET", url: "/api/users/profile", headers: session.headers }))
        .statusCode,
    ).toBe(200);
  });

  it("from two mails at once leave one that works", async () => {
    const { body } = await register();
    const before = shop.app.mailer.sent.length;
    await Promise.all([1, 2].map(() => post("/api/users/forgot-password", { email: body.email })));
    await shop.app.mailer.idle();
    const tokens = shop.app.mailer.sent
      .slice(before)
      .filter((m) => m.to === body.email)
      .map((m) => decodeURIComponent(/token=([^\s]+)/.exec(m.text)![1]!));
    expect(tokens).toHaveLength(2);
    const answers = [];
    for (const token of tokens) answers.push((await reset(token, "One-of-two-1")).statusCode);
    expect(answers.sort()).toEqual([200, 400]);
  });
});

describe("signing up with a taken email", () => {
  it("answers 409 as before, and mails the email's owner that someone tried, after the answer", async () => {
    const { body } = await register();
    const before = shop.app.mailer.sent.length;
    const again = await post("/api/users/register", {
      ...body,
      firstName: "Intruso",
      password: "Someone-else-1",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("EMAIL_TAKEN");
    await shop.app.mailer.idle();
    const mails = shop.app.mailer.sent.slice(before);
    expect(mails).toEqual([
      expect.objectContaining({ to: body.email, subject: "Someone tried to sign up with your email" }),
    ]);
    expect(mails[0]!.text).toContain("Your account has not changed");
    // The owner's password still opens the account.
    expect((await post("/api/users/login", { email: body.email, password: body.password })).statusCode).toBe(
      200,
    );
  });

  it("is limited per email from any address, which also caps the owner's mails", async () => {
    const { body } = await register();
    const before = shop.app.mailer.sent.length;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await shop.app.inject({
        method: "POST",
        url: "/api/users/register",
        payload: { ...body, password: "Someone-else-1" },
        remoteAddress: `192.0.2.${20 + i}`,
      });
      statuses.push(res.statusCode);
    }
    // The first sign-up counted once: four more tries are answered, then the email waits.
    expect(statuses).toEqual([409, 409, 409, 409, 429, 429]);
    await shop.app.mailer.idle();
    expect(shop.app.mailer.sent.slice(before).filter((m) => m.to === body.email)).toHaveLength(4);
  });
});

describe("users: self or admin", () => {
  it("lets an admin list users with react-admin parameters and X-Total-Count", async () => {
    const admin = adminSession;
    const res = await shop.app.inject({
      method: "GET",
      url: `/api/users?sort=${encodeURIComponent('["email","ASC"]')}&range=${encodeURIComponent("[0,1]")}&filter=${encodeURIComponent('{"q":"shop.test"}')}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((u: { email: string }) => u.email)).toEqual([
      "admin@shop.test",
      "shopper@shop.test",
    ]);
    expect(res.headers["x-total-count"]).toBe("2");
    expect(res.headers["x-page-size"]).toBe("2");
    expect(res.headers["content-range"]).toBe("items 0-1/2");
    const cors = await shop.app.inject({
      method: "GET",
      url: "/api/users",
      headers: { ...admin.headers, origin: "http://localhost:5174" },
    });
    expect(cors.headers["access-control-allow-origin"]).toBe("http://localhost:5174");
    expect(cors.headers["access-control-expose-headers"]).toContain("X-Total-Count");
    const stranger = await shop.app.inject({
      method: "GET",
      url: "/api/users",
      headers: { ...admin.headers, origin: "https://evil.example" },
    });
    expect(stranger.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("refuses a shopper the user list (403) and an unknown sort field (400)", async () => {
    const shopper = shopperSession;
    const admin = adminSession;
    expect(
      (await shop.app.inject({ method: "GET", url: "/api/users", headers: shopper.headers })).statusCode,
    ).toBe(403);
    const bad = await shop.app.inject({
      method: "GET",
      url: `/api/users?sort=${encodeURIComponent('["passwordHash","ASC"]')}`,
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("Cannot sort by 'passwordHash'");
  });

  it("lets a shopper rename themself but not change their role or email, nor touch others", async () => {
    const shopper = shopperSession;
    const admin = adminSession;
    const me = shopper.user.userId;
    const put = (payload: object) =>
      shop.app.inject({ method: "PUT", url: `/api/users/${me}`, headers: shopper.headers, payload });
    const role = await put({ firstName: "Sofi", role: "admin" });
    expect(role.statusCode).toBe(403);
    expect(role.json().message).toBe("You cannot change your own role; another admin can");
    const email = await put({ firstName: "Sofi", email: "evil@example.com" });
    expect(email.statusCode).toBe(403);
    expect(email.json().message).toBe("Only an admin can change an email address");
    const unchanged = await shop.app.inject({
      method: "GET",
      url: `/api/users/${me}`,
      headers: shopper.headers,
    });
    expect(unchanged.json()).toMatchObject({
      firstName: "Sofía",
      role: "customer",
      email: "shopper@shop.test",
    });

    // Sending the role and email they already have (a whole profile form) is fine.
    const res = await put({ firstName: "Sofi", role: "customer", email: "shopper@shop.test" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: "Sofi", role: "customer", email: "shopper@shop.test" });
    const other = await shop.app.inject({
      method: "GET",
      url: `/api/users/${admin.user.userId}`,
      headers: shopper.headers,
    });
    expect(other.statusCode).toBe(403);
  });

  it("lets an admin change another user's role, never their own, and never remove the last admin", async () => {
    const admin = adminSession;
    const { res } = await register();
    const id = res.json().user.id;
    const promoted = await shop.app.inject({
      method: "PUT",
      url: `/api/users/${id}`,
      headers: admin.headers,
      payload: { role: "admin" },
    });
    expect(promoted.json().role).toBe("admin");
    const demoted = await shop.app.inject({
      method: "PUT",
      url: `/api/users/${id}`,
      headers: admin.headers,
      payload: { role: "customer" },
    });
    expect(demoted.json().role).toBe("customer");
    const self = await shop.app.inject({
      method: "PUT",
      url: `/api/users/${admin.user.userId}`,
      headers: admin.headers,
      payload: { role: "customer" },
    });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe("You cannot change your own role; another admin can");
    const lastAdmin = await shop.app.inject({
      method: "DELETE",
      url: `/api/users/${admin.user.userId}`,
      headers: admin.headers,
      payload: { password: "Admin123!" },
    });
    expect(lastAdmin.statusCode).toBe(409);
    expect(lastAdmin.json().message).toContain("at least one admin");
    const stillAdmin = await shop.app.inject({
      method: "GET",
      url: "/api/users/profile",
      headers: admin.headers,
    });
    expect(stillAdmin.json().role).toBe("admin");
  });

  it("refuses an admin removing their own admin role even when another admin remains", async () => {
    const { res } = await register();
    const other = res.json().user.id;
    const promote = (id: string, role: string, headers = adminSession.headers) =>
      shop.app.inject({ method: "PUT", url: `/api/users/${id}`, headers, payload: { role } });
    expect((await promote(other, "admin")).json().role).toBe("admin");

    const self = await promote(adminSession.user.userId, "customer");
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe("You cannot change your own role; another admin can");
    const names = await shop.app.inject({
      method: "PUT",
      url: `/api/users/${adminSession.user.userId}`,
      headers: adminSession.headers,
      payload: { firstName: adminSession.user.firstName, role: "admin" },
    });
    expect(names.statusCode).toBe(200);
    expect((await promote(other, "customer")).json().role).toBe("customer");
  });

  it("answers 404 for an unknown user and deletes an account without orders", async () => {
    const admin = adminSession;
    const missing = await shop.app.inject({
      method: "GET",
      url: "/api/users/00000000-0000-4000-8000-000000000000",
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(404);
    const { res } = await register();
    const id = res.json().user.id;
    const del = await shop.app.inject({ method: "DELETE", url: `/api/users/${id}`, headers: admin.headers });
    expect(del.statusCode).toBe(200);
    expect(del.json().id).toBe(id);
  });
});

describe("addresses", () => {
  it("takes only the countries the shop delivers to, refusing others with a 400 naming the field", async () => {
    const { body } = await register();
    const session = await login(shop.app, body);
    const base = `/api/users/${session.user.userId}/addresses`;
    const refused = await post(base, { streetAddress: "Rue 1", country: "FR" }, session.headers);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain("body.country: must be a country the shop delivers to");
    const accepted = await post(base, { streetAddress: "Calle 1", country: "pr" }, session.headers);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().country).toBe("PR");
  });

  it("keeps exactly one default through add, set default and delete", async () => {
    const { body } = await register();
    const session = await login(shop.app, body);
    const base = `/api/users/${session.user.userId}/addresses`;
    const a = await post(base, { streetAddress: "Calle 1" }, session.headers);
    expect(a.statusCode).toBe(201);
    expect(a.json()).toMatchObject({ isDefault: true, country: "DO" });
    const b = await post(base, { streetAddress: "Calle 2", city: "Santiago" }, session.headers);
    expect(b.json().isDefault).toBe(false);

    const set = await shop.app.inject({
      method: "PUT",
      url: `${base}/${b.json().addressId}/default`,
      headers: session.headers,
    });
    expect(set.statusCode).toBe(200);
    expect(
      set
        .json()
        .filter((x: { isDefault: boolean }) => x.isDefault)
        .map((x: { addressId: string }) => x.addressId),
    ).toEqual([b.json().addressId]);

    const del = await shop.app.inject({
      method: "DELETE",
      url: `${base}/${b.json().addressId}`,
      headers: session.headers,
    });
    expect(del.statusCode).toBe(200);
    const list = await shop.app.inject({ method: "GET", url: base, headers: session.headers });
    expect(list.json()).toEqual([
      expect.objectContaining({ addressId: a.json().addressId, isDefault: true }),
    ]);

    const put = await shop.app.inject({
      method: "PUT",
      url: `${base}/${a.json().addressId}`,
      headers: session.headers,
      payload: { streetAddress: "Calle 1 bis", postalCode: "10101" },
    });
    expect(put.json()).toMatchObject({ streetAddress: "Calle 1 bis", postalCode: "10101", isDefault: true });
  });

  it("refuses other users' addresses, missing street and unknown ids", async () => {
    const shopper = shopperSession;
    const { body } = await register();
    const other = await login(shop.app, body);
    const theirs = `/api/users/${shopper.user.userId}/addresses`;
    expect((await post(theirs, { streetAddress: "x" }, other.headers)).statusCode).toBe(403);
    expect((await shop.app.inject({ method: "GET", url: theirs, headers: other.headers })).statusCode).toBe(
      403,
    );
    expect((await post(theirs, { streetAddress: "x" })).statusCode).toBe(401);
    const mine = `/api/users/${other.user.userId}/addresses`;
    const missing = await post(mine, { city: "Santiago" }, other.headers);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain("body.streetAddress");
    const unknown = await shop.app.inject({
      method: "DELETE",
      url: `${mine}/not-an-id`,
      headers: other.headers,
    });
    expect(unknown.statusCode).toBe(404);
    const stolen = shopper.user.addresses?.[0]?.addressId;
    expect(stolen).toEqual(expect.any(String));
    const cross = await shop.app.inject({
      method: "DELETE",
      url: `${mine}/${stolen}`,
      headers: other.headers,
    });
    expect(cross.statusCode).toBe(404);
  });
});

describe("answers that depend on who asks", () => {
  it("are kept by no cache (Cache-Control: no-store): the profile, orders, a sign-in's tokens, a refusal", async () => {
    const get = (url: string, headers: Record<string, string> = {}) =>
      shop.app.inject({ method: "GET", url, headers });
    const answers = [
      await get("/api/users/profile", shopperSession.headers),
      await get(`/api/users/${shopperSession.user.userId}`, shopperSession.headers),
      await get(`/api/users/${shopperSession.user.userId}/addresses`, shopperSession.headers),
      await get("/api/orders", shopperSession.headers),
      await get("/api/users", adminSession.headers),
      await get("/api/users/profile"),
      await post("/api/users/login", { email: "shopper@shop.test", password: "Shopper123!" }),
      await post("/api/users/refresh-token", { refreshToken: "not-a-token" }),
      // A public route answered to someone who sent a token may have been answered for them.
      await get("/api/product?pageSize=1", shopperSession.headers),
    ];
    for (const res of answers) {
      expect(res.headers["cache-control"], `${res.statusCode} ${res.body.slice(0, 60)}`).toBe("no-store");
    }
    // The catalogue asked anonymously is the same for everyone, and left to the caches' own rules.
    expect((await get("/api/product?pageSize=1")).headers["cache-control"]).toBeUndefined();
  });
});

describe("deleting one's own account", () => {
  const remove = (userId: string, headers: Record<string, string>, payload?: object) =>
    shop.app.inject({
      method: "DELETE",
      url: `/api/users/${userId}`,
      headers,
      ...(payload ? { payload } : {}),
    });

  it("asks for the password: the access token alone, or a wrong password, deletes nothing", async () => {
    const { res, body } = await register();
    const id = res.json().user.id;
    const session = await login(shop.app, body, "192.0.2.91");
    const bare = await remove(id, session.headers);
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({
      code: "PASSWORD_REQUIRED",
      message: "Enter your password to delete your account",
    });
    const wrong = await remove(id, session.headers, { password: "not-my-password" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: "PASSWORD_WRONG", message: "The password is not correct" });
    expect(
      (await shop.app.inject({ method: "GET", url: "/api/users/profile", headers: session.headers }))
        .statusCode,
    ).toBe(200);

    const done = await remove(id, session.headers, { password: body.password });
    expect(done.statusCode).toBe(200);
    expect(done.json().id).toBe(id);
    const gone = await shop.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { email: body.email, password: body.password },
      remoteAddress: "192.0.2.94",
    });
    expect(gone.statusCode).toBe(401);
  });

  it("lets an admin delete another's account without that account's password", async () => {
    const { res } = await register();
    const id = res.json().user.id;
    expect((await remove(id, adminSession.headers)).statusCode).toBe(200);
  });
});

describe("a login's lifetime", () => {
  /** Moves a login's end (and its token's) to `ms` from now, as if it had been started that long ago. */
  async function endsIn(refreshToken: string, ms: number) {
    const { refreshTokens } = await import("../../db/schema.ts");
    const { hashToken } = await import("./tokens.ts");
    const { eq } = await import("drizzle-orm");
    const at = new Date(Date.now() + ms);
    await shop.app.db
      .update(refreshTokens)
      .set({ sessionExpiresAt: at, expiresAt: at })
      .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
  }
  const refresh = (refreshToken: string) => post("/api/users/refresh-token", { refreshToken });

  it("is 30 days for a shopper and 12 hours for an admin, counted from the sign-in, not renewed by refreshing", async () => {
    const { SESSION_LIFETIME_MS } = await import("./tokens.ts");
    const { refreshTokens } = await import("../../db/schema.ts");
    const { eq } = await import("drizzle-orm");
    const { decodeJwt } = await import("jose");
    const ends = async (token: string) => {
      const [row] = await shop.app.db
        .select({ end: refreshTokens.sessionExpiresAt, own: refreshTokens.expiresAt })
        .from(refreshTokens)
        .where(eq(refreshTokens.familyId, decodeJwt(token).sid as string))
        .orderBy(refreshTokens.createdAt);
      return row!;
    };
    const started = Date.now();
    const shopper = await login(shop.app, "shopper", "192.0.2.92");
    const admin = await login(shop.app, "admin", "192.0.2.92");
    const shopperEnd = (await ends(shopper.token)).end.getTime();
    const adminEnd = (await ends(admin.token)).end.getTime();
    expect(shopperEnd - started).toBeGreaterThanOrEqual(SESSION_LIFETIME_MS.customer - 1000);
    expect(shopperEnd - started).toBeLessThan(SESSION_LIFETIME_MS.customer + 5000);
    expect(adminEnd - started).toBeGreaterThanOrEqual(12 * 60 * 60 * 1000 - 1000);
    expect(adminEnd - started).toBeLessThan(12 * 60 * 60 * 1000 + 5000);
    // The admin's refresh token ends with the login, not 30 days on.
    expect((await ends(admin.token)).own.getTime()).toBe(adminEnd);
    const renewed = await refresh(admin.refreshToken);
    expect(renewed.statusCode).toBe(200);
    expect((await ends(renewed.json().token)).end.getTime()).toBe(adminEnd);
  });

  it("ends when it ends: the refresh is refused and the user signs in again; the access token lasts no longer", async () => {
    const session = await login(shop.app, "shopper", "192.0.2.93");
    await endsIn(session.refreshToken, 60_000);
    const last = await refresh(session.refreshToken);
    expect(last.statusCode).toBe(200);
    const { decodeJwt } = await import("jose");
    const { exp } = decodeJwt(last.json().token);
    expect(exp! * 1000).toBeLessThanOrEqual(Date.now() + 61_000);

    await endsIn(last.json().newRefreshToken, -1000);
    const over = await refresh(last.json().newRefreshToken);
    expect(over.statusCode).toBe(401);
    expect(over.json().message).toBe("The refresh token is not valid or has expired; log in again");
    expect((await login(shop.app, "shopper", "192.0.2.93")).token).toEqual(expect.any(String));
  });
});

describe("new passwords (NIST SP 800-63B)", () => {
  it("refuses a common or breached one, the email, or one character repeated, saying why, at sign-up", async () => {
    for (const [password, why] of [
      ["12345678", PASSWORD_REFUSED.common],
      ["password", PASSWORD_REFUSED.common],
      ["PassWord123", PASSWORD_REFUSED.common],
      ["iloveyou2", PASSWORD_REFUSED.common],
      ["zzzzzzzzzz", PASSWORD_REFUSED.repeated],
    ] as const) {
      const { res } = await register({ password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toMatchObject({ code: "PASSWORD_REFUSED", message: why });
    }
    counter += 1;
    const email = `luciamartinez${counter}@example.com`;
    for (const password of [email, `LuciaMartinez${counter}`]) {
      const { res } = await register({ email, password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().message, password).toBe(PASSWORD_REFUSED.email);
    }
    // Length and an uncommon choice are enough: no rule about kinds of characters.
    expect((await register({ password: "tortuga mango puente" })).res.statusCode).toBe(201);
    const short = await register({ password: "Ab1!xyz" });
    expect(short.res.statusCode).toBe(400);
    expect(short.res.json().message).toContain("body.password: must be at least 8 characters");
  });

  it("refuses them on a password change and a reset too, changing nothing", async () => {
    const { body } = await register();
    const session = await login(shop.app, body, "192.0.2.95");
    const change = await post(
      "/api/users/change-password",
      { currentPassword: body.password, newPassword: "qwertyuiop" },
      session.headers,
    );
    expect(change.statusCode).toBe(400);
    expect(change.json()).toMatchObject({ code: "PASSWORD_REFUSED", message: PASSWORD_REFUSED.common });

    const before = shop.app.mailer.sent.length;
    await post("/api/users/forgot-password", { email: body.email });
    await shop.app.mailer.idle();
    const mail = shop.app.mailer.sent.slice(before).find((m) => m.to === body.email)!;
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.text)![1]!);
    const refused = await post("/api/users/reset-password", { token, newPassword: "sunshine1" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(PASSWORD_REFUSED.common);
    // The link was not spent by the refusal, and the old password still works until it is.
    expect(
      (await post("/api/users/reset-password", { token, newPassword: "Nuevo-Puente-9" })).statusCode,
    ).toBe(200);
  });
});
