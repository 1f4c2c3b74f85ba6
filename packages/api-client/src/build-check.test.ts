import { LAST_RELOAD_KEY, PAGE_RELOAD_TTL_MS } from "@shop/domain/build-check";
import { describe, expect, it } from "vitest";
import { type ReloadEnv, reloadTo } from "./build-check.ts";

/** A tab's sessionStorage (kept across its reloads), its clock and the addresses it was sent to. */
function tab(start = 1_800_000_000_000) {
  const stored = new Map<string, string>();
  const loaded: string[] = [];
  let now = start;
  const env: ReloadEnv = {
    storage: { getItem: (k) => stored.get(k) ?? null, setItem: (k, v) => void stored.set(k, v) },
    now: () => now,
    assign: (href) => loaded.push(href),
  };
  return { env, stored, loaded, wait: (ms: number) => (now += ms) };
}

describe("reloadTo", () => {
  it("reloads once, then not again within the page reload ttl, whatever asks (a new build, a failed chunk)", () => {
    const t = tab();
    expect(reloadTo("/cart", t.env)).toBe(true);
    expect(t.stored.get(LAST_RELOAD_KEY)).toBe("1800000000000");
    // The reloaded page fails again at once, or finds another build: no loop.
    expect(reloadTo("/cart", t.env)).toBe(false);
    t.wait(PAGE_RELOAD_TTL_MS - 1);
    expect(reloadTo("/shop", t.env)).toBe(false);
    t.wait(1);
    expect(reloadTo("/shop", t.env)).toBe(true);
    expect(t.loaded).toEqual(["/cart", "/shop"]);
  });

  it("does not reload where it cannot remember that it did (storage refused)", () => {
    const t = tab();
    t.env.storage.setItem = () => {
      throw new DOMException("quota", "QuotaExceededError");
    };
    expect(reloadTo("/cart", t.env)).toBe(false);
    expect(t.loaded).toEqual([]);
  });
});
