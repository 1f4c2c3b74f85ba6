// Choosing a variant: availability of option values for the choice made, the URL form, the cart's view of a variant, a line's variant on every screen.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  chooseOptionLabel,
  defaultVariant,
  describeOptions,
  generateRows,
  getProductOptions,
  initialSelection,
  isVariantAvailable,
  lineOptions,
  missingOptions,
  orderedOptions,
  orderItemOf,
  type ProductOption,
  productInVariant,
  type Selection,
  searchFromSelection,
  selectedVariant,
  selectionFromSearch,
  VARIANT_QUERY_PARAMS,
  type Variant,
  variantLabel,
  variantTitle,
} from "./variants.ts";

const options: ProductOption[] = [
  {
    name: "Color",
    values: [
      { value: "Coral", clrCode: "#ff7f50" },
      { value: "Navy Blue", clrCode: "#000080" },
      { value: "White", clrCode: "#ffffff" },
    ],
  },
  { name: "Size", values: [{ value: "38" }, { value: "42" }, { value: "43" }] },
];

function variant(color: string, size: string, quantity: number, extra: Partial<Variant> = {}): Variant {
  return {
    id: `v-${color}-${size}`,
    sku: `SHOE-${color.slice(0, 2).toUpperCase()}-${size}`,
    options: { Color: color, Size: size },
    price: 89.99,
    discount: 0,
    quantity,
    status: quantity > 0 ? "in-stock" : "out-of-stock",
    img: `/img/${color}.svg`,
    ...extra,
  };
}

// Coral: 38 sold out, 42 in stock, no 43 made. Navy Blue: all sizes, only 43 in stock. White: everything sold out.
const variants: Variant[] = [
  variant("Coral", "38", 0),
  variant("Coral", "42", 10, { price: 94.5 }),
  variant("Navy Blue", "38", 0),
  variant("Navy Blue", "42", 0),
  variant("Navy Blue", "43", 3),
  variant("White", "38", 0),
  variant("White", "42", 0),
];

const stateOf = (selection: Selection, name: string, value: string) =>
  getProductOptions(options, variants, selection)
    .find((o) => o.name === name)
    ?.values.find((v) => v.value === value);

describe("getProductOptions", () => {
  it("marks a value available when any of its variants can be bought and nothing else is chosen", () => {
    expect(stateOf({}, "Color", "Coral")).toMatchObject({ exists: true, available: true, selected: false });
    expect(stateOf({}, "Color", "White")).toMatchObject({ exists: true, available: false });
    expect(stateOf({}, "Size", "38")).toMatchObject({ exists: true, available: false });
    expect(stateOf({}, "Size", "43")).toMatchObject({ exists: true, available: true });
  });

  it("marks sizes for the colour chosen: sold out, in stock, or not made in that colour", () => {
    const chosen = { Color: "Coral" };
    expect(stateOf(chosen, "Size", "38")).toMatchObject({ exists: true, available: false });
    expect(stateOf(chosen, "Size", "42")).toMatchObject({ exists: true, available: true });
    expect(stateOf(chosen, "Size", "43")).toMatchObject({ exists: false, available: false });
  });

  it("marks colours for the size chosen, setting the colour's own choice aside", () => {
    const chosen = { Color: "Coral", Size: "43" };
    expect(stateOf(chosen, "Color", "Coral")).toMatchObject({
      selected: true,
      exists: false,
      available: false,
    });
    expect(stateOf(chosen, "Color", "Navy Blue")).toMatchObject({ selected: false, available: true });
    expect(stateOf(chosen, "Color", "White")).toMatchObject({ exists: false, available: false });
  });

  it("gives each value the choice it leads to, the other choices kept", () => {
    expect(stateOf({ Color: "Coral", Size: "42" }, "Color", "Navy Blue")?.selection).toEqual({
      Color: "Navy Blue",
      Size: "42",
    });
  });

  it("names options and values as the URL does and knows swatches from sizes", () => {
    const [color, size] = getProductOptions(options, variants, { Color: "navy blue" });
    expect(color).toMatchObject({ name: "Color", param: "color", selected: "Navy Blue", swatches: true });
    expect(color?.values[1]).toMatchObject({ slug: "navy-blue", clrCode: "#000080", selected: true });
    expect(size).toMatchObject({ param: "size", selected: null, swatches: false });
  });

  it("never calls a value available unless a variant with the other choices and that value is in stock", () => {
    const value = fc.constantFrom(...options.flatMap((o) => o.values.map((v) => [o.name, v.value] as const)));
    fc.assert(
      fc.property(fc.array(value, { maxLength: 3 }), (chosen) => {
        const selection: Selection = Object.fromEntries(chosen);
        for (const option of getProductOptions(options, variants, selection)) {
          for (const v of option.values) {
            const others = Object.entries(selection).filter(([name]) => name !== option.name);
            const buyable = variants.some(
              (x) =>
                x.options[option.name] === v.value &&
                isVariantAvailable(x) &&
                others.every(([name, val]) => x.options[name] === val),
            );
            expect(v.available).toBe(buyable);
            if (v.available) expect(v.exists).toBe(true);
          }
        }
      }),
    );
  });
});

