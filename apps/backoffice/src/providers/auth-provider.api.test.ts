// The auth provider against the real API: admins in, shoppers refused with nothing kept, errors, identity, access.
import { describe, expect, it } from "vitest";
import { backOffice, DEMO } from "../test/api.ts";
import { AUTH_MESSAGES, initials } from "./auth-provider.ts";

describe("login", () => {
  it("lets an admin in: the session is kept, every route is allowed, the identity has name and initials", async () => {
    const bo = backOffice();
    await bo.authProvider.login(DEMO.admin);

    await expect(bo.authProvider.checkAuth({})).resolves.toBeUndefined();
    await expect(bo.authProvider.canAccess!({ action: "list", resource: "products" })).resolves.toBe(true);
    await expect(bo.authProvider.canAccess!({ action: "delete", resource: "users" })).resolves.toBe(true);
    const identity = await bo.authProvider.getIdentity!();
    expect(identity.fullName).toMatch(/\S+ \S+/);
    expect(identity.avatar).toMatch(/^data:image\/svg\+xml,/);
    expect(decodeURIComponent(identity.avatar!)).toContain(`>${initials(bo.store.getUser()!)}</text>`);
    expect(await bo.authProvider.getPermissions!({})).toBe("admin");
  });

  it("refuses a shopper with a clear message and keeps no session", async () => {
    const bo = backOffice();
    const error = await bo.authProvider.login(DEMO.shopper).catch((e: Error) => e);

    expect((error as Error).message).toBe(AUTH_MESSAGES.notAdmin);
    expect([bo.store.getToken(), bo.store.getRefreshToken(), bo.store.getUser()]).toEqual([null, null, null]);
    // The shopper's refresh token was revoked on the server, not just forgotten.
    expect(bo.requests).toEqual(["POST /users/login", "POST /users/logout"]);
    await expect(bo.authProvider.checkAuth({})).rejects.toEqual({ message: false });
    await expect(bo.authProvider.canAccess!({ action: "list", resource: "products" })).resolves.toBe(false);
  });

  it("answers wrong credentials with its own message", async () => {
    const bo = backOffice();
    const error = await bo.authProvider
      .login({ username: DEMO.admin.username, password: "not the password" })
      .catch((e: Error) => e);
    expect((error as Error).message).toBe(AUTH_MESSAGES.invalidCredentials);
    expect(bo.store.getToken()).toBeNull();
  });
});

describe("a session", () => {
  it("logs out: the refresh token is revoked and the session forgotten", async () => {
    const bo = backOffice();
    await bo.authProvider.login(DEMO.admin);
    const refreshToken = bo.store.getRefreshToken()!;
    await bo.authProvider.logout({});

    expect(bo.store.getToken()).toBeNull();
    await expect(bo.authProvider.checkAuth({})).rejects.toEqual({ message: false });
    const reuse = await fetch(`${bo.apiUrl}/users/refresh-token`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ refreshToken }),
    });
    expect(reuse.status).toBe(401);
  });

  it("after the shared refresh fails, a 401 ends the session; a 403 logs out; other errors keep it", async () => {
    const bo = backOffice();
    await bo.authProvider.login(DEMO.admin);
    bo.store.setToken("expired.or.forged");
    bo.store.setRefreshToken("revoked");

    const error = await bo.dataProvider
      .getOne("users", { id: bo.store.getUserId()! })
      .catch((e: unknown) => e);
    expect((error as { status: number }).status).toBe(401);
    expect(bo.store.getToken()).toBeNull();
    await expect(bo.authProvider.checkError(error)).rejects.toEqual({ message: false });

    await expect(bo.authProvider.checkError({ status: 500 })).resolves.toBeUndefined();
    await expect(bo.authProvider.checkError({ status: 404 })).resolves.toBeUndefined();

    const bo2 = backOffice();
    await bo2.authProvider.login(DEMO.admin);
    await expect(bo2.authProvider.checkError({ status: 403 })).rejects.toEqual({
      message: AUTH_MESSAGES.notAdmin,
    });
    expect(bo2.store.getToken()).toBeNull();
  });
});
