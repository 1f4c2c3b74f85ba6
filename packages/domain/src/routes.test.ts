import { describe, expect, it } from "vitest";
import { adminRoutes, matchRoute } from "./routes.ts";

/** A table like the storefront's: literal paths and one with an id. */
const pages = {
  shop: { path: "/shop" },
  product: { path: "/product-details/:id" },
  productDetails: { path: "/product-details" },
};

describe("matchRoute", () => {
  it("finds every page of the back office by its own path", () => {
    for (const [name, route] of Object.entries(adminRoutes)) {
      if (route.path.includes(":")) continue;
      expect(matchRoute(adminRoutes, route.path)?.name).toBe(name);
    }
  });

  it("reads a parameter, decoded, and hands back the route's own entry", () => {
    expect(matchRoute(pages, `/product-details/${encodeURIComponent("a b/c")}`)).toEqual({
      name: "product",
      route: pages.product,
      params: { id: "a b/c" },
    });
    expect(matchRoute(pages, "/product-details/42/")).toMatchObject({
      name: "product",
      params: { id: "42" },
    });
  });

  it("ignores case and a trailing slash, as the router does", () => {
    expect(matchRoute(pages, "/SHOP/")?.name).toBe("shop");
    expect(matchRoute(pages, "/Product-Details")?.name).toBe("productDetails");
  });

  it("answers null for unknown paths, extra segments, empty parameters and malformed escapes", () => {
    expect(matchRoute(pages, "/nope")).toBeNull();
    expect(matchRoute(pages, "/shop/extra")).toBeNull();
    expect(matchRoute(pages, "/product-details/1/2")).toBeNull();
    expect(matchRoute(pages, "/product-details/%E0%A4%A")).toBeNull();
  });

  it("prefers a literal admin path over a parameter", () => {
    expect(matchRoute(adminRoutes, "/products/create")?.name).toBe("productCreate");
    expect(matchRoute(adminRoutes, "/products/123")).toMatchObject({
      name: "product",
      params: { id: "123" },
    });
    expect(matchRoute(adminRoutes, "/users/edit/7")).toMatchObject({ name: "userEdit", params: { id: "7" } });
  });
});
