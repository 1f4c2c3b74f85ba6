// Login limits per account, whatever the address: a guesser spread over many addresses is slowed down with
// growing delays and a 429 with Retry-After; the owner still gets in by a reset mail, or from their usual browser.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../test/app.ts";
import {
  accountKey,
  DEVICE_COOKIE,
  delaySeconds,
  deviceKey,
  FREE_ATTEMPTS,
  MAX_DELAY_SECONDS,
} from "./login-limits.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop.close();
});

let counter = 0;
async function account() {
  counter += 1;
  const credentials = { email: `owner${counter}@example.com`, password: "Owner-Pass-1!" };
  const res = await shop.app.inject({
    method: "POST",
    url: "/api/users/register",
    payload: { firstName: "Marta", lastName: "Ruiz", ...credentials },
    remoteAddress: `192.0.2.${counter}`,
  });
  expect(res.statusCode).toBe(201);
  return credentials;
}

/** Each guess from an address of its own, as a guesser with many addresses would send them. */
let address = 0;
const nextAddress = () => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};
const attempt = (
  email: string,
  password: string,
  options: { cookie?: string; remoteAddress?: string } = {},
) =>
  shop.app.inject({
    method: "POST",
    url: "/api/users/login",
    payload: { email, password },
    remoteAddress: options.remoteAddress ?? nextAddress(),
    headers: options.cookie ? { cookie: options.cookie } : {},
  });

/** The device cookie a successful login sets, as the browser sends it back. */
function deviceCookieOf(res: Awaited<ReturnType<typeof attempt>>): string {
  const header = res.headers["set-cookie"];
  const line = (Array.isArray(header) ? header : [header]).find((c) => c?.startsWith(`${DEVICE_COOKIE}=`));
  expect(line).toBeDefined();
  return line!.split(";")[0]!;
}

/** Lets the account's current delay run out without waiting for it. */
const expireDelay = (key: string) =>
  shop.database.db.execute(sql`update login_limits set next_at = now() where key = ${key}`);

/**
 * Starts the account's current delay again from now, as long as the server set it: the checks after it then do
 * not depend on how long the attempt that set it took to check its password (over a second on a busy machine).
 */
const restartDelay = (key: string) =>
  shop.database.db.execute(
    sql`update login_limits set next_at = now() + (next_at - attempted_at), attempted_at = now() where key = ${key}`,
  );

/** Keeps the account's current delay running for minutes, so checks made while it holds are not raced by it. */
const holdLonger = (key: string) =>
  shop.database.db.execute(
    sql`update login_limits set next_at = now() + interval '10 minutes' where key = ${key}`,
  );

describe("the delays", () => {
  it("grow from nothing to 1 s, 2 s, 4 s... and stop at 15 minutes", () => {
    expect([...Array(FREE_ATTEMPTS - 1)].map((_, i) => delaySeconds(i + 1))).toEqual(
      Array(FREE_ATTEMPTS - 1).fill(0),
    );
    expect(delaySeconds(FREE_ATTEMPTS)).toBe(1);
    expect(delaySeconds(FREE_ATTEMPTS + 1)).toBe(2);
    expect(delaySeconds(FREE_ATTEMPTS + 2)).toBe(4);
    expect(delaySeconds(FREE_ATTEMPTS + 30)).toBe(MAX_DELAY_SECONDS);
  });
});

