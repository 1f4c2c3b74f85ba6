/**
 * A forgotten password: ask for the mail (the answer is the same whether or not the account exists), then
 * choose a new password twice with the token the mail's link carries.
 */
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import { useState } from "react";
import {
  FormError,
  newPasswordProps,
  repeatPasswordProps,
  samePasswords,
  useFields,
  useSubmit,
} from "#components/form.tsx";
import { api } from "#lib/api.ts";
import { checkFields, hasErrors, passwordRefusal } from "#lib/form.ts";
import { shopRoutes } from "#routes.ts";

export function ForgotPasswordForm() {
  const [answer, setAnswer] = useState<string | null>(null);
  const { values, setErrors, field } = useFields({ email: "" });
  const { submit, pending, error } = useSubmit(async () => {
    const found = await checkFields((s) => s.forgotPasswordBodySchema, values, { email: "Email" });
    setErrors(found);
    if (hasErrors(found)) return;
    const { message } = await api((client) => client.auth.forgotPassword(values.email.trim()));
    setAnswer(message);
  });
  if (answer) {
    return (
      <Alert severity="info" role="status">
        {answer}
      </Alert>
    );
  }
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label="Forgot password"
      sx={{ display: "grid", gap: 1 }}
    >
      {field("email", "Email", { type: "email", autoComplete: "email", required: true })}
      <FormError error={error} />
      <Button type="submit" variant="contained" size="large" disabled={pending}>
        {pending ? "Sending…" : "Send me a link"}
      </Button>
    </Box>
  );
}

export function ResetPasswordForm({ token }: { token: string | null }) {
  const [done, setDone] = useState<string | null>(null);
  const { values, setErrors, field } = useFields({ newPassword: "", confirm: "" });
  const { submit, pending, error } = useSubmit(async () => {
    const found = await checkFields(
      (s) => s.resetPasswordBodySchema,
      { token: token ?? "", newPassword: values.newPassword },
      { newPassword: "New password" },
    );
    const errors = {
      ...found,
      ...samePasswords(values.newPassword, values.confirm),
    };
    setErrors(errors);
    if (hasErrors(errors)) return;
    try {
      const { message } = await api((client) => client.auth.resetPassword(token ?? "", values.newPassword));
      setDone(message);
    } catch (failure) {
      const refusal = passwordRefusal(failure);
      if (!refusal) throw failure;
      setErrors({ newPassword: refusal });
    }
  });
  if (!token) {
    return (
      <Alert severity="error">
        This link has no reset token. <Link href={shopRoutes.forgot.path}>Ask for a new link</Link>.
      </Alert>
    );
  }
  if (done) {
    return (
      <Alert
        severity="success"
        role="status"
        action={
          <Button color="inherit" href={shopRoutes.login.path}>
            Sign in
          </Button>
        }
      >
        {done}
      </Alert>
    );
  }
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label="Reset password"
      sx={{ display: "grid", gap: 1 }}
    >
      {field("newPassword", "New password", newPasswordProps)}
      {field("confirm", "Repeat the new password", repeatPasswordProps)}
      <FormError error={error} />
      <Button type="submit" variant="contained" size="large" disabled={pending}>
        {pending ? "Saving…" : "Save the new password"}
      </Button>
    </Box>
  );
}
