// What a start does to the database: the seeding rules, the first admin, and the demo accounts' checks.
import { seedBlogPosts } from "@shop/domain/sample-catalogue";
import { seededProducts } from "@shop/domain/sample-catalogue/range";
import { count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openDatabase } from "./db/client.ts";
import { blogPosts, coupons, orderItems, products, users } from "./db/schema.ts";
import { FirstAdminError } from "./seed/index.ts";
import { prepareDatabase, StartRefused } from "./start.ts";
import { createTestShop, engine, login, type TestShop, testEnv } from "./test/app.ts";

const SECRET = { JWT_SECRET: "s".repeat(40) };
const production = (more: Record<string, string> = {}) =>
  testEnv({ NODE_ENV: "production", ...SECRET, ...more });
const development = (more: Record<string, string> = {}) => testEnv({ NODE_ENV: "development", ...more });

function recorder() {
  const lines: string[] = [];
  return {
    lines,
    info: (m: string) => void lines.push(m),
    warn: (m: string) => void lines.push(`WARN ${m}`),
  };
}

// Seeding the whole sample shop with its demo orders takes a while on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

const shops: TestShop[] = [];
/** An empty, migrated database; or with `seeded` the sample shop with its demo accounts, as the tests have it. */
async function shopOf(kind: "empty" | "seeded") {
  const shop = await createTestShop({ seed: kind === "seeded" });
  shops.push(shop);
  return shop;
}
const emptyShop = () => shopOf("empty");
afterEach(async () => {
  for (const shop of shops.splice(0)) await shop.close();
});

const rows = async (shop: TestShop, table: typeof products | typeof users | typeof coupons) =>
  (await shop.database.db.select({ n: count() }).from(table))[0]!.n;

describe("seeding", () => {
  it("does not seed in production unless SEED=true, and says so", async () => {
    const shop = await emptyShop();
    const log = recorder();
    expect((await prepareDatabase(shop.database, production(), log)).seeded).toBe(false);
    expect(await rows(shop, products)).toBe(0);
    expect(log.lines).toContain(
      "Sample shop not seeded: NODE_ENV=production (SEED=true seeds an empty database)",
    );
  });

  it("seeds production only with SEED=true, and then without demo accounts or sample coupons", async () => {
    const shop = await emptyShop();
    const log = recorder();
    const result = await prepareDatabase(shop.database, production({ SEED: "true" }), log);
    expect(result).toEqual({ seeded: true, admin: null, demoAccounts: [] });
    expect(await rows(shop, products)).toBe(seededProducts.length);
    expect(await rows(shop, users)).toBe(0);
    expect(await rows(shop, coupons)).toBe(0);
    expect(log.lines[0]).toBe(
      "Sample shop seeded into the empty database (no demo accounts, no sample coupons: NODE_ENV=production)",
    );
  });

  it("seeds outside production by default, with demo accounts it warns about, and only once", async () => {
    const shop = await emptyShop();
    const log = recorder();
    const first = await prepareDatabase(shop.database, development(), log);
    expect(first).toEqual({
      seeded: true,
      admin: null,
      demoAccounts: ["admin@shop.test", "shopper@shop.test"],
    });
    expect(log.lines.at(-1)).toBe(
      "WARN DEMO ACCOUNTS EXIST, with public passwords (admin@shop.test / Admin123!; shopper@shop.test / Shopper123!); only this machine can reach it (HOST=localhost). Not for a real shop.",
    );
    const again = recorder();
    expect((await prepareDatabase(shop.database, development({ HOST: "0.0.0.0" }), again)).seeded).toBe(
      false,
    );
    expect(again.lines[0]).toBe("Sample shop not seeded: the database already has accounts or products");
    expect(again.lines.at(-1)).toContain(
      "HOST=0.0.0.0: ANYONE WHO CAN REACH THIS MACHINE CAN LOG IN AS ADMIN",
    );
    expect(await rows(shop, products)).toBe(seededProducts.length);
  });

  it("never seeds again a shop whose products were all deleted", async () => {
    const shop = await shopOf("seeded");
    await shop.database.db.delete(orderItems);
    await shop.database.db.delete(products);
    expect(await rows(shop, products)).toBe(0);
    expect((await prepareDatabase(shop.database, development(), recorder())).seeded).toBe(false);
    expect(await rows(shop, products)).toBe(0);
  });

  it("seeds in one transaction: a seed that fails leaves nothing behind", async () => {
    const shop = await emptyShop();
    // A blog post with a slug the seed also uses: the seed fails on it after the products are in.
    const post = seedBlogPosts[0]!;
    await shop.database.db.insert(blogPosts).values({
      title: post.title,
      slug: post.slug,
      excerpt: post.excerpt,
      body: post.body,
      author: post.author,
      category: post.category,
      img: "/x.png",
      publishedAt: new Date(),
    });
    await expect(prepareDatabase(shop.database, development(), recorder())).rejects.toThrow();
    expect(await rows(shop, products)).toBe(0);
    expect(await rows(shop, users)).toBe(0);
  });

  it("refuses to start in production when demo accounts exist", async () => {
    const shop = await shopOf("seeded");
    await expect(prepareDatabase(shop.database, production(), recorder())).rejects.toThrow(StartRefused);
    await expect(prepareDatabase(shop.database, production(), recorder())).rejects.toThrow(
      "Demo accounts with their published passwords exist in this database (admin@shop.test, shopper@shop.test)",
    );
  });

  it.runIf(engine === "postgres")("seeds once when two processes start together", async () => {
    const shop = await emptyShop();
    const other = await openDatabase({ url: shop.url!, dataDir: "", poolSize: 5 });
    try {
      const results = await Promise.all([
        prepareDatabase(shop.database, development(), recorder()),
        prepareDatabase(other, development(), recorder()),
      ]);
      expect(results.map((r) => r.seeded).sort()).toEqual([false, true]);
      expect(await rows(shop, products)).toBe(seededProducts.length);
    } finally {
      await other.close();
    }
  });
});

