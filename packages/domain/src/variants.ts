// A product's options and variants: naming a variant, finding one by the shopper's choices, which option values are
// available for the other choices made (the storefront's picker, as Hydrogen's getProductOptions), the choice read
// from and written to a URL, a variant as the cart buys it, and every combination of the option values (the back
// office's generate). Pure, shared by the API, the storefront and the back office.
import type { SearchParams } from "./catalogue.ts";
import { slugify } from "./listing-query.ts";
import { COLOR_NAMES, isColorOption, isSizeOption, optionSlug, SIZE_NAMES } from "./option-names.ts";
import { choiceNames, orderedOptions } from "./variant-lines.ts";

/** The option names the sample shop and the migration use. */
export const COLOR_OPTION = "Color";
export const SIZE_OPTION = "Size";

// A line's variant, as the cart and the orders name it: a module of its own (variant-lines.ts), kept here too.
export {
  cartLineKey,
  describeOptions,
  lineOptions,
  orderedOptions,
  orderItemOf,
  variantTitle,
} from "./variant-lines.ts";
// The names read as a colour or a size, and a value's slug: a module of their own, so the listing (in the first
// screen) reads them without this one.
export { isColorOption, isSizeOption, optionSlug };

export interface OptionValue {
  value: string;
  clrCode?: string | null | undefined;
}
export interface VariantOption {
  name: string;
  values: readonly OptionValue[];
}
export type VariantChoice = Readonly<Record<string, string>>;
export interface VariantLike {
  id: string;
  options: VariantChoice;
  quantity: number;
}

/** The variant's colour and size (for lines, mails and the legacy color/size fields), null when it has none. */
export function colorAndSize(options: VariantChoice): { color: string | null; size: string | null } {
  let color: string | null = null;
  let size: string | null = null;
  for (const [name, value] of Object.entries(options)) {
    if (color === null && isColorOption(name)) color = value;
    else if (size === null && isSizeOption(name)) size = value;
  }
  return { color, size };
}

/** Whether a variant has every value of `choice` (names compared as written, values by their slug). */
export function matchesChoice(variant: { options: VariantChoice }, choice: VariantChoice): boolean {
  return Object.entries(choice).every(([name, value]) => {
    const own = variant.options[name];
    return own !== undefined && optionSlug(own) === optionSlug(value);
  });
}

/**
 * The variant a line names without its id: the only variant of the product, or the one whose colour and size are
 * the given ones (and which has no other option). Undefined when the choice does not name one variant.
 */
export function variantForColorAndSize<V extends { options: VariantChoice }>(
  variants: readonly V[],
  color: string | null | undefined,
  size: string | null | undefined,
): V | undefined {
  if (variants.length === 1) return variants[0];
  const found = variants.filter((v) => {
    const own = colorAndSize(v.options);
    if (Object.keys(v.options).length !== (own.color !== null ? 1 : 0) + (own.size !== null ? 1 : 0)) {
      return false;
    }
    const sameColor =
      own.color === null ? !color : Boolean(color) && optionSlug(own.color) === optionSlug(color!);
    const sameSize = own.size === null ? !size : Boolean(size) && optionSlug(own.size) === optionSlug(size!);
    return sameColor && sameSize;
  });
  return found.length === 1 ? found[0] : undefined;
}

export interface ValueAvailability {
  value: string;
  clrCode: string | null;
  /** Some variant has this value and the other choices made. */
  exists: boolean;
  /** Some such variant has stock. */
  available: boolean;
}

/**
 * For every option, each value marked available or sold out for the other choices made (Shopify's
 * getProductOptions, saleor#3993): a value is available when a variant with it and with every other chosen value
 * has stock.
 */
export function optionAvailability(
  options: readonly VariantOption[],
  variants: readonly VariantLike[],
  choice: VariantChoice,
): { name: string; values: ValueAvailability[] }[] {
  return options.map((option) => {
    const others = Object.fromEntries(Object.entries(choice).filter(([name]) => name !== option.name));
    const candidates = variants.filter((v) => matchesChoice(v, others));
    return {
      name: option.name,
      values: option.values.map(({ value, clrCode }) => {
        const withValue = candidates.filter((v) => matchesChoice(v, { [option.name]: value }));
        return {
          value,
          clrCode: clrCode ?? null,
          exists: withValue.length > 0,
          available: withValue.some((v) => v.quantity > 0),
        };
      }),
    };
  });
}

