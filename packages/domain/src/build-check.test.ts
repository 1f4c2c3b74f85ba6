import { describe, expect, it } from "vitest";
import { isNewBuild, mayReload, PAGE_RELOAD_TTL_MS } from "./build-check.ts";

describe("mayReload: at most one reload per page reload ttl", () => {
  const now = 1_800_000_000_000;
  it("lets a tab that never reloaded reload", () => {
    expect(mayReload(null, now)).toBe(true);
  });
  it("holds a second reload back until the ttl (10 s) has passed since the first", () => {
    expect(PAGE_RELOAD_TTL_MS).toBe(10_000);
    const last = String(now);
    expect(mayReload(last, now)).toBe(false);
    expect(mayReload(last, now + 1)).toBe(false);
    expect(mayReload(last, now + PAGE_RELOAD_TTL_MS - 1)).toBe(false);
    expect(mayReload(last, now + PAGE_RELOAD_TTL_MS)).toBe(true);
  });
  it("does not hold reloads back for ever on a stored value that is not a time, or one in the future", () => {
    expect(mayReload("garbage", now)).toBe(true);
    expect(mayReload("", now)).toBe(true);
    expect(mayReload(String(now + 60_000), now)).toBe(true);
  });
});

describe("isNewBuild", () => {
  it("is true only when the server names a build and it is not the running one", () => {
    expect(isNewBuild("/assets/index-a.js", { id: "/assets/index-b.js" })).toBe(true);
    expect(isNewBuild("/assets/index-a.js", { id: "/assets/index-a.js" })).toBe(false);
    for (const answer of [null, "x", {}, { id: "" }, { id: 3 }]) {
      expect(isNewBuild("/assets/index-a.js", answer)).toBe(false);
    }
    // A page that does not know its own build (a development server) never reloads for one.
    expect(isNewBuild(null, { id: "/assets/index-b.js" })).toBe(false);
  });
});