describe("selectedVariant and missingOptions", () => {
  it("finds the variant once every option is chosen", () => {
    expect(selectedVariant(options, variants, { Color: "Coral", Size: "42" })?.id).toBe("v-Coral-42");
    expect(selectedVariant(options, variants, { Color: "coral", Size: "42" })?.price).toBe(94.5);
    expect(selectedVariant(options, variants, { Color: "Coral" })).toBeNull();
    expect(selectedVariant(options, variants, { Color: "Coral", Size: "43" })).toBeNull();
  });

  it("gives a product without options its only variant", () => {
    const only = variant("x", "y", 4, { options: {} });
    expect(selectedVariant([], [only], {})).toBe(only);
    expect(selectedVariant([], [], {})).toBeNull();
  });

  it("says which option is still to choose, and how the button asks for it", () => {
    expect(missingOptions(options, { Color: "Coral" })).toEqual(["Size"]);
    expect(missingOptions(options, { Color: "Coral", Size: "42" })).toEqual([]);
    expect(chooseOptionLabel("Size")).toBe("Choose a size");
  });

  it("knows a sold-out variant", () => {
    expect(isVariantAvailable(variant("a", "b", 0))).toBe(false);
    expect(isVariantAvailable({ status: "out-of-stock", quantity: 5 })).toBe(false);
    expect(isVariantAvailable({ status: "in-stock", quantity: 1 })).toBe(true);
  });
});

describe("the choice in the URL", () => {
  it("reads ?color=coral&size=42 in any case, with the options' own spelling", () => {
    expect(selectionFromSearch(options, variants, "?color=CORAL&size=42")).toEqual({
      Color: "Coral",
      Size: "42",
    });
    expect(selectionFromSearch(options, variants, "color=navy-blue")).toEqual({ Color: "Navy Blue" });
  });

  it("leaves out unknown options and values, so a stale link still opens the product", () => {
    expect(selectionFromSearch(options, variants, "color=purple&size=42&metal=gold")).toEqual({ Size: "42" });
  });

  it("carries only colour and size names, and a variant of other options by its SKU", () => {
    const metal: ProductOption[] = [
      { name: "Metal", values: [{ value: "Gold" }, { value: "Rose Gold" }] },
      { name: "Talla", values: [{ value: "7" }] },
    ];
    const ring = [{ ...variants[0]!, sku: "RING-RG-7", options: { Metal: "Rose Gold", Talla: "7" } }];
    expect(selectionFromSearch(metal, ring, "metal=gold&talla=7")).toEqual({ Talla: "7" });
    expect(searchFromSelection(metal, { Metal: "Rose Gold", Talla: "7" }, "", "RING-RG-7").toString()).toBe(
      "sku=RING-RG-7",
    );
    expect(selectionFromSearch(metal, ring, "sku=RING-RG-7")).toEqual({ Metal: "Rose Gold", Talla: "7" });
    expect(searchFromSelection(metal, { Talla: "7" }).toString()).toBe("talla=7");
    expect(VARIANT_QUERY_PARAMS).toEqual(expect.arrayContaining(["sku", "color", "colour", "size", "talla"]));
    expect(VARIANT_QUERY_PARAMS).not.toContain("metal");
  });

  it("reads a variant's SKU", () => {
    expect(selectionFromSearch(options, variants, "sku=shoe-na-43")).toEqual({
      Color: "Navy Blue",
      Size: "43",
    });
  });

  it("writes the choice as slugs in the options' order and keeps other parameters", () => {
    const params = searchFromSelection(options, { Size: "42", Color: "Navy Blue" }, "ref=mail&sku=X&size=38");
    expect(params.toString()).toBe("ref=mail&color=navy-blue&size=42");
    expect(searchFromSelection(options, {}).toString()).toBe("");
  });

  it("reads back what it writes", () => {
    const choice = fc.record({
      Color: fc.constantFrom(...options[0]!.values.map((v) => v.value)),
      Size: fc.constantFrom(...options[1]!.values.map((v) => v.value)),
    });
    fc.assert(
      fc.property(choice, (selection) => {
        expect(selectionFromSearch(options, variants, searchFromSelection(options, selection))).toEqual(
          selection,
        );
      }),
    );
  });
});

