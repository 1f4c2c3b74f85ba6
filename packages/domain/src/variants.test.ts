import { describe, expect, it } from "vitest";
import {
  colorAndSize,
  combinations,
  optionAvailability,
  optionSlug,
  spreadStock,
  variantForColorAndSize,
  variantSku,
  variantTitle,
} from "./variants.ts";

const options = [
  {
    name: "Color",
    values: [
      { value: "Coral", clrCode: "#ff7f50" },
      { value: "Navy Blue", clrCode: "#000080" },
    ],
  },
  { name: "Size", values: [{ value: "41" }, { value: "42" }] },
];
const variants = [
  { id: "a", options: { Color: "Coral", Size: "41" }, quantity: 0 },
  { id: "b", options: { Color: "Coral", Size: "42" }, quantity: 3 },
  { id: "c", options: { Color: "Navy Blue", Size: "41" }, quantity: 0 },
  { id: "d", options: { Color: "Navy Blue", Size: "42" }, quantity: 0 },
];

describe("variants", () => {
  it("names a variant after its product, values in the options' order", () => {
    expect(variantTitle("Tempo Knit Running Shoe", { Size: "42", Color: "Coral" }, options)).toBe(
      "Tempo Knit Running Shoe — Coral / 42",
    );
    expect(variantTitle("Lamp", {})).toBe("Lamp");
  });

  it("marks each value available or sold out for the other choices made", () => {
    const [color, size] = optionAvailability(options, variants, { Size: "41" });
    expect(color!.values.map((v) => [v.value, v.available])).toEqual([
      ["Coral", false],
      ["Navy Blue", false],
    ]);
    expect(size!.values.map((v) => [v.value, v.available])).toEqual([
      ["41", false],
      ["42", true],
    ]);
    const [, sizesOfNavy] = optionAvailability(options, variants, { Color: "navy-blue" });
    expect(sizesOfNavy!.values.every((v) => v.exists && !v.available)).toBe(true);
    const [coralWithNothingChosen] = optionAvailability(options, variants, {});
    expect(coralWithNothingChosen!.values[0]).toMatchObject({ value: "Coral", available: true });
  });

  it("finds the variant by colour and size, or the only one", () => {
    expect(variantForColorAndSize(variants, "coral", "42")?.id).toBe("b");
    expect(variantForColorAndSize(variants, "Coral", null)).toBeUndefined();
    expect(variantForColorAndSize([{ id: "x", options: {} }], null, null)?.id).toBe("x");
    expect(colorAndSize({ Talla: "M", Colour: "Red" })).toEqual({ color: "Red", size: "M" });
  });

  it("makes every combination, with SKUs from the product's", () => {
    const all = combinations(options);
    expect(all).toHaveLength(4);
    expect(all[1]).toEqual({ Color: "Coral", Size: "42" });
    expect(variantSku("TKRS-01", { Size: "42", Color: "Navy Blue" }, options)).toBe("TKRS-01-NAVY-BLUE-42");
    expect(combinations([])).toEqual([{}]);
    expect(optionSlug("Rose Gold")).toBe("rose-gold");
  });

  it("spreads stock as evenly as whole units go", () => {
    expect(spreadStock(10, 4)).toEqual([3, 3, 2, 2]);
    expect(spreadStock(0, 3)).toEqual([0, 0, 0]);
    expect(spreadStock(7, 1)).toEqual([7]);
  });
});

describe("the listing's size and colour filters", () => {
  it("read from a URL (repeated or comma-separated, any spelling) and write back the same", async () => {
    const { parseListingQuery, toListingQuery, filterProducts } = await import("./catalogue.ts");
    // The package's lib has no DOM types; the runtime (Node) has the real URLSearchParams.
    const { URLSearchParams } = globalThis as unknown as {
      URLSearchParams: new (init?: string) => import("./catalogue.ts").SearchParams;
    };
    const filters = parseListingQuery(new URLSearchParams("size=42,M&size=m&color=Rose%20Gold"));
    expect(filters).toEqual({ size: ["42", "m"], color: ["rose-gold"] });
    expect(parseListingQuery(new URLSearchParams(toListingQuery(filters).toString()))).toEqual(filters);
    const shoe = { id: "s", title: "Shoe", price: 10, status: "in-stock", options };
    const lamp = { id: "l", title: "Lamp", price: 10, status: "in-stock", options: [] };
    expect(filterProducts([shoe, lamp], { size: ["42"] }).map((p) => p.id)).toEqual(["s"]);
    expect(filterProducts([shoe, lamp], { size: ["43"] })).toEqual([]);
    expect(
      filterProducts([shoe, lamp], { color: ["navy-blue"], size: ["41", "99"] }).map((p) => p.id),
    ).toEqual(["s"]);
  });
});
