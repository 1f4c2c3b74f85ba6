/** Deleting the account: asked for its password, so a token left in a browser is not enough to do it. */
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useSetAtom } from "jotai";
import { FormError, useFields, useSubmit } from "#components/form.tsx";
import { deleteAccountAtom } from "../session.ts";

export function DeleteAccount({ onDeleted }: { onDeleted(): Promise<void> | void }) {
  const deleteAccount = useSetAtom(deleteAccountAtom);
  const { values, setErrors, field } = useFields({ password: "" });
  const { submit, pending, error } = useSubmit(async () => {
    if (!values.password) {
      setErrors({ password: "Enter your password to delete your account" });
      return;
    }
    setErrors({});
    await deleteAccount({ password: values.password, leave: onDeleted });
  });
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label="Delete your account"
      sx={{ display: "grid", gap: 1, maxWidth: 420 }}
    >
      <Typography>
        Your account, its addresses and sessions are deleted for good. An account with orders is kept, for the
        order history.
      </Typography>
      {field("password", "Your password", {
        type: "password",
        autoComplete: "current-password",
        required: true,
      })}
      <FormError error={error} />
      <Button type="submit" variant="outlined" color="error" disabled={pending} sx={{ justifySelf: "start" }}>
        {pending ? "Deleting…" : "Delete my account"}
      </Button>
    </Box>
  );
}
