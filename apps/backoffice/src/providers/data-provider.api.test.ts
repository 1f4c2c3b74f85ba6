// The data provider against the real API: simple-rest's calls on the API's paths, uploads, exceptions, errors.
import type { Category, Product } from "@shop/domain/schemas/public";
import type { HttpError } from "react-admin";
import { beforeAll, describe, expect, it } from "vitest";
import { backOffice, DEMO, PNG_1X1 } from "../test/api.ts";

const bo = backOffice();
const { dataProvider } = bo;
let category: Category;
const sku = () => `BO-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`.toUpperCase();

function productInput(overrides: Record<string, unknown> = {}) {
  return {
    sku: sku(),
    title: "Back office test lamp",
    categoryId: category.id,
    children: category.children[0] ?? "",
    price: 49.5,
    discount: 10,
    quantity: 7,
    imageURLs: [],
    ...overrides,
  };
}

beforeAll(async () => {
  await bo.authProvider.login(DEMO.admin);
  category = (
    await dataProvider.getList<Category>("categories", {
      pagination: { page: 1, perPage: 1 },
      sort: { field: "name", order: "ASC" },
      filter: { productType: "electronics" },
    })
  ).data[0]!;
});

describe("getList", () => {
  it("maps products to /product with sort, range and filter, and reads the total from X-Total-Count", async () => {
    const page1 = await dataProvider.getList<Product>("products", {
      pagination: { page: 1, perPage: 5 },
      sort: { field: "price", order: "ASC" },
      filter: { productType: "fashion" },
    });
    const page2 = await dataProvider.getList<Product>("products", {
      pagination: { page: 2, perPage: 5 },
      sort: { field: "price", order: "ASC" },
      filter: { productType: "fashion" },
    });
    expect(page1.data).toHaveLength(5);
    expect(page1.total).toBeGreaterThan(5);
    expect(page2.total).toBe(page1.total);
    const prices = [...page1.data, ...page2.data].map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(new Set([...page1.data, ...page2.data].map((p) => p.productType))).toEqual(new Set(["fashion"]));
    expect(page1.data.map((p) => p.id)).not.toContain(page2.data[0]!.id);
    expect(bo.requests).toContain("GET /product");
  });

  it("narrows by search text and price range", async () => {
    const { data, total } = await dataProvider.getList<Product>("products", {
      pagination: { page: 1, perPage: 100 },
      sort: { field: "price", order: "DESC" },
      filter: { minPrice: 100, maxPrice: 400 },
    });
    expect(total).toBe(data.length);
    expect(data.length).toBeGreaterThan(0);
    for (const p of data) expect(p.price >= 100 && p.price <= 400).toBe(true);
  });

  it("turns an unknown filter into the API's 400 with its message", async () => {
    const error = (await dataProvider
      .getList("products", {
        pagination: { page: 1, perPage: 5 },
        sort: { field: "id", order: "ASC" },
        filter: { colour: "red" },
      })
      .catch((e: unknown) => e)) as HttpError;
    expect(error.status).toBe(400);
    expect(error.message).toContain("Cannot filter products by 'colour'");
  });
});

describe("getOne, getMany, getManyReference", () => {
  it("reads one record, several by id, and the records that point at one", async () => {
    const { data: list } = await dataProvider.getList<Product>("products", {
      pagination: { page: 1, perPage: 3 },
      sort: { field: "title", order: "ASC" },
      filter: {},
    });
    const one = await dataProvider.getOne<Product>("products", { id: list[0]!.id });
    expect(one.data.title).toBe(list[0]!.title);

    const many = await dataProvider.getMany<Product>("products", { ids: list.map((p) => p.id) });
    expect(many.data.map((p) => p.id).sort()).toEqual(list.map((p) => p.id).sort());

    const inCategory = await dataProvider.getManyReference<Product>("products", {
      target: "categoryId",
      id: category.id,
      pagination: { page: 1, perPage: 100 },
      sort: { field: "title", order: "ASC" },
      filter: {},
    });
    expect(inCategory.total).toBe(category.productCount);
    expect(inCategory.data.every((p) => p.categoryId === category.id)).toBe(true);
  });

  it("maps blog-posts and contact-messages to their paths", async () => {
    const posts = await dataProvider.getList("blog-posts", {
      pagination: { page: 1, perPage: 2 },
      sort: { field: "publishedAt", order: "DESC" },
      filter: {},
    });
    expect(posts.data.length).toBeGreaterThan(0);
    const messages = await dataProvider.getList("contact-messages", {
      pagination: { page: 1, perPage: 2 },
      sort: { field: "createdAt", order: "DESC" },
      filter: { handled: false },
    });
    expect(messages.total).toBeGreaterThanOrEqual(messages.data.length);
    expect(bo.requests).toEqual(expect.arrayContaining(["GET /blog", "GET /contact"]));
  });
});

