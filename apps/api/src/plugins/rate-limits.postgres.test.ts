// Login and sign-up limits behind a load balancer: two API instances on one PostgreSQL count every attempt
// together, with the counters in the database, or in Redis when REDIS_URL is set (TEST_REDIS_URL here).
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, engine, type SecondInstance, secondInstance, type TestShop } from "../test/app.ts";

const redisUrl = process.env.TEST_REDIS_URL;
const stores = [
  ["the database", {}],
  ...(redisUrl ? [["Redis", { REDIS_URL: redisUrl }] as const] : []),
] as const;

/** An address no other test (nor another run sharing the Redis server) uses. */
const freshAddress = () => `10.${[...randomBytes(3)].join(".")}`;

describe.runIf(engine === "postgres").each(stores)("rate limits in %s across two API processes", (_, env) => {
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

  /** Request i goes to one process or the other, as a load balancer would send them. */
  const via = () => {
    n += 1;
    return n % 2 ? shop.app : second.app;
  };
  const login = (email: string, remoteAddress: string) =>
    via().inject({
      method: "POST",
      url: "/api/users/login",
      payload: { email, password: "wrong-password" },
      remoteAddress,
    });

  it("count one email's login attempts from one address together", async () => {
    const address = freshAddress();
    const email = `target-${address}@example.com`;
    const codes = [];
    for (let i = 0; i < 10; i++) codes.push((await login(email, address)).statusCode);
    expect(codes).toEqual(Array(10).fill(401));
    expect((await login(email, address)).statusCode).toBe(429);
    expect((await login(email, address)).statusCode).toBe(429);
  });

  it("count one address's login attempts on many emails together", async () => {
    const address = freshAddress();
    const codes = [];
    for (let i = 0; i < 30; i++)
      codes.push((await login(`spray${i}-${address}@example.com`, address)).statusCode);
    expect(codes).toEqual(Array(30).fill(401));
    expect((await login(`spray-last-${address}@example.com`, address)).statusCode).toBe(429);
    expect((await login(`spray-last-${address}@example.com`, freshAddress())).statusCode).toBe(401);
  });

  it("count one address's sign-ups together", async () => {
    const address = freshAddress();
    const register = (i: number) =>
      via().inject({
        method: "POST",
        url: "/api/users/register",
        payload: {
          firstName: "Many",
          lastName: `${i}`,
          email: `many${i}-${address}@example.com`,
          password: "Many-123!",
        },
        remoteAddress: address,
      });
    const codes = [];
    for (let i = 0; i < 20; i++) codes.push((await register(i)).statusCode);
    expect(codes).toEqual(Array(20).fill(201));
    const refused = await register(20);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many attempts; try again in \d+ minutes?$/);
  });
});
