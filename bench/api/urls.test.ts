// The benchmark's forgiving mix: slips a shopper makes, and suggestion requests as the header sends them.

import { editDistance } from "@shop/api/src/modules/search/text.ts";
import { describe, expect, it } from "vitest";
import { prng } from "../seed/bench-catalogue.ts";
import { misspell, suggestionUrls } from "./urls.ts";

describe("the forgiving benchmark mix", () => {
  it("misspells a word of five letters or more by one edit, the first letter kept; shorter words stay", () => {
    const random = prng(5);
    for (const word of ["headphones", "necklace", "watch", "lipstick", "sneakers"]) {
      for (let i = 0; i < 20; i++) {
        const slip = misspell(word, random);
        expect(editDistance(word, slip, 1), `${word} → ${slip}`).toBeLessThanOrEqual(1);
        expect(slip[0]).toBe(word[0]);
      }
    }
    expect(misspell("ring", random)).toBe("ring");
  });

  it("draws distinct suggestion requests of two letters or more, the same for the same seed", () => {
    const urls = suggestionUrls(50, ["headphones", "necklace", "watch", "ring"], ["bocina", "aretes"]);
    expect(urls.length).toBe(new Set(urls).size);
    expect(urls.length).toBeGreaterThan(20);
    for (const url of urls) {
      const query = new URL(url, "http://x").searchParams.get("query")!;
      expect(url.startsWith("/api/product/search/suggestions?query=")).toBe(true);
      expect(query.replace(/\s/g, "").length).toBeGreaterThanOrEqual(2);
    }
    expect(suggestionUrls(50, ["headphones", "necklace", "watch", "ring"], ["bocina", "aretes"])).toEqual(
      urls,
    );
  });
});