describe("create, update, delete", () => {
  it("uploads a chosen image first, then creates the product with its URL and colour", async () => {
    const file = new File([PNG_1X1], "lamp.png", { type: "image/png" });
    const { data } = await dataProvider.create<Product>("products", {
      data: productInput({
        imageURLs: [
          {
            img: { rawFile: file, src: "blob:x", title: "lamp.png" },
            color: { name: "Coral", clrCode: "#ff7f50" },
          },
        ],
      }),
    });
    expect(data.imageURLs).toEqual([
      {
        img: expect.stringMatching(/^\/api\/media\/[0-9a-f]{32}\.png$/),
        color: { name: "Coral", clrCode: "#ff7f50" },
      },
    ]);
    expect(data.img).toBe(data.imageURLs[0]!.img);
    const image = await fetch(new URL(data.img, bo.apiUrl));
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(bo.requests.indexOf("POST /uploads")).toBeLessThan(bo.requests.lastIndexOf("POST /product"));
  });

  it("uploads a picture on its own, telling its progress to the end (here without XMLHttpRequest, through fetch)", async () => {
    const shares: number[] = [];
    const url = await dataProvider.upload(
      new File([PNG_1X1], "dot.png", { type: "image/png" }),
      "dot.png",
      (share) => shares.push(share),
    );
    expect(url).toMatch(/^\/api\/media\/[0-9a-f]{32}\.png$/);
    expect(shares.at(-1)).toBe(1);
    expect((await fetch(new URL(url, bo.apiUrl))).status).toBe(200);
  });

  it("updates a record and keeps the API's answer", async () => {
    const { data: created } = await dataProvider.create<Product>("products", { data: productInput() });
    const { data } = await dataProvider.update<Product>("products", {
      id: created.id,
      data: { ...created, title: "Renamed lamp", quantity: 0 },
      previousData: created,
    });
    expect(data).toMatchObject({
      id: created.id,
      title: "Renamed lamp",
      quantity: 0,
      status: "out-of-stock",
    });
  });

  it("saves a product's ITBIS rate through /itbis-rates and reads it back with the product", async () => {
    const { data: created } = await dataProvider.create("products", {
      data: productInput({ itbisRate: 16 }),
    });
    expect(created.itbisRate).toBe(16);
    expect((await dataProvider.getOne("products", { id: created.id })).data.itbisRate).toBe(16);
    await dataProvider.update("products", {
      id: created.id,
      data: { ...created, itbisRate: 0 },
      previousData: created,
    });
    expect((await dataProvider.getOne("products", { id: created.id })).data.itbisRate).toBe(0);
    expect(bo.requests).toContain(`PUT /itbis-rates/${created.id}`);
  });

  it("shows the API's validation errors beside the fields they name, and saves nothing", async () => {
    const input = productInput({
      price: -1,
      imageURLs: [{ img: "/x.png", color: { name: "Red", clrCode: "red" } }],
    });
    const error = (await dataProvider
      .create("products", { data: input })
      .catch((e: unknown) => e)) as HttpError;
    expect(error.status).toBe(400);
    expect(error.body.errors).toEqual({
      price: expect.stringContaining("0"),
      "imageURLs.0.color.clrCode": "must be a #RRGGBB colour",
    });
    const found = await dataProvider.getList("products", {
      pagination: { page: 1, perPage: 5 },
      sort: { field: "id", order: "ASC" },
      filter: { q: input.sku },
    });
    expect(found.total).toBe(0);
  });

  it("deletes one record and several, also where the API answers 204 without a body", async () => {
    const a = (await dataProvider.create<Product>("products", { data: productInput() })).data;
    const b = (await dataProvider.create<Product>("products", { data: productInput() })).data;
    const deleted = await dataProvider.delete<Product>("products", { id: a.id, previousData: a });
    expect(deleted.data.id).toBe(a.id);
    expect((await dataProvider.deleteMany("products", { ids: [b.id] })).data).toEqual([b.id]);

    const banner = {
      title: "Gone soon",
      img: "/api/images/banners/1.svg",
      position: "home-hero",
      active: false,
    };
    const b1 = (await dataProvider.create("banners", { data: banner })).data;
    const b2 = (await dataProvider.create("banners", { data: banner })).data;
    const b3 = (await dataProvider.create("banners", { data: banner })).data;
    expect((await dataProvider.delete("banners", { id: b1.id, previousData: b1 })).data).toEqual(b1);
    expect((await dataProvider.deleteMany("banners", { ids: [b2.id, b3.id] })).data).toEqual([b2.id, b3.id]);
    for (const id of [a.id, b.id, b1.id, b2.id, b3.id]) {
      const resource = id === a.id || id === b.id ? "products" : "banners";
      const gone = (await dataProvider.getOne(resource, { id }).catch((e: unknown) => e)) as HttpError;
      expect(gone.status).toBe(404);
    }
  });
});

