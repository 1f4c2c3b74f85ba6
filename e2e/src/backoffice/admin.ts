/** Helpers for the back-office journeys: signing in through the sign-in page once per file, and API calls from Node. */
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { expect, inject } from "vitest";
import { DESK, openPage, type WatchedPage } from "../browser.ts";

export const ADMIN = { email: "admin@shop.test", password: "Admin123!" } as const;
export const SHOPPER = { email: "shopper@shop.test", password: "Shopper123!" } as const;

/** http://admin.localhost:{port}/admin{path} */
export const adminPath = (path = "") => `${inject("adminUrl")}/admin${path}`;
/** The API as the shop host serves it (Node resolves localhost, not admin.localhost). */
export const apiUrl = (path: string) => `${inject("shopUrl")}/api${path}`;

/** Types the credentials into the sign-in page and submits. */
export async function submitSignIn(
  page: Page,
  credentials: { email: string; password: string },
  signInUrl = adminPath("/login"),
) {
  await page.goto(signInUrl);
  await page.getByLabel(/username/i).fill(credentials.email);
  await page
    .getByLabel(/password/i)
    .first()
    .fill(credentials.password);
  await page.getByRole("button", { name: /sign in/i }).click();
}

/**
 * Pages signed in as the demo admin: the first signs in through the sign-in page, the others reuse its browser
 * storage (the API allows few logins a minute per account). With `clock`, the page's clock is in the journey's
 * hand from the start (time runs as usual; `page.clock.runFor` moves it on at once).
 */
export function adminSession(browser: () => Browser) {
  let state: BrowserContextOptions["storageState"] | undefined;
  return async function adminPage(
    path = "/dashboard",
    { clock = false, ...options }: BrowserContextOptions & { clock?: boolean } = {},
  ): Promise<WatchedPage> {
    const watched = await openPage(browser(), {
      ...DESK,
      ...options,
      ...(state ? { storageState: state } : {}),
    });
    if (clock) await watched.page.clock.install();
    if (!state) {
      await submitSignIn(watched.page, ADMIN);
      await watched.page.waitForURL(adminPath("/dashboard"));
      state = await watched.page.context().storageState();
    }
    await watched.page.goto(adminPath(path));
    return watched;
  };
}

/** Logs in through the API and answers the bearer headers. */
export async function apiLogin(credentials: { email: string; password: string }) {
  const res = await fetch(apiUrl("/users/login"), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(credentials),
  });
  expect(res.status).toBe(200);
  const session = (await res.json()) as { token: string; user: { userId: string } };
  return { headers: { Authorization: `Bearer ${session.token}` }, userId: session.user.userId };
}

export async function apiJson<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(apiUrl(path), init);
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
