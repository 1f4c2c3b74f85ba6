// Unit layer for pagination: the wrapped-body form the real API never sends, and headers that are missing or broken.
import { describe, expect, it } from "vitest";
import { ApiContractError } from "./errors.ts";
import { createShopClient } from "./index.ts";
import { fakeFetch, json } from "./test/fake-fetch.ts";
import { createMemoryTokenStore } from "./token-store.ts";

const banner = (id: string) => ({
  id,
  title: `Banner ${id}`,
  subtitle: "",
  img: `/api/images/banners/${id}.svg`,
  link: "/shop",
  position: "home-hero",
  active: true,
  sortOrder: 0,
  startsAt: null,
  endsAt: null,
});

function clientAnswering(answer: () => Response) {
  const fake = fakeFetch(answer);
  return createShopClient({ tokenStore: createMemoryTokenStore(), fetch: fake.fetch });
}

describe("paginated lists", () => {
  it("reads the same result from the headers and from a wrapped body", async () => {
    const items = [banner("1"), banner("2")];
    const fromHeaders = await clientAnswering(() =>
      json(items, 200, {
        "X-Total-Count": "7",
        "X-Total-Pages": "4",
        "X-Current-Page": "2",
        "X-Page-Size": "2",
      }),
    ).banners.list({ page: 2, pageSize: 2 });
    const fromBody = await clientAnswering(() =>
      json({ items, totalCount: 7, totalPages: 4, currentPage: 2, pageSize: 2 }),
    ).banners.list({ page: 2, pageSize: 2 });

    expect(fromHeaders).toEqual({ items, totalCount: 7, totalPages: 4, currentPage: 2, pageSize: 2 });
    expect(fromBody).toEqual(fromHeaders);
  });

  it("counts an array without headers as one page holding everything", async () => {
    const page = await clientAnswering(() => json([banner("1"), banner("2"), banner("3")])).banners.list();
    expect(page).toMatchObject({ totalCount: 3, totalPages: 1, currentPage: 1, pageSize: 3 });
    const empty = await clientAnswering(() => json([])).banners.list();
    expect(empty).toEqual({ items: [], totalCount: 0, totalPages: 0, currentPage: 1, pageSize: 1 });
  });

  it("fails loudly on a header that is not a number, or a body item off the contract", async () => {
    const badHeader = await clientAnswering(() => json([banner("1")], 200, { "X-Total-Count": "many" }))
      .banners.list()
      .catch((e: unknown) => e);
    expect(badHeader).toBeInstanceOf(ApiContractError);
    expect((badHeader as ApiContractError).message).toMatch(/^banners\.list: .*X-Total-Count: /);

    const badItem = await clientAnswering(() =>
      json({ items: [{ id: "1" }], totalCount: 1, totalPages: 1, currentPage: 1, pageSize: 1 }),
    )
      .banners.list()
      .catch((e: unknown) => e);
    expect(badItem).toBeInstanceOf(ApiContractError);
    expect((badItem as ApiContractError).issues[0]!.path).toEqual(["items", 0, "title"]);
  });
});