describe("the first admin from ADMIN_EMAIL", () => {
  const owner = { ADMIN_EMAIL: "owner@shop.example", ADMIN_PASSWORD: "a long passphrase" };

  it("is created once in an empty shop", async () => {
    const shop = await emptyShop();
    expect((await prepareDatabase(shop.database, production(owner), recorder())).admin).toBe("created");
    expect((await prepareDatabase(shop.database, production(owner), recorder())).admin).toBe("exists");
    const session = await login(shop.app, { email: owner.ADMIN_EMAIL, password: owner.ADMIN_PASSWORD });
    expect(session.user.role).toBe("admin");
  });

  it("refuses a common or breached ADMIN_PASSWORD, saying why, and creates nobody", async () => {
    const shop = await emptyShop();
    const weak = { ADMIN_EMAIL: "owner@shop.example", ADMIN_PASSWORD: "password1" };
    await expect(prepareDatabase(shop.database, production(weak), recorder())).rejects.toThrow(
      /^ADMIN_PASSWORD: This password is too common/,
    );
    expect(await rows(shop, users)).toBe(0);
  });

  it("does not promote an account someone registered first, unless asked; when asked, it ends its sessions", async () => {
    const shop = await emptyShop();
    const registered = await shop.app.inject({
      method: "POST",
      url: "/api/users/register",
      payload: { firstName: "Eve", lastName: "First", email: owner.ADMIN_EMAIL, password: "eves-password" },
    });
    const eve = registered.json();
    await expect(prepareDatabase(shop.database, production(owner), recorder())).rejects.toThrow(
      FirstAdminError,
    );
    const [still] = await shop.database.db.select().from(users).where(eq(users.email, owner.ADMIN_EMAIL));
    expect(still!.role).toBe("customer");

    const log = recorder();
    const result = await prepareDatabase(
      shop.database,
      production({ ...owner, ADMIN_PROMOTE_EXISTING: "true" }),
      log,
    );
    expect(result.admin).toBe("promoted");
    expect(log.lines).toContain(
      "WARN Existing account owner@shop.example promoted to admin; its sessions ended",
    );
    const refresh = await shop.app.inject({
      method: "POST",
      url: "/api/users/refresh-token",
      payload: { refreshToken: eve.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const eveLogin = await shop.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { email: owner.ADMIN_EMAIL, password: "eves-password" },
    });
    expect(eveLogin.statusCode).toBe(401);
    const ownerSession = await login(shop.app, { email: owner.ADMIN_EMAIL, password: owner.ADMIN_PASSWORD });
    expect(ownerSession.user.role).toBe("admin");
  });
});
