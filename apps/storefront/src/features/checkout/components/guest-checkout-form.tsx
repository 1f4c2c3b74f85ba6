/**
 * Checkout as a guest: an e-mail and a name instead of an account, the address (its phone is the delivery's), a
 * shipping method and a payment method. The order's mail carries a signed link to its page; signing up later with
 * the same e-mail shows it in the account.
 */
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Typography from "@mui/material/Typography";
import { PAYMENT_METHODS, type PaymentMethod } from "@shop/domain/constants";
import { orderLabels } from "@shop/domain/messages";
import type { AddressInput, GuestOrderBody, Order, ShippingMethod } from "@shop/domain/schemas/public";
import { orderItemOf } from "@shop/domain/variant-lines";
import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { AddressForm } from "#components/address-form.tsx";
import { FormError, useFields, useSubmit } from "#components/form.tsx";
import { useMoney } from "#features/currency/use-money.ts";
import { api } from "#lib/api.ts";
import { checkFields, hasErrors } from "#lib/form.ts";
import { newIdempotencyKey } from "../stock-refusal.ts";
import type { CheckoutLine } from "./order-summary.tsx";

const shippingQuery = {
  queryKey: ["shipping-methods"],
  queryFn: () => api((client) => client.shipping.list()),
  staleTime: 5 * 60_000,
};
const paymentMethodsQuery = {
  queryKey: ["payments", "methods"],
  queryFn: () => api((client) => client.payments.methods()),
  staleTime: 5 * 60_000,
};

export function GuestCheckoutForm({
  lines,
  couponCode,
  onPlaced,
}: {
  lines: readonly CheckoutLine[];
  couponCode: string | null;
  onPlaced(answer: { order: Order; token: string }): void;
}) {
  const money = useMoney();
  const shipping = useQuery(shippingQuery);
  const paying = useQuery(paymentMethodsQuery);
  const { values, errors, setErrors, field } = useFields({ email: "", firstName: "", lastName: "" });
  const [address, setAddress] = useState<AddressInput | null>(null);
  const [methodId, setMethodId] = useState<string | null>(null);
  const [payment, setPayment] = useState<PaymentMethod>("cash_on_delivery");
  const [missing, setMissing] = useState<string | null>(null);
  const key = useRef(newIdempotencyKey());
  const methods: ShippingMethod[] = shipping.data?.items ?? [];
  const method = methods.find((m) => m.id === methodId) ?? methods[0] ?? null;

  const { submit, pending, error } = useSubmit(async () => {
    const body: GuestOrderBody = {
      email: values.email,
      firstName: values.firstName,
      lastName: values.lastName,
      items: lines.map(orderItemOf),
      shippingAddress: address ?? { streetAddress: "", country: "DO" },
      shippingMethodId: method?.id ?? "",
      couponCode,
      currency: money?.currency ?? "DOP",
      paymentMethod: payment,
      phone: address?.phone ?? "",
    };
    const found = await checkFields((s) => s.guestOrderBodySchema, body, {
      email: "Email",
      firstName: "First name",
      lastName: "Last name",
    });
    setErrors(found);
    const lacking = !address
      ? "Save the address the order goes to"
      : !address.phone
        ? "Give a phone for the delivery with the address"
        : null;
    setMissing(lacking);
    if (hasErrors(found) || lacking) return;
    onPlaced(await api((client) => client.orders.placeAsGuest(body, { idempotencyKey: key.current })));
  });

  return (
    <Box component="section" aria-label="Checkout as a guest" sx={{ display: "grid", gap: 2 }}>
      <Typography component="h2" variant="h3">
        Or check out as a guest
      </Typography>
      <Typography variant="body2" sx={{ color: "text.secondary" }}>
        No account needed: we mail your order, with a link to follow it, to this address.
      </Typography>
      {field("email", "Email", { type: "email", autoComplete: "email", required: true })}
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { sm: "1fr 1fr" } }}>
        {field("firstName", "First name", { autoComplete: "given-name", required: true })}
        {field("lastName", "Last name", { autoComplete: "family-name", required: true })}
      </Box>
      {address ? (
        <Box sx={{ display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap" }}>
          <Typography>
            Ship to {address.streetAddress}
            {address.city ? `, ${address.city}` : ""} · {address.phone}
          </Typography>
          <Button size="small" onClick={() => setAddress(null)}>
            Change
          </Button>
        </Box>
      ) : (
        <AddressForm
          submitLabel="Use this address"
          offerDefault={false}
          onSave={async (input) => {
            setAddress(input);
            setMissing(null);
          }}
        />
      )}
      <FormControl>
        <FormLabel id="guest-delivery">Delivery</FormLabel>
        <RadioGroup
          aria-labelledby="guest-delivery"
          value={method?.id ?? ""}
          onChange={(e) => setMethodId(e.target.value)}
        >
          {methods.map((m) => (
            <FormControlLabel
              key={m.id}
              value={m.id}
              control={<Radio />}
              label={`${m.name} · ${m.estimatedDays} days`}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <FormControl>
        <FormLabel id="guest-payment">Pay with</FormLabel>
        <RadioGroup
          aria-labelledby="guest-payment"
          value={payment}
          onChange={(e) => setPayment(e.target.value as PaymentMethod)}
        >
          {PAYMENT_METHODS.filter((p) => (paying.data?.methods ?? PAYMENT_METHODS).includes(p)).map((p) => (
            <FormControlLabel
              key={p}
              value={p}
              control={<Radio />}
              disabled={
                p === "card" && Boolean(money && !paying.data?.cardCurrencies.includes(money.currency))
              }
              label={orderLabels.payment[p]}
            />
          ))}
        </RadioGroup>
      </FormControl>
      {missing && <Alert severity="warning">{missing}</Alert>}
      {hasErrors(errors) && (
        <Alert severity="warning">Some details are missing or wrong; see the fields marked in red.</Alert>
      )}
      <FormError error={error} />
      <Button
        variant="contained"
        size="large"
        disabled={pending || shipping.isPending}
        onClick={() => submit()}
      >
        {pending ? "Placing your order…" : "Place order as a guest"}
      </Button>
    </Box>
  );
}
