// Which build is deployed, for open pages to compare with their own: each front end names its entry script, never
// cached, and a new build names another.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createTestShop, type TestShop } from "@shop/api/test/app";
import { BUILD_ID_PATH } from "@shop/domain/build-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entryScript } from "./static-build.ts";
import {
  BACKOFFICE_SCRIPT,
  mountWebBuilds,
  STOREFRONT_SCRIPT,
  type WebBuilds,
  writeWebBuilds,
} from "./test/web-builds.ts";

let builds: WebBuilds;
let shop: TestShop;
const get = (host: string, url: string) => shop.app.inject({ method: "GET", url, headers: { host } });

beforeAll(async () => {
  builds = writeWebBuilds({ storybook: false });
  shop = await createTestShop({ seed: false, mount: mountWebBuilds(builds) });
});
afterAll(async () => {
  await shop?.close();
  builds?.remove();
});

describe(BUILD_ID_PATH, () => {
  it("names the storefront's entry script on the shop host, uncached, as the page's own script tag does", async () => {
    const res = await get("localhost:3000", BUILD_ID_PATH);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: STOREFRONT_SCRIPT });
    expect(res.headers["cache-control"]).toBe("no-store");
    const page = await get("localhost:3000", "/");
    expect(entryScript(page.body)).toBe(STOREFRONT_SCRIPT);
  });

  it("names the back office's entry script on the admin host, below /admin, uncached", async () => {
    const res = await get("admin.localhost:3000", `/admin${BUILD_ID_PATH}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: BACKOFFICE_SCRIPT });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("names another build once another is deployed (the process started on it)", async () => {
    const index = join(builds.built.storefrontDir, "index.html");
    writeFileSync(index, readFileSync(index, "utf8").replace(STOREFRONT_SCRIPT, "/assets/index-0a1b2c3d.js"));
    const next = await createTestShop({ seed: false, mount: mountWebBuilds(builds) });
    try {
      const res = await next.app.inject({
        method: "GET",
        url: BUILD_ID_PATH,
        headers: { host: "localhost:3000" },
      });
      expect(res.json()).toEqual({ id: "/assets/index-0a1b2c3d.js" });
    } finally {
      await next.close();
    }
  });
});
