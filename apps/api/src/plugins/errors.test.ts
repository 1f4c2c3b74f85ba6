// Input PostgreSQL cannot keep (a NUL anywhere) is refused before any route reads it, and a failure that does reach
// the database leaves its SQL and parameters out of the log.
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../app.ts";
import { createTestShop, login, type TestShop } from "../test/app.ts";

let shop: TestShop;
let logged: App;
const lines: string[] = [];

beforeAll(async () => {
  shop = await createTestShop();
  // A second app on the same database that logs, to read what a failure writes.
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  logged = await buildApp({ env: shop.app.env, database: shop.database, logger: { level: "info", stream } });
  logged.get("/test/failing-query", async () => {
    await logged.db.execute(sql`select 1 / ${0} as x, ${"typed-by-a-shopper"}::text as y`);
    return { ok: true };
  });
  await logged.ready();
});
afterAll(async () => {
  await logged?.close();
  await shop.close();
});

describe("a NUL character", () => {
  it("answers 400 naming where it is, from a body, a path or a query, and writes nothing", async () => {
    const contact = await logged.inject({
      method: "POST",
      url: "/api/contact",
      payload: { name: "Ana\u0000B", email: "ana@example.com", message: "Hello there, a question." },
    });
    expect(contact.statusCode).toBe(400);
    expect(contact.json()).toMatchObject({
      code: "NUL_CHARACTER",
      message: "body.name: must not contain the NUL character (U+0000)",
    });

    const product = await logged.inject({ method: "GET", url: "/api/product/a%00b" });
    expect(product.statusCode).toBe(400);
    expect(product.json().message).toBe("params.id: must not contain the NUL character (U+0000)");

    const search = await logged.inject({ method: "GET", url: "/api/product?searchText=lap%00top" });
    expect(search.statusCode).toBe(400);
    expect(search.json().message).toContain("querystring.searchText");

    const session = await login(logged, "shopper");
    const rename = await logged.inject({
      method: "PUT",
      url: `/api/users/${session.user.userId}`,
      headers: session.headers,
      payload: { firstName: "So\u0000fía" },
    });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().message).toBe("body.firstName: must not contain the NUL character (U+0000)");
    const profile = await logged.inject({
      method: "GET",
      url: "/api/users/profile",
      headers: session.headers,
    });
    expect(profile.json().firstName).toBe("Sofía");
  });

  it("never reaches the database, so no SQL or value of it is logged", () => {
    const log = lines.join("");
    expect(log).not.toContain("Failed query");
    expect(log).not.toMatch(/insert into|select "/i);
    expect(lines.some((line) => line.includes('"statusCode":500') || line.includes("request failed"))).toBe(
      false,
    );
  });
});

describe("a query that fails in the database", () => {
  it("answers 500 without details and logs the database's reason, not the SQL or its parameters", async () => {
    lines.length = 0;
    const res = await logged.inject({ method: "GET", url: "/test/failing-query" });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe("Something went wrong on our side. Please try again.");
    const failure = lines.find((line) => line.includes("request failed"));
    expect(failure).toBeDefined();
    expect(failure).toContain("division by zero");
    expect(failure).toContain('"code":"22012"');
    expect(failure).not.toContain("typed-by-a-shopper");
    expect(failure).not.toMatch(/select 1/i);
  });
});
