import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, login, type TestShop } from "../../test/app.ts";

let shop: TestShop;
let admin: Record<string, string>;
let shopper: Record<string, string>;

beforeAll(async () => {
  shop = await createTestShop();
  admin = (await login(shop.app, "admin")).headers;
  shopper = (await login(shop.app, "shopper")).headers;
});
afterAll(async () => {
  await shop.close();
});

interface Banner {
  id: string;
  title: string;
  subtitle: string;
  img: string;
  link: string;
  position: string;
  active: boolean;
  sortOrder: number;
  startsAt: string | null;
  endsAt: string | null;
}

const get = (url: string, headers: Record<string, string> = {}) =>
  shop.app.inject({ method: "GET", url, headers });
/** The list as the back office reads it (an admin sees every banner). */
const list = async (query = "", headers = admin) => {
  const res = await get(`/api/banners${query}`, headers);
  expect(res.statusCode).toBe(200);
  return { res, items: res.json() as Banner[] };
};
const q = (params: Record<string, unknown>) =>
  `?${Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === "string" ? v : JSON.stringify(v))}`)
    .join("&")}`;

const newBanner = (overrides: Record<string, unknown> = {}) => ({
  title: "Rebajas de verano",
  subtitle: "Hasta 40% en audio",
  img: "/api/images/banners/0.svg",
  link: "/shop?category=audio",
  position: "test-strip",
  active: true,
  sortOrder: 5,
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}): Promise<Banner> {
  const res = await shop.app.inject({
    method: "POST",
    url: "/api/banners",
    headers: admin,
    payload: newBanner(overrides),
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe("GET /banners", () => {
  it("lists the seeded banners by position then sort order, with the list headers", async () => {
    const { res, items } = await list();
    expect(items.length).toBeGreaterThan(0);
    expect(res.headers["x-total-count"]).toBe(String(items.length));
    expect(res.headers["x-current-page"]).toBe("1");
    expect(res.headers["x-total-pages"]).toBe("1");
    const keys = items.map((b) => [b.position, b.sortOrder] as const);
    const sorted = [...keys].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
    expect(keys).toEqual(sorted);
    for (const b of items) {
      expect(b).toEqual({
        id: expect.any(String),
        title: expect.any(String),
        subtitle: expect.any(String),
        img: expect.stringMatching(/^\/api\/images\/banners\/\d+\.svg$/),
        link: expect.any(String),
        position: expect.any(String),
        active: expect.any(Boolean),
        sortOrder: expect.any(Number),
        startsAt: null,
        endsAt: null,
      });
    }
  });

  it("filters active=true and position, as the storefront asks", async () => {
    const { items: all } = await list();
    const position = all[0]!.position;
    await create({ position, active: false, title: "Hidden one" });
    const { items, res } = await list(`?active=true&position=${position}`);
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((b) => b.active && b.position === position)).toBe(true);
    expect(items.some((b) => b.title === "Hidden one")).toBe(false);
    expect(res.headers["x-total-count"]).toBe(String(items.length));
    const inactive = await list(`?active=false&position=${position}`);
    expect(inactive.items.map((b) => b.title)).toContain("Hidden one");
    expect(inactive.items.every((b) => !b.active)).toBe(true);
  });

  it("answers an empty list for a position nobody uses", async () => {
    const { items, res } = await list("?position=nowhere");
    expect(items).toEqual([]);
    expect(res.headers["x-total-count"]).toBe("0");
  });

  it("refuses active values other than true or false", async () => {
    const res = await get("/api/banners?active=yes");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("querystring.active: must be true or false");
  });

  describe("react-admin parameters", () => {
    it("sorts by a listed field", async () => {
      const { items } = await list(q({ sort: ["title", "DESC"] }));
      const titles = items.map((b) => b.title);
      expect(titles).toEqual([...titles].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
      const asc = await list(q({ sort: ["sortOrder", "ASC"] }));
      const orders = asc.items.map((b) => b.sortOrder);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
    });

    it("pages with range and reports the total", async () => {
      const { items: all } = await list();
      const { items, res } = await list(q({ sort: ["title", "ASC"], range: [1, 2] }));
      expect(items).toHaveLength(2);
      expect(res.headers["x-total-count"]).toBe(String(all.length));
      expect(res.headers["content-range"]).toBe(`items 1-2/${all.length}`);
      const first = await list(q({ sort: ["title", "ASC"], range: [0, 2] }));
      expect(first.items.slice(1)).toEqual(items);
    });

    it("filters by q, position, active and id", async () => {
      const made = await create({ title: "Zafiro único", position: "ra-test", active: false });
      const other = await create({ title: "Otro", position: "ra-test" });
      const byQ = await list(q({ filter: { q: "zafiro" } }));
      expect(byQ.items.map((b) => b.id)).toEqual([made.id]);
      const byPosition = await list(q({ filter: { position: "ra-test" } }));
      expect(byPosition.items.map((b) => b.id).sort()).toEqual([made.id, other.id].sort());
      const byActive = await list(q({ filter: { position: "ra-test", active: false } }));
      expect(byActive.items.map((b) => b.id)).toEqual([made.id]);
      const byIds = await list(q({ filter: { id: [made.id, other.id, "not-a-uuid"] } }));
      expect(byIds.items.map((b) => b.id).sort()).toEqual([made.id, other.id].sort());
      expect(byIds.res.headers["x-total-count"]).toBe("2");
      const noIds = await list(q({ filter: { id: ["nope"] } }));
      expect(noIds.items).toEqual([]);
    });

    it("takes q literally, not as a LIKE pattern", async () => {
      // Each literal title has a twin that the pattern would match if % or _ were wildcards.
      const percent = await create({ title: "Promo a%z" });
      await create({ title: "Promo abcz" });
      const underscore = await create({ title: "Promo x_y" });
      await create({ title: "Promo xqy" });
      expect((await list(q({ filter: { q: "a%z" } }))).items.map((b) => b.id)).toEqual([percent.id]);
      expect((await list(q({ filter: { q: "x_y" } }))).items.map((b) => b.id)).toEqual([underscore.id]);
    });

    it("refuses an unknown sort field and malformed JSON", async () => {
      const bad = await get(`/api/banners${q({ sort: ["img", "ASC"] })}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(
        "Cannot sort by 'img'; sort by one of: id, title, position, sortOrder, active, startsAt, endsAt",
      );
      const injection = await get(`/api/banners${q({ sort: ["title; drop table banners", "ASC"] })}`);
      expect(injection.statusCode).toBe(400);
      const range = await get("/api/banners?range=[5,1]");
      expect(range.statusCode).toBe(400);
      expect(range.json().message).toBe("range must be [first, last] with 0 <= first <= last");
      const filter = await get("/api/banners?filter=nope");
      expect(filter.statusCode).toBe(400);
      expect(filter.json().message).toContain("filter must be JSON");
      const active = await get(`/api/banners${q({ filter: { active: "maybe" } })}`);
      expect(active.statusCode).toBe(400);
      expect(active.json().message).toContain("filter.active");
    });
  });
});

