import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, login, type TestShop } from "../../test/app.ts";

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
  const res = await post("/api/users/register", body);
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