describe("defaultVariant", () => {
  it("buys the colour the page opens on when nothing else is to choose, and nothing when a size is", () => {
    const colours = [options[0]!];
    const byColour = variants
      .filter((v) => v.options.Size === "42")
      .map((v) => ({ ...v, options: { Color: v.options.Color! } }));
    expect(defaultVariant(colours, byColour)?.id).toBe("v-Coral-42");
    expect(defaultVariant(options, variants)).toBeNull();
    expect(defaultVariant([], [variant("a", "b", 1, { options: {} })])).toBeNull();
  });
});

describe("generateRows (the back office's generate every combination)", () => {
  const gridOptions = [
    {
      name: "Color",
      values: [
        { value: "Coral", clrCode: "#ff7f50" },
        { value: "Navy", clrCode: "#000080" },
      ],
    },
    { name: "Size", values: [{ value: "41" }, { value: "42" }] },
  ];

  it("makes a row per combination, keeping the rows already there", () => {
    const rows = generateRows(
      gridOptions,
      [{ id: "v1", sku: "TK-CORAL-42", options: { Color: "Coral", Size: "42" }, price: 94.5, quantity: 7 }],
      "TK",
    );
    expect(rows.map((r) => r.options)).toEqual([
      { Color: "Coral", Size: "41" },
      { Color: "Coral", Size: "42" },
      { Color: "Navy", Size: "41" },
      { Color: "Navy", Size: "42" },
    ]);
    expect(rows[1]).toEqual({
      id: "v1",
      sku: "TK-CORAL-42",
      options: { Color: "Coral", Size: "42" },
      price: 94.5,
      quantity: 7,
    });
    expect(rows[0]).toEqual({
      sku: "TK-CORAL-41",
      options: { Color: "Coral", Size: "41" },
      price: null,
      quantity: 0,
    });
  });

  it("gives a colour's stock to its first size once sizes are added, and leaves out a value taken away", () => {
    const rows = generateRows(
      gridOptions,
      [
        { id: "c", sku: "TK-CORAL", options: { Color: "Coral" }, price: null, quantity: 5 },
        { id: "w", sku: "TK-WHITE", options: { Color: "White" }, price: null, quantity: 3 },
      ],
      "TK",
    );
    expect(rows.filter((r) => r.id).map((r) => [r.id, r.options, r.quantity])).toEqual([
      ["c", { Color: "Coral", Size: "41" }, 5],
    ]);
    expect(rows).toHaveLength(4);
  });

  it("keeps the only variant of a product without options as its one row", () => {
    const only = { id: "o", sku: "LAMP", options: {}, price: null, quantity: 9 };
    expect(generateRows([], [only], "LAMP")).toEqual([only]);
  });
});

describe("initialSelection", () => {
  it("starts on the first colour that can be bought and leaves the size to the shopper", () => {
    const soldOutCoral = variants.map((v) => (v.options.Color === "Coral" ? { ...v, quantity: 0 } : v));
    expect(initialSelection(options, variants)).toEqual({ Color: "Coral" });
    expect(initialSelection(options, soldOutCoral)).toEqual({ Color: "Navy Blue" });
  });

  it("keeps what the URL chose and picks an option that has one value", () => {
    const oneSize: ProductOption[] = [options[0]!, { name: "Size", values: [{ value: "One size" }] }];
    expect(initialSelection(oneSize, [], { Color: "White" })).toEqual({ Color: "White", Size: "One size" });
    expect(initialSelection(options, variants, { Size: "43" })).toEqual({ Size: "43", Color: "Coral" });
  });
});

