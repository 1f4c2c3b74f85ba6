// Pictures behind a load balancer: a picture taken by one API process is served by another, each with a data
// folder of its own, because the bytes live in the shared PostgreSQL database; a width made by one is kept for all.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestShop,
  engine,
  login,
  type SecondInstance,
  secondInstance,
  type TestShop,
} from "../../test/app.ts";
import { mediaRenditions } from "./tables.ts";
import { multipart, smallPicture } from "./test-pictures.ts";

describe.runIf(engine === "postgres")("pictures across two API processes", () => {
  let shop: TestShop;
  let second: SecondInstance;
  let dirs: string[];

  beforeAll(async () => {
    dirs = [await mkdtemp(join(tmpdir(), "shop-a-")), await mkdtemp(join(tmpdir(), "shop-b-"))];
    shop = await createTestShop({ dataDir: dirs[0]! });
    second = await secondInstance(shop, { poolSize: 5, env: { DATA_DIR: dirs[1]! } });
  });
  afterAll(async () => {
    await second.close();
    await shop.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it("serves from one process the picture uploaded through the other, and makes each width once for both", async () => {
    const admin = await login(shop.app, "admin");
    const png = await smallPicture("png");
    const body = multipart([{ name: "file", filename: "a.png", contentType: "image/png", data: png }]);
    const uploaded = await shop.app.inject({
      method: "POST",
      url: "/api/uploads",
      payload: body.payload,
      headers: { ...admin.headers, ...body.headers },
    });
    expect(uploaded.statusCode).toBe(201);
    const { url } = uploaded.json() as { url: string };

    const original = await shop.app.inject({ method: "GET", url });
    const served = await second.app.inject({ method: "GET", url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(original.rawPayload)).toBe(true);
    expect(served.headers["content-type"]).toBe("image/png");

    // Both processes asked for the same width at once: one picture kept, the same bytes from both.
    const name = url.slice("/api/media/".length, -".png".length);
    const width = `/api/media/${name}/320.avif`;
    const [a, b] = await Promise.all([
      shop.app.inject({ method: "GET", url: width }),
      second.app.inject({ method: "GET", url: width }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const kept = await shop.database.db.select().from(mediaRenditions).where(eq(mediaRenditions.name, name));
    expect(kept).toHaveLength(1);
    const later = await second.app.inject({ method: "GET", url: width });
    expect(later.rawPayload.equals(kept[0]!.bytes)).toBe(true);
    // Neither process kept anything on its disk.
    for (const dir of dirs) expect(await readdir(dir)).not.toContain("uploads");
  });
});
