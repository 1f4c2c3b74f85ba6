/** Form pieces every shopper form shares: a text field bound to the form's values, and a submit that runs once at a time. */
import Alert from "@mui/material/Alert";
import TextField, { type TextFieldProps } from "@mui/material/TextField";
import { MIN_PASSWORD_LENGTH } from "@shop/domain/constants";
import { type FormEvent, useId, useRef, useState } from "react";
import { errorMessage } from "#lib/errors.ts";
import type { FieldErrors } from "#lib/form.ts";

/** The values typed so far and each field's error; values survive a failed submit. */
export function useFields<F extends string>(initial: Record<F, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  // Two forms on one page (checkout's phone and a new address's phone) must not share an id.
  const form = useId();
  const field = (name: F, label: string, props: TextFieldProps = {}) => (
    <TextField
      id={`${form}${name}`}
      fullWidth
      {...props}
      name={name}
      label={label}
      value={values[name]}
      onChange={(event) => {
        setValues((current) => ({ ...current, [name]: event.target.value }));
        // The shopper is fixing the field: its complaint goes until the next check.
        if (errors[name]) setErrors(({ [name]: _fixed, ...rest }) => rest as FieldErrors<F>);
      }}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? props.helperText ?? " "}
    />
  );
  return { values, setValues, errors, setErrors, field };
}

/**
 * A submit that runs one at a time: a second click while the first is out (even before the button shows it
 * is busy) does nothing. `run` answers undefined when the form did not pass its checks.
 */
export function useSubmit<R>(run: () => Promise<R>) {
  const running = useRef(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const submit = async (event?: FormEvent): Promise<R | undefined> => {
    event?.preventDefault();
    if (running.current) return undefined;
    running.current = true;
    setPending(true);
    setError(null);
    try {
      return await run();
    } catch (failure) {
      setError(failure);
      return undefined;
    } finally {
      running.current = false;
      setPending(false);
    }
  };
  return { submit, pending, error, setError };
}

/** The server's own reason when the shown message does not already carry it ("Error changing password" hides it). */
function errorDetail(error: unknown): string | null {
  const body = (error as { body?: { message?: unknown } } | null)?.body;
  const detail = body && typeof body === "object" ? body.message : undefined;
  return typeof detail === "string" && detail !== "" && !errorMessage(error).includes(detail) ? detail : null;
}

/** The server's refusal, next to the form it answers, with its reason when the message does not say it. */
export function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  const detail = errorDetail(error);
  return (
    <Alert severity="error" sx={{ my: 1 }}>
      {errorMessage(error)}
      {detail && <div>{detail}</div>}
    </Alert>
  );
}

/** A new password, asked twice the same way wherever one is set (registration, reset, change). */
export const newPasswordProps = {
  type: "password",
  autoComplete: "new-password",
  required: true,
  helperText: `At least ${MIN_PASSWORD_LENGTH} characters, and not a common password`,
} satisfies TextFieldProps;
export const repeatPasswordProps = {
  type: "password",
  autoComplete: "new-password",
  required: true,
} satisfies TextFieldProps;

/** The repetition's error when the two differ. */
export const samePasswords = (password: string, repeat: string): { confirm?: string } =>
  password === repeat ? {} : { confirm: "The two passwords are not the same" };