describe("GET /banners/{id}", () => {
  it("answers one banner", async () => {
    const { items } = await list("?active=true");
    const res = await get(`/api/banners/${items[0]!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(items[0]);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    const missing = await get("/api/banners/00000000-0000-4000-8000-000000000000");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Banner not found");
    const malformed = await get("/api/banners/not-a-uuid");
    expect(malformed.statusCode).toBe(404);
  });
});

describe("POST /banners", () => {
  it("creates a banner for an admin, with defaults for what is left out", async () => {
    const res = await shop.app.inject({
      method: "POST",
      url: "/api/banners",
      headers: admin,
      payload: {
        title: "  Nuevos relojes  ",
        img: "/api/uploads/x.png",
        position: "home-hero",
        id: "forged",
      },
    });
    expect(res.statusCode).toBe(201);
    const banner = res.json();
    expect(banner).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: "Nuevos relojes",
      subtitle: "",
      img: "/api/uploads/x.png",
      link: "/shop",
      position: "home-hero",
      active: true,
      sortOrder: 0,
      startsAt: null,
      endsAt: null,
    });
    expect((await get(`/api/banners/${banner.id}`)).json()).toEqual(banner);
  });

  it("requires an admin", async () => {
    const anonymous = await shop.app.inject({ method: "POST", url: "/api/banners", payload: newBanner() });
    expect(anonymous.statusCode).toBe(401);
    const customer = await shop.app.inject({
      method: "POST",
      url: "/api/banners",
      headers: shopper,
      payload: newBanner(),
    });
    expect(customer.statusCode).toBe(403);
    expect(customer.json().message).toBe("Only an admin can do this");
  });

  it.each([
    [{ title: "" }, "body.title"],
    [{ img: undefined }, "body.img"],
    [{ position: "Home Hero!" }, "body.position: must be a position name such as home-hero"],
    [{ sortOrder: -1 }, "body.sortOrder"],
    [{ sortOrder: 1.5 }, "body.sortOrder"],
    [{ active: "yes" }, "body.active"],
  ])("refuses %j with a 400 naming the field", async (overrides, message) => {
    const before = (await list()).items.length;
    const res = await shop.app.inject({
      method: "POST",
      url: "/api/banners",
      headers: admin,
      payload: newBanner(overrides),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect((await list()).items.length).toBe(before);
  });
});

describe("PUT /banners/{id}", () => {
  it("replaces a banner, ignoring the id in the body as react-admin sends it", async () => {
    const banner = await create();
    const res = await shop.app.inject({
      method: "PUT",
      url: `/api/banners/${banner.id}`,
      headers: admin,
      payload: { ...banner, id: "other", title: "Cambiado", active: false, sortOrder: 9 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...banner, title: "Cambiado", active: false, sortOrder: 9 });
    expect((await get(`/api/banners/${banner.id}`, admin)).json().title).toBe("Cambiado");
  });

  it("answers 404 for an unknown banner and 400 for a bad body", async () => {
    const missing = await shop.app.inject({
      method: "PUT",
      url: "/api/banners/00000000-0000-4000-8000-000000000000",
      headers: admin,
      payload: newBanner(),
    });
    expect(missing.statusCode).toBe(404);
    const banner = await create();
    const bad = await shop.app.inject({
      method: "PUT",
      url: `/api/banners/${banner.id}`,
      headers: admin,
      payload: { ...banner, title: 42 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("body.title");
    expect((await get(`/api/banners/${banner.id}`)).json().title).toBe(banner.title);
  });

  it("requires an admin", async () => {
    const banner = await create();
    const url = `/api/banners/${banner.id}`;
    expect((await shop.app.inject({ method: "PUT", url, payload: newBanner() })).statusCode).toBe(401);
    expect(
      (await shop.app.inject({ method: "PUT", url, headers: shopper, payload: newBanner() })).statusCode,
    ).toBe(403);
  });
});

describe("DELETE /banners/{id}", () => {
  it("deletes with 204 and no body", async () => {
    const banner = await create();
    const res = await shop.app.inject({ method: "DELETE", url: `/api/banners/${banner.id}`, headers: admin });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe("");
    expect((await get(`/api/banners/${banner.id}`)).statusCode).toBe(404);
    const again = await shop.app.inject({
      method: "DELETE",
      url: `/api/banners/${banner.id}`,
      headers: admin,
    });
    expect(again.statusCode).toBe(404);
  });

  it("requires an admin", async () => {
    const banner = await create();
    const url = `/api/banners/${banner.id}`;
    expect((await shop.app.inject({ method: "DELETE", url })).statusCode).toBe(401);
    expect((await shop.app.inject({ method: "DELETE", url, headers: shopper })).statusCode).toBe(403);
    expect((await get(url)).statusCode).toBe(200);
  });
});

describe("schedules", () => {
  const HOUR = 60 * 60 * 1000;
  const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
  const titles = (items: Banner[]) => items.map((b) => b.title).sort();

  it("shows a shopper only the banners showing now; an admin sees them all, with their dates", async () => {
    const position = "schedule-test";
    const current = await create({ position, title: "Now", startsAt: at(-HOUR), endsAt: at(HOUR) });
    const future = await create({ position, title: "Later", startsAt: at(24 * HOUR) });
    await create({ position, title: "Over", startsAt: at(-48 * HOUR), endsAt: at(-24 * HOUR) });
    await create({ position, title: "Off", active: false });
    expect(current.startsAt).toBe(new Date(current.startsAt!).toISOString());

    const shopper = await list(`?position=${position}`, {});
    expect(titles(shopper.items)).toEqual(["Now"]);
    expect(shopper.res.headers["x-total-count"]).toBe("1");
    expect(titles((await list(`?active=true&position=${position}`, {})).items)).toEqual(["Now"]);
    expect((await list(`?active=false&position=${position}`, {})).items).toEqual([]);

    expect(titles((await list(`?position=${position}`)).items)).toEqual(["Later", "Now", "Off", "Over"]);
    expect(titles((await list(`?active=true&position=${position}`)).items)).toEqual(["Now"]);
    expect(titles((await list(`?active=false&position=${position}`)).items)).toEqual([
      "Later",
      "Off",
      "Over",
    ]);

    expect((await get(`/api/banners/${future.id}`)).statusCode).toBe(404);
    expect((await get(`/api/banners/${current.id}`)).json()).toEqual(current);
    expect((await get(`/api/banners/${future.id}`, admin)).json()).toEqual(future);
  });

  it.each([
    [
      { startsAt: "2030-01-02T00:00:00Z", endsAt: "2030-01-01T00:00:00Z" },
      "body.endsAt: must be after the start",
    ],
    [
      { startsAt: "2030-01-01T00:00:00Z", endsAt: "2030-01-01T00:00:00Z" },
      "body.endsAt: must be after the start",
    ],
    [{ startsAt: "tomorrow" }, "body.startsAt"],
    [{ endsAt: 1767225600000 }, "body.endsAt"],
  ])("refuses %j with a 400 naming the field, and writes nothing", async (dates, message) => {
    const before = (await list()).items.length;
    const res = await shop.app.inject({
      method: "POST",
      url: "/api/banners",
      headers: admin,
      payload: newBanner(dates),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect((await list()).items.length).toBe(before);

    const banner = await create();
    const put = await shop.app.inject({
      method: "PUT",
      url: `/api/banners/${banner.id}`,
      headers: admin,
      payload: { ...banner, ...dates },
    });
    expect(put.statusCode).toBe(400);
    expect(put.json().message).toContain(message);
    expect((await get(`/api/banners/${banner.id}`, admin)).json()).toEqual(banner);
  });

  it("takes an empty or missing date as no limit, and dates with an offset as the same moment in UTC", async () => {
    const banner = await create({ startsAt: "", endsAt: null });
    expect(banner).toMatchObject({ startsAt: null, endsAt: null });
    const offset = await create({ startsAt: "2030-01-01T08:00:00-04:00", endsAt: "2030-01-02T00:00:00Z" });
    expect(offset).toMatchObject({
      startsAt: "2030-01-01T12:00:00.000Z",
      endsAt: "2030-01-02T00:00:00.000Z",
    });
  });

  it("moves the content version when a banner starts or ends, without anybody writing", async () => {
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const version = () => shop.app.contentVersion();
    const startsAt = Date.now() + 1500;
    const banner = await create({ position: "schedule-clock", startsAt: new Date(startsAt).toISOString() });
    version();
    await sleep(300);
    const before = version()!;
    expect((await list("?position=schedule-clock", {})).items).toEqual([]);
    await sleep(200);
    expect(version()).toBe(before);

    await sleep(Math.max(0, startsAt - Date.now()) + 50);
    const after = version()!;
    expect(after).toBeGreaterThan(before);
    expect((await list("?position=schedule-clock", {})).items.map((b) => b.id)).toEqual([banner.id]);
    await sleep(300);
    expect(version()).toBe(after);
  });
});
