// The authenticated fetch against the real API: the bearer token, the shared refresh on a 401, the raw Response.
import { describe, expect, inject, it } from "vitest";
import { freshShopper, testClient } from "./test/helpers.ts";

const GARBAGE = "not.a.token";

describe("authFetch", () => {
  it("sends the stored bearer token and keeps the caller's own headers", async () => {
    const t = testClient();
    const { email } = await freshShopper(t, "Fetcher");
    t.requests.length = 0;

    const response = await t.client.authFetch(`${inject("apiBaseUrl")}/users/profile`, {
      headers: { Accept: "application/json" },
    });

    expect(response.status).toBe(200);
    expect(((await response.json()) as { email: string }).email).toBe(email);
    expect(t.requests[0]!.headers.get("Authorization")).toBe(`Bearer ${t.store.getToken()}`);
    expect(t.requests[0]!.headers.get("Accept")).toBe("application/json");
  });

  it("refreshes once on a 401 and answers the retried call", async () => {
    const t = testClient();
    await freshShopper(t, "Refetcher");
    t.store.setToken(GARBAGE);
    t.requests.length = 0;

    const response = await t.client.authFetch(`${inject("apiBaseUrl")}/users/profile`);

    expect(response.status).toBe(200);
    expect(t.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /users/profile",
      "POST /users/refresh-token",
      "GET /users/profile",
    ]);
    expect(t.store.getToken()).not.toBe(GARBAGE);
  });

  it("answers the 401 and ends the session when the refresh is refused", async () => {
    const t = testClient();
    await freshShopper(t, "Refused");
    t.store.setToken(GARBAGE);
    t.store.setRefreshToken("garbage-refresh-token");

    const response = await t.client.authFetch(`${inject("apiBaseUrl")}/users/profile`);

    expect(response.status).toBe(401);
    expect(t.expired()).toBe(1);
    expect(t.store.getToken()).toBeNull();
  });

  it("sends no Authorization header when logged out", async () => {
    const t = testClient();
    const response = await t.client.authFetch(`${inject("apiBaseUrl")}/users/profile`);
    expect(response.status).toBe(401);
    expect(t.requests[0]!.headers.has("Authorization")).toBe(false);
    expect(t.expired()).toBe(0);
  });
});
