/**
 * The README's screenshots (`pnpm screenshots`): the shop started as the journeys start it, the home page and the
 * back office's dashboard on a phone, written to docs/screenshots/. A script of its own, so no test writes to a
 * tracked file; run it when the pages change and commit the pictures.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { hydrated, launchBrowser, PHONE } from "../src/browser.ts";
import { REPO_ROOT, startShop } from "../src/shop.ts";

const OUT = join(REPO_ROOT, "docs/screenshots");
const ADMIN = { email: "admin@shop.test", password: "Admin123!" };

const shop = await startShop();
const browser = await launchBrowser();
try {
  mkdirSync(OUT, { recursive: true });

  const home = await (await browser.newContext(PHONE)).newPage();
  await home.goto(shop.shopUrl);
  await hydrated(home);
  await home.screenshot({ path: join(OUT, "home.png") });
  console.log("docs/screenshots/home.png");

  const admin = await (await browser.newContext(PHONE)).newPage();
  await admin.goto(`${shop.adminUrl}/admin/login`);
  await admin.getByLabel(/username/i).fill(ADMIN.email);
  await admin
    .getByLabel(/password/i)
    .first()
    .fill(ADMIN.password);
  await admin.getByRole("button", { name: /sign in/i }).click();
  await admin.waitForURL(`${shop.adminUrl}/admin/dashboard`);
  await admin.waitForLoadState("networkidle");
  await admin.screenshot({ path: join(OUT, "backoffice.png") });
  console.log("docs/screenshots/backoffice.png");
} finally {
  await browser.close();
  await shop.stop();
}
