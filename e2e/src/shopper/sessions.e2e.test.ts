// Sessions that end everywhere at once: a shopper signed in on two browsers changes the password (or signs out of
// all devices) in one; the other is sent to /login on its very next action, and signs in again to go on.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESK, journeyBrowser, openPage, PHONE, seriousAxeViolations } from "../browser.ts";
import { field, newShopper, shopUrl } from "./journey.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(() => browser?.close());

const storedSession = (page: Page) =>
  page.evaluate(() => ["token", "refreshToken", "user", "userId"].map((k) => localStorage.getItem(k)));

/** Signs in through the form and lands on /profile. */
async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${shopUrl()}/login?next=%2Fprofile`);
  await field(page, "Email").fill(email);
  await field(page, "Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${shopUrl()}/profile`);
  await page.getByRole("heading", { name: "Profile" }).waitFor();
}

describe("a session ended in one browser", () => {
  it("a password change in one browser sends the other to /login on its next action", async () => {
    const shopper = await newShopper("two-browsers");
    const desk = await openPage(browser, DESK);
    const phone = await openPage(browser, PHONE);
    await signIn(desk.page, shopper.email, shopper.password);
    await signIn(phone.page, shopper.email, shopper.password);

    // The desk changes the password.
    const form = desk.page.getByRole("form", { name: "Change password" });
    await field(form, "Current password").fill(shopper.password);
    await field(form, "New password").fill("Changed-Journey-1!");
    await field(form, "Repeat the new password").fill("Changed-Journey-1!");
    await form.getByRole("button", { name: "Change password" }).click();
    await desk.page.getByRole("status").filter({ hasText: "Password changed" }).waitFor();
    expect(await seriousAxeViolations(desk.page)).toEqual([]);

    // The phone's next action: its access token is refused, its refresh too, and it lands on /login.
    await phone.page
      .getByRole("navigation", { name: "Account" })
      .getByRole("link", { name: "Orders" })
      .click();
    await phone.page.waitForURL(`${shopUrl()}/login?next=%2Faccount`);
    await phone.page.getByRole("heading", { name: "Sign in" }).waitFor();
    await expect.poll(() => storedSession(phone.page)).toEqual([null, null, null, null]);
    expect(await seriousAxeViolations(phone.page)).toEqual([]);

    // The old password no longer opens it; the new one does, and brings the shopper back where they were going.
    await field(phone.page, "Email").fill(shopper.email);
    await field(phone.page, "Password").fill(shopper.password);
    await phone.page.getByRole("button", { name: "Sign in" }).click();
    await phone.page.getByText(/^Error de inicio de sesión: 401 - \{.*\}$/).waitFor();
    await field(phone.page, "Password").fill("Changed-Journey-1!");
    await phone.page.getByRole("button", { name: "Sign in" }).click();
    await phone.page.waitForURL(`${shopUrl()}/account`);

    // The desk that changed the password goes on as before.
    await desk.page
      .getByRole("navigation", { name: "Account" })
      .getByRole("link", { name: "Orders" })
      .click();
    await desk.page.waitForURL(`${shopUrl()}/account`);
    await desk.page.getByText("No orders yet.").waitFor();
    expect(desk.problems).toEqual([]);
    expect(phone.problems.filter((p) => !p.includes("status of 401"))).toEqual([]);
  });

  it("'Sign out of all devices' ends this browser's session and the other's", async () => {
    const shopper = await newShopper("all-devices");
    const desk = await openPage(browser, DESK);
    const phone = await openPage(browser, PHONE);
    await signIn(desk.page, shopper.email, shopper.password);
    await signIn(phone.page, shopper.email, shopper.password);

    const button = desk.page.getByRole("button", { name: "Sign out of all devices" });
    expect(await seriousAxeViolations(desk.page)).toEqual([]);
    await button.click();
    await desk.page.waitForURL(`${shopUrl()}/login?next=%2Fprofile`);
    await expect.poll(() => storedSession(desk.page)).toEqual([null, null, null, null]);

    // The phone, still showing its profile, opens its orders: refused, and sent to sign in.
    await phone.page
      .getByRole("navigation", { name: "Account" })
      .getByRole("link", { name: "Orders" })
      .click();
    await phone.page.waitForURL(`${shopUrl()}/login?next=%2Faccount`);
    await expect.poll(() => storedSession(phone.page)).toEqual([null, null, null, null]);
    expect(desk.problems.filter((p) => !p.includes("status of 401"))).toEqual([]);
    expect(phone.problems.filter((p) => !p.includes("status of 401"))).toEqual([]);
  });
});
