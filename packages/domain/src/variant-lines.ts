// What every screen that lists a cart or order line needs of its variant: its key, its name, its values in order,
// and the line as an order's item. A module of its own, so the cart, checkout and order pages load these few rules
// without the product page's picker and the back office's grid (the rest of variants.ts).
import { isColorOption, isSizeOption } from "./option-names.ts";
import type { VariantChoice, VariantOption } from "./variants.ts";

/** The names a choice gives values for: in the options' order, then any the options do not name, as written. */
export function choiceNames(choice: VariantChoice, options: readonly VariantOption[] = []): string[] {
  return [
    ...options.map((o) => o.name).filter((n) => n in choice),
    ...Object.keys(choice).filter((n) => !options.some((o) => o.name === n)),
  ];
}

/** "Tempo Knit Running Shoe — Coral / 42": the product's title with the variant's values, in the options' order. */
export function variantTitle(
  title: string,
  choice: VariantChoice,
  options: readonly VariantOption[] = [],
): string {
  const names = choiceNames(choice, options);
  const values = names.map((n) => choice[n]).filter((v): v is string => Boolean(v));
  return values.length ? `${title} — ${values.join(" / ")}` : title;
}

/**
 * A variant's values in a shopper's order: the product's options' order when known, else colour, then size, then
 * the rest as written (a database may hand the values back sorted by name: {Size, Color}).
 */
export function orderedOptions(
  choice: Record<string, string> | null | undefined,
  order?: readonly { name: string }[],
): Record<string, string> {
  if (!choice) return {};
  const rank = (name: string) => {
    const at = order?.findIndex((o) => o.name === name) ?? -1;
    if (at >= 0) return at;
    return (order?.length ?? 0) + (isColorOption(name) ? 0 : isSizeOption(name) ? 1 : 2);
  };
  const names = Object.keys(choice)
    .map((name, index) => ({ name, index }))
    .sort((a, b) => rank(a.name) - rank(b.name) || a.index - b.index)
    .map(({ name }) => name);
  return Object.fromEntries(names.map((name) => [name, choice[name]!]));
}

/**
 * What tells one cart line from another: the product and its variant, so two sizes of one shoe are two lines. A
 * line without a variant (stored before variants, or a product without options) is known by its product id alone.
 */
export function cartLineKey(item: { id?: string | null; variantId?: string | null }): string {
  const id = item.id ?? "";
  return item.variantId ? `${id}:${item.variantId}` : id;
}

/**
 * An order line's variant as name -> value: its `options` when it has them, else the colour and size it was
 * placed with (orders placed before variants). {} for a product without options.
 */
export function lineOptions(line: {
  options?: Record<string, string> | null;
  color?: string | null;
  size?: string | null;
}): Record<string, string> {
  if (line.options && Object.keys(line.options).length > 0) return orderedOptions(line.options);
  return {
    ...(line.color ? { Color: line.color } : {}),
    ...(line.size ? { Size: line.size } : {}),
  };
}

/** "Color: Coral · Size: 42", or "" for none: how every screen that lists a line names its variant. */
export function describeOptions(options: Record<string, string> | null | undefined): string {
  return Object.entries(orderedOptions(options))
    .filter(([, value]) => value !== "")
    .map(([name, value]) => `${name}: ${value}`)
    .join(" · ");
}

/** A cart line as an order's or a coupon check's item: the product, and the variant it buys when it has one. */
export function orderItemOf(line: { id?: string | null; variantId?: string | null; orderQuantity: number }): {
  productId: string;
  variantId?: string;
  quantity: number;
} {
  return {
    productId: line.id ?? "",
    ...(line.variantId ? { variantId: line.variantId } : {}),
    quantity: line.orderQuantity,
  };
}
