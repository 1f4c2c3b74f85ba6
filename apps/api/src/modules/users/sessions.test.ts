// Access tokens die with their session: every way a session ends refuses its access tokens on the next request,
// and a refresh after it fails too. The hot path asks the database once per session, then answers from memory.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureFirstAdmin } from "../../seed/index.ts";
import { createTestShop, login, type TestShop } from "../../test/app.ts";
import { sessionLookups } from "./sessions.ts";

let shop: TestShop;
let admin: Awaited<ReturnType<typeof login>>;
beforeAll(async () => {
  shop = await createTestShop();
  admin = await login(shop.app, "admin");
});
afterAll(async () => {
  await shop.close();
});

type Session = Awaited<ReturnType<typeof login>>;
let counter = 0;
/** A new shopper, and `n` logins of theirs (from addresses of their own, so no limit is met). */
async function shopper(n = 2) {
  counter += 1;
  const credentials = { email: `ended${counter}@example.com`, password: "Ended-123!" };
  const res = await shop.app.inject({
    method: "POST",
    url: "/api/users/register",
    payload: { firstName: "Ana", lastName: "Díaz", ...credentials },
  });
  expect(res.statusCode).toBe(201);
  const sessions: Session[] = [];
  for (let i = 0; i < n; i++) sessions.push(await login(shop.app, credentials, `198.18.${counter}.${i + 1}`));
  return { id: res.json().user.id as string, credentials, sessions };
}

const profile = (session: Session) =>
  shop.app.inject({ method: "GET", url: "/api/users/profile", headers: session.headers });
const addAddress = (session: Session) =>
  shop.app.inject({
    method: "POST",
    url: `/api/users/${session.user.id}/addresses`,
    headers: session.headers,
    payload: { streetAddress: "Calle Duarte 1" },
  });
const refresh = (session: Session) =>
  shop.app.inject({
    method: "POST",
    url: "/api/users/refresh-token",
    payload: { refreshToken: session.refreshToken },
  });
const endSessions = (userId: string, headers: Record<string, string>) =>
  shop.app.inject({ method: "DELETE", url: `/api/users/${userId}/sessions`, headers });

/** The session's access token is refused, and so is its refresh token. */
async function expectEnded(session: Session) {
  const res = await profile(session);
  expect(res.statusCode).toBe(401);
  expect(res.json().message).toBe("This session has ended; log in again");
  expect((await addAddress(session)).statusCode).toBe(401);
  expect((await refresh(session)).statusCode).toBe(401);
}

