// Account calls against the real API: login, registration, logout, passwords, users, addresses, and their error texts.
import { accountMessages } from "@shop/domain/messages";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../errors.ts";
import { DEMO, freshShopper, type TestClient, testClient, uniqueEmail } from "../test/helpers.ts";
import { createMemoryTokenStore, createStorageTokenStore } from "../token-store.ts";

const RANDOM_UUID = "3f0b9a52-5c1e-4f7e-9a51-8f2d1c0e7b64";

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("the demo shopper's session", () => {
  // One login for the whole file: the login route allows 10 attempts a minute per email.
  const t = testClient();
  beforeAll(async () => {
    await t.client.auth.login(DEMO.shopper);
  });

  it("keeps token, refresh token, user and userId after login", () => {
    const user = t.store.getUser();
    expect(user).toMatchObject({ email: DEMO.shopper.email, firstName: "Sofía", role: "customer" });
    expect(t.store.getUserId()).toBe(user!.userId);
    expect(t.store.getToken()).toMatch(/^ey/);
    expect(t.store.getRefreshToken()).toBeTruthy();
    expect(t.client.auth.isLoggedIn()).toBe(true);
    expect(t.client.auth.isAdmin()).toBe(false);
    expect(t.client.auth.user()?.email).toBe(DEMO.shopper.email);
  });

  it("loads the profile and the user by id with the bearer token", async () => {
    const profile = await t.client.users.profile();
    expect(profile).toMatchObject({ email: DEMO.shopper.email, lastName: "Shopper" });
    expect(t.requests.at(-1)!.headers.get("Authorization")).toBe(`Bearer ${t.store.getToken()}`);
    const byId = await t.client.users.get(profile.userId);
    expect(byId.email).toBe(DEMO.shopper.email);
  });

  it("lists the shopper's two addresses", async () => {
    const addresses = await t.client.addresses.list();
    expect(addresses.map((a) => [a.streetAddress, a.isDefault])).toEqual([
      ["Calle El Conde 105", true],
      ["Av. 27 de Febrero 48", false],
    ]);
  });

  it("names the status when a user cannot be loaded", async () => {
    const error = await failure(t.client.users.get(RANDOM_UUID));
    expect(error.message).toBe("Error cargando datos del usuario: 403");
    expect(error.status).toBe(403);
  });

  it("names the status when the addresses cannot be fetched", async () => {
    const other = testClient({
      store: createMemoryTokenStore({ token: t.store.getToken(), userId: RANDOM_UUID }),
    });
    const error = await failure(other.client.addresses.list());
    expect(error.message).toBe(accountMessages.addressFetchError(403));
    expect(error.message).toBe("Error fetching addresses: 403");
  });
});

describe("login and registration", () => {
  it("refuses a wrong password with the status and the body, and never tries a refresh", async () => {
    const t = testClient({ store: createMemoryTokenStore({ refreshToken: "left-over" }) });
    const error = await failure(t.client.auth.login({ email: uniqueEmail(), password: "wrong-password" }));
    expect(error.status).toBe(401);
    expect(error.message).toBe(
      'Error de inicio de sesión: 401 - {"statusCode":401,"error":"Unauthorized","message":"Invalid email or password"}',
    );
    expect(error.body).toEqual({
      statusCode: 401,
      error: "Unauthorized",
      message: "Invalid email or password",
    });
    expect(t.count("POST", "/users/refresh-token")).toBe(0);
    expect(t.expired()).toBe(0);
  });

  it("registers and keeps the session the registration answered, without logging in again", async () => {
    const t = testClient();
    const email = uniqueEmail("new");
    const session = await t.client.auth.register({
      firstName: "Nuevo",
      lastName: "Cliente",
      email,
      password: "Nuevo-Pass-1",
    });
    expect(session.user).toMatchObject({ email, firstName: "Nuevo", lastName: "Cliente", role: "customer" });
    expect(t.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /users/register"]);
    expect(t.store.getToken()).toBe(session.token);
    expect(t.store.getRefreshToken()).toBe(session.refreshToken);
    expect(t.store.getUserId()).toBe(session.user.userId);
    expect((await t.client.users.profile()).email).toBe(email);
  });

  it("refuses a taken email with the registration error", async () => {
    const t = testClient();
    const error = await failure(
      t.client.auth.register({ firstName: "Copy", lastName: "Cat", ...DEMO.shopper, password: "Another-1" }),
    );
    expect(error.status).toBe(409);
    expect(error.message).toBe(
      'Error de registro: 409 - {"statusCode":409,"error":"Conflict","message":"An account with this email already exists","code":"EMAIL_TAKEN"}',
    );
    expect(t.store.getToken()).toBeNull();
  });

  it("restores a session kept in browser storage", async () => {
    const storage = new Map<string, string>();
    const fakeStorage = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    };
    const first = testClient({ store: createStorageTokenStore(fakeStorage) });
    const { email } = await freshShopper(first, "Stored");
    expect(storage.get("token")).toBe(first.store.getToken());
    // A reload: a new client over the same storage is still logged in.
    const reloaded = testClient({ store: createStorageTokenStore(fakeStorage) });
    expect(reloaded.client.auth.user()?.email).toBe(email);
    expect((await reloaded.client.users.profile()).email).toBe(email);
  });
});

