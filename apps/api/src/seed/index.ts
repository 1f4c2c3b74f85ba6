/** Seeds the sample shop into an empty database: catalogue, banners, blog, rate history and, outside production, coupons and demo accounts. */
import { slugify } from "@shop/domain/catalogue";
import { toCents } from "@shop/domain/money";
import {
  bannerImageUrl,
  blogImageUrl,
  categoryImageUrl,
  productImageUrl,
  seedBanners,
  seedBlogPosts,
  seedBrands,
  seedCategories,
  seedRateHistory,
} from "@shop/domain/sample-catalogue";
import { seededProducts } from "@shop/domain/sample-catalogue/range";
import { seedOptions, seedVariants } from "@shop/domain/sample-catalogue/variants";
import { count, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import {
  addresses,
  banners,
  blogPosts,
  brands,
  categories,
  exchangeRates,
  products,
  productVariants,
  reviews,
  users,
} from "../db/schema.ts";
import { seedCoupons } from "../modules/coupons/seed.ts";
import { productSalePriceCents, productSearchText } from "../modules/products/derived.ts";
import { seedSampleRanges } from "../modules/receipts/seed.ts";
import { seedSynonyms } from "../modules/search/seed.ts";
import { seedShippingMethods } from "../modules/shipping/seed.ts";
import { hashPassword, verifyPassword } from "../modules/users/passwords.ts";
import { revokeAllSessions, setPassword } from "../modules/users/repository.ts";
import { seedDemoOrders } from "./demo-orders.ts";

const DAY = 24 * 60 * 60 * 1000;

export const DEMO_ACCOUNTS = {
  admin: { email: "admin@shop.test", password: "Admin123!", firstName: "Ana", lastName: "Admin" },
  shopper: { email: "shopper@shop.test", password: "Shopper123!", firstName: "Sofía", lastName: "Shopper" },
} as const;

/** Serialises seeding and the first admin across processes starting at once (a transaction-scoped lock). */
const SEED_LOCK = 727275;

/** A database nobody has used: no accounts and no products. A shop whose products were deleted is not empty. */
export async function isEmpty(db: Db | Tx): Promise<boolean> {
  const [userRow] = await db.select({ n: count() }).from(users);
  const [productRow] = await db.select({ n: count() }).from(products);
  return (userRow?.n ?? 0) === 0 && (productRow?.n ?? 0) === 0;
}

export interface SeedOptions {
  now: Date;
  /** Demo logins (and their orders) exist only outside production. */
  demoAccounts: boolean;
  /** The sample coupons give real discounts: outside production only. Defaults to demoAccounts. */
  sampleCoupons?: boolean;
}

/**
 * Seeds the sample shop when the database is empty, all in one transaction under a lock, so two processes
 * starting together seed once and a failed seed leaves nothing half done. Answers whether it seeded.
 */
export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (!(await isEmpty(tx))) return false;
    await seedSampleShop(tx, options);
    return true;
  });
}

export async function seedSampleShop(
  db: Db | Tx,
  { now, demoAccounts, sampleCoupons = demoAccounts }: SeedOptions,
): Promise<void> {
  const categoryIds = new Map<string, string>();
  for (const c of seedCategories) {
    const slug = slugify(c.name);
    const [row] = await db
      .insert(categories)
      .values({
        name: c.name,
        slug,
        productType: c.productType,
        description: c.description,
        children: c.children,
        img: categoryImageUrl(slug),
      })
      .returning({ id: categories.id });
    categoryIds.set(c.name, row!.id);
  }

  const brandIds = new Map<string, string>();
  for (const b of seedBrands) {
    const [row] = await db
      .insert(brands)
      .values({ name: b.name, slug: slugify(b.name), description: b.description })
      .returning({ id: brands.id });
    brandIds.set(b.name, row!.id);
  }

  for (const p of seededProducts) {
    const priceCents = toCents(p.price);
    const imageUrls = p.colors.map((color) => ({ img: productImageUrl(p.kind, color.clrCode), color }));
    const approved = p.reviews;
    const rating = approved.length ? approved.reduce((sum, r) => sum + r.rating, 0) / approved.length : 0;
    const [row] = await db
      .insert(products)
      .values({
        sku: p.sku,
        title: p.title,
        slug: p.slug,
        unit: p.unit,
        img: imageUrls[0]?.img ?? "",
        imageUrls,
        categoryId: categoryIds.get(p.parent)!,
        subcategory: p.children,
        subcategorySlug: slugify(p.children),
        brandId: brandIds.get(p.brand) ?? null,
        productType: p.productType,
        tags: p.tags,
        priceCents,
        discount: p.discount,
        salePriceCents: productSalePriceCents(priceCents, p.discount),
        quantity: p.quantity,
        sellCount: p.sellCount,
        sizes: p.sizes,
        options: seedOptions(p),
        featured: p.featured,
        description: p.description,
        additionalInformation: p.additionalInformation,
        offerStart: p.offer ? new Date(now.getTime() + p.offer.startDaysFromNow * DAY) : null,
        offerEnd: p.offer ? new Date(now.getTime() + p.offer.endDaysFromNow * DAY) : null,
        videoId: p.videoId,
        rating: Math.round(rating * 100) / 100,
        reviewCount: approved.length,
        searchText: productSearchText({
          title: p.title,
          sku: p.sku,
          tags: p.tags,
          brandName: p.brand,
          categoryName: p.parent,
          subcategory: p.children,
        }),
        createdAt: new Date(now.getTime() - p.createdDaysAgo * DAY),
      })
      .returning({ id: products.id });
    // The variants hold the product's seeded stock between them (the product's quantity is their sum).
    await db.insert(productVariants).values(
      seedVariants(p).map((v, position) => ({
        productId: row!.id,
        sku: v.sku,
        options: v.options,
        position: position + 1,
        quantity: v.quantity,
        img: v.colorIndex === null ? null : (imageUrls[v.colorIndex]?.img ?? null),
      })),
    );
    if (p.reviews.length) {
      await db.insert(reviews).values(
        p.reviews.map((r) => ({
          productId: row!.id,
          name: r.name,
          email: r.email,
          userImage: null,
          review: r.text,
          rating: r.rating,
          status: "approved",
          createdAt: new Date(now.getTime() - r.daysAgo * DAY),
        })),
      );
    }
  }

  await seedSynonyms(db);

  await db.insert(banners).values(
    seedBanners.map((b, index) => ({
      title: b.title,
      subtitle: b.subtitle,
      img: bannerImageUrl(index),
      link: b.link,
      position: b.position,
      active: b.active,
      sortOrder: b.sortOrder,
    })),
  );

  await db.insert(blogPosts).values(
    seedBlogPosts.map((p) => ({
      title: p.title,
      slug: p.slug,
      excerpt: p.excerpt,
      body: p.body,
      img: blogImageUrl(p.slug),
      author: p.author,
      category: p.category,
      tags: p.tags,
      publishedAt: new Date(now.getTime() - p.publishedDaysAgo * DAY),
    })),
  );

  // 30 days of USD to DOP history, oldest first, so the newest row is today's rate.
  await db.insert(exchangeRates).values(
    Array.from({ length: 30 }, (_, i) => 29 - i).map((daysAgo) => ({
      fromCurrency: "USD",
      toCurrency: "DOP",
      rate: seedRateHistory(daysAgo),
      source: "seed",
      createdAt: new Date(now.getTime() - daysAgo * DAY),
    })),
  );

  await seedShippingMethods(db);
  if (sampleCoupons) await seedCoupons(db, now);
  if (demoAccounts) {
    // The sample issuer's ranges first: the demo's delivered orders get their receipts.
    await seedSampleRanges(db, now);
    const { shopperId } = await seedDemoAccounts(db, now);
    await seedDemoOrders(db, now, shopperId);
  }
}

