/** Change the password: the current one, then the new one twice. */
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
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

const labels = { currentPassword: "Current password", newPassword: "New password" };

export function PasswordSection() {
  const [done, setDone] = useState<string | null>(null);
  const { values, setValues, setErrors, field } = useFields({
    currentPassword: "",
    newPassword: "",
    confirm: "",
  });
  const { submit, pending, error } = useSubmit(async () => {
    setDone(null);
    const { confirm, ...body } = values;
    const found = await checkFields((s) => s.changePasswordBodySchema, body, labels);
    const errors = {
      ...found,
      ...samePasswords(body.newPassword, confirm),
    };
    setErrors(errors);
    if (hasErrors(errors)) return;
    let message: string;
    try {
      ({ message } = await api((client) => client.auth.changePassword(body)));
    } catch (failure) {
      const refusal = passwordRefusal(failure);
      if (!refusal) throw failure;
      setErrors({ newPassword: refusal });
      return;
    }
    setValues({ currentPassword: "", newPassword: "", confirm: "" });
    setDone(message);
  });
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label="Change password"
      sx={{ display: "grid", gap: 1, maxWidth: 420 }}
    >
      {field("currentPassword", labels.currentPassword, {
        type: "password",
        autoComplete: "current-password",
        required: true,
      })}
      {field("newPassword", labels.newPassword, newPasswordProps)}
      {field("confirm", "Repeat the new password", repeatPasswordProps)}
      <FormError error={error} />
      {done && (
        <Typography role="status" sx={{ color: "success.main" }}>
          {done}
        </Typography>
      )}
      <Button type="submit" variant="contained" disabled={pending} sx={{ justifySelf: "start" }}>
        {pending ? "Saving…" : "Change password"}
      </Button>
    </Box>
  );
}
