/**
 * A cart line kept from before sizes and colours (stored with its product but no variant), of a product now sold in
 * several: the size to choose, on the line (the order would otherwise be refused for not naming one). The product's
 * variants are asked of the API, as the product page shows them now.
 */
import Box from "@mui/material/Box";
import { cartMessages } from "@shop/domain/messages";
import { cartLineKey, isSizeOption } from "@shop/domain/variants";
import { useQuery } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { useId } from "react";
import { api } from "#lib/api.ts";
import { type CartLine, chooseCartLineVariantAtom } from "../atoms.ts";

export function LineVariantChoice({ line }: { line: CartLine }) {
  const choose = useSetAtom(chooseCartLineVariantAtom);
  const id = useId();
  const { data: product } = useQuery({
    queryKey: ["cart", "stored-line", line.id],
    queryFn: () => api((client) => client.products.get(line.id)),
    enabled: !line.variantId,
    staleTime: 60_000,
  });
  if (line.variantId || !product || product.variants.length < 2) return null;
  const label = product.options.some((o) => isSizeOption(o.name))
    ? cartMessages.chooseSize
    : cartMessages.chooseVariant;
  const name = (options: Record<string, string>) =>
    product.options
      .map((o) => options[o.name])
      .filter(Boolean)
      .join(" / ");
  return (
    <Box sx={{ display: "grid", gap: 0.5, justifyItems: "start" }}>
      <Box component="label" htmlFor={id} sx={{ fontWeight: 600, color: "error.main", fontSize: 14 }}>
        {label}
      </Box>
      <Box
        component="select"
        id={id}
        // The line's title too, for a screen reader among several such lines.
        aria-label={`${label}: ${line.title}`}
        value=""
        onChange={(event) => {
          const chosen = (event.target as HTMLSelectElement).value;
          const variant = product.variants.find((v) => v.id === chosen);
          if (variant) void choose({ lineKey: cartLineKey(line), product, variant });
        }}
        sx={{
          font: "inherit",
          color: "text.primary",
          bgcolor: "background.paper",
          border: 1,
          borderColor: "divider",
          borderRadius: 1,
          px: 0.5,
          py: 0.75,
          minHeight: 40,
          maxWidth: "100%",
        }}
      >
        <option value="" disabled>
          {label}
        </option>
        {product.variants.map((variant) => (
          <option key={variant.id} value={variant.id} disabled={variant.quantity <= 0}>
            {name(variant.options)}
            {variant.quantity <= 0 ? ` (${cartMessages.soldOut})` : ""}
          </option>
        ))}
      </Box>
    </Box>
  );
}
