import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestShop, engine } from "../test/app.ts";
import { openDatabase } from "./client.ts";
import { FairQueue, fairQueueBudget } from "./fair-queue.ts";

describe("FairQueue", () => {
  it("runs calls one at a time, first come first served", async () => {
    const queue = new FairQueue();
    const log: string[] = [];
    const call = (name: string, ms: number) =>
      queue.run(async () => {
        log.push(`${name} starts`);
        await new Promise((resolve) => setTimeout(resolve, ms));
        log.push(`${name} ends`);
        return name;
      });
    const results = await Promise.all([call("a", 20), call("b", 1), call("c", 5)]);
    expect(results).toEqual(["a", "b", "c"]);
    expect(log).toEqual(["a starts", "a ends", "b starts", "b ends", "c starts", "c ends"]);
  });

  it("starts a call at once when nothing ran since the event loop last went round", async () => {
    const queue = new FairQueue();
    let started = false;
    const done = queue.run(async () => {
      started = true;
    });
    expect(started).toBe(true);
    await done;
    await new Promise((resolve) => setTimeout(resolve, 5));
    let again = false;
    const next = queue.run(async () => {
      again = true;
    });
    expect(again).toBe(true);
    await next;
  });

  /**
   * Which calls had finished at each round of the event loop, while `calls` calls of `ms` each run in turns. Each
   * call moves the turns' own clock on by `ms`, so a machine that pauses the test cannot make a call take longer.
   */
  async function rounds(budgetMs: number, calls: number, ms: number): Promise<number[]> {
    let clock = 0;
    const queue = new FairQueue(budgetMs, () => clock);
    let finished = 0;
    const finishedAtRound: number[] = [];
    const round = () =>
      setImmediate(() => {
        finishedAtRound.push(finished);
        if (finished < calls) round();
      });
    round();
    await Promise.all(
      Array.from({ length: calls }, () =>
        // Work as PGlite does it: synchronous, then a promise already settled.
        queue.run(async () => {
          clock += ms;
          finished++;
        }),
      ),
    );
    return finishedAtRound.map((n, i) => n - (finishedAtRound[i - 1] ?? 0));
  }

  it("lets the event loop go round once the calls since the last round have taken the budget", async () => {
    // Without the queue all twenty would finish before the first round.
    const perRound = await rounds(5, 20, 2);
    expect(perRound.length).toBeGreaterThanOrEqual(6);
    // 2 + 2 is under the budget, a third call reaches it.
    expect(Math.max(...perRound)).toBe(3);
    const oneByOne = await rounds(0, 20, 0.2);
    expect(oneByOne.length).toBeGreaterThanOrEqual(19);
    expect(Math.max(...oneByOne)).toBe(1);
  });

  it("keeps going after a call fails, failing only that call", async () => {
    const queue = new FairQueue();
    const failing = queue.run(async () => {
      throw new Error("rejected");
    });
    const throwing = queue.run((() => {
      throw new Error("thrown");
    }) as () => Promise<never>);
    const fine = queue.run(async () => "fine");
    await expect(failing).rejects.toThrow("rejected");
    await expect(throwing).rejects.toThrow("thrown");
    await expect(fine).resolves.toBe("fine");
    expect(queue.waiting).toBe(0);
  });
});

describe.runIf(engine === "pglite")("PGlite through the fair queue", () => {
  it("serves queries and transactions in turn, the event loop going round between them", async () => {
    const database = await openDatabase({ url: "memory:", dataDir: "" });
    // Each of these takes well over the budget, so each has a round to itself.
    const slow = sql`select count(*) from generate_series(1, 100000)`;
    try {
      let answered = 0;
      const answeredAtRound: number[] = [];
      const round = () =>
        setImmediate(() => {
          answeredAtRound.push(answered);
          if (answered < 12) round();
        });
      round();
      const queries = Array.from({ length: 12 }, (_, i) =>
        i % 4 === 3
          ? database.db.transaction(async (tx) => {
              await tx.execute(slow);
              await tx.execute(sql`select 1`);
              answered++;
            })
          : database.db.execute(slow).then(() => {
              answered++;
            }),
      );
      await Promise.all(queries);
      expect(answered).toBe(12);
      // Straight to PGlite, all twelve are answered before the event loop first goes round.
      expect(answeredAtRound.length).toBeGreaterThanOrEqual(11);
      const perRound = answeredAtRound.map((n, i) => n - (answeredAtRound[i - 1] ?? 0));
      expect(Math.max(...perRound)).toBe(1);
      expect(await database.ping()).toBe(true);
    } finally {
      await database.close();
    }
  });
});

/** GET on a connection of its own (keep-alive), answering when the whole body has arrived. */
function client(port: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path: string) =>
    new Promise<number>((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port, path, agent }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        })
        .on("error", reject);
    });
  return { get, close: () => agent.destroy() };
}

describe.runIf(engine === "pglite")("new connections while the API is busy on PGlite", () => {
  it("are answered within a few dozen answers to the busy ones, not one connection per pass over them", async () => {
    // A round after every query, so the count below does not depend on how many fit in the budget here.
    const budget = fairQueueBudget.ms;
    fairQueueBudget.ms = 0;
    const shop = await createTestShop({ seed: false }).finally(() => {
      fairQueueBudget.ms = budget;
    });
    await shop.app.listen({ host: "127.0.0.1", port: 0 });
    const { port } = shop.app.server.address() as AddressInfo;
    const busy = Array.from({ length: 20 }, () => client(port));
    const newcomers = Array.from({ length: 30 }, () => client(port));
    try {
      await Promise.all(busy.map((c) => c.get("/api/health")));
      let answered = 0;
      let stop = false;
      const loops = busy.map(async (c) => {
        while (!stop) {
          expect(await c.get("/api/health")).toBe(200);
          answered++;
        }
      });
      // The busy connections are going; thirty visitors arrive at once.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const before = answered;
      const waited: number[] = [];
      await Promise.all(
        newcomers.map(async (c) => {
          expect(await c.get("/api/health")).toBe(200);
          waited.push(answered - before);
        }),
      );
      stop = true;
      await Promise.all(loops);
      // Without the queue every pass of the event loop answers all twenty busy connections and accepts a newcomer or
      // two, so the last newcomer waited for about 300 answers; in the queue, for about one per newcomer.
      expect(Math.max(...waited)).toBeLessThan(100);
    } finally {
      for (const c of [...busy, ...newcomers]) c.close();
      await shop.close();
    }
  });
});
