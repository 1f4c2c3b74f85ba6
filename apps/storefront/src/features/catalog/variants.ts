/**
 * A product's options and variants as the storefront reads them, and the choice on a product page: read from the
 * URL (`?color=coral&size=42`), so a shared link, the back button and the page the server drew show one variant.
 */
import type { Product } from "@shop/domain/schemas/public";
import {
  getProductOptions,
  initialSelection,
  missingOptions,
  type OptionState,
  type ProductOption,
  type Selection,
  searchFromSelection,
  selectedVariant,
  selectionFromSearch,
  type Variant,
} from "@shop/domain/variants";
import { useCallback, useMemo, useState } from "react";
import { useLocation, useNavigate } from "react-router";

/** The product's options and variants; none for a product drawn before variants (the offline catalogue, old carts). */
export function variantsOf(product: Product): { options: ProductOption[]; variants: Variant[] } {
  const p = product as Product & { options?: ProductOption[]; variants?: Variant[] };
  return { options: p.options ?? [], variants: p.variants ?? [] };
}

export interface VariantChoice {
  options: OptionState[];
  selection: Selection;
  /** The variant chosen, or null while an option is still to choose. */
  variant: Variant | null;
  /** The options still to choose, in order. */
  missing: string[];
  choose: (name: string, value: string) => void;
}

function choiceOf(product: Product, selection: Selection, choose: VariantChoice["choose"]): VariantChoice {
  const { options, variants } = variantsOf(product);
  return {
    options: getProductOptions(options, variants, selection),
    selection,
    variant: selectedVariant(options, variants, selection),
    missing: missingOptions(options, selection),
    choose,
  };
}

/**
 * The product page's choice, kept in the URL. Choosing replaces the URL's entry (the back button leaves the
 * product rather than stepping through every swatch tried) and keeps the other parameters.
 */
export function useUrlVariantChoice(product: Product): VariantChoice {
  // useLocation and useNavigate, not useSearchParams: those two are in the first screen's chunk already.
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const { options, variants } = variantsOf(product);
  const selection = useMemo(
    () => initialSelection(options, variants, selectionFromSearch(options, variants, search)),
    [options, variants, search],
  );
  const choose = useCallback(
    (name: string, value: string) => {
      const chosen = { ...selection, [name]: value };
      const sku = selectedVariant(options, variants, chosen)?.sku;
      const next = searchFromSelection(options, chosen, search, sku).toString();
      navigate(`${pathname}${next ? `?${next}` : ""}${hash}`, { replace: true, preventScrollReset: true });
    },
    [options, variants, selection, search, pathname, hash, navigate],
  );
  return choiceOf(product, selection, choose);
}

/** The quick view's choice, kept while it is open (the page under it keeps its own URL). */
export function useLocalVariantChoice(product: Product): VariantChoice {
  const { options, variants } = variantsOf(product);
  const [selection, setSelection] = useState<Selection>(() => initialSelection(options, variants));
  const choose = useCallback(
    (name: string, value: string) => setSelection((s) => ({ ...s, [name]: value })),
    [],
  );
  return choiceOf(product, selection, choose);
}