/** Every combination of the options' values, in the options' order (the first option varies slowest). */
export function combinations(options: readonly VariantOption[]): Record<string, string>[] {
  let result: Record<string, string>[] = [{}];
  for (const option of options) {
    result = result.flatMap((partial) => option.values.map((v) => ({ ...partial, [option.name]: v.value })));
  }
  return result;
}

/** A variant's SKU from its product's: "TKRS-01" + {Color: "Coral", Size: "42"} -> "TKRS-01-CORAL-42". */
export function variantSku(
  productSku: string,
  choice: VariantChoice,
  options: readonly VariantOption[] = [],
): string {
  const parts = choiceNames(choice, options)
    .map((n) =>
      (choice[n] ?? "")
        .toUpperCase()
        .replace(/[^A-Z0-9]+/g, "-")
        .replace(/^-|-$/g, ""),
    )
    .filter(Boolean);
  return [productSku, ...parts].join("-");
}

/** A row of the back office's grid: a variant, saved (with its id) or not yet. */
export interface VariantRow {
  id?: string;
  sku: string;
  options: Record<string, string>;
  price: number | null;
  quantity: number;
}

/**
 * The grid after "generate every combination": a row for each combination of the option values, in the options'
 * order. A row already there keeps its id, SKU, price and stock for the first combination holding all its values (a
 * shoe sold by colour keeps its stock in its first size once sizes are added); the others are new, with no stock,
 * the product's price and a SKU made from the product's. Rows no combination holds (a value taken away) are left out.
 */
export function generateRows(
  options: readonly VariantOption[],
  rows: readonly VariantRow[],
  productSku: string,
): VariantRow[] {
  const used = new Set<VariantRow>();
  const names = options.map((o) => o.name);
  return combinations(options).map((choice) => {
    const kept = rows.find(
      (row) =>
        !used.has(row) &&
        Object.keys(row.options).every((name) => names.includes(name)) &&
        matchesChoice({ options: choice }, row.options),
    );
    if (kept) {
      used.add(kept);
      return { ...kept, options: choice };
    }
    return { sku: variantSku(productSku, choice, options), options: choice, price: null, quantity: 0 };
  });
}

/**
 * Stock spread over `count` variants as evenly as whole units go, the first ones taking the remainder (the
 * migration's rule for products that had one number).
 */
export function spreadStock(quantity: number, count: number): number[] {
  if (count <= 0) return [];
  const base = Math.floor(quantity / count);
  const rest = quantity - base * count;
  return Array.from({ length: count }, (_, i) => base + (i < rest ? 1 : 0));
}

// ---------- The storefront's choice ----------

type SearchParamsConstructor = new (init?: string | SearchParams) => SearchParams;
/** The platform's URLSearchParams (the domain is built without the DOM's types). */
const params = (init?: string | SearchParams): SearchParams =>
  new (globalThis as unknown as { URLSearchParams: SearchParamsConstructor }).URLSearchParams(init);

export interface ProductOption {
  /** "Color", "Size", "Talla", "Metal": the names come from the data. */
  name: string;
  values: OptionValue[];
}

export interface Variant {
  id: string;
  sku: string;
  /** Option name -> value; {} for a product's only variant when it has no options. */
  options: Record<string, string>;
  /** Decimal USD. */
  price: number;
  discount: number;
  quantity: number;
  status: "in-stock" | "out-of-stock";
  img: string | null;
}

/** What the shopper chose: option name -> value. Options not chosen are absent. */
export type Selection = Record<string, string>;

export interface OptionValueState {
  value: string;
  clrCode: string | null;
  /** The value in a URL: `coral`, `42`, `rose-gold`. */
  slug: string;
  selected: boolean;
  /** Some variant has this value together with the other choices made. */
  exists: boolean;
  /** Some variant with this value and the other choices made can be bought now. */
  available: boolean;
  /** The choice this value leads to: the other choices kept, this value put in. */
  selection: Selection;
}

export interface OptionState {
  name: string;
  /** The option's name in a URL: `color`, `size`, `talla`. */
  param: string;
  /** The chosen value, or null. */
  selected: string | null;
  /** Every value has a colour code: shown as swatches. */
  swatches: boolean;
  values: OptionValueState[];
}

