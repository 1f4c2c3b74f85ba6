/**
 * "Notify me when it's back": an e-mail address (the signed-in shopper's by default) for one sold-out variant. The
 * page sends it; this form says what happened, or why it did not.
 */
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useId, useState } from "react";

export interface NotifyMeProps {
  /** What is sold out, as the shopper reads it: "Coral / 38". */
  variantLabel: string;
  defaultEmail?: string;
  /** Sends the request; a rejection's message is shown. */
  onSubmit: (email: string) => Promise<void>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function NotifyMe({ variantLabel, defaultEmail = "", onSubmit }: NotifyMeProps) {
  const id = useId();
  const [email, setEmail] = useState(defaultEmail);
  const [state, setState] = useState<"idle" | "sending" | "sent">("idle");
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL.test(address)) {
      setError("Enter an e-mail address, like name@example.com");
      return;
    }
    setError(null);
    setState("sending");
    try {
      await onSubmit(address);
      setState("sent");
    } catch (cause) {
      setState("idle");
      setError(
        cause instanceof Error && cause.message ? cause.message : "Could not save your request. Try again.",
      );
    }
  };
  if (state === "sent") {
    return (
      <Typography role="status" sx={{ p: 1.5, bgcolor: "action.hover", borderRadius: 1 }}>
        We will e-mail {email.trim()} once {variantLabel} is back in stock.
      </Typography>
    );
  }
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      sx={{ display: "grid", gap: 1, p: 1.5, border: 1, borderColor: "divider", borderRadius: 1 }}
    >
      <Typography id={`${id}-title`} sx={{ fontWeight: 700 }}>
        Notify me when it's back
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {variantLabel} is sold out. Leave your e-mail and we will write once, when it is back.
      </Typography>
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "flex-start" }}>
        <TextField
          size="small"
          type="email"
          label="E-mail"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={error !== null}
          helperText={error ?? " "}
          sx={{ flex: "1 1 220px" }}
        />
        <Button type="submit" variant="outlined" disabled={state === "sending"}>
          Notify me when it's back
        </Button>
      </Box>
    </Box>
  );
}