export async function seedDemoAccounts(
  db: Db | Tx,
  now: Date,
): Promise<{ adminId: string; shopperId: string }> {
  const { admin, shopper } = DEMO_ACCOUNTS;
  const [adminRow] = await db
    .insert(users)
    .values({
      email: admin.email,
      passwordHash: await hashPassword(admin.password),
      firstName: admin.firstName,
      lastName: admin.lastName,
      role: "admin",
      createdAt: new Date(now.getTime() - 90 * DAY),
    })
    .returning({ id: users.id });
  const [shopperRow] = await db
    .insert(users)
    .values({
      email: shopper.email,
      passwordHash: await hashPassword(shopper.password),
      firstName: shopper.firstName,
      lastName: shopper.lastName,
      role: "customer",
      createdAt: new Date(now.getTime() - 60 * DAY),
    })
    .returning({ id: users.id });
  await db.insert(addresses).values([
    {
      userId: shopperRow!.id,
      streetAddress: "Calle El Conde 105",
      city: "Santo Domingo",
      province: "Distrito Nacional",
      postalCode: "10210",
      country: "DO",
      phone: "+1 809 555 0142",
      isDefault: true,
    },
    {
      userId: shopperRow!.id,
      streetAddress: "Av. 27 de Febrero 48",
      city: "Santiago de los Caballeros",
      province: "Santiago",
      postalCode: "51000",
      country: "DO",
      phone: "+1 829 555 0199",
      isDefault: false,
    },
  ]);
  return { adminId: adminRow!.id, shopperId: shopperRow!.id };
}

/** The demo accounts that still open with their published password. */
export async function workingDemoAccounts(db: Db): Promise<string[]> {
  const found: string[] = [];
  for (const account of Object.values(DEMO_ACCOUNTS)) {
    const [row] = await db.select().from(users).where(eq(users.email, account.email));
    if (row && (await verifyPassword(row.passwordHash, account.password))) found.push(account.email);
  }
  return found;
}

export class FirstAdminError extends Error {}

/**
 * The first admin, from ADMIN_EMAIL / ADMIN_PASSWORD, when the shop has no admin. An account that already has
 * that email may belong to anyone who registered it first, so it is promoted only when `promoteExisting` says so;
 * then its password becomes the configured one and its sessions end. Answers what happened.
 */
export async function ensureFirstAdmin(
  db: Db,
  email: string,
  password: string,
  options: { promoteExisting?: boolean } = {},
): Promise<"exists" | "created" | "promoted"> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [admins] = await tx.select({ n: count() }).from(users).where(eq(users.role, "admin"));
    if ((admins?.n ?? 0) > 0) return "exists";
    const address = email.toLowerCase();
    const [existing] = await tx.select().from(users).where(eq(users.email, address));
    if (!existing) {
      await tx
        .insert(users)
        .values({ email: address, passwordHash, firstName: "Shop", lastName: "Admin", role: "admin" });
      return "created";
    }
    if (!options.promoteExisting) {
      throw new FirstAdminError(
        `ADMIN_EMAIL: an account with ${address} already exists and anyone may have registered it. Set ADMIN_PROMOTE_EXISTING=true to make it the admin (its password becomes ADMIN_PASSWORD and its sessions end), or choose another ADMIN_EMAIL.`,
      );
    }
    await tx.update(users).set({ role: "admin", updatedAt: new Date() }).where(eq(users.id, existing.id));
    // The new password ends every reset link someone may hold, as the sessions end.
    await setPassword(tx, existing.id, passwordHash);
    await revokeAllSessions(tx, existing.id);
    return "promoted";
  });
}
