// The option names the shop reads as a colour or a size, and an option value's slug: what the listing's filters need
// of the variants' rules, in a module of its own so the storefront's first screen carries no more of them.

/** The option names the shop reads as a colour or a size (the cart's and orders' color/size, the listing filters). */
export const COLOR_NAMES: ReadonlySet<string> = new Set(["color", "colour", "colores", "colors"]);
export const SIZE_NAMES: ReadonlySet<string> = new Set(["size", "talla", "sizes", "tallas", "ring size"]);

export const isColorOption = (name: string): boolean => COLOR_NAMES.has(name.trim().toLowerCase());
export const isSizeOption = (name: string): boolean => SIZE_NAMES.has(name.trim().toLowerCase());

/** A value as URLs and filters carry it: lower-case, spaces as "-" ("Rose Gold" -> "rose-gold"). */
export function optionSlug(value: string): string {
  return value.trim().toLowerCase().replaceAll("&", "").replace(/\s+/g, "-");
}
