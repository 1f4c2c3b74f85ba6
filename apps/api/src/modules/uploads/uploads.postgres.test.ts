// Uploads behind a load balancer: an image taken by one API process is served by another, each with a data
// folder of its own, because the bytes live in the shared PostgreSQL database.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../../app.ts";
import { type Database, openDatabase } from "../../db/client.ts";
import { createTestShop, engine, login, type TestShop } from "../../test/app.ts";

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5e2d6d80000000049454e44ae426082",
  "hex",
);

describe.runIf(engine === "postgres")("uploads across two API processes", () => {
  let shop: TestShop;
  let second: { app: App; database: Database };
  let dirs: string[];

  beforeAll(async () => {
    dirs = [await mkdtemp(join(tmpdir(), "shop-a-")), await mkdtemp(join(tmpdir(), "shop-b-"))];
    shop = await createTestShop({ dataDir: dirs[0]! });
    const database = await openDatabase({ url: shop.url!, dataDir: "", poolSize: 5 });
    const env = { ...shop.app.env, DATA_DIR: dirs[1]! };
    second = { app: await buildApp({ env, database, logger: false }), database };
    await second.app.ready();
  });
  afterAll(async () => {
    await second.app.close();
    await second.database.close();
    await shop.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it("serves from one process the image uploaded through the other", async () => {
    const admin = await login(shop.app, "admin");
    const boundary = "----two-processes";
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await shop.app.inject({
      method: "POST",
      url: "/api/uploads",
      payload,
      headers: { ...admin.headers, "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(uploaded.statusCode).toBe(201);

    const served = await second.app.inject({ method: "GET", url: uploaded.json().url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(PNG);
    expect(served.headers["content-type"]).toBe("image/png");
    // Neither process kept it on its disk.
    for (const dir of dirs) expect(await readdir(dir)).not.toContain("uploads");
  });
});