describe("logout", () => {
  it("revokes the refresh token and clears token, refresh token, user and userId", async () => {
    const t = testClient();
    await freshShopper(t, "Leaving");
    const refreshToken = t.store.getRefreshToken()!;
    await t.client.auth.logout();
    expect(t.count("POST", "/users/logout")).toBe(1);
    expect([t.store.getToken(), t.store.getRefreshToken(), t.store.getUser(), t.store.getUserId()]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    // The server forgot it too: the old refresh token buys nothing.
    const other = testClient({ store: createMemoryTokenStore({ refreshToken }) });
    expect(await other.client.auth.refresh()).toBe(false);
  });
});

describe("sessions that end elsewhere", () => {
  it("signing out of all devices ends this session and another device's: its next call refreshes, is refused, and the store is cleared", async () => {
    const here = testClient();
    const { email, password } = await freshShopper(here, "Everywhere");
    const there = testClient();
    await there.client.auth.login({ email, password });
    expect((await there.client.users.profile()).email).toBe(email);

    const answer = await here.client.auth.logoutEverywhere();
    expect(answer).toMatchObject({
      success: true,
      message: "You have been signed out of all devices",
      ended: 2,
    });
    expect(here.store.getToken()).toBeNull();

    // The other device's access token is refused at once; its refresh is refused too; it is signed out.
    const error = await failure(there.client.users.profile());
    expect(error.status).toBe(401);
    expect(there.count("POST", "/users/refresh-token")).toBe(1);
    expect(there.expired()).toBe(1);
    expect([there.store.getToken(), there.store.getRefreshToken(), there.store.getUser()]).toEqual([
      null,
      null,
      null,
    ]);
  });

  it("deleting one's account asks for its password; then the session is forgotten with a logout", async () => {
    const here = testClient();
    const { email, password } = await freshShopper(here, "Leaving");
    const wrong = await failure(here.client.auth.deleteAccount({ password: "not-my-password" }));
    expect(wrong.status).toBe(400);
    expect((await here.client.users.profile()).email).toBe(email);
    const deleted = await here.client.auth.deleteAccount({ password });
    expect(deleted.email).toBe(email);
    await here.client.auth.logout();
    expect(here.store.getToken()).toBeNull();
    expect((await failure(here.client.auth.login({ email, password }))).status).toBe(401);
  });

  it("a password change on one device sends the other to sign in on its next call", async () => {
    const here = testClient();
    const { email, password } = await freshShopper(here, "Changing");
    const there = testClient();
    await there.client.auth.login({ email, password });
    await here.client.auth.changePassword({ currentPassword: password, newPassword: "Changed-Pass-456" });
    expect((await failure(there.client.users.profile())).status).toBe(401);
    expect(there.expired()).toBe(1);
    // The device that changed it goes on.
    expect((await here.client.users.profile()).email).toBe(email);
  });

  it("an admin ends a shopper's sessions", async () => {
    const shopper = testClient();
    const { session } = await freshShopper(shopper, "Ended");
    const admin = testClient();
    await admin.client.auth.login(DEMO.admin);
    const answer = await admin.client.users.endSessions(session.user.userId);
    expect(answer).toMatchObject({ success: true, ended: 1 });
    expect((await failure(shopper.client.users.profile())).status).toBe(401);
    expect(shopper.expired()).toBe(1);
    // A shopper may not end someone else's.
    const other = testClient();
    await freshShopper(other, "Other");
    expect((await failure(other.client.users.endSessions(admin.store.getUserId()!))).status).toBe(403);
  });
});

describe("passwords", () => {
  let t: TestClient;
  let credentials: { email: string; password: string };
  beforeAll(async () => {
    t = testClient();
    credentials = await freshShopper(t, "Changer");
  });

  it("changes the password, and the new one logs in", async () => {
    const answer = await t.client.auth.changePassword({
      currentPassword: credentials.password,
      newPassword: "Changed-Pass-2",
    });
    expect(answer).toEqual({ success: true, message: "Password changed" });
    const again = testClient();
    const session = await again.client.auth.login({ email: credentials.email, password: "Changed-Pass-2" });
    expect(session.user.email).toBe(credentials.email);
  });

  it("reports 'Error changing password' when the server refuses", async () => {
    const error = await failure(
      t.client.auth.changePassword({ currentPassword: "not-the-password", newPassword: "Whatever-Pass-3" }),
    );
    expect(error.message).toBe("Error changing password");
    expect(error.status).toBe(400);
    expect(error.body).toMatchObject({ message: "The current password is not correct" });
  });

  it("refuses to change a password without a token, before any request", async () => {
    const anonymous = testClient();
    const error = await failure(
      anonymous.client.auth.changePassword({ currentPassword: "a", newPassword: "Whatever-Pass-3" }),
    );
    expect(error.message).toBe("No autorizado");
    expect(anonymous.requests).toHaveLength(0);
  });

  it("asks for a reset link", async () => {
    const answer = await t.client.auth.forgotPassword("someone@example.com");
    expect(answer).toEqual({
      success: true,
      message:
        "If an account exists for that email, we have sent a link to reset the password. It is valid for one hour.",
    });
  });

  it("refuses an invalid reset token with the generic API error", async () => {
    // The real token only reaches the (in-memory) mailbox; the success path is in the unit tests.
    const error = await failure(t.client.auth.resetPassword("not-a-real-token", "Reset-Pass-4"));
    expect(error.message).toBe(
      "API Error: 400 - This reset link is invalid, already used or expired; ask for a new one",
    );
  });
});

describe("users", () => {
  it("renames oneself and keeps the stored user in step", async () => {
    const t = testClient();
    const { session } = await freshShopper(t, "Before");
    const user = await t.client.users.update(session.user.userId, { firstName: "After" });
    expect(user.firstName).toBe("After");
    expect(t.store.getUser()?.firstName).toBe("After");
  });

  it("fails to load the profile without a session with the user-load text", async () => {
    const t = testClient();
    const error = await failure(t.client.users.profile());
    expect(error.message).toBe("Error cargando datos del usuario: 401");
    expect(t.count("POST", "/users/refresh-token")).toBe(0);
  });
});

describe("addresses of a new account", () => {
  let t: TestClient;
  beforeAll(async () => {
    t = testClient();
    await freshShopper(t, "Mover");
  });

  it("adds, updates, makes default and deletes addresses", async () => {
    const first = await t.client.addresses.add({ streetAddress: "Calle Duarte 12", city: "La Romana" });
    expect(first).toMatchObject({ streetAddress: "Calle Duarte 12", country: "DO", isDefault: true });
    const second = await t.client.addresses.add({ streetAddress: "Av. España 7", phone: "809-555-0000" });
    expect(second.isDefault).toBe(false);

    const updated = await t.client.addresses.update(second.addressId, {
      streetAddress: "Av. España 9",
      city: "Boca Chica",
    });
    expect(updated).toMatchObject({ addressId: second.addressId, streetAddress: "Av. España 9" });
    expect(updated.city).toBe("Boca Chica");

    const all = await t.client.addresses.setDefault(second.addressId);
    expect(all.map((a) => [a.addressId, a.isDefault])).toEqual(
      expect.arrayContaining([
        [first.addressId, false],
        [second.addressId, true],
      ]),
    );
    expect(all).toHaveLength(2);

    const removed = await t.client.addresses.remove(first.addressId);
    expect(removed.addressId).toBe(first.addressId);
    expect((await t.client.addresses.list()).map((a) => a.addressId)).toEqual([second.addressId]);
  });

  it("names each failing address call with its status", async () => {
    const add = await failure(t.client.addresses.add({ streetAddress: "" }));
    expect(add.message).toBe("Error adding addresses: 400");
    const update = await failure(t.client.addresses.update(RANDOM_UUID, { streetAddress: "Nowhere 1" }));
    expect(update.message).toBe("Error updating addresses: 404");
    const remove = await failure(t.client.addresses.remove(RANDOM_UUID));
    expect(remove.message).toBe("Error deleting addresses: 404");
    const setDefault = await failure(t.client.addresses.setDefault(RANDOM_UUID));
    expect(setDefault.message).toBe("Error setting default address: 404");
  });

  it("refuses address calls without a user, before any request", async () => {
    const anonymous = testClient();
    for (const call of [
      () => anonymous.client.addresses.list(),
      () => anonymous.client.addresses.add({ streetAddress: "Calle 1" }),
      () => anonymous.client.addresses.update(RANDOM_UUID, { streetAddress: "Calle 1" }),
      () => anonymous.client.addresses.remove(RANDOM_UUID),
      () => anonymous.client.addresses.setDefault(RANDOM_UUID),
    ]) {
      const error = await failure(call());
      expect(error.message).toBe("User not authenticated");
    }
    expect(anonymous.requests).toHaveLength(0);
  });
});