describe("an access token dies with its session", () => {
  it("logout: that session's access token is refused at once, the user's other sessions go on", async () => {
    const { sessions } = await shopper();
    const [here, elsewhere] = sessions as [Session, Session];
    expect((await profile(here)).statusCode).toBe(200);
    const out = await shop.app.inject({
      method: "POST",
      url: "/api/users/logout",
      payload: { refreshToken: here.refreshToken },
    });
    expect(out.statusCode).toBe(200);
    await expectEnded(here);
    expect((await profile(elsewhere)).statusCode).toBe(200);
  });

  it("sign out of all devices: every session of the user ends, the one that asked included", async () => {
    const { id, sessions } = await shopper(3);
    const res = await endSessions(id, sessions[0]!.headers);
    expect(res.statusCode).toBe(200);
    // Three logins and the one the sign-up opened.
    expect(res.json()).toEqual({
      success: true,
      message: "You have been signed out of all devices",
      ended: 4,
    });
    for (const session of sessions) await expectEnded(session);
  });

  it("a password change ends the other sessions at once and keeps the one that changed it", async () => {
    const { credentials, sessions } = await shopper();
    const [here, elsewhere] = sessions as [Session, Session];
    expect((await profile(elsewhere)).statusCode).toBe(200);
    const changed = await shop.app.inject({
      method: "POST",
      url: "/api/users/change-password",
      headers: here.headers,
      payload: { currentPassword: credentials.password, newPassword: "Changed-456!" },
    });
    expect(changed.statusCode).toBe(200);
    await expectEnded(elsewhere);
    expect((await profile(here)).statusCode).toBe(200);
    expect((await addAddress(here)).statusCode).toBe(201);
  });

  it("a password reset ends every session at once", async () => {
    const { credentials, sessions } = await shopper();
    await shop.app.inject({
      method: "POST",
      url: "/api/users/forgot-password",
      payload: { email: credentials.email },
    });
    await shop.app.mailer.idle();
    const mail = shop.app.mailer.sent.at(-1)!;
    expect(mail.to).toBe(credentials.email);
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.text)![1]!);
    const reset = await shop.app.inject({
      method: "POST",
      url: "/api/users/reset-password",
      payload: { token, newPassword: "Reset-789!" },
    });
    expect(reset.statusCode).toBe(200);
    for (const session of sessions) await expectEnded(session);
  });

  it("a role change ends the user's sessions: a promoted shopper's old token cannot act as admin", async () => {
    const { id, credentials, sessions } = await shopper(1);
    const promoted = await shop.app.inject({
      method: "PUT",
      url: `/api/users/${id}`,
      headers: admin.headers,
      payload: { role: "admin" },
    });
    expect(promoted.statusCode).toBe(200);
    await expectEnded(sessions[0]!);
    const again = await login(shop.app, credentials, "198.18.200.1");
    expect(again.user.role).toBe("admin");
    const demoted = await shop.app.inject({
      method: "PUT",
      url: `/api/users/${id}`,
      headers: admin.headers,
      payload: { role: "customer" },
    });
    expect(demoted.statusCode).toBe(200);
    // The admin's token from before the demotion lists nobody and promotes nobody.
    const list = await shop.app.inject({ method: "GET", url: "/api/users", headers: again.headers });
    expect(list.statusCode).toBe(401);
    const promote = await shop.app.inject({
      method: "PUT",
      url: `/api/users/${id}`,
      headers: again.headers,
      payload: { role: "admin" },
    });
    expect(promote.statusCode).toBe(401);
    await expectEnded(again);
  });

  it("a promotion through ADMIN_EMAIL ends the promoted account's sessions", async () => {
    const empty = await createTestShop({ seed: false });
    try {
      const credentials = { email: "first@example.com", password: "Stranger-123!" };
      const registered = await empty.app.inject({
        method: "POST",
        url: "/api/users/register",
        payload: { firstName: "First", lastName: "Comer", ...credentials },
      });
      const before = await login(empty.app, credentials);
      expect(
        (await empty.app.inject({ method: "GET", url: "/api/users/profile", headers: before.headers }))
          .statusCode,
      ).toBe(200);
      expect(
        await ensureFirstAdmin(empty.database.db, credentials.email, "Admin-Chosen-1!", {
          promoteExisting: true,
        }),
      ).toBe("promoted");
      // The promotion happens at a process's start, outside this app: the database's announcement tells it (on
      // PGlite before the promotion returns; on PostgreSQL within moments).
      const ask = (url: string) => empty.app.inject({ method: "GET", url, headers: before.headers });
      await expect
        .poll(async () => (await ask("/api/users/profile")).statusCode, { timeout: 1000 })
        .toBe(401);
      expect((await ask("/api/users")).statusCode).toBe(401);
      const banner = await empty.app.inject({
        method: "POST",
        url: "/api/banners",
        headers: before.headers,
        payload: {},
      });
      expect(banner.statusCode).toBe(401);
      expect(
        (
          await empty.app.inject({
            method: "POST",
            url: "/api/users/refresh-token",
            payload: { refreshToken: registered.json().refreshToken },
          })
        ).statusCode,
      ).toBe(401);
    } finally {
      await empty.close();
    }
  });

  it("an admin ends a user's sessions from the back office; the user's tokens are refused at once", async () => {
    const { id, sessions } = await shopper(2);
    const res = await endSessions(id, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, ended: 3 });
    expect(res.json().message).toContain("@example.com");
    for (const session of sessions) await expectEnded(session);
    // The admin's own session goes on.
    expect((await profile(admin)).statusCode).toBe(200);
  });

  it("a refresh token reused after its rotation ends the session's access tokens too", async () => {
    const { sessions } = await shopper(1);
    const session = sessions[0]!;
    const first = await refresh(session);
    expect(first.statusCode).toBe(200);
    const rotated = { authorization: `Bearer ${first.json().token}` };
    expect((await refresh(session)).statusCode).toBe(401);
    const res = await shop.app.inject({ method: "GET", url: "/api/users/profile", headers: rotated });
    expect(res.statusCode).toBe(401);
    expect((await profile(session)).statusCode).toBe(401);
  });

  it("a deleted account's tokens open nothing", async () => {
    const { id, sessions } = await shopper(1);
    const res = await shop.app.inject({
      method: "DELETE",
      url: `/api/users/${id}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect((await profile(sessions[0]!)).statusCode).toBe(401);
  });

  it("a session ended by SQL alone (a script, an operator) is refused within moments: the database announces it", async () => {
    const { id, sessions } = await shopper(1);
    expect((await profile(sessions[0]!)).statusCode).toBe(200);
    await shop.database.db.execute(
      sql`update refresh_tokens set revoked_at = now() where user_id = ${id} and revoked_at is null`,
    );
    // Nobody waits for this announcement (decision 030): it is heard as soon as it arrives, not before.
    await expect.poll(async () => (await profile(sessions[0]!)).statusCode, { timeout: 15_000 }).toBe(401);
  });
});

describe("ending sessions: who may, and bad input", () => {
  it("refuses a shopper ending another user's sessions (403) and changes nothing", async () => {
    const victim = await shopper(1);
    const other = await shopper(1);
    const res = await endSessions(victim.id, other.sessions[0]!.headers);
    expect(res.statusCode).toBe(403);
    expect((await profile(victim.sessions[0]!)).statusCode).toBe(200);
  });

  it("answers 401 without a token, 404 for an unknown or malformed user id", async () => {
    const { id } = await shopper(0);
    expect((await shop.app.inject({ method: "DELETE", url: `/api/users/${id}/sessions` })).statusCode).toBe(
      401,
    );
    const unknown = await endSessions("00000000-0000-4000-8000-000000000000", admin.headers);
    expect(unknown.statusCode).toBe(404);
    expect((await endSessions("not-a-uuid", admin.headers)).statusCode).toBe(404);
  });

  it("refuses a token without a session, even signed with the shop's key", async () => {
    const { sessions } = await shopper(1);
    const { SignJWT } = await import("jose");
    const token = await new SignJWT({ role: "customer" })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(sessions[0]!.user.id)
      .setIssuer("shop-api")
      .setAudience("shop")
      .setIssuedAt()
      .setExpirationTime("15m")
      .sign(new TextEncoder().encode(shop.app.env.JWT_SECRET));
    const res = await shop.app.inject({
      method: "GET",
      url: "/api/users/profile",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("the hot path", () => {
  it("asks the database once per session, then answers from memory until a session of that user ends", async () => {
    const { sessions } = await shopper(1);
    const session = sessions[0]!;
    const before = sessionLookups(shop.database.db);
    for (let i = 0; i < 20; i++) expect((await profile(session)).statusCode).toBe(200);
    expect(sessionLookups(shop.database.db) - before).toBe(1);
  });
});
