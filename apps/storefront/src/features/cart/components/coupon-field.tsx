/** A coupon code, checked by the server against the cart; its answer (applied, or why not) shows below. */

import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { orderItemOf } from "@shop/domain/variant-lines";
import { useSetAtom } from "jotai";
import { useFields } from "#components/form.tsx";
import { errorMessage } from "#lib/errors.ts";
import { checkFields, hasErrors } from "#lib/form.ts";
import { type CartLine, setCouponCodeAtom } from "../atoms.ts";
import type { CouponCheck } from "../use-coupon.ts";

export function CouponField({ lines, check }: { lines: readonly CartLine[]; check: CouponCheck }) {
  const setCode = useSetAtom(setCouponCodeAtom);
  const { values, setErrors, field } = useFields({ code: check.code ?? "" });
  const apply = async () => {
    const items = lines.map(orderItemOf);
    const found = await checkFields(
      (s) => s.couponValidateBodySchema,
      { ...values, items },
      { code: "A coupon code" },
    );
    setErrors(found);
    if (!hasErrors(found)) setCode(values.code);
  };
  return (
    <Box sx={{ display: "grid", gap: 1 }}>
      {/* Not a form of its own: it may sit inside the checkout's. Enter applies the code. */}
      <Box sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}>
        {field("code", "Coupon code", {
          size: "small",
          autoComplete: "off",
          onKeyDown: (event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            apply();
          },
        })}
        <Button variant="outlined" onClick={apply} sx={{ minHeight: 40 }}>
          Apply
        </Button>
      </Box>
      {check.code && (
        <Box aria-live="polite">
          {(check.checking && !check.answer) || (check.answer && check.message === null) ? (
            <Alert severity="info">Checking {check.code}…</Alert>
          ) : check.error ? (
            <Alert severity="error">{errorMessage(check.error)}</Alert>
          ) : check.answer ? (
            <Alert
              severity={check.answer.valid ? "success" : "error"}
              action={
                <Button color="inherit" size="small" onClick={() => setCode(null)}>
                  Remove
                </Button>
              }
            >
              {check.message}
            </Alert>
          ) : null}
        </Box>
      )}
    </Box>
  );
}
