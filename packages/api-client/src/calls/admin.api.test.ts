// The admin calls the client offers (banners and products) against the real API, and their refusal for shoppers.
import { seededProducts } from "@shop/domain/sample-catalogue/range";
import type { ProductInput } from "@shop/domain/schemas/admin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../errors.ts";
import { DEMO, freshShopper, type TestClient, testClient } from "../test/helpers.ts";

let admin: TestClient;
const created: { banner?: string; product?: string } = {};

beforeAll(async () => {
  admin = testClient();
  await admin.client.auth.login(DEMO.admin);
});

// Whatever a failed test left behind is removed, so the catalogue counts of other files hold.
afterAll(async () => {
  if (created.banner) await admin.client.banners.remove(created.banner).catch(() => {});
  if (created.product) await admin.client.products.remove(created.product).catch(() => {});
});

describe("banners", () => {
  it("creates, reads, replaces and deletes a banner", async () => {
    const banner = await admin.client.banners.create({
      title: "Rainy Season Sale",
      img: "/api/images/banners/0.svg",
      position: "home-middle",
      sortOrder: 5,
    });
    created.banner = banner.id;
    expect(banner).toMatchObject({
      title: "Rainy Season Sale",
      subtitle: "",
      link: "/shop",
      position: "home-middle",
      active: true,
      sortOrder: 5,
    });
    expect(await admin.client.banners.get(banner.id)).toEqual(banner);

    const replaced = await admin.client.banners.update(banner.id, {
      title: "Rainy Season Sale: last days",
      img: banner.img,
      position: "home-middle",
      active: false,
    });
    expect(replaced).toMatchObject({ id: banner.id, title: "Rainy Season Sale: last days", active: false });
    const active = await admin.client.banners.list({ active: true, position: "home-middle" });
    expect(active.items.map((b) => b.id)).not.toContain(banner.id);

    await expect(admin.client.banners.remove(banner.id)).resolves.toBeUndefined();
    expect(admin.requests.at(-1)!.method).toBe("DELETE");
    const gone = await admin.client.banners.get(banner.id).catch((e: unknown) => e);
    expect((gone as ApiError).message).toBe("API Error: 404 - Banner not found");
    created.banner = undefined;
  });

  it("refuses a shopper", async () => {
    const shopper = testClient();
    await freshShopper(shopper, "Nosy");
    const error = await shopper.client.banners
      .create({ title: "Mine", img: "/x.svg", position: "home-hero" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    expect((error as ApiError).message).toBe("API Error: 403 - Only an admin can do this");
  });
});

describe("products", () => {
  it("creates, replaces and deletes a product", async () => {
    const skincare = await admin.client.categories.get("skincare");
    const bloomwell = await admin.client.brands.get("bloomwell");
    const input: ProductInput = {
      sku: "BT-TST-0001",
      title: "Test Rosewater Toner",
      categoryId: skincare.id,
      children: "Serums",
      brandId: bloomwell.id,
      price: 21.5,
      discount: 10,
      quantity: 12,
      unit: "200ml",
      tags: ["toner"],
    };
    const product = await admin.client.products.create(input);
    created.product = product.id;
    expect(product).toMatchObject({
      sku: "BT-TST-0001",
      slug: "test-rosewater-toner",
      parent: "Skincare",
      brand: { name: "Bloomwell" },
      productType: "beauty",
      price: 21.5,
      discount: 10,
      status: "in-stock",
    });
    expect((await admin.client.products.get(product.slug)).id).toBe(product.id);

    const soldOut = await admin.client.products.update(product.id, { ...input, quantity: 0, price: 19.99 });
    expect(soldOut).toMatchObject({ id: product.id, price: 19.99, quantity: 0, status: "out-of-stock" });

    const removed = await admin.client.products.remove(product.id);
    expect(removed.id).toBe(product.id);
    const gone = await admin.client.products.get(product.id).catch((e: unknown) => e);
    expect((gone as ApiError).status).toBe(404);
    created.product = undefined;
    expect((await admin.client.products.list()).totalCount).toBe(seededProducts.length);
  });
});
