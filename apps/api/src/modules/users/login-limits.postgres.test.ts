// Login limits per account behind a load balancer: two API instances on one PostgreSQL hold a guesser back
// together, with the counts in the database, or in Redis when REDIS_URL is set (TEST_REDIS_URL here).
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../app.ts";
import {
  createTestShop,
  engine,
  type SecondInstance,
  secondInstance,
  type TestShop,
} from "../../test/app.ts";
import { FREE_ATTEMPTS } from "./login-limits.ts";

const redisUrl = process.env.TEST_REDIS_URL;
const stores = [
  ["the database", {}],
  ...(redisUrl ? [["Redis", { REDIS_URL: redisUrl }] as const] : []),
] as const;

/** An address no other test (nor another run sharing the Redis server) uses. */
const freshAddress = () => `10.${[...randomBytes(3)].join(".")}`;

describe.runIf(engine === "postgres").each(stores)(
  "login limits per account in %s across two API processes",
  (_, env) => {
    let shop: TestShop;
    let second: SecondInstance;
    let n = 0;

    beforeAll(async () => {
      shop = await createTestShop({ env });
      second = await secondInstance(shop);
    });
    afterAll(async () => {
      await second.close();
      await shop.close();
    });

    const via = () => {
      n += 1;
      return n % 2 ? shop.app : second.app;
    };
    const attempt = (app: App, email: string, password: string) =>
      app.inject({
        method: "POST",
        url: "/api/users/login",
        payload: { email, password },
        remoteAddress: freshAddress(),
      });

    it("count one account's attempts from many addresses on both processes together", async () => {
      const email = `owner-${randomBytes(4).toString("hex")}@example.com`;
      const password = "Owner-Pass-1!";
      const registered = await shop.app.inject({
        method: "POST",
        url: "/api/users/register",
        payload: { firstName: "Two", lastName: "Procs", email, password },
        remoteAddress: freshAddress(),
      });
      expect(registered.statusCode).toBe(201);
      const codes = [];
      for (let i = 0; i < FREE_ATTEMPTS; i++)
        codes.push((await attempt(via(), email, `guess-${i}-x`)).statusCode);
      expect(codes).toEqual(Array(FREE_ATTEMPTS).fill(401));
      for (const app of [shop.app, second.app]) {
        const refused = await attempt(app, email, password);
        expect(refused.statusCode).toBe(429);
        expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      }
    });

    it("let exactly one of many simultaneous guesses through a delay", async () => {
      const email = `race-${randomBytes(4).toString("hex")}@example.com`;
      for (let i = 0; i < FREE_ATTEMPTS - 1; i++) await attempt(via(), email, `guess-${i}-x`);
      const burst = await Promise.all(
        Array.from({ length: 8 }, (_, i) => attempt(i % 2 ? shop.app : second.app, email, `burst-${i}-x`)),
      );
      const codes = burst.map((res) => res.statusCode).sort();
      expect(codes.filter((code) => code === 401)).toHaveLength(1);
      expect(codes.filter((code) => code === 429)).toHaveLength(7);
    });
  },
);
