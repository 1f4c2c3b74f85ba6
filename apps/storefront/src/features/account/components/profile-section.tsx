/** The shopper's names and email; the names can be changed (the email is the sign-in and stays). */
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import type { User } from "@shop/domain/schemas/public";
import { useState } from "react";
import { FormError, useFields, useSubmit } from "#components/form.tsx";
import { api } from "#lib/api.ts";
import { checkFields, hasErrors } from "#lib/form.ts";

const labels = { firstName: "First name", lastName: "Last name" };

export function ProfileSection({ user, onChanged }: { user: User; onChanged(user: User): void }) {
  const [saved, setSaved] = useState(false);
  const { values, setErrors, field } = useFields({ firstName: user.firstName, lastName: user.lastName });
  const { submit, pending, error } = useSubmit(async () => {
    setSaved(false);
    const found = await checkFields((s) => s.userUpdateBodySchema, values, labels);
    setErrors(found);
    if (hasErrors(found)) return;
    onChanged(await api((client) => client.users.update(user.userId, values)));
    setSaved(true);
  });
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label="Your details"
      sx={{ display: "grid", gap: 1 }}
    >
      <Typography>
        Email: <strong>{user.email}</strong>
      </Typography>
      <Box sx={{ display: "grid", gap: 1, columnGap: 2, gridTemplateColumns: { sm: "1fr 1fr" }, mt: 1 }}>
        {field("firstName", labels.firstName, { autoComplete: "given-name", required: true })}
        {field("lastName", labels.lastName, { autoComplete: "family-name", required: true })}
      </Box>
      <FormError error={error} />
      {saved && (
        <Typography role="status" sx={{ color: "success.main" }}>
          Your details are saved.
        </Typography>
      )}
      <Button type="submit" variant="contained" disabled={pending} sx={{ justifySelf: "start" }}>
        {pending ? "Saving…" : "Save details"}
      </Button>
    </Box>
  );
}
