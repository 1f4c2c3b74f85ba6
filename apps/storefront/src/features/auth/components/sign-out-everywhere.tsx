/** "Sign out of all devices": every login of the account ends at once, this one included (then /login). */
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useSetAtom } from "jotai";
import { FormError, useSubmit } from "#components/form.tsx";
import { signOutEverywhereAtom } from "../session.ts";

export function SignOutEverywhere() {
  const signOutEverywhere = useSetAtom(signOutEverywhereAtom);
  // Signed out here too: the page then sends the shopper to sign in again.
  const { submit, pending, error } = useSubmit(() => signOutEverywhere());
  return (
    <Box sx={{ display: "grid", gap: 1, maxWidth: 520 }}>
      <Typography>
        Lost a phone, or signed in on a shared computer? End every session of your account at once, this one
        included.
      </Typography>
      <FormError error={error} />
      <Button
        variant="outlined"
        color="error"
        disabled={pending}
        onClick={() => submit()}
        sx={{ justifySelf: "start" }}
      >
        {pending ? "Signing out…" : "Sign out of all devices"}
      </Button>
    </Box>
  );
}
