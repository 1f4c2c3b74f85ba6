/** /contact: a form posting to /contact, with field errors and a confirmation; what was typed survives a failure. */
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useLocation } from "react-router";
import { type Meta, pageHead } from "#app/route-module.ts";
import { api } from "#lib/api.ts";
import { errorMessage } from "#lib/errors.ts";

type Field = "name" | "email" | "subject" | "message";
type Values = Record<Field, string>;

/** Field errors of the shared contract (the API checks the same schema), loaded with the first submit. */
async function fieldErrors(values: Values): Promise<Partial<Record<Field, string>>> {
  const { contactInputSchema } = await import("@shop/domain/schemas/public");
  const parsed = contactInputSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??=
      field === "email"
        ? "Enter a valid email address"
        : field === "message"
          ? "Write a message of at least 5 characters"
          : field === "name"
            ? "Enter your name"
            : issue.message;
  }
  return errors;
}

export const meta: Meta<"contact"> = (args) =>
  pageHead(args, "Contact", "Questions about a product, an order or a delivery? Write to us.");

export default function ContactPage() {
  const subject = new URLSearchParams(useLocation().search).get("subject")?.slice(0, 200) ?? "";
  const [values, setValues] = useState<Values>({ name: "", email: "", subject, message: "" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const send = useMutation({ mutationFn: (input: Values) => api((client) => client.contact.send(input)) });

  if (send.isSuccess) {
    return (
      <Container maxWidth="sm" sx={{ py: 4 }}>
        <Typography component="h1" variant="h1" sx={{ mb: 2 }}>
          Contact
        </Typography>
        <Alert severity="success" role="status">
          Thank you, {values.name.trim()}. Your message has been sent; we answer within one working day.
        </Alert>
      </Container>
    );
  }

  const field = (name: Field, label: string, extra: object = {}) => (
    <TextField
      name={name}
      label={label}
      value={values[name]}
      onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? " "}
      fullWidth
      {...extra}
    />
  );

  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      <Typography component="h1" variant="h1" sx={{ mb: 1 }}>
        Contact
      </Typography>
      <Typography sx={{ mb: 3 }}>Questions about a product, an order or a return? Write to us.</Typography>
      <Box
        component="form"
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          const found = await fieldErrors(values);
          setErrors(found);
          if (Object.keys(found).length === 0) send.mutate(values);
        }}
        sx={{ display: "grid", gap: 1 }}
      >
        {field("name", "Name", { required: true, autoComplete: "name" })}
        {field("email", "Email", { required: true, type: "email", autoComplete: "email" })}
        {field("subject", "Subject")}
        {field("message", "Message", { required: true, multiline: true, minRows: 5 })}
        {send.isError && (
          <Alert severity="error" sx={{ mb: 1 }}>
            Your message was not sent: {errorMessage(send.error)} Your text is still here; try again.
          </Alert>
        )}
        <Button type="submit" variant="contained" size="large" disabled={send.isPending}>
          {send.isPending ? "Sending…" : "Send message"}
        </Button>
      </Box>
    </Container>
  );
}