describe("the named exceptions and extra calls", () => {
  it("reads the exchange-rate history, the current rate, and sets a new rate", async () => {
    const set = await dataProvider.create("exchange-rates", { data: { rate: 61.25 } });
    expect(set.data).toMatchObject({ success: true, rate: 61.25 });
    expect(set.data.message).toContain("exitosamente");
    const current = await dataProvider.getOne("exchange-rates", { id: "current" });
    expect(current.data).toMatchObject({
      id: "current",
      rate: 61.25,
      fromCurrency: "USD",
      toCurrency: "DOP",
    });
    const history = await dataProvider.getList("exchange-rates", {
      pagination: { page: 1, perPage: 100 },
      sort: { field: "date", order: "ASC" },
      filter: { days: 7 },
    });
    expect(history.data.at(-1)).toMatchObject({ rate: 61.25, id: history.data.at(-1)!.date });
    expect(history.total).toBe(history.data.length);
    expect(bo.requests).toEqual(
      expect.arrayContaining([
        "GET /Exchange/history",
        "GET /Exchange/rate",
        "POST /exchange-admin/update-rate",
      ]),
    );

    const refused = (await dataProvider
      .create("exchange-rates", { data: { rate: 5000 } })
      .catch((e: unknown) => e)) as HttpError;
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ rate: "must be between 1 and 1000 DOP per USD" });
  });

  it("reads a month's receipts for the ITBIS return, and lists the receipts and e-NCF ranges", async () => {
    const summary = await dataProvider.receiptSummary("2020-01");
    expect(summary).toEqual({ month: "2020-01", byType: [], byRate: [], total: 0, itbis: 0 });
    const ranges = await dataProvider.getList("receipt-ranges", {
      pagination: { page: 1, perPage: 10 },
      sort: { field: "type", order: "ASC" },
      filter: {},
    });
    expect(ranges.data.map((r) => r.type)).toEqual(expect.arrayContaining(["E31", "E32", "E34"]));
    const issued = await dataProvider.getList("receipts", {
      pagination: { page: 1, perPage: 5 },
      sort: { field: "issuedAt", order: "DESC" },
      filter: { type: "E32" },
    });
    expect(issued.total).toBeGreaterThan(0);
    expect(issued.data.every((r) => r.type === "E32")).toBe(true);
  });

  it("reads and saves the business's fiscal data as the one record at /fiscal-data", async () => {
    const current = await dataProvider.getOne("fiscal-data", { id: "issuer" });
    expect(current.data).toMatchObject({ id: "issuer", rnc: "999999992", source: "sample" });
    expect(bo.requests).toContain("GET /fiscal-data");
    // An RNC whose check digit fails is refused beside its field, and nothing is saved.
    const error = (await dataProvider
      .update("fiscal-data", {
        id: "issuer",
        data: { ...current.data, rnc: "101850044" },
        previousData: current.data,
      })
      .catch((e: unknown) => e)) as HttpError;
    expect(error.status).toBe(400);
    expect(error.body.errors).toEqual({ rnc: expect.stringContaining("check digit") });
    expect((await dataProvider.getOne("fiscal-data", { id: "issuer" })).data.source).toBe("sample");
    const saved = await dataProvider.update("fiscal-data", {
      id: "issuer",
      data: { ...current.data, rnc: "1-01-85004-3", name: "Ferretería Almonte SRL" },
      previousData: current.data,
    });
    expect(saved.data).toMatchObject({ id: "issuer", rnc: "101850043", source: "saved" });
    expect(bo.requests).toContain("PUT /fiscal-data");
    expect((await dataProvider.getOne("fiscal-data", { id: "issuer" })).data.name).toBe(
      "Ferretería Almonte SRL",
    );
  });

  it("reads the dashboard figures", async () => {
    const figures = await dataProvider.dashboard(30);
    expect(figures.revenuePerDay).toHaveLength(30);
    expect(figures.ordersPerStatus.length).toBeGreaterThan(0);
  });

  it("refreshes an expired token on a 401 and answers the call", async () => {
    const refreshToken = bo.store.getRefreshToken();
    bo.store.setToken("expired.or.forged");
    const users = await dataProvider.getList("users", {
      pagination: { page: 1, perPage: 5 },
      sort: { field: "email", order: "ASC" },
      filter: { role: "admin" },
    });
    expect(users.data.map((u) => u.email)).toContain(DEMO.admin.username);
    expect(bo.store.getRefreshToken()).not.toBe(refreshToken);
    expect(bo.requests.slice(-3)).toEqual(["GET /users", "POST /users/refresh-token", "GET /users"]);
  });
});

