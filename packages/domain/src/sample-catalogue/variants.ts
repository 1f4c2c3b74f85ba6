// The sample shop's variants: one per colour and size of a seeded product, its stock spread over them, and some
// sold out, so every screen shows an unavailable combination. The API's seed and the offline records both use it.
import { COLOR_OPTION, SIZE_OPTION, spreadStock, variantSku } from "../variants.ts";
import type { SeedProduct } from "./data.ts";

export interface SeedVariant {
  sku: string;
  options: Record<string, string>;
  quantity: number;
  /** Which of the product's colours (and so pictures) it has, or null. */
  colorIndex: number | null;
}

/** The product's options: its colours (with their swatch), then its sizes; [] when it has neither. */
export function seedOptions(
  p: Pick<SeedProduct, "colors" | "sizes">,
): { name: string; values: { value: string; clrCode: string | null }[] }[] {
  const options: { name: string; values: { value: string; clrCode: string | null }[] }[] = [];
  if (p.colors.length) {
    options.push({
      name: COLOR_OPTION,
      values: p.colors.map((c) => ({ value: c.name, clrCode: c.clrCode })),
    });
  }
  if (p.sizes.length)
    options.push({ name: SIZE_OPTION, values: p.sizes.map((value) => ({ value, clrCode: null })) });
  return options;
}

/**
 * One variant per colour and size. The product's stock is spread over them, except that with four or more
 * variants every fourth (the 3rd, 7th, ...) is sold out, its share going to the first: the product's total stays
 * its seeded quantity.
 */
export function seedVariants(p: Pick<SeedProduct, "sku" | "colors" | "sizes" | "quantity">): SeedVariant[] {
  const options = seedOptions(p);
  const colors: (number | null)[] = p.colors.length ? p.colors.map((_, i) => i) : [null];
  const sizes: (string | null)[] = p.sizes.length ? p.sizes : [null];
  const combos = colors.flatMap((colorIndex) => sizes.map((size) => ({ colorIndex, size })));
  const quantities = spreadStock(p.quantity, combos.length);
  if (combos.length >= 4) {
    for (let i = 2; i < quantities.length; i += 4) {
      quantities[0]! += quantities[i]!;
      quantities[i] = 0;
    }
  }
  return combos.map(({ colorIndex, size }, i) => {
    const choice: Record<string, string> = {};
    if (colorIndex !== null) choice[COLOR_OPTION] = p.colors[colorIndex]!.name;
    if (size !== null) choice[SIZE_OPTION] = size;
    return {
      sku: Object.keys(choice).length ? variantSku(p.sku, choice, options) : p.sku,
      options: choice,
      quantity: quantities[i]!,
      colorIndex,
    };
  });
}
