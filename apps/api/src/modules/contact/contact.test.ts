import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, login, type TestShop } from "../../test/app.ts";
import { CONTACT_THANKS } from "./routes.ts";

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

let ip = 0;
/** Each call comes from its own address unless told, so the per-IP limit only bites where a test wants it. */
const send = (payload: object, remoteAddress = `10.0.0.${++ip}`) =>
  shop.app.inject({ method: "POST", url: "/api/contact", payload, remoteAddress });
const adminList = (query = "") =>
  shop.app.inject({ method: "GET", url: `/api/contact${query}`, headers: admin });
const q = (params: Record<string, unknown>) =>
  `?${Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(JSON.stringify(v))}`)
    .join("&")}`;

const message = {
  name: "Carmen Díaz",
  email: "  Carmen@Example.com ",
  subject: "Pedido",
  message: "¿Cuándo llega mi pedido?",
};

describe("POST /contact", () => {
  it("stores the message and thanks the sender", async () => {
    const res = await send(message);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: "Thank you! We will get back to you soon." });
    expect(CONTACT_THANKS).toBe("Thank you! We will get back to you soon.");
    const stored = (await adminList(q({ filter: { email: "carmen@example.com" } }))).json();
    expect(stored).toEqual([
      {
        id: expect.any(String),
        name: "Carmen Díaz",
        email: "carmen@example.com",
        subject: "Pedido",
        message: "¿Cuándo llega mi pedido?",
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        handled: false,
        handledAt: null,
      },
    ]);
  });

  it("defaults the subject to empty", async () => {
    const res = await send({
      name: "Sin asunto",
      email: "nosubject@example.com",
      message: "Hola, una pregunta",
    });
    expect(res.statusCode).toBe(201);
    const [row] = (await adminList("?email=nosubject@example.com")).json();
    expect(row.subject).toBe("");
  });

  it.each([
    [{ email: "not-an-email" }, "body.email: must be a valid email address"],
    [{ message: "hey" }, "body.message: must be at least 5 characters"],
    [{ name: "   " }, "body.name"],
    [{ message: "x".repeat(5001) }, "body.message"],
    [{ name: undefined }, "body.name"],
  ])("refuses %j with a 400 naming the field", async (overrides, text) => {
    const res = await send({ ...message, email: "refused@example.com", ...overrides });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(text);
    expect((await adminList("?email=refused@example.com")).json()).toEqual([]);
  });

  it("allows five messages a minute per IP, then answers 429", async () => {
    const from = "192.0.2.77";
    for (let i = 0; i < 5; i++) {
      expect((await send({ ...message, subject: `n${i}` }, from)).statusCode).toBe(201);
    }
    const limited = await send(message, from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/rate limit/i);
    // Another address is not affected.
    expect((await send(message, "192.0.2.78")).statusCode).toBe(201);
  });
});

describe("GET /contact", () => {
  it("lists messages newest first for an admin, with the list headers", async () => {
    const res = await adminList();
    expect(res.statusCode).toBe(200);
    const items = res.json() as { createdAt: string }[];
    expect(items.length).toBeGreaterThanOrEqual(8);
    expect(res.headers["x-total-count"]).toBe(String(items.length));
    const dates = items.map((m) => m.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("accepts react-admin's sort, range and filter", async () => {
    const all = (await adminList()).json() as { id: string; subject: string; email: string }[];
    const page = await adminList(q({ sort: ["subject", "ASC"], range: [0, 1] }));
    expect(page.statusCode).toBe(200);
    expect(page.json()).toHaveLength(2);
    expect(page.headers["x-total-count"]).toBe(String(all.length));
    expect(page.headers["content-range"]).toBe(`items 0-1/${all.length}`);
    const subjects = all.map((m) => m.subject).sort();
    expect(page.json().map((m: { subject: string }) => m.subject)).toEqual(subjects.slice(0, 2));
    const search = await adminList(q({ filter: { q: "n3" } }));
    expect(search.json().map((m: { subject: string }) => m.subject)).toEqual(["n3"]);
    const ids = await adminList(q({ filter: { id: [all[0]!.id] } }));
    expect(ids.json().map((m: { id: string }) => m.id)).toEqual([all[0]!.id]);
    const bad = await adminList(q({ sort: ["message", "ASC"] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      "Cannot sort by 'message'; sort by one of: id, name, email, subject, createdAt",
    );
  });

  it("is for admins only", async () => {
    expect((await shop.app.inject({ method: "GET", url: "/api/contact" })).statusCode).toBe(401);
    const customer = await shop.app.inject({ method: "GET", url: "/api/contact", headers: shopper });
    expect(customer.statusCode).toBe(403);
  });
});

describe("marking a message handled", () => {
  async function newMessage(subject: string) {
    await send({ ...message, email: "handled@example.com", subject });
    const [stored] = (await adminList(q({ filter: { email: "handled@example.com", q: subject } }))).json();
    return stored as { id: string; handled: boolean };
  }
  const put = (id: string, payload: object, headers = admin) =>
    shop.app.inject({ method: "PUT", url: `/api/contact/${id}`, headers, payload });

  it("marks handled, keeps the first time, and filters by it", async () => {
    const stored = await newMessage("Handle me");
    expect(stored.handled).toBe(false);

    // The whole record, as a generic REST client sends it: only `handled` counts.
    const res = await put(stored.id, { ...stored, handled: true, email: "changed@example.com" });
    expect(res.statusCode).toBe(200);
    const handled = res.json();
    expect(handled).toMatchObject({ id: stored.id, handled: true, email: "handled@example.com" });
    expect(handled.handledAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    const again = (await put(stored.id, { handled: true })).json();
    expect(again.handledAt).toBe(handled.handledAt);

    const waiting = (await adminList(q({ filter: { email: "handled@example.com", handled: false } }))).json();
    expect(waiting.map((m: { id: string }) => m.id)).not.toContain(stored.id);
    const done = (await adminList(q({ filter: { email: "handled@example.com", handled: true } }))).json();
    expect(done.map((m: { id: string }) => m.id)).toContain(stored.id);

    const reopened = (await put(stored.id, { handled: false })).json();
    expect(reopened).toMatchObject({ handled: false, handledAt: null });
  });

  it("reads one message for an admin", async () => {
    const stored = await newMessage("Read me");
    const res = await shop.app.inject({ method: "GET", url: `/api/contact/${stored.id}`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: stored.id, subject: "Read me", handled: false });
  });

  it("refuses shoppers, bad bodies and unknown ids", async () => {
    const stored = await newMessage("Guarded");
    expect((await put(stored.id, { handled: true }, shopper)).statusCode).toBe(403);
    const bad = await put(stored.id, { handled: "yes" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("body.handled");
    expect((await put("00000000-0000-4000-8000-000000000000", { handled: true })).statusCode).toBe(404);
    expect((await put("not-an-id", { handled: true })).statusCode).toBe(404);
    const get = await shop.app.inject({ method: "GET", url: `/api/contact/${stored.id}`, headers: shopper });
    expect(get.statusCode).toBe(403);
    // Nothing changed.
    const read = await shop.app.inject({ method: "GET", url: `/api/contact/${stored.id}`, headers: admin });
    expect(read.json().handled).toBe(false);
  });
});
