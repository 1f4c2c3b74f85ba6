/** A failed request, said so the shopper can act on it: what went wrong and a Retry button. */
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import { errorMessage } from "#lib/errors.ts";

export function LoadError({
  error,
  onRetry,
  what = "this",
}: {
  error: unknown;
  onRetry: () => void;
  what?: string;
}) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
      sx={{ my: 2 }}
    >
      We could not load {what}. {errorMessage(error)}
    </Alert>
  );
}
