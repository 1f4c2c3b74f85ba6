// An admin ends a shopper's sessions from the user page; the shopper's token is refused at once, and the action
// shows in the audit trail as staff read it, read only: who (name and email), the user named and linked, the change
// field by field, filters by person, kind of record and dates.
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
    // Filters by person, kind of record and dates, shown on a desk.
    for (const name of ["Staff member", "Record type", "From", "Until"]) {
      await page.getByLabel(name, { exact: true }).first().waitFor();
    }
    const row = page.getByRole("row").filter({ hasText: "Sessions ended" }).first();
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain("Ana Admin");
    await expect(row.textContent()).resolves.toContain("admin@shop.test");
    // The record by its name, linked to its page, not its id.
    const record = row.getByRole("link", { name: "Ended Byadmin" });
    await expect(record.getAttribute("href")).resolves.toBe(`/admin/users/${session.user.userId}`);
    await expect(row.textContent()).resolves.not.toContain(session.user.userId);
    // Read only: no create, edit or delete anywhere on the list.
    await expect(page.getByRole("button", { name: /create|delete|edit/i }).count()).resolves.toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await row.getByText("Sessions ended").click();
    // The change as a list of fields with their labels, not a dump of the record.
    const changes = page.getByRole("table", { name: "What changed" });
    await changes.waitFor();
    await expect(changes.getByRole("row").allInnerTexts()).resolves.toEqual([
      expect.stringMatching(/^Field\s+Before\s+After$/),
      expect.stringMatching(/^Open sessions\s+1\s+0$/),
    ]);
    await expect(page.getByText(/"sessions"|\{/).count()).resolves.toBe(0);
    await page.getByRole("link", { name: "Ended Byadmin" }).waitFor();
    await expect(page.getByRole("button", { name: /edit|delete/i }).count()).resolves.toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});
