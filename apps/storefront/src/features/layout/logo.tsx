/** The shop's name as its home link. */
import Link from "@mui/material/Link";

export function Logo({ label = "The shop", color }: { label?: string; color?: string }) {
  return (
    <Link
      href="/"
      underline="none"
      aria-label={`${label}, home`}
      sx={{
        fontWeight: 800,
        fontSize: { xs: "1.125rem", sm: "1.375rem" },
        color: color ?? "primary.main",
        whiteSpace: "nowrap",
        // A long name (the alternative homes' "The shop · Fashion") gives way to the bar's tools on a phone.
        minWidth: 0,
        overflow: "hidden",
        textOverflow: "ellipsis",
      }}
    >
      {label}
    </Link>
  );
}
