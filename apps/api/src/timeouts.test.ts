// A client that sends its request a byte at a time is cut off: the whole request, its headers and any silence
// mid-request have their limits (REQUEST_TIMEOUT_SECONDS, HEADERS_TIMEOUT_SECONDS, IDLE_TIMEOUT_SECONDS), shortened
// here so the test takes seconds. The app listens on a real port: timeouts are the sockets' business.
import { type AddressInfo, connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "./test/app.ts";

let shop: TestShop;
let port: number;
beforeAll(async () => {
  shop = await createTestShop({
    seed: false,
    env: { REQUEST_TIMEOUT_SECONDS: "3", HEADERS_TIMEOUT_SECONDS: "2", IDLE_TIMEOUT_SECONDS: "1" },
  });
  await shop.app.listen({ host: "127.0.0.1", port: 0 });
  port = (shop.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await shop.close();
});

/** Opens a socket, hands it to `talk`, and answers how long it lived and what the server wrote before closing it. */
function trickle(talk: (socket: Socket, stopped: () => boolean) => Promise<void>) {
  return new Promise<{ seconds: number; answer: string }>((resolve) => {
    const started = performance.now();
    let answer = "";
    let closed = false;
    const socket = connect(port, "127.0.0.1");
    socket.on("data", (chunk) => {
      answer += chunk.toString();
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      closed = true;
      resolve({ seconds: (performance.now() - started) / 1000, answer });
    });
    socket.on("connect", () => void talk(socket, () => closed));
  });
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a client that trickles", () => {
  it("a body a byte every 0.5 s is cut off once the whole request has taken REQUEST_TIMEOUT_SECONDS", async () => {
    const body = JSON.stringify({ name: "Slow", email: "slow@example.com", message: "x".repeat(200) });
    const { seconds, answer } = await trickle(async (socket, stopped) => {
      socket.write(
        `POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      // The whole body would take some two minutes at this pace.
      for (const char of body) {
        if (stopped()) return;
        socket.write(char);
        await pause(500);
      }
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(seconds).toBeGreaterThan(2.5);
    expect(seconds).toBeLessThan(6);
  });

  it("headers a line every 0.5 s are cut off after HEADERS_TIMEOUT_SECONDS", async () => {
    const { seconds } = await trickle(async (socket, stopped) => {
      socket.write("GET /api/health HTTP/1.1\r\nHost: localhost\r\n");
      for (let i = 0; i < 200 && !stopped(); i++) {
        socket.write(`X-Slow-${i}: y\r\n`);
        await pause(500);
      }
    });
    expect(seconds).toBeGreaterThan(1.5);
    expect(seconds).toBeLessThan(5);
  });

  it("a request that stops half way is cut off after IDLE_TIMEOUT_SECONDS of silence", async () => {
    const { seconds } = await trickle(async (socket) => {
      socket.write(
        "POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{",
      );
    });
    // Silence ends it before the whole request's limit would.
    expect(seconds).toBeGreaterThan(0.8);
    expect(seconds).toBeLessThan(2.5);
  });

  it("leaves a request sent at a normal pace alone", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});
