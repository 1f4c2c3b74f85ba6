/** A shipping address (street, city, province, postal code, country, phone), checked with the API's own schema. */
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import { DEFAULT_SHIPPING_COUNTRY, SHIPPING_COUNTRIES } from "@shop/domain/constants";
import type { Address, AddressInput } from "@shop/domain/schemas/public";
import { useState } from "react";
import { checkFields, hasErrors } from "#lib/form.ts";
import { FormError, useFields, useSubmit } from "./form.tsx";

const labels = {
  streetAddress: "Street address",
  city: "City",
  province: "Province",
  postalCode: "Postal code",
  country: "Country",
  phone: "Phone",
};
type Field = keyof typeof labels;

/**
 * The countries the shop delivers to, the Dominican Republic first; an address saved with another keeps its
 * code as the last choice, so editing it shows what it has (and saving it says why it cannot stay).
 */
function countryOptions(saved: string | undefined) {
  const known = SHIPPING_COUNTRIES.some((country) => country.code === saved);
  return [
    ...SHIPPING_COUNTRIES.map((country) => (
      <option key={country.code} value={country.code}>
        {country.name}
      </option>
    )),
    ...(saved && !known
      ? [
          <option key={saved} value={saved}>
            {saved}
          </option>,
        ]
      : []),
  ];
}

export function AddressForm({
  address,
  submitLabel,
  offerDefault = true,
  onSave,
  onCancel,
}: {
  /** The address being edited; a new one when left out. */
  address?: Address;
  submitLabel: string;
  /** Show "make this my default address". */
  offerDefault?: boolean;
  onSave(input: AddressInput): Promise<unknown>;
  onCancel?: () => void;
}) {
  const { values, setErrors, field } = useFields<Field>({
    streetAddress: address?.streetAddress ?? "",
    city: address?.city ?? "",
    province: address?.province ?? "",
    postalCode: address?.postalCode ?? "",
    country: address?.country ?? DEFAULT_SHIPPING_COUNTRY,
    phone: address?.phone ?? "",
  });
  const [isDefault, setIsDefault] = useState(address?.isDefault ?? false);
  const { submit, pending, error } = useSubmit(async () => {
    const input: AddressInput = {
      ...values,
      // Left empty means not given.
      city: values.city || null,
      province: values.province || null,
      postalCode: values.postalCode || null,
      phone: values.phone || null,
      ...(offerDefault && { isDefault }),
    };
    const found = await checkFields((s) => s.addressInputSchema, input, labels);
    setErrors(found);
    if (hasErrors(found)) return;
    await onSave(input);
  });
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={submitLabel}
      sx={{ display: "grid", gap: 1, columnGap: 2, gridTemplateColumns: { sm: "1fr 1fr" } }}
    >
      <Box sx={{ gridColumn: "1 / -1" }}>
        {field("streetAddress", labels.streetAddress, { autoComplete: "street-address", required: true })}
      </Box>
      {field("city", labels.city, { autoComplete: "address-level2" })}
      {field("province", labels.province, { autoComplete: "address-level1" })}
      {field("postalCode", labels.postalCode, { autoComplete: "postal-code" })}
      {field("country", labels.country, {
        autoComplete: "country",
        required: true,
        select: true,
        slotProps: { select: { native: true } },
        children: countryOptions(address?.country),
      })}
      {field("phone", labels.phone, { type: "tel", autoComplete: "tel" })}
      {offerDefault && (
        <FormControlLabel
          control={<Checkbox checked={isDefault} onChange={(event) => setIsDefault(event.target.checked)} />}
          label="Make this my default address"
        />
      )}
      <Box sx={{ gridColumn: "1 / -1", display: "flex", gap: 1, flexWrap: "wrap" }}>
        <Box sx={{ flexBasis: "100%" }}>
          <FormError error={error} />
        </Box>
        <Button type="submit" variant="contained" disabled={pending}>
          {pending ? "Saving…" : submitLabel}
        </Button>
        {onCancel && <Button onClick={onCancel}>Cancel</Button>}
      </Box>
    </Box>
  );
}
