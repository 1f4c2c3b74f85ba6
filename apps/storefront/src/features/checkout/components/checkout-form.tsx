/**
 * Checkout for a signed-in shopper: a saved or new shipping address, a shipping method, a payment method,
 * phone and note, and the order summary. Placing sends POST /orders with an Idempotency-Key held for the
 * attempt, so a double click, or a retry after the answer was lost, places one order.
 */

import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { countryName, PAYMENT_METHODS, type PaymentMethod } from "@shop/domain/constants";
import { formatMoney } from "@shop/domain/currency";
import { fiscalMessages, parseTaxId } from "@shop/domain/fiscal";
import { cartMessages, orderLabels } from "@shop/domain/messages";
import type { Address, Order, OrderBody, ShippingMethod } from "@shop/domain/schemas/public";
import { cartLineKey, orderItemOf, variantTitle } from "@shop/domain/variant-lines";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { AddressForm } from "#components/address-form.tsx";
import { FormError, useFields, useSubmit } from "#components/form.tsx";
import { LoadError } from "#components/load-error.tsx";
import { addressesQuery, defaultAddress, useAddressChanges } from "#features/account/addresses.ts";
import { cheapestShipping, orderSummary, type SummaryInput } from "#features/checkout/order-totals.ts";
import { formatUsd, useMoney } from "#features/currency/use-money.ts";
import { api } from "#lib/api.ts";
import { checkFields, type FieldErrors, hasErrors } from "#lib/form.ts";
import { newIdempotencyKey, stockRefusal, variantRefusal } from "../stock-refusal.ts";
import { type CheckoutCoupon, type CheckoutLine, OrderSummary, type Refusal } from "./order-summary.tsx";

const PAYMENT_LABELS: Record<PaymentMethod, string> = orderLabels.payment;

/** How a shopper may pay here (the card only when the shop has a card gateway), and the shop's bank account. */
const paymentMethodsQuery = {
  queryKey: ["payments", "methods"],
  queryFn: () => api((client) => client.payments.methods()),
  staleTime: 5 * 60_000,
};

const shippingQuery = {
  queryKey: ["shipping-methods"],
  queryFn: () => api((client) => client.shipping.list()),
  staleTime: 5 * 60_000,
};

function Step({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ display: "grid", gap: 1.5 }}>
      <Typography component="h2" variant="h3">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function addressLine(address: Address): string {
  return [address.streetAddress, address.city, address.province, countryName(address.country)]
    .filter(Boolean)
    .join(", ");
}

type Choices = FieldErrors<"address" | "shipping">;

/**
 * "Economy delivery · 4-7 days · RD$548.72 · free over RD$5,887.50", or "· Free" once the order qualifies: every
 * amount in the shopper's currency, the threshold from the method's rule, never from its name.
 */
function shippingLabel(method: ShippingMethod, order: Omit<SummaryInput, "shipping">): string {
  const cost = orderSummary({ ...order, shipping: method })?.shippingCents;
  const { money } = order;
  const parts = [method.name, `${method.estimatedDays} days`];
  if (cost === undefined || !money) parts.push("…");
  else if (cost === 0) parts.push("Free");
  else {
    parts.push(formatMoney(cost, money.currency));
    if (method.freeOver !== null) parts.push(`free over ${formatUsd(money, method.freeOver)}`);
  }
  return parts.join(" · ");
}

/** The fiscal fields, checked as the API checks them: the number by its check digit, a name beside it. */
function fiscalErrors(taxId: string, taxName: string): { taxId?: string; taxName?: string } {
  if (!taxId.trim() && !taxName.trim()) return {};
  const parsed = parseTaxId(taxId);
  return {
    ...(!parsed.ok && { taxId: taxId.trim() ? parsed.message : "Enter the RNC or cédula" }),
    ...(taxName.trim().length < 2 && { taxName: fiscalMessages.buyerNameRequired }),
  };
}

