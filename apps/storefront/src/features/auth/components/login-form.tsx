/** Sign in with email and password; the spec's texts for a refused or unreachable server appear beside the form. */
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { useSetAtom } from "jotai";
import { FormError, useFields, useSubmit } from "#components/form.tsx";
import { checkFields, hasErrors } from "#lib/form.ts";
import { signInAtom } from "../session.ts";

export function LoginForm({ onSignedIn }: { onSignedIn?: () => void }) {
  const signIn = useSetAtom(signInAtom);
  const { values, setErrors, field } = useFields({ email: "", password: "" });
  const { submit, pending, error } = useSubmit(async () => {
    const found = await checkFields((s) => s.loginBodySchema, values, {
      email: "Email",
      password: "Password",
    });
    setErrors(found);
    if (hasErrors(found)) return;
    await signIn(values);
    onSignedIn?.();
  });
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Sign in" sx={{ display: "grid", gap: 1 }}>
      {field("email", "Email", { type: "email", autoComplete: "email", required: true })}
      {field("password", "Password", { type: "password", autoComplete: "current-password", required: true })}
      <FormError error={error} />
      <Button type="submit" variant="contained" size="large" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </Button>
    </Box>
  );
}