describe("ending a user's sessions, and the audit trail", () => {
  it("ends every session of a shopper at once, and lists the action in the audit trail, filtered", async () => {
    const shopper = backOffice();
    const email = `ended-${Date.now().toString(36)}@shop.test`;
    const session = await shopper.client.auth.register({
      firstName: "Ended",
      lastName: "Elsewhere",
      email,
      password: "Ended-Pass-123",
    });
    expect((await shopper.client.users.profile()).email).toBe(email);

    const answer = await dataProvider.endSessions(session.user.userId);
    expect(answer.ended).toBe(1);
    // The shopper's next call is refused, the refresh too: signed out.
    await expect(shopper.client.users.profile()).rejects.toMatchObject({ status: 401 });
    expect(shopper.store.getToken()).toBeNull();

    const trail = await dataProvider.getList("audit", {
      pagination: { page: 1, perPage: 10 },
      sort: { field: "at", order: "DESC" },
      filter: { entity: "user", action: "user.sessions-end", entityId: session.user.userId },
    });
    expect(trail.total).toBe(1);
    expect(trail.data[0]).toMatchObject({
      actorEmail: DEMO.admin.username,
      action: "user.sessions-end",
      before: { email, sessions: 1 },
      after: { sessions: 0 },
    });
    const one = await dataProvider.getOne("audit", { id: trail.data[0]!.id });
    expect(one.data).toEqual(trail.data[0]);
  });
});

describe("auditChain", () => {
  it("reads whether the audit trail's chain of hashes holds, for the notice on the audit list", async () => {
    const chain = await dataProvider.auditChain();
    expect(chain).toMatchObject({ intact: true, broken: null });
    expect(chain.entries).toBeGreaterThanOrEqual(0);
  });
});

describe("the products spreadsheet", () => {
  it("exports the list's filter in the back office's language, and checks a file without changing anything", async () => {
    // A few products, so the dry run below stays quick on a busy machine.
    const blob = await dataProvider.exportProducts({ productType: "jewelry", q: "ring" }, "es");
    const text = await blob.text();
    const [header, ...rows] = text.replace("\uFEFF", "").trim().split("\r\n");
    expect(header).toMatch(/^producto;sku;titulo;categoria;/);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.includes(";jewelry;"))).toBe(true);

    const dry = await dataProvider.importProducts(new Blob([text], { type: "text/csv" }), true);
    expect(dry).toMatchObject({ dryRun: true, applied: false, errorCount: 0, rows: rows.length });
    expect(dry.products.created + dry.products.updated).toBe(0);
  });

  it("answers a file with row errors with its report (422), not an exception", async () => {
    const report = await dataProvider.importProducts(
      new Blob(["product,sku,stock\nBad Handle,X,-1\n"], { type: "text/csv" }),
      false,
    );
    expect(report.applied).toBe(false);
    expect(report.errors.map((e) => e.column)).toEqual(["product", "stock"]);
  });
});