describe("login limits per account", () => {
  it("slow a guesser down whatever the address: 429 with Retry-After, and the right password is refused too", async () => {
    const owner = await account();
    const codes: number[] = [];
    for (let i = 0; i < FREE_ATTEMPTS; i++)
      codes.push((await attempt(owner.email, `guess-${i}-x`)).statusCode);
    expect(codes).toEqual(Array(FREE_ATTEMPTS).fill(401));

    await restartDelay(accountKey(owner.email));
    const refused = await attempt(owner.email, `guess-more-x`);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBe(1);
    expect(refused.json().message).toBe(
      "Too many attempts on this account; try again in 1 second, or reset the password by mail",
    );
    // Even the right password, from a browser the account does not know: a guess is not checked while it waits.
    expect((await attempt(owner.email, owner.password)).statusCode).toBe(429);

    // Once the delay has run, one more guess, then a longer wait.
    await expireDelay(accountKey(owner.email));
    expect((await attempt(owner.email, "guess-again-x")).statusCode).toBe(401);
    await restartDelay(accountKey(owner.email));
    const longer = await attempt(owner.email, "guess-again-y");
    expect(longer.statusCode).toBe(429);
    expect(Number(longer.headers["retry-after"])).toBe(2);
  });

  it("count an unknown email the same way, so the limit tells nobody which accounts exist", async () => {
    const email = `nobody-${Date.now()}@example.com`;
    for (let i = 0; i < FREE_ATTEMPTS; i++)
      expect((await attempt(email, "guess-guess")).statusCode).toBe(401);
    await restartDelay(accountKey(email));
    expect((await attempt(email, "guess-guess")).statusCode).toBe(429);
  });

  it("wait in real time: after the delay the next attempt goes through", async () => {
    const owner = await account();
    for (let i = 0; i < FREE_ATTEMPTS; i++) await attempt(owner.email, "wrong-wrong");
    await restartDelay(accountKey(owner.email));
    expect((await attempt(owner.email, owner.password)).statusCode).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const res = await attempt(owner.email, owner.password);
    expect(res.statusCode).toBe(200);
    // A success starts the count again.
    for (let i = 0; i < FREE_ATTEMPTS; i++)
      expect((await attempt(owner.email, "wrong-wrong")).statusCode).toBe(401);
  });

  it("let the owner's usual browser in with the right password while a stranger is held back", async () => {
    const owner = await account();
    const first = await attempt(owner.email, owner.password, { remoteAddress: "198.51.100.60" });
    expect(first.statusCode).toBe(200);
    const cookie = deviceCookieOf(first);
    expect(first.headers["set-cookie"]).toMatch(/HttpOnly/);
    expect(first.headers["set-cookie"]).toMatch(/SameSite=Strict/);
    expect(first.headers["set-cookie"]).toMatch(/Path=\/api\/users\/login/);

    for (let i = 0; i < FREE_ATTEMPTS + 3; i++) await attempt(owner.email, `stranger-${i}-x`);
    // The stranger's attempts take longer than a delay of a few seconds on a busy machine: the account stays held.
    await holdLonger(accountKey(owner.email));
    expect((await attempt(owner.email, owner.password)).statusCode).toBe(429);

    const owners = await attempt(owner.email, owner.password, { cookie, remoteAddress: "198.51.100.60" });
    expect(owners.statusCode).toBe(200);
    // And again with the cookie that login renewed.
    const renewed = deviceCookieOf(owners);
    expect(renewed).not.toBe(cookie);
    expect(
      (await attempt(owner.email, owner.password, { cookie: renewed, remoteAddress: "198.51.100.60" }))
        .statusCode,
    ).toBe(200);
  });

  it("slow down a stolen device cookie on its own, without touching the account's other browsers", async () => {
    const owner = await account();
    const cookie = deviceCookieOf(await attempt(owner.email, owner.password));
    for (let i = 0; i < FREE_ATTEMPTS; i++) {
      expect((await attempt(owner.email, `thief-${i}-x`, { cookie })).statusCode).toBe(401);
    }
    await restartDelay(deviceKey(cookie.split("=")[1]!.split(".")[1]!));
    expect((await attempt(owner.email, owner.password, { cookie })).statusCode).toBe(429);
    // The account's own count was not touched: a new browser still has its attempts.
    expect((await attempt(owner.email, owner.password)).statusCode).toBe(200);
  });

  it("ignore a forged, altered or another account's device cookie", async () => {
    const owner = await account();
    const other = await account();
    const othersCookie = deviceCookieOf(await attempt(other.email, other.password));
    const [name, value] = othersCookie.split("=") as [string, string];
    const [userId, nonce] = value.split(".");
    const forged = [
      othersCookie,
      `${name}=${value.slice(0, -2)}xx`,
      `${name}=${userId}.${nonce}.not-a-signature`,
      `${name}=garbage`,
    ];
    for (let i = 0; i < FREE_ATTEMPTS; i++) await attempt(owner.email, `guess-${i}-y`);
    // Four attempts take longer than the first delay's second on a busy machine: the account stays held for them.
    await holdLonger(accountKey(owner.email));
    for (const cookie of forged) {
      expect((await attempt(owner.email, owner.password, { cookie })).statusCode).toBe(429);
    }
  });

  it("let a password reset by mail through while the account is held, and clear the count", async () => {
    const owner = await account();
    for (let i = 0; i < FREE_ATTEMPTS + 2; i++) await attempt(owner.email, `guess-${i}-z`);
    await holdLonger(accountKey(owner.email));
    expect((await attempt(owner.email, owner.password)).statusCode).toBe(429);

    const asked = await shop.app.inject({
      method: "POST",
      url: "/api/users/forgot-password",
      payload: { email: owner.email },
      remoteAddress: "198.51.100.70",
    });
    expect(asked.statusCode).toBe(200);
    await shop.app.mailer.idle();
    const mail = shop.app.mailer.sent.at(-1)!;
    expect(mail.to).toBe(owner.email);
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.text)![1]!);
    const reset = await shop.app.inject({
      method: "POST",
      url: "/api/users/reset-password",
      payload: { token, newPassword: "Owner-Pass-2!" },
      remoteAddress: "198.51.100.70",
    });
    expect(reset.statusCode).toBe(200);
    expect((await attempt(owner.email, "Owner-Pass-2!")).statusCode).toBe(200);
  });

  it("refuse bad input with 400 and count nothing", async () => {
    const owner = await account();
    for (const payload of [{ email: owner.email }, { email: "not-an-email", password: "x" }, {}]) {
      const res = await shop.app.inject({
        method: "POST",
        url: "/api/users/login",
        payload,
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode).toBe(400);
    }
    const rows = await shop.database.db.execute(
      sql`select count(*)::int as n from login_limits where key = ${accountKey(owner.email)}`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});