/** A variant that can be bought now. */
export function isVariantAvailable(variant: Pick<Variant, "status" | "quantity">): boolean {
  return variant.status !== "out-of-stock" && Number.isFinite(variant.quantity) && variant.quantity > 0;
}

const same = (a: string | undefined, b: string) => a !== undefined && slugify(a) === slugify(b);

/** The variant matches every option of `selection` it names (options the selection leaves out match anything). */
function matches(variant: Variant, selection: Selection): boolean {
  return Object.entries(selection).every(([name, value]) => same(variant.options[name], value));
}

/**
 * The state of every option value for the current choice, as Shopify's Hydrogen `getProductOptions` gives it: a value
 * is `exists` and `available` when a variant has it *together with the other options chosen* (the option's own
 * choice set aside), so picking Coral greys out the sizes Coral has sold out of, and picking 42 greys out the colours
 * that have no 42 left. With nothing else chosen, a value is available when any of its variants is.
 */
export function getProductOptions(
  options: readonly ProductOption[],
  variants: readonly Variant[],
  selection: Selection,
): OptionState[] {
  return options.map((option) => {
    const others: Selection = {};
    for (const other of options) {
      const chosen = selection[other.name];
      if (other.name !== option.name && chosen !== undefined) others[other.name] = chosen;
    }
    const selected = option.values.find((v) => same(selection[option.name], v.value))?.value ?? null;
    return {
      name: option.name,
      param: slugify(option.name),
      selected,
      swatches: option.values.length > 0 && option.values.every((v) => Boolean(v.clrCode)),
      values: option.values.map((v) => {
        const wanted = { ...others, [option.name]: v.value };
        const candidates = variants.filter((variant) => matches(variant, wanted));
        return {
          value: v.value,
          clrCode: v.clrCode ?? null,
          slug: slugify(v.value),
          selected: selected === v.value,
          exists: candidates.length > 0,
          available: candidates.some(isVariantAvailable),
          selection: { ...selection, [option.name]: v.value },
        };
      }),
    };
  });
}

/** The variant the choice names: every option chosen and one variant has them all; else null. */
export function selectedVariant<V extends Variant>(
  options: readonly ProductOption[],
  variants: readonly V[],
  selection: Selection,
): V | null {
  if (options.length === 0) return variants.length === 1 ? (variants[0] ?? null) : null;
  if (options.some((option) => selection[option.name] === undefined)) return null;
  return (
    variants.find((variant) => options.every((o) => same(variant.options[o.name], selection[o.name]!))) ??
    null
  );
}

/** The options still to choose, in order (the buttons say "Choose a size" for the first). */
export function missingOptions(options: readonly ProductOption[], selection: Selection): string[] {
  return options.filter((option) => selection[option.name] === undefined).map((option) => option.name);
}

/** "Choose a size", "Choose a color", "Choose a talla". */
export function chooseOptionLabel(name: string): string {
  return `Choose a ${name.toLowerCase()}`;
}

/**
 * The parameters a product page's URL may choose a variant by: `sku`, and the names the shop reads as a colour or a
 * size (`color`, `size`, `talla`...). A fixed list, so the page server keeps these and draws nothing anew for any
 * other parameter; a product whose options have other names ("Metal") is linked by its variant's SKU.
 */
export const VARIANT_QUERY_PARAMS: readonly string[] = [
  ...new Set(["sku", ...COLOR_NAMES, ...SIZE_NAMES].map((name) => slugify(name))),
];

const nameable = (option: { name: string }) => VARIANT_QUERY_PARAMS.includes(slugify(option.name));

/**
 * The choice a URL names: `?color=coral&size=42` (an option's name and value as slugs, any case), or `?sku=` a
 * variant's SKU. Unknown options and values are left out, so a stale link still opens the product.
 */
export function selectionFromSearch(
  options: readonly ProductOption[],
  variants: readonly Variant[],
  search: SearchParams | string,
): Selection {
  const query = typeof search === "string" ? params(search) : search;
  const sku = query.get("sku");
  if (sku) {
    const bySku = variants.find((variant) => variant.sku.toLowerCase() === sku.trim().toLowerCase());
    if (bySku) return normalise(options, bySku.options);
  }
  const selection: Selection = {};
  for (const option of options.filter(nameable)) {
    const raw = query.get(slugify(option.name));
    if (raw === null) continue;
    const value = option.values.find((v) => slugify(v.value) === slugify(raw));
    if (value) selection[option.name] = value.value;
  }
  return selection;
}

