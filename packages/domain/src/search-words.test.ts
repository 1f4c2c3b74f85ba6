import { describe, expect, it } from "vitest";
import { LISTING_LIMITS } from "./catalogue.ts";
import { foldedWords, foldSearchText, searchTextForApi, searchWords } from "./search-words.ts";

describe("a search's words", () => {
  it("are split on any whitespace, lower case, each once, in the order first typed", () => {
    expect(searchWords("  Gold\tgold  RING\nring gold ")).toEqual(["gold", "ring"]);
    expect(searchWords("leather", undefined, "Bag leather", null)).toEqual(["leather", "bag"]);
    expect(searchWords("   ")).toEqual([]);
  });

  it("keep punctuation and accents as typed: the forgiving search folds them itself", () => {
    expect(searchWords("Men's T-Shirt café")).toEqual(["men's", "t-shirt", "café"]);
  });
});

describe("search text as the API takes it", () => {
  it("keeps the first distinct words up to the limit, a repeat (in any case) once, as first typed", () => {
    const many = Array.from({ length: 14 }, (_, i) => `w${i}`);
    expect(searchTextForApi(many.join(" ")).split(" ")).toEqual(many.slice(0, LISTING_LIMITS.maxSearchWords));
    // Repeats do not use up the limit: the eleventh typed word is the tenth distinct one.
    const repeated = ["Red", ...many.slice(0, 8), "red", "RED", "last"].join(" ");
    expect(searchTextForApi(repeated)).toBe(["Red", ...many.slice(0, 8), "last"].join(" "));
    expect(searchWords(searchTextForApi(repeated))).toHaveLength(LISTING_LIMITS.maxSearchWords);
  });

  it("is at most maxText characters and trimmed; nothing left is empty", () => {
    expect(searchTextForApi("x".repeat(500))).toHaveLength(LISTING_LIMITS.maxText);
    expect(searchTextForApi("  wireless   headphones ")).toBe("wireless headphones");
    expect(searchTextForApi(" \t ")).toBe("");
  });
});

describe("folding", () => {
  it("drops case, accents and punctuation", () => {
    expect(foldSearchText("  Crème-Brûlée, 50ML!")).toBe("creme brulee 50ml");
    expect(foldedWords("Men's T-Shirt")).toEqual(["men", "s", "t", "shirt"]);
    expect(foldedWords("")).toEqual([]);
  });
});
