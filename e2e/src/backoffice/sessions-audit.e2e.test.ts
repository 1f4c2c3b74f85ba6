// An admin ends a shopper's sessions from the user page; the shopper's token is refused at once, and the action
// shows in the audit trail, read only, with who did it and the before and after.
import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { journeyBrowser, seriousAxeViolations } from "../browser.ts";
import { adminPath, adminSession, apiUrl } from "./admin.ts";

let browser: Browser;
const adminPage = adminSession(() => browser);
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(() => browser?.close());

describe("ending a user's sessions from the back office", () => {
  it("refuses the shopper's token at once and records the action in the audit trail", async () => {
    const email = `ended-${randomUUID().slice(0, 8)}@shop.test`;
    const registered = await fetch(apiUrl("/users/register"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ firstName: "Ended", lastName: "Byadmin", email, password: "Ended-Pass-1!" }),
    });
    expect(registered.status).toBe(201);
    const session = (await registered.json()) as { token: string; user: { userId: string } };
    const profile = () =>
      fetch(apiUrl("/users/profile"), { headers: { Authorization: `Bearer ${session.token}` } });
    expect((await profile()).status).toBe(200);

    const { page, problems } = await adminPage(`/users/${session.user.userId}`);
    await page.getByText(email).first().waitFor();
    await page.getByRole("button", { name: "End sessions" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText(`End every session of ${email}?`).waitFor();
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("1 session ended; they must sign in again").waitFor();
    expect((await profile()).status).toBe(401);

    await page.goto(adminPath("/audit"));
    const row = page.getByRole("row").filter({ hasText: "Sessions ended" }).first();
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain("admin@shop.test");
    // Read only: no create, edit or delete anywhere on the list.
    await expect(page.getByRole("button", { name: /create|delete|edit/i }).count()).resolves.toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await row.click();
    await page.getByText("Before and after").waitFor();
    await page.getByText(/"sessions": 1/).waitFor();
    await page.getByText(/"sessions": 0/).waitFor();
    await expect(page.getByText(`"email": "${email}"`, { exact: false }).count()).resolves.toBe(2);
    await expect(page.getByRole("button", { name: /edit|delete/i }).count()).resolves.toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});
