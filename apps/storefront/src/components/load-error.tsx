/**
 * A failed request, said so the shopper can act on it: what went wrong and a Retry button. Drawn as MUI's standard
 * error alert with a small text button (their colours, spacing and role), as one styled element of plain parts:
 * pages that may show it load it with their first screen, and MUI's Alert and Button brought their Paper, slots,
 * SVG icons and ButtonBase there.
 */
import { alpha, darken, lighten, styled } from "@mui/material/styles";
import { ErrorOutlineIcon } from "@shop/ui/icons";
import { focusRing } from "@shop/ui/theme";
import { errorMessage } from "#lib/errors.ts";

const Alert = styled("div", { name: "ShopLoadError" })(({ theme }) => ({
  ...theme.typography.body2,
  display: "flex",
  margin: theme.spacing(2, 0),
  padding: "6px 16px",
  borderRadius: theme.shape.borderRadius,
  color: darken(theme.palette.error.light, 0.6),
  backgroundColor: lighten(theme.palette.error.light, 0.9),
  "& > .icon": { marginRight: 12, padding: "7px 0", display: "flex", fontSize: 22, opacity: 0.9 },
  "& > .icon > *": { color: theme.palette.error.main },
  "& > .message": { padding: "8px 0", minWidth: 0, overflow: "auto" },
  "& > .action": {
    display: "flex",
    alignItems: "flex-start",
    padding: "4px 0 0 16px",
    marginLeft: "auto",
    marginRight: -8,
  },
  // As MUI's small text Button in the text's colour.
  "& > .action > button": {
    ...theme.typography.button,
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    minWidth: 64,
    margin: 0,
    padding: "4px 5px",
    border: 0,
    borderRadius: theme.shape.borderRadius,
    fontSize: theme.typography.pxToRem(13),
    color: "inherit",
    backgroundColor: "transparent",
    cursor: "pointer",
    WebkitTapHighlightColor: "transparent",
    transition: theme.transitions.create("background-color", { duration: theme.transitions.duration.short }),
    "&:hover": { backgroundColor: alpha(theme.palette.text.primary, theme.palette.action.hoverOpacity) },
    "&:focus-visible": focusRing,
  },
}));

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
    <Alert role="alert">
      <div className="icon">
        <ErrorOutlineIcon fontSize="inherit" />
      </div>
      <div className="message">
        We could not load {what}. {errorMessage(error)}
      </div>
      <div className="action">
        <button type="button" onClick={onRetry}>
          Retry
        </button>
      </div>
    </Alert>
  );
}
