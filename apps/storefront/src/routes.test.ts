import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readListing } from "#features/catalog/listing.ts";
import { canonicalPath, matchShopRoute, type ShopRouteName, shopHref, shopRoutes } from "./routes.ts";

const names = Object.keys(shopRoutes) as ShopRouteName[];

describe("the route table", () => {
  it("names a module of src/routes/ on every line, and every module there is shown by some route", () => {
    const modules = readdirSync(new URL("./routes/", import.meta.url)).map((file) =>
      file.replace(/\.tsx$/, ""),
    );
    const named = new Set(names.map((name) => shopRoutes[name].module));
    expect([...named].filter((module) => !modules.includes(module))).toEqual([]);
    expect(modules.filter((module) => !named.has(module))).toEqual([]);
  });

  it("finds every route by its own path, whatever the case or a trailing slash", () => {
    for (const name of names) {
      const path = shopRoutes[name].path.replace(":id", "42");
      expect(matchShopRoute(path)?.name, path).toBe(name);
      expect(matchShopRoute(`${path.toUpperCase()}/`)?.name, path).toBe(name);
    }
    expect(matchShopRoute("/shop/extra")).toBeNull();
  });

  it("sends another layout to a public page that is listed, and is indexed itself", () => {
    for (const name of names) {
      const { canonical } = shopRoutes[name];
      if (canonical === undefined) continue;
      const target = shopRoutes[canonical as ShopRouteName];
      expect(target, name).toBeDefined();
      expect(target.private ?? target.noindex ?? target.canonical, name).toBeUndefined();
      expect(canonicalPath(name)).toBe(target.path);
    }
    expect(canonicalPath("shopList")).toBe("/shop");
    expect(canonicalPath("about")).toBe("/about");
  });
});

describe("the shop's links", () => {
  it("write a product's or post's id encoded, so the route reads it back", () => {
    expect(matchShopRoute(shopHref.product("a b/c"))).toMatchObject({
      name: "product",
      params: { id: "a b/c" },
    });
    expect(matchShopRoute(shopHref.blogPost("42"))).toMatchObject({ name: "blogPost", params: { id: "42" } });
    expect(shopHref.order("o/1")).toBe("/order?id=o%2F1");
  });

  it("write the listing's filters in a query the listing reads back as the same filters", () => {
    const filters = {
      minPrice: 5,
      category: "rings",
      brand: "lumen-co",
      sort: "high-to-low",
      page: 3,
    } as const;
    const href = shopHref.listing(filters);
    expect(href.startsWith("/shop?")).toBe(true);
    expect(readListing(href.slice(href.indexOf("?")))).toEqual(filters);
    expect(shopHref.listing({ category: "Headphones & Audio" })).toBe("/shop?category=headphones-audio");
    expect(shopHref.listing()).toBe("/shop");
    expect(shopHref.listing({ page: 2 }, "/shop-list")).toBe("/shop-list?page=2");
  });

  it("write a search's words, and the bare search page for none", () => {
    expect(shopHref.search("red shoes")).toBe("/search?searchText=red+shoes");
    expect(readListing("?searchText=red+shoes").searchText).toBe("red shoes");
    expect(shopHref.search("")).toBe("/search");
    expect(shopHref.search("lamp", { sort: "low-to-high" })).toBe("/search?searchText=lamp&sort=low-to-high");
  });
});
