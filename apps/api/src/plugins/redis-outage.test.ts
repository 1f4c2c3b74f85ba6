// Redis as the limits' counter never holds a request (decision 046): with a Redis of the test's own that hangs
// (SIGSTOP: its sockets stay open, nothing answers) or is gone (killed), sign-ins and every limited route answer
// within 2 s, counted in the database meanwhile; once Redis is back, the limits are counted in it again.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createServer } from "node:net";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, login, type TestShop } from "../test/app.ts";

const redisServer = (() => {
  try {
    return execFileSync("which", ["redis-server"]).toString().trim() || null;
  } catch {
    return null;
  }
})();

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let port: number;
let redis: ChildProcess | null = null;
let probe: Redis;
let shop: TestShop;

async function startRedis() {
  redis = spawn(
    redisServer!,
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {
      stdio: "ignore",
    },
  );
  for (let i = 0; i < 100; i++) {
    if (
      await probe.ping().then(
        () => true,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("redis-server did not start");
}

async function stopRedis() {
  const process = redis;
  redis = null;
  if (!process || process.exitCode !== null) return;
  const exited = new Promise((resolve) => process.once("exit", resolve));
  process.kill("SIGCONT");
  process.kill("SIGKILL");
  await exited;
}

beforeAll(async () => {
  if (!redisServer) return;
  port = await freePort();
  probe = new Redis({
    port,
    host: "127.0.0.1",
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    commandTimeout: 500,
    retryStrategy: () => 100,
  });
  probe.on("error", () => {});
  await startRedis();
  shop = await createTestShop({ env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
}, 60_000);
afterAll(async () => {
  await shop?.close();
  await stopRedis();
  probe?.disconnect();
});

let n = 0;
/** One request to every limited route, each from an address of its own, timed. */
async function everyLimitedRoute() {
  const { app } = shop;
  n += 1;
  const shopper = await login(app, "shopper", `198.18.${n}.1`);
  const [product] = (await app.inject({ method: "GET", url: "/api/product?pageSize=1" })).json();
  const [shipping] = (await app.inject({ method: "GET", url: "/api/shipping" })).json();
  const calls: Record<
    string,
    { method: "GET" | "HEAD" | "POST" | "DELETE"; url: string; payload?: object; user?: boolean }
  > = {
    "POST /api/users/login": {
      method: "POST",
      url: "/api/users/login",
      payload: { email: "shopper@shop.test", password: "wrong-guess-1" },
    },
    "POST /api/users/register": {
      method: "POST",
      url: "/api/users/register",
      payload: {
        firstName: "Out",
        lastName: "Age",
        email: `outage${n}@example.com`,
        password: "Fuera-de-servicio-1",
      },
    },
    "POST /api/users/forgot-password": {
      method: "POST",
      url: "/api/users/forgot-password",
      payload: { email: "shopper@shop.test" },
    },
    "POST /api/users/reset-password": {
      method: "POST",
      url: "/api/users/reset-password",
      payload: { token: "not-a-token", newPassword: "Fuera-de-servicio-2" },
    },
    "POST /api/users/change-password": {
      method: "POST",
      url: "/api/users/change-password",
      payload: { currentPassword: "not-it", newPassword: "Fuera-de-servicio-3" },
      user: true,
    },
    "DELETE /api/users/:userId": {
      method: "DELETE",
      url: `/api/users/${shopper.user.userId}`,
      payload: { password: "not-it" },
      user: true,
    },
    "POST /api/contact": {
      method: "POST",
      url: "/api/contact",
      payload: { name: "Ana", email: "ana@example.com", message: "Is the shop open?" },
    },
    "POST /api/coupons/validate": {
      method: "POST",
      url: "/api/coupons/validate",
      payload: { code: "SAVE5", items: [{ productId: product.id, quantity: 1 }] },
    },
    "POST /api/orders": {
      method: "POST",
      url: "/api/orders",
      payload: {
        items: [{ productId: product.id, quantity: 1 }],
        shippingAddress: { streetAddress: "Calle Mella 3", country: "DO" },
        shippingMethodId: shipping.id,
        currency: "USD",
        paymentMethod: "cash_on_delivery",
        phone: "8095550104",
      },
      user: true,
    },
    "POST /api/orders/guest": {
      method: "POST",
      url: "/api/orders/guest",
      payload: {
        email: "guest-outage@example.com",
        firstName: "Ana",
        lastName: "Guest",
        items: [{ productId: product.id, quantity: 1 }],
        shippingAddress: { streetAddress: "Calle Mella 5", country: "DO" },
        shippingMethodId: shipping.id,
        currency: "USD",
        paymentMethod: "cash_on_delivery",
        phone: "8095550105",
      },
    },
    "POST /api/orders/:id/pay": {
      method: "POST",
      url: `/api/orders/${product.id}/pay`,
      user: true,
    },
    "POST /api/orders/:id/payment-check": {
      method: "POST",
      url: `/api/orders/${product.id}/payment-check`,
      user: true,
    },
    "POST /api/variants/:variantId/notify": {
      method: "POST",
      url: `/api/variants/${product.variants[0]!.id}/notify`,
      payload: { email: "notify-outage@example.com" },
    },
    "GET /api/back-in-stock/unsubscribe": {
      method: "GET",
      url: "/api/back-in-stock/unsubscribe?token=not-a-token",
    },
    "HEAD /api/back-in-stock/unsubscribe": {
      method: "HEAD",
      url: "/api/back-in-stock/unsubscribe?token=not-a-token",
    },
    "POST /api/product/:id/reviews": {
      method: "POST",
      url: `/api/product/${product.id}/reviews`,
      payload: { rating: 5, review: "Lovely." },
      user: true,
    },
  };
  // Every route that declares a limit is here: a new one must be added.
  expect(Object.keys(calls).sort()).toEqual(app.limitedRoutes.map((r) => `${r.method} ${r.url}`).sort());
  const answers: { route: string; status: number; ms: number }[] = [];
  for (const [route, call] of Object.entries(calls)) {
    const started = performance.now();
    const res = await app.inject({
      method: call.method,
      url: call.url,
      payload: call.payload,
      headers: call.user ? shopper.headers : {},
      remoteAddress: `198.18.${n}.2`,
    });
    answers.push({ route, status: res.statusCode, ms: performance.now() - started });
  }
  return answers;
}

/** Five sign-ins at once, from five addresses, timed (each verifies an argon2 hash: more at once measure the processor). */
async function signIns() {
  n += 1;
  return Promise.all(
    Array.from({ length: 5 }, async (_, i) => {
      const started = performance.now();
      const res = await shop.app.inject({
        method: "POST",
        url: "/api/users/login",
        payload: { email: "shopper@shop.test", password: "Shopper123!" },
        remoteAddress: `198.19.${n}.${i + 1}`,
      });
      return { status: res.statusCode, ms: performance.now() - started };
    }),
  );
}

function expectAnsweredInTime(answers: { status: number; ms: number }[]) {
  const times = answers.map((a) => a.ms).sort((a, b) => a - b);
  console.info(
    `${expect.getState().currentTestName}: ${answers.length} answers, median ${times[times.length >> 1]!.toFixed(0)} ms, slowest ${times.at(-1)!.toFixed(0)} ms`,
  );
  for (const answer of answers) {
    expect(answer.status, JSON.stringify(answer)).toBeLessThan(500);
    expect(answer.ms, JSON.stringify(answer)).toBeLessThan(2000);
  }
}

const countedInRedis = async () => (await probe.dbsize()) > 0;
/** Sends a contact message from `address` until its count lands in Redis: the limits use Redis again. */
const countedInRedisAgain = (address: string) =>
  expect
    .poll(
      async () => {
        await shop.app.inject({
          method: "POST",
          url: "/api/contact",
          payload: { name: "Ana", email: "ana@example.com", message: "Back again?" },
          remoteAddress: address,
        });
        return countedInRedis();
      },
      { timeout: 10_000, interval: 300 },
    )
    .toBe(true);

describe.runIf(redisServer)("with REDIS_URL, while Redis", () => {
  it("answers: the limits are counted in Redis", async () => {
    await probe.flushall();
    expectAnsweredInTime(await everyLimitedRoute());
    expect(await countedInRedis()).toBe(true);
  });

  it("hangs (SIGSTOP): sign-ins and every limited route answer within 2 s, and Redis is used again once it wakes", async () => {
    redis!.kill("SIGSTOP");
    try {
      const first = await signIns();
      expectAnsweredInTime(first);
      // Signed in, not turned away: the limits let the account's owner through.
      expect(first.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);
      expectAnsweredInTime(await everyLimitedRoute());
    } finally {
      redis!.kill("SIGCONT");
    }
    await probe.flushall();
    await countedInRedisAgain("198.20.0.1");
  });

  it("is gone (killed): sign-ins and every limited route answer within 2 s; a new Redis on its port is used", async () => {
    await stopRedis();
    const first = await signIns();
    expectAnsweredInTime(first);
    expect(first.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);
    expectAnsweredInTime(await everyLimitedRoute());
    // Meanwhile the limits hold, counted in the database: the contact form's 5 a minute from one address.
    const contact = [];
    for (let i = 0; i < 6; i++) {
      contact.push(
        (
          await shop.app.inject({
            method: "POST",
            url: "/api/contact",
            payload: { name: "Ana", email: "ana@example.com", message: "Anyone there?" },
            remoteAddress: "198.20.0.9",
          })
        ).statusCode,
      );
    }
    expect(contact).toEqual([201, 201, 201, 201, 201, 429]);

    await startRedis();
    await countedInRedisAgain("198.20.0.2");
  });
});
