/** Create an account (names, email, password twice), then the automatic sign-in of spec section 4. */
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { useSetAtom } from "jotai";
import {
  FormError,
  newPasswordProps,
  repeatPasswordProps,
  samePasswords,
  useFields,
  useSubmit,
} from "#components/form.tsx";
import { checkFields, hasErrors, passwordRefusal } from "#lib/form.ts";
import { registerAtom } from "../session.ts";

const labels = { firstName: "First name", lastName: "Last name", email: "Email", password: "Password" };

export function RegisterForm({ onRegistered }: { onRegistered?: () => void }) {
  const register = useSetAtom(registerAtom);
  const { values, setErrors, field } = useFields({
    firstName: "",
    lastName: "",
    email: "",
    password: "",
    confirm: "",
  });
  const { submit, pending, error } = useSubmit(async () => {
    const { confirm, ...body } = values;
    const found = await checkFields((s) => s.registerBodySchema, body, labels);
    const errors = {
      ...found,
      ...samePasswords(body.password, confirm),
    };
    setErrors(errors);
    if (hasErrors(errors)) return;
    try {
      await register(body);
    } catch (failure) {
      // A password the shop refuses (too common...) is said under the password field, where it is changed.
      const refusal = passwordRefusal(failure);
      if (!refusal) throw failure;
      setErrors({ password: refusal });
      return;
    }
    onRegistered?.();
  });
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label="Create an account"
      sx={{ display: "grid", gap: 1, gridTemplateColumns: { sm: "1fr 1fr" }, columnGap: 2 }}
    >
      {field("firstName", labels.firstName, { autoComplete: "given-name", required: true })}
      {field("lastName", labels.lastName, { autoComplete: "family-name", required: true })}
      <Box sx={{ gridColumn: "1 / -1", display: "grid", gap: 1 }}>
        {field("email", labels.email, { type: "email", autoComplete: "email", required: true })}
        {field("password", labels.password, newPasswordProps)}
        {field("confirm", "Repeat the password", repeatPasswordProps)}
        <FormError error={error} />
        <Button type="submit" variant="contained" size="large" disabled={pending}>
          {pending ? "Creating your account…" : "Create account"}
        </Button>
      </Box>
    </Box>
  );
}
