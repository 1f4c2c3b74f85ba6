// Signing in and the shopper's account in a browser: the forms and the spec's failure texts, a session that
// refreshes unnoticed or ends at /login, the forgotten-password mail, addresses, password, orders, reviews, axe.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ADMIN, apiJson, apiLogin } from "../backoffice/admin.ts";
import { DESK, journeyBrowser, openPage, seriousAxeViolations } from "../browser.ts";
import {
  expiredAccessToken,
  field,
  type JourneyProduct,
  newShopper,
  orderItem,
  pickProduct,
  shopUrl,
  storeSession,
} from "./journey.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(() => browser?.close());

describe("signing in and up", () => {
  it("shows the spec's texts for a refused login, a taken email and an unreachable server, keeping what was typed", async () => {
    const shopper = await newShopper("login");
    const { page, problems } = await openPage(browser, DESK);
    await page.goto(`${shopUrl()}/login`);
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("Enter email").waitFor();
    await page.getByText("Enter password").waitFor();

    await field(page, "Email").fill(shopper.email);
    await field(page, "Password").fill("wrong password");
    const logins: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/users/login")) logins.push(request.method());
    });
    await page.getByRole("button", { name: "Sign in" }).dblclick();
    await page.getByText(/^Error de inicio de sesión: 401 - \{.*\}$/).waitFor();
    expect(logins).toEqual(["POST"]);
    await expect(field(page, "Email").inputValue()).resolves.toBe(shopper.email);

    await page.route("**/api/users/login", (route) => route.abort("connectionrefused"));
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("Error al conectar con el servidor. Por favor, intente de nuevo.").waitFor();
    await page.unroute("**/api/users/login");

    await page.getByRole("link", { name: "New here? Create an account" }).click();
    await page.getByRole("heading", { name: "Create an account" }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await field(page, "First name").fill("Ana");
    await field(page, "Last name").fill("Taken");
    await field(page, "Email").fill(shopper.email);
    // A password on the lists of leaked ones: the reason shows under the field, nothing else is lost.
    await field(page, "Password").fill("password1");
    await field(page, "Repeat the password").fill("password1");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText(/^This password is too common/).waitFor();
    await expect(field(page, "First name").inputValue()).resolves.toBe("Ana");
    await field(page, "Password").fill("Another123!");
    await field(page, "Repeat the password").fill("Another123!");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText(/^Error de registro: 409 - \{.*\}$/).waitFor();
    await expect(field(page, "First name").inputValue()).resolves.toBe("Ana");

    await page.getByRole("link", { name: "Already have an account? Sign in" }).click();
    // The sign-up form has an Email field too: the sign-in form is typed into once it shows.
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await field(page, "Email").fill(shopper.email);
    await field(page, "Password").fill(shopper.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${shopUrl()}/account`);
    await page.getByText(`Hello, Ana login.`).waitFor();
    expect(problems.filter((p) => !/status of (400|401|409)|ERR_CONNECTION_REFUSED/.test(p))).toEqual([]);
  });
});

describe("the session", () => {
  it("refreshes an expired access token without the shopper noticing", async () => {
    const shopper = await newShopper("refresh");
    const { page, problems } = await openPage(browser, DESK);
    await page.goto(`${shopUrl()}/`);
    const expired = expiredAccessToken(shopper.session.user.userId);
    await storeSession(page, { ...shopper.session, token: expired });
    await page.goto(`${shopUrl()}/account`);
    await page.getByText("Hello, Ana refresh.").waitFor();
    await page.getByText("No orders yet.").waitFor();
    expect(page.url()).toBe(`${shopUrl()}/account`);
    const token = await page.evaluate(() => localStorage.getItem("token"));
    expect(token).not.toBe(expired);
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems.filter((p) => !p.includes("status of 401"))).toEqual([]);
  });

  it("ends a revoked session at /login, then returns to the page after signing in; logout clears all four keys", async () => {
    const shopper = await newShopper("revoked");
    const session = shopper.session;
    await shopper.client.auth.logout();
    const { page } = await openPage(browser, DESK);
    await page.goto(`${shopUrl()}/`);
    await storeSession(page, { ...session, token: expiredAccessToken(session.user.userId) });
    await page.goto(`${shopUrl()}/profile`);
    await page.waitForURL(`${shopUrl()}/login?next=%2Fprofile`);
    expect(
      await page.evaluate(() =>
        ["token", "refreshToken", "user", "userId"].map((k) => localStorage.getItem(k)),
      ),
    ).toEqual([null, null, null, null]);
    await field(page, "Email").fill(shopper.email);
    await field(page, "Password").fill(shopper.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${shopUrl()}/profile`);
    await page.getByRole("heading", { name: "Profile" }).waitFor();

    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await page.waitForURL(`${shopUrl()}/`);
    await expect
      .poll(() =>
        page.evaluate(() => ["token", "refreshToken", "user", "userId"].map((k) => localStorage.getItem(k))),
      )
      .toEqual([null, null, null, null]);
  });
});

