import { describe, expect, it } from "vitest";
import { catalogQueries } from "#features/catalog/queries.ts";
import { firstScreenKeys, seedFirstScreen } from "./first-screen.ts";
import { createQueryClient } from "./query-client.ts";

describe("first-screen data written by the server", () => {
  it("fills the very queries the pages ask, so they render without a round trip", () => {
    const client = createQueryClient();
    const featured = [{ id: "p1", title: "Lamp" }];
    const banners = { items: [{ id: "b1" }], totalCount: 1, totalPages: 1, currentPage: 1, pageSize: 12 };
    const text = JSON.stringify([
      { key: firstScreenKeys.featured(), data: featured },
      { key: firstScreenKeys.banners("home-hero"), data: banners },
    ]);
    expect(seedFirstScreen(client, text)).toBe(2);
    expect(client.getQueryData(catalogQueries.featured().queryKey)).toEqual(featured);
    expect(client.getQueryData(catalogQueries.banners("home-hero").queryKey)).toEqual(banners);
  });

  it("ignores what is missing or malformed", () => {
    const client = createQueryClient();
    expect(seedFirstScreen(client, null)).toBe(0);
    expect(seedFirstScreen(client, "{not json")).toBe(0);
    expect(seedFirstScreen(client, JSON.stringify({ key: ["x"] }))).toBe(0);
    expect(seedFirstScreen(client, JSON.stringify([{ key: "x", data: 1 }, { key: ["y"] }]))).toBe(0);
  });
});