export function CheckoutForm({
  lines,
  coupon,
  couponField,
  onStockRefusal,
  onPlaced,
}: {
  lines: readonly CheckoutLine[];
  coupon: CheckoutCoupon;
  /** The coupon field, shown in the summary. */
  couponField: ReactNode;
  /** The server refused a line for stock: the cart is corrected to what is left. */
  /** The server found less stock than a line asks for: the line (its cartLineKey) and what is left. */
  onStockRefusal(refusal: { lineKey: string; available: number }): void;
  onPlaced(order: Order): void;
}) {
  const money = useMoney();
  const addresses = useQuery(addressesQuery);
  const shipping = useQuery(shippingQuery);
  const paying = useQuery(paymentMethodsQuery);
  const { add } = useAddressChanges();
  const [chosenAddress, setChosenAddress] = useState<string | null>(null);
  const [addingAddress, setAddingAddress] = useState(false);
  const [chosenShipping, setChosenShipping] = useState<string | null>(null);
  const [payment, setPayment] = useState<PaymentMethod>("cash_on_delivery");
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  const {
    values,
    setValues,
    errors: fieldErrors,
    setErrors: setFieldErrors,
    field,
  } = useFields({ phone: "", note: "", taxId: "", taxName: "" });
  const [refusedChoices, setErrors] = useState<Choices>({});
  const attempt = useRef<{ body: string; key: string } | null>(null);

  const saved = addresses.data ?? [];
  const address = saved.find((a) => a.addressId === chosenAddress) ?? defaultAddress(saved);
  const methods = shipping.data?.items ?? [];
  const now = new Date();
  // Until the shopper picks one, the method that costs this order least, chosen again as the order changes.
  const method: ShippingMethod | null =
    methods.find((m) => m.id === chosenShipping) ??
    cheapestShipping(methods, { lines, couponDiscount: coupon.discount, now });

  // The phone follows the chosen address (one without a phone leaves what is typed).
  useEffect(() => {
    if (address?.phone) setValues((current) => ({ ...current, phone: address.phone ?? "" }));
  }, [address?.addressId, address?.phone, setValues]);

  // A choice refused at the last attempt stays marked only while it is still missing (the shipping methods may
  // arrive, and the cheapest be chosen, after the shopper pressed the button).
  const errors: Choices = {
    ...(!address && refusedChoices.address && { address: refusedChoices.address }),
    ...(!method && refusedChoices.shipping && { shipping: refusedChoices.shipping }),
  };

  const { submit, pending, error, setError } = useSubmit(async () => {
    setRefusals([]);
    const body: OrderBody = {
      items: lines.map(orderItemOf),
      addressId: address?.addressId,
      shippingMethodId: method?.id ?? "",
      couponCode: coupon.discount > 0 ? coupon.code : null,
      currency: money?.currency ?? "DOP",
      paymentMethod: payment,
      phone: values.phone,
      note: values.note || null,
      // A tax-credit receipt (E31) for the buyer who names their RNC or cédula.
      fiscal: values.taxId.trim() ? { taxId: values.taxId, name: values.taxName } : null,
    };
    const found = {
      ...(await checkFields((s) => s.orderBodySchema, body, { phone: "Phone", note: "Note" })),
      ...fiscalErrors(values.taxId, values.taxName),
    };
    const choices: Choices = {
      ...(!address && { address: "Choose a saved address, or save a new one" }),
      ...(!method && { shipping: "Choose a shipping method" }),
    };
    setFieldErrors(found);
    setErrors(choices);
    if (hasErrors(found) || hasErrors(choices)) return;
    // One key per attempt: the same order sent again keeps it; a changed order is a new attempt.
    const json = JSON.stringify(body);
    if (attempt.current?.body !== json) attempt.current = { body: json, key: newIdempotencyKey() };
    const key = attempt.current.key;
    try {
      onPlaced(await api((client) => client.orders.place(body, { idempotencyKey: key })));
    } catch (failure) {
      const unchosen = variantRefusal(failure);
      const unchosenLine = unchosen && lines.find((l) => l.id === unchosen && !l.variantId);
      if (unchosenLine) {
        const lineKey = cartLineKey(unchosenLine);
        setRefusals([
          { lineKey, title: unchosenLine.title, message: cartMessages.chooseSize, kind: "variant" },
        ]);
        return;
      }
      const refusal = stockRefusal(failure);
      if (!refusal) throw failure;
      // The line refused: its variant's when the server names one, else the product's first line.
      const line =
        lines.find(
          (l) => cartLineKey(l) === cartLineKey({ id: refusal.productId, variantId: refusal.variantId }),
        ) ?? lines.find((l) => l.id === refusal.productId);
      const lineKey = line ? cartLineKey(line) : refusal.productId;
      const title = line ? variantTitle(line.title, line.variantOptions ?? {}) : "";
      setRefusals([{ lineKey, title, message: refusal.message, kind: "stock" }]);
      onStockRefusal({ lineKey, available: refusal.available });
    }
  });

  // A refusal answers what was sent: once the shopper changes what it was about, its banner goes.
  useEffect(() => {
    setError(null);
  }, [values.phone, values.note, address?.addressId, method?.id, payment, setError]);

  return (
    <Box sx={{ display: "grid", gap: 4, gridTemplateColumns: { md: "1fr 400px" }, alignItems: "start" }}>
      <Box sx={{ display: "grid", gap: 4 }}>
        <Step title="Shipping address">
          {addresses.isPending ? (
            <Skeleton variant="rectangular" height={96} sx={{ borderRadius: 2 }} />
          ) : addresses.error ? (
            <LoadError error={addresses.error} onRetry={() => addresses.refetch()} what="your addresses" />
          ) : (
            <>
              {saved.length > 0 && (
                <FormControl error={Boolean(errors.address)}>
                  <FormLabel id="address-label">Ship to</FormLabel>
                  <RadioGroup
                    aria-labelledby="address-label"
                    value={address?.addressId ?? ""}
                    onChange={(event) => setChosenAddress(event.target.value)}
                  >
                    {saved.map((a) => (
                      <FormControlLabel
                        key={a.addressId}
                        value={a.addressId}
                        control={<Radio />}
                        label={`${addressLine(a)}${a.isDefault ? " (default)" : ""}`}
                      />
                    ))}
                  </RadioGroup>
                </FormControl>
              )}
              {errors.address && <FormHelperText error>{errors.address}</FormHelperText>}
              {addingAddress || saved.length === 0 ? (
                <AddressForm
                  submitLabel="Save this address"
                  offerDefault={saved.length > 0}
                  onSave={async (input) => {
                    const created = await add.mutateAsync(input);
                    setChosenAddress(created.addressId);
                    setAddingAddress(false);
                    setErrors(({ address: _done, ...rest }) => rest);
                  }}
                  onCancel={saved.length > 0 ? () => setAddingAddress(false) : undefined}
                />
              ) : (
                <Button
                  variant="outlined"
                  onClick={() => setAddingAddress(true)}
                  sx={{ justifySelf: "start" }}
                >
                  Ship to a new address
                </Button>
              )}
            </>
          )}
        </Step>

        <Step title="Shipping method">
          {shipping.isPending ? (
            <Skeleton variant="rectangular" height={96} sx={{ borderRadius: 2 }} />
          ) : shipping.error ? (
            <LoadError
              error={shipping.error}
              onRetry={() => shipping.refetch()}
              what="the shipping methods"
            />
          ) : (
            <FormControl error={Boolean(errors.shipping)}>
              <FormLabel id="shipping-label">Delivery</FormLabel>
              <RadioGroup
                aria-labelledby="shipping-label"
                value={method?.id ?? ""}
                onChange={(event) => setChosenShipping(event.target.value)}
              >
                {methods.map((m) => (
                  <FormControlLabel
                    key={m.id}
                    value={m.id}
                    control={<Radio />}
                    label={shippingLabel(m, { lines, couponDiscount: coupon.discount, money, now })}
                  />
                ))}
              </RadioGroup>
              {errors.shipping && <FormHelperText>{errors.shipping}</FormHelperText>}
            </FormControl>
          )}
        </Step>

        <Step title="Payment">
          <FormControl>
            <FormLabel id="payment-label">Pay with</FormLabel>
            <RadioGroup
              aria-labelledby="payment-label"
              value={payment}
              onChange={(event) => setPayment(event.target.value as PaymentMethod)}
            >
              {PAYMENT_METHODS.filter((p) => (paying.data?.methods ?? PAYMENT_METHODS).includes(p)).map(
                (p) => {
                  // One currency per card merchant account: another currency cannot be paid by card.
                  const cardCurrency =
                    p === "card" && money && !paying.data?.cardCurrencies.includes(money.currency)
                      ? ` (in ${paying.data?.cardCurrencies.join(" or ")} only)`
                      : "";
                  return (
                    <FormControlLabel
                      key={p}
                      value={p}
                      control={<Radio />}
                      disabled={cardCurrency !== ""}
                      label={`${PAYMENT_LABELS[p]}${p === "card" && !cardCurrency ? " (paid on the next page)" : ""}${cardCurrency}`}
                    />
                  );
                },
              )}
            </RadioGroup>
            {payment === "bank_transfer" && (
              <FormHelperText>
                {paying.data?.bankTransferDetails
                  ? `Transfer to ${paying.data.bankTransferDetails}, with your order number as the reference. We send your order once the transfer arrives.`
                  : "Our bank account is shown once the order is placed. We send your order once the transfer arrives."}
              </FormHelperText>
            )}
          </FormControl>
        </Step>

        <Step title="Contact">
          {/* The phone is asked once: the chosen address's, unless it has none. */}
          {address?.phone && !fieldErrors.phone ? (
            <Typography>Phone for the delivery: {address.phone}</Typography>
          ) : (
            field("phone", "Phone", {
              type: "tel",
              autoComplete: "tel",
              required: true,
              helperText: "For the delivery",
            })
          )}
          {field("note", "Note for the delivery (optional)", { multiline: true, minRows: 2 })}
        </Step>

        <Step title="Tax receipt (optional)">
          {field("taxId", "RNC or cédula", {
            autoComplete: "off",
            inputMode: "numeric",
            helperText:
              "For a tax-credit receipt (E31). Orders of RD$250,000.00 or more need the buyer's RNC or cédula.",
          })}
          {field("taxName", "Name or business name", { autoComplete: "organization" })}
        </Step>
      </Box>

      <Box sx={{ display: "grid", gap: 2, position: { md: "sticky" }, top: { md: 88 } }}>
        <OrderSummary lines={lines} coupon={coupon} shipping={method} refusals={refusals}>
          {couponField}
        </OrderSummary>
        <FormError error={error} />
        {(hasErrors(errors) || hasErrors(fieldErrors)) && (
          <Alert severity="warning">Some details are missing or wrong; see the fields marked in red.</Alert>
        )}
        <Button
          variant="contained"
          size="large"
          onClick={() => submit()}
          // Nothing to place until the saved addresses and the shipping methods are known.
          disabled={pending || addresses.isPending || shipping.isPending}
        >
          {pending ? "Placing your order…" : "Place order"}
        </Button>
      </Box>
    </Box>
  );
}