describe("a forgotten password", () => {
  it("answers the same for any email, mails a link, and the new password signs in", async () => {
    const shopper = await newShopper("forgot");
    const outbox = join(inject("dataDir"), "outbox");
    // The API names each mail after its recipient, other characters than letters, digits, @ and . as "_".
    const mailsTo = async (email: string) =>
      (await readdir(outbox).catch(() => [] as string[])).filter((name) =>
        name.endsWith(`-${email.replace(/[^a-z0-9@.]/gi, "_")}.eml`),
      );
    const { page, problems } = await openPage(browser, DESK);

    const answers: string[] = [];
    for (const email of [`nobody-${Date.now()}@shop.test`, shopper.email]) {
      await page.goto(`${shopUrl()}/forgot`);
      await field(page, "Email").fill(email);
      await page.getByRole("button", { name: "Send me a link" }).click();
      answers.push((await page.getByRole("status").filter({ hasText: /./ }).last().textContent()) ?? "");
    }
    expect(answers[0]).toBe(answers[1]);
    expect(answers[0]).toMatch(/^If an account exists for that email/);
    await expect.poll(() => mailsTo(shopper.email)).toHaveLength(1);
    const [mail] = await mailsTo(shopper.email);
    const text = await readFile(join(outbox, mail!), "utf8");
    const token = decodeURIComponent(/reset-password\?token=(\S+)/.exec(text)![1]!);

    await page.goto(`${shopUrl()}/reset-password?token=${encodeURIComponent(token)}`);
    await field(page, "New password").fill("iloveyou1");
    await field(page, "Repeat the new password").fill("iloveyou1");
    await page.getByRole("button", { name: "Save the new password" }).click();
    await page.getByText(/^This password is too common/).waitFor();
    await field(page, "New password").fill("Brand-new-123");
    await field(page, "Repeat the new password").fill("Brand-new-123");
    await page.getByRole("button", { name: "Save the new password" }).click();
    await page.getByText("Your password has been changed; log in with the new one").waitFor();
    await page.locator("main").getByRole("link", { name: "Sign in" }).click();
    await field(page, "Email").fill(shopper.email);
    await field(page, "Password").fill("Brand-new-123");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${shopUrl()}/account`);
    await page.getByText("Hello, Ana forgot.").waitFor();
    expect(problems).toEqual([
      expect.stringContaining(`status of 400 (Bad Request) (${shopUrl()}/api/users/reset-password)`),
    ]);
  });
});

describe("the account", () => {
  it("manages addresses, refuses a wrong current password, lists orders and takes a review of what was delivered", async () => {
    // Products of one variant: the lines below name no size or colour.
    const product = await pickProduct(
      (p) => p.variants.length === 1 && p.quantity >= 2 && p.status === "in-stock",
    );
    const received = await pickProduct(
      (p) => p.variants.length === 1 && p.quantity >= 3 && p.status === "in-stock",
    );
    const shopper = await newShopper("account");
    const shipping = (await shopper.client.shipping.list()).items[0]!;
    const place = (bought: JourneyProduct, quantity: number, key: string) =>
      shopper.client.orders.place(
        {
          items: [orderItem(bought, quantity)],
          shippingAddress: { streetAddress: "Calle Las Damas 3", country: "DO" },
          shippingMethodId: shipping.id,
          currency: "USD",
          paymentMethod: "bank_transfer",
          phone: "8095550103",
        },
        { idempotencyKey: `account-${key}-${Date.now()}` },
      );
    // One order still pending and unpaid, one that staff took to the shopper's door.
    const order = await place(product, 1, "pending");
    const delivered = await place(received, 2, "delivered");
    const { headers } = await apiLogin(ADMIN);
    for (const status of ["processing", "shipped", "delivered"]) {
      await apiJson(`/orders/${delivered.id}`, {
        method: "PUT",
        headers: { ...headers, "Content-Type": "application/json" },
        // The transfer goes ahead unpaid, as staff may confirm; shipping names the carrier and tracking number.
        body: JSON.stringify(
          status === "shipped"
            ? { status, carrier: "DHL", trackingNumber: "JD014600005", unpaidAllowed: true }
            : { status, unpaidAllowed: true },
        ),
      });
    }
    const { page, problems } = await openPage(browser, DESK);
    await page.goto(`${shopUrl()}/`);
    await storeSession(page, shopper.session);

    await page.goto(`${shopUrl()}/profile`);
    await page.getByRole("heading", { name: "Addresses" }).waitFor();
    await page.getByText("No saved addresses yet.").waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Add an address" }).click();
    await field(page, "Street address").fill("Calle Isabel la Católica 9");
    await page.getByRole("button", { name: "Add address" }).click();
    const first = page.getByRole("listitem", { name: "Calle Isabel la Católica 9" });
    await first.getByText("Default", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Add an address" }).click();
    await field(page, "Street address").fill("Av. Abraham Lincoln 40");
    // The country is a choice among those the shop delivers to, the Dominican Republic first and chosen.
    const country = field(page, "Country");
    await expect(country.inputValue()).resolves.toBe("DO");
    await expect(country.locator("option").first().textContent()).resolves.toBe("Dominican Republic");
    await page.getByRole("button", { name: "Add address" }).click();
    const second = page.getByRole("listitem", { name: "Av. Abraham Lincoln 40" });
    await second.getByRole("button", { name: "Make default" }).click();
    await second.getByText("Default", { exact: true }).waitFor();
    await expect.poll(() => first.getByText("Default", { exact: true }).count()).toBe(0);
    await first.getByRole("button", { name: "Edit" }).click();
    await field(page, "City").fill("Santiago");
    await page.getByRole("button", { name: "Save address" }).click();
    await first.getByText(/Santiago/).waitFor();
    await first.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => first.count()).toBe(0);
    expect((await shopper.client.addresses.list()).map((a) => [a.streetAddress, a.isDefault])).toEqual([
      ["Av. Abraham Lincoln 40", true],
    ]);

    // A password on the lists of leaked ones is refused, the reason under the field.
    await field(page, "Current password").fill(shopper.password);
    await field(page, "New password").fill("password123");
    await field(page, "Repeat the new password").fill("password123");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText(/^This password is too common/).waitFor();

    await field(page, "Current password").fill("not my password");
    await field(page, "New password").fill("Another-pass-1");
    await field(page, "Repeat the new password").fill("Another-pass-1");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("Error changing password").waitFor();
    await page.getByText("The current password is not correct").waitFor();

    await page.getByRole("link", { name: "Orders" }).click();
    await page.waitForURL(`${shopUrl()}/account`);
    const history = page.getByRole("list", { name: "Orders" });
    await history.getByRole("link", { name: `Order ${order.orderNumber}` }).waitFor();
    await history.getByText("Pending").waitFor();
    // Counts in words that agree with them: "1 item", "2 items".
    await history
      .getByRole("listitem")
      .filter({ hasText: `Order ${order.orderNumber}` })
      .getByText(/ · 1 item$/)
      .waitFor();
    await history
      .getByRole("listitem")
      .filter({ hasText: `Order ${delivered.orderNumber}` })
      .getByText(/ · 2 items$/)
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A review is offered for the delivered order's product only, not for the one still pending and unpaid.
    const toReview = page.getByRole("list", { name: "Products to review" });
    await expect(toReview.getByRole("listitem").allInnerTexts()).resolves.toEqual([
      expect.stringContaining(received.title),
    ]);
    await expect(
      page.getByRole("button", { name: `Write a review of ${product.title}` }).count(),
    ).resolves.toBe(0);
    await page.getByRole("button", { name: `Write a review of ${received.title}` }).click();
    await page.getByRole("button", { name: "Send review" }).click();
    await page.getByText("Choose a rating from 1 to 5 stars").waitFor();
    // The stars are labels over visually hidden radios, as MUI's Rating draws them.
    await page.locator("label", { hasText: /^4 Stars$/ }).click();
    await expect(page.getByRole("radio", { name: "4 Stars" }).isChecked()).resolves.toBe(true);
    await field(page, "Your review").fill("Works as promised, arrived quickly.");
    await page.getByRole("button", { name: "Send review" }).click();
    await page.getByText("Thank you! Your review will appear once it has been approved.").waitFor();

    await history.getByRole("link", { name: `Order ${order.orderNumber}` }).click();
    await page.waitForURL(`${shopUrl()}/order?id=${order.id}`);
    await page.getByText("Payment: Bank transfer").waitFor();
    await page.getByRole("button", { name: "Cancel order" }).click();
    await page.getByRole("button", { name: "Yes, cancel it" }).click();
    await page.getByText("Cancelled", { exact: true }).waitFor();
    expect((await shopper.client.orders.get(order.id)).status).toBe("cancelled");
    // The browser logs the refused password change itself; nothing else went wrong.
    expect(problems).toEqual([
      expect.stringContaining(`status of 400 (Bad Request) (${shopUrl()}/api/users/change-password)`),
      expect.stringContaining(`status of 400 (Bad Request) (${shopUrl()}/api/users/change-password)`),
    ]);
  });

  it("deletes the account only with its password, then lands home signed out", async () => {
    const shopper = await newShopper("leaving");
    const { page, problems } = await openPage(browser, DESK);
    await page.goto(`${shopUrl()}/`);
    await storeSession(page, shopper.session);
    await page.goto(`${shopUrl()}/profile`);
    const form = page.getByRole("form", { name: "Delete your account" });
    await form.waitFor();
    await form.getByRole("button", { name: "Delete my account" }).click();
    await form.getByText("Enter your password to delete your account").waitFor();
    await field(form, "Your password").fill("not my password");
    await form.getByRole("button", { name: "Delete my account" }).click();
    await form.getByText("The password is not correct").waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await field(form, "Your password").fill(shopper.password);
    await form.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForURL(`${shopUrl()}/`);
    await expect
      .poll(() =>
        page.evaluate(() => ["token", "refreshToken", "user", "userId"].map((k) => localStorage.getItem(k))),
      )
      .toEqual([null, null, null, null]);
    const login = await fetch(`${shopUrl()}/api/users/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: shopper.email, password: shopper.password }),
    });
    expect(login.status).toBe(401);
    expect(problems).toEqual([
      expect.stringContaining(`status of 400 (Bad Request) (${shopUrl()}/api/users/`),
    ]);
  });
});
