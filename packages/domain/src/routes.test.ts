import { describe, expect, it } from "vitest";
import { adminRoutes, matchRoute, shopHref, shopRoutes } from "./routes.ts";

describe("matchRoute", () => {
  it("finds every page of the storefront by its own path", () => {
    for (const [name, route] of Object.entries(shopRoutes)) {
      if (route.path.includes(":")) continue;
      expect(matchRoute(shopRoutes, route.path)?.name).toBe(name);
    }
  });

  it("reads the id of a product or blog post, decoded", () => {
    expect(matchRoute(shopRoutes, shopHref.product("a b/c"))).toMatchObject({
      name: "product",
      params: { id: "a b/c" },
    });
    expect(matchRoute(shopRoutes, "/blog-details/42/")).toMatchObject({
      name: "blogPost",
      params: { id: "42" },
    });
  });

  it("ignores case and a trailing slash, as the router does", () => {
    expect(matchRoute(shopRoutes, "/SHOP/")?.name).toBe("shop");
  });

  it("answers null for unknown paths, extra segments and malformed escapes", () => {
    expect(matchRoute(shopRoutes, "/nope")).toBeNull();
    expect(matchRoute(shopRoutes, "/shop/extra")).toBeNull();
    expect(matchRoute(shopRoutes, "/product-details/%E0%A4%A")).toBeNull();
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
