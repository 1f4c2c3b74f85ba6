/** Helpers for the back-office journeys: signing in once per file, API calls from Node, and a screen loaded or stepped to. */
import type { Browser, BrowserContextOptions, Page, Request } from "playwright-core";
import { expect, inject } from "vitest";
import { DESK, openPage, POLL_MS, type WatchedPage } from "../browser.ts";

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

/**
 * react-admin's list draws a grid of placeholders once its data has taken a second: its rows' checkboxes are the
 * header's ("select-all"), where a loaded grid's rows have their own.
 */
export const LOADING_GRID = ".RaDatagrid-root tbody .select-all";

/** What every screen shows once loaded: a main area with content, no placeholder or spinner, no error page. */
export async function expectScreen(page: Page) {
  await page.waitForFunction(() => document.querySelector("#main-content")?.textContent?.trim(), undefined, {
    polling: POLL_MS,
  });
  await page.waitForLoadState("networkidle");
  // Loaded means no placeholder and no spinner left (the page's first load went quiet before the app asked for its
  // data, so "networkidle" alone can pass while skeletons still show, which axe rightly finds too faint).
  await page.waitForFunction(
    (loadingGrid) => !document.querySelector(`.MuiSkeleton-root, [role="progressbar"], ${loadingGrid}`),
    LOADING_GRID,
    { polling: POLL_MS },
  );
  await expect(page.getByText(/something went wrong|page not found|not found/i).count()).resolves.toBe(0);
}

/**
 * How long the network must stay quiet after an in-app step: a screen asks for its code and then, as it draws, for
 * its data, within milliseconds of each other. (Playwright's "networkidle" asks half a second of a whole load.)
 */
const QUIET_MS = 250;

/**
 * Goes to `path` of the back office within the app, as a link of its menu would, with no new document (a full
 * load of the back office costs about a second of CPU): React Router follows a history step. The step is done once
 * nothing of the screen before is left, the new one shows content, and the network has been quiet a while (QUIET_MS);
 * then expectScreen. A screen that kept the old one's elements would time out here, never pass on them.
 */
export async function stepTo(page: Page, path: string) {
  if (page.url() === adminPath(path)) return expectScreen(page);
  const inFlight = new Set<Request>();
  let quietSince = Date.now();
  const started = (request: Request) => inFlight.add(request);
  const ended = (request: Request) => {
    inFlight.delete(request);
    if (inFlight.size === 0) quietSince = Date.now();
  };
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  try {
    await page.evaluate((url) => {
      for (const shown of document.querySelectorAll("#main-content > *")) shown.setAttribute("data-left", "");
      history.pushState(null, "", url);
      dispatchEvent(new PopStateEvent("popstate"));
    }, adminPath(path));
    await page.waitForFunction(
      () =>
        !document.querySelector("#main-content [data-left]") &&
        document.querySelector("#main-content")?.textContent?.trim(),
      undefined,
      { polling: POLL_MS },
    );
    await expect.poll(() => inFlight.size === 0 && Date.now() - quietSince >= QUIET_MS).toBe(true);
  } finally {
    page.off("request", started);
    page.off("requestfinished", ended);
    page.off("requestfailed", ended);
  }
  await expectScreen(page);
}