/**
 * The choice as URL parameters, in the options' order (`color=coral&size=42`); other parameters are kept. When an
 * option has a name a URL does not carry ("Metal"), a variant chosen whole is written as its SKU (`sku` given).
 */
export function searchFromSelection(
  options: readonly ProductOption[],
  selection: Selection,
  keep?: SearchParams | string,
  sku?: string,
): SearchParams {
  const query = params(keep);
  query.delete("sku");
  for (const option of options) query.delete(slugify(option.name));
  if (sku && !options.every(nameable)) {
    query.set("sku", sku);
    return query;
  }
  for (const option of options.filter(nameable)) {
    const value = selection[option.name];
    if (value !== undefined) query.set(slugify(option.name), slugify(value));
  }
  return query;
}

/** A selection with the options' own spelling of names and values, and only the options the product has. */
function normalise(options: readonly ProductOption[], chosen: Selection): Selection {
  const selection: Selection = {};
  for (const option of options) {
    const value = option.values.find((v) => same(chosen[option.name], v.value));
    if (value) selection[option.name] = value.value;
  }
  return selection;
}

/**
 * What the page starts with when the URL chooses nothing for an option: an option with one value is chosen; a
 * colour (values with swatches) starts on its first value that can be bought, else its first, since the pictures
 * show one colour; a size waits for the shopper, so nobody buys a size they did not pick.
 */
export function initialSelection(
  options: readonly ProductOption[],
  variants: readonly Variant[],
  fromUrl: Selection = {},
): Selection {
  const selection: Selection = { ...normalise(options, fromUrl) };
  for (const option of options) {
    if (selection[option.name] !== undefined) continue;
    if (option.values.length === 1) {
      selection[option.name] = option.values[0]!.value;
    } else if (option.values.length > 1 && option.values.every((v) => Boolean(v.clrCode))) {
      const buyable = option.values.find((v) =>
        variants.some(
          (variant) => same(variant.options[option.name], v.value) && isVariantAvailable(variant),
        ),
      );
      selection[option.name] = (buyable ?? option.values[0]!).value;
    }
  }
  return selection;
}

/**
 * The variant bought without a page to choose on (a card's button, the wishlist's "add to cart"): the one the product
 * page opens on. Null when the shopper must choose (a size), or when the product has no options.
 */
export function defaultVariant<V extends Variant>(
  options: readonly ProductOption[],
  variants: readonly V[],
): V | null {
  if (options.length === 0) return null;
  return selectedVariant(options, variants, initialSelection(options, variants));
}

/** "Coral / 42": a variant's values in the options' order; "" for a product's only variant. */
export function variantLabel(
  options: Record<string, string> | null | undefined,
  order?: readonly ProductOption[],
) {
  if (!options) return "";
  const names = Object.keys(orderedOptions(options, order));
  return names
    .map((name) => options[name])
    .filter((value): value is string => Boolean(value))
    .join(" / ");
}

/** What the cart keeps of a chosen variant, on top of the product. */
export interface VariantLineFields {
  variantId: string;
  variantSku: string;
  /** The variant's values, e.g. {Color: "Coral", Size: "42"}. */
  variantOptions: Record<string, string>;
}

/**
 * The product as the cart buys it in this variant: the variant's price, discount, stock, status and picture, and
 * which variant it is. The product's list of variants is left out: the line is one of them.
 */
export function productInVariant<
  P extends {
    price: number;
    discount?: number | null;
    quantity: number;
    status?: string | null;
    img?: string;
  },
>(product: P, variant: Variant): Omit<P, "variants"> & VariantLineFields {
  const { variants: _variants, ...rest } = product as P & { variants?: unknown; options?: unknown };
  const order = Array.isArray(rest.options) ? (rest.options as { name: string }[]) : undefined;
  return {
    ...(rest as Omit<P, "variants">),
    price: variant.price,
    discount: variant.discount,
    quantity: variant.quantity,
    status: variant.status,
    ...(variant.img ? { img: variant.img } : {}),
    variantId: variant.id,
    variantSku: variant.sku,
    variantOptions: orderedOptions(variant.options, order),
  } as Omit<P, "variants"> & VariantLineFields;
}
