// Signing in to the back office on the admin host: an admin reaches the dashboard and its chart; a shopper is refused.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { journeyBrowser, openPage } from "../browser.ts";
import { ADMIN, adminPath, SHOPPER, submitSignIn } from "./admin.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(() => browser?.close());

/** Records, from the first byte, whether any piece of the back office's layout was ever in the page. */
const WATCH_LAYOUT = `
  window.__layoutSeen = false;
  new MutationObserver(() => {
    if (document.querySelector(".RaLayout-appFrame, .RaSidebar-fixed, .RaMenu-open")) window.__layoutSeen = true;
  }).observe(document, { childList: true, subtree: true });
`;

/** Records every step the page takes in its history (pushState, replaceState), from the first byte. */
const COUNT_NAVIGATIONS = `
  window.__steps = [];
  for (const [method, name] of [["pushState", "push"], ["replaceState", "replace"]]) {
    const original = history[method].bind(history);
    history[method] = (state, title, url) => {
      window.__steps.push(name + " " + url);
      return original(state, title, url);
    };
  }
`;

describe("the sign-in page", () => {
  it("shows the sign-in form for /admin/dashboard when nobody is signed in, sent there once", async () => {
    const { page, problems } = await openPage(browser);
    await page.addInitScript(COUNT_NAVIGATIONS);
    await page.goto(adminPath("/dashboard"));
    await page.waitForURL(adminPath("/login"));
    await page.getByRole("button", { name: /sign in/i }).waitFor();
    // One step to the sign-in page. With the router's updates in transitions, react-admin signed the visitor out
    // again and again before the step took: thousands of steps and some ten seconds of a busy processor.
    const steps = await page.evaluate(() => (window as unknown as { __steps: string[] }).__steps);
    expect(steps.filter((step) => step.startsWith("push"))).toEqual([
      `push ${new URL(adminPath("/login")).pathname}`,
    ]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("lets an admin in: the dashboard shows its figures and its sales chart", async () => {
    const { page, problems } = await openPage(browser);
    await submitSignIn(page, ADMIN);
    await page.waitForURL(adminPath("/dashboard"));
    const chart = page.getByRole("img", { name: /sales per day over the last 30 days, in usd/i });
    await chart.waitFor();
    expect(await chart.locator("circle").count()).toBe(30);
    await page.getByText("Average order value").waitFor();

    // The currency switch redraws the chart in pesos.
    await page.getByRole("button", { name: "DOP", exact: true }).click();
    await page.getByRole("img", { name: /in dop/i }).waitFor();
    await expect(
      page
        .getByRole("img", { name: /in dop/i })
        .locator("text")
        .first()
        .textContent(),
    ).resolves.toMatch(/^RD\$/);
    // The user menu is named by the admin's name, as it shows.
    await page.getByRole("button", { name: "Ana Admin" }).waitFor();
    expect(problems).toEqual([]);
  });

  it("refuses a shopper with a clear message, and no back-office screen shows even for a moment", async () => {
    const { page, problems } = await openPage(browser);
    await page.addInitScript(WATCH_LAYOUT);
    await submitSignIn(page, SHOPPER);
    await page
      .getByText("This account cannot use the back office: it is for the shop's admins only.")
      .waitFor();
    expect(page.url()).toBe(adminPath("/login"));
    // Nothing of the session was kept: reloading the dashboard lands on the sign-in page again.
    await page.goto(adminPath("/dashboard"));
    await page.waitForURL(adminPath("/login"));
    expect(await page.evaluate(() => (window as unknown as { __layoutSeen: boolean }).__layoutSeen)).toBe(
      false,
    );
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("backoffice."))),
    ).toEqual([]);
    // The API's 401 for the shopper's refused calls is not an app error; nothing else was logged.
    expect(problems).toEqual([]);
  });

  it("answers wrong credentials with its own message", async () => {
    const { page } = await openPage(browser);
    await submitSignIn(page, { email: ADMIN.email, password: "not-the-password" });
    await page.getByText("Wrong email or password.").waitFor();
    expect(page.url()).toBe(adminPath("/login"));
  });

  it("says why a sign-in failed in Spanish too, and never shows the API's raw answer", async () => {
    const { page } = await openPage(browser);
    // The language an admin chose before, as react-admin keeps it.
    await page.addInitScript(() => localStorage.setItem("RaStore.locale", JSON.stringify("es")));
    await page.goto(adminPath("/login"));
    await page.getByLabel(/usuario/i).fill(ADMIN.email);
    await page
      .getByLabel(/contraseña/i)
      .first()
      .fill("not-the-password");
    await page.getByRole("button", { name: /acceder/i }).click();
    await page.getByText("Correo electrónico o contraseña incorrectos.").waitFor();
    await expect(page.locator("body").textContent()).resolves.not.toMatch(
      /statusCode|Error de inicio de sesión/,
    );
    expect(page.url()).toBe(adminPath("/login"));
  });
});