describe("a line's variant on every screen", () => {
  it("reads an order line's options, or the colour and size of an order placed before variants", () => {
    expect(lineOptions({ options: { Color: "Coral", Size: "42" }, color: "Coral", size: "42" })).toEqual({
      Color: "Coral",
      Size: "42",
    });
    expect(lineOptions({ options: {}, color: "Coral", size: null })).toEqual({ Color: "Coral" });
    expect(lineOptions({ color: null, size: "M" })).toEqual({ Size: "M" });
    expect(lineOptions({})).toEqual({});
  });

  it("describes it as name and value", () => {
    expect(describeOptions({ Color: "Coral", Size: "42" })).toBe("Color: Coral · Size: 42");
    expect(describeOptions({})).toBe("");
    expect(describeOptions(null)).toBe("");
  });

  it("sends a cart line as an order item with its variant, and one without as before", () => {
    expect(orderItemOf({ id: "p1", variantId: "v42", orderQuantity: 2 })).toEqual({
      productId: "p1",
      variantId: "v42",
      quantity: 2,
    });
    expect(orderItemOf({ id: "p1", orderQuantity: 1 })).toEqual({ productId: "p1", quantity: 1 });
  });
});

describe("a variant's name and the cart's view of it", () => {
  it("puts a variant's values in the options' order, else colour then size, whatever order they came in", () => {
    expect(Object.keys(orderedOptions({ Size: "42", Color: "Coral" }))).toEqual(["Color", "Size"]);
    expect(Object.keys(orderedOptions({ Talla: "7", Metal: "Gold", Colour: "Red" }))).toEqual([
      "Colour",
      "Talla",
      "Metal",
    ]);
    expect(
      Object.keys(orderedOptions({ Size: "42", Metal: "Gold" }, [{ name: "Metal" }, { name: "Size" }])),
    ).toEqual(["Metal", "Size"]);
    expect(variantLabel({ Size: "42", Color: "Coral" })).toBe("Coral / 42");
    expect(describeOptions({ Size: "42", Color: "Coral" })).toBe("Color: Coral · Size: 42");
    expect(Object.keys(lineOptions({ options: { Size: "42", Color: "Coral" } }))).toEqual(["Color", "Size"]);
  });

  it("names the variant after the product", () => {
    expect(variantLabel({ Color: "Coral", Size: "42" })).toBe("Coral / 42");
    expect(variantLabel({ Size: "42", Color: "Coral" }, options)).toBe("Coral / 42");
    expect(variantTitle("Tempo Knit Running Shoe", { Color: "Coral", Size: "42" })).toBe(
      "Tempo Knit Running Shoe — Coral / 42",
    );
    expect(variantTitle("Lamp", {})).toBe("Lamp");
  });

  it("gives the cart the variant's price, stock and picture, and drops the product's list of variants", () => {
    const product = {
      id: "p1",
      title: "Tempo Knit Running Shoe",
      img: "/img/shoe.svg",
      price: 89.99,
      discount: 10,
      quantity: 13,
      status: "in-stock" as const,
      variants,
    };
    const line = productInVariant(
      { ...product, options },
      { ...variants[1]!, options: { Size: "42", Color: "Coral" } },
    );
    expect(Object.keys(line.variantOptions)).toEqual(["Color", "Size"]);
    expect(line).toMatchObject({
      id: "p1",
      price: 94.5,
      discount: 0,
      quantity: 10,
      img: "/img/Coral.svg",
      variantId: "v-Coral-42",
      variantSku: "SHOE-CO-42",
      variantOptions: { Color: "Coral", Size: "42" },
    });
    expect("variants" in line).toBe(false);
    expect(productInVariant(product, { ...variants[1]!, img: null }).img).toBe("/img/shoe.svg");
  });
});
