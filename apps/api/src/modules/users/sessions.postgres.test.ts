// Behind a load balancer: two API instances on one PostgreSQL, each keeping sessions in memory. A session ended
// through one is refused by the other on the very next request, though the other had just answered it from memory.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../../app.ts";
import { openDatabase } from "../../db/client.ts";
import { ensureFirstAdmin } from "../../seed/index.ts";
import {
  createTestShop,
  engine,
  login,
  type SecondInstance,
  secondInstance,
  type TestShop,
} from "../../test/app.ts";
import { sessionLookups } from "./sessions.ts";

type Session = Awaited<ReturnType<typeof login>>;

describe.runIf(engine === "postgres")("sessions ended in one API process, refused by another at once", () => {
  let shop: TestShop;
  let second: SecondInstance;
  let admin: Session;
  let counter = 0;

  beforeAll(async () => {
    shop = await createTestShop();
    second = await secondInstance(shop);
    admin = await login(shop.app, "admin");
  });
  afterAll(async () => {
    await second.close();
    await shop.close();
  });

  async function shopper(n: number) {
    counter += 1;
    const credentials = { email: `two-${counter}@example.com`, password: "Two-Procs-1!" };
    const res = await shop.app.inject({
      method: "POST",
      url: "/api/users/register",
      payload: { firstName: "Luis", lastName: "Peña", ...credentials },
    });
    expect(res.statusCode).toBe(201);
    const sessions: Session[] = [];
    for (let i = 0; i < n; i++)
      sessions.push(await login(shop.app, credentials, `198.19.${counter}.${i + 1}`));
    return { id: res.json().user.id as string, credentials, sessions };
  }

  /** Asks the second process, which keeps what it learns in memory. */
  const profileOnSecond = (session: Session) =>
    second.app.inject({ method: "GET", url: "/api/users/profile", headers: session.headers });

  /** The second process answers from memory: it asked the database once for the session, and no more. */
  async function warm(session: Session) {
    expect((await profileOnSecond(session)).statusCode).toBe(200);
    const asked = sessionLookups(second.database.db);
    expect((await profileOnSecond(session)).statusCode).toBe(200);
    expect(sessionLookups(second.database.db)).toBe(asked);
  }

  async function refusedOnSecond(session: Session) {
    const res = await profileOnSecond(session);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("This session has ended; log in again");
    const refresh = await second.app.inject({
      method: "POST",
      url: "/api/users/refresh-token",
      payload: { refreshToken: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
  }

  it("a logout through the first", async () => {
    for (let round = 0; round < 5; round++) {
      const { sessions } = await shopper(1);
      await warm(sessions[0]!);
      const out = await shop.app.inject({
        method: "POST",
        url: "/api/users/logout",
        payload: { refreshToken: sessions[0]!.refreshToken },
      });
      expect(out.statusCode).toBe(200);
      await refusedOnSecond(sessions[0]!);
    }
  });

  it("signing out of all devices, and a password change, through the first", async () => {
    const all = await shopper(2);
    for (const session of all.sessions) await warm(session);
    const ended = await shop.app.inject({
      method: "DELETE",
      url: `/api/users/${all.id}/sessions`,
      headers: all.sessions[0]!.headers,
    });
    expect(ended.statusCode).toBe(200);
    for (const session of all.sessions) await refusedOnSecond(session);

    const changing = await shopper(2);
    const [here, elsewhere] = changing.sessions as [Session, Session];
    await warm(here);
    await warm(elsewhere);
    const changed = await shop.app.inject({
      method: "POST",
      url: "/api/users/change-password",
      headers: here.headers,
      payload: { currentPassword: changing.credentials.password, newPassword: "Two-Procs-2!" },
    });
    expect(changed.statusCode).toBe(200);
    await refusedOnSecond(elsewhere);
    expect((await profileOnSecond(here)).statusCode).toBe(200);
  });

  it("a role change and an admin ending the sessions, through the first", async () => {
    const promoted = await shopper(1);
    await warm(promoted.sessions[0]!);
    const put = await shop.app.inject({
      method: "PUT",
      url: `/api/users/${promoted.id}`,
      headers: admin.headers,
      payload: { role: "admin" },
    });
    expect(put.statusCode).toBe(200);
    await refusedOnSecond(promoted.sessions[0]!);
    const back = await shop.app.inject({
      method: "PUT",
      url: `/api/users/${promoted.id}`,
      headers: admin.headers,
      payload: { role: "customer" },
    });
    expect(back.statusCode).toBe(200);

    const target = await shopper(2);
    for (const session of target.sessions) await warm(session);
    const ended = await shop.app.inject({
      method: "DELETE",
      url: `/api/users/${target.id}/sessions`,
      headers: admin.headers,
    });
    expect(ended.statusCode).toBe(200);
    for (const session of target.sessions) await refusedOnSecond(session);
  });

  it("a promotion through ADMIN_EMAIL at another process's start, on a shop without an admin", async () => {
    const empty = await createTestShop({ seed: false });
    const other = await openDatabase({ url: empty.url!, dataDir: "", poolSize: 2 });
    const otherApp = await buildApp({ env: empty.app.env, database: other, logger: false });
    await otherApp.ready();
    try {
      const credentials = { email: "first-comer@example.com", password: "First-Comer-1!" };
      await empty.app.inject({
        method: "POST",
        url: "/api/users/register",
        payload: { firstName: "First", lastName: "Comer", ...credentials },
      });
      const before = await login(empty.app, credentials);
      const ask = (app: App, url: string) => app.inject({ method: "GET", url, headers: before.headers });
      expect((await ask(otherApp, "/api/users/profile")).statusCode).toBe(200);
      // The start of a third process promotes the account (ADMIN_EMAIL, ADMIN_PROMOTE_EXISTING=true).
      const starting = await openDatabase({ url: empty.url!, dataDir: "", poolSize: 1 });
      try {
        expect(
          await ensureFirstAdmin(starting.db, credentials.email, "Admin-Chosen-1!", {
            promoteExisting: true,
          }),
        ).toBe("promoted");
      } finally {
        await starting.close();
      }
      // No request of the running processes made it, so none waited for the announcement: it arrives within moments.
      await expect
        .poll(async () => (await ask(otherApp, "/api/users/profile")).statusCode, {
          timeout: 1000,
          interval: 5,
        })
        .toBe(401);
      expect((await ask(otherApp, "/api/users")).statusCode).toBe(401);
    } finally {
      await otherApp.close();
      await other.close();
      await empty.close();
    }
  });
});
