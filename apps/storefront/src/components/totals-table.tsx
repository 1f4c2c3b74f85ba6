/** An order's amounts, one row each (subtotal, discount, shipping, total), the last one strong; a note under them. */
import Box from "@mui/material/Box";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

export interface TotalsRow {
  label: string;
  /** Null while it cannot be known yet (a rate loading). */
  value: string | null;
}

export function TotalsTable({
  rows,
  label = "Totals",
  note,
}: {
  rows: TotalsRow[];
  label?: string;
  /** Said of the total, under it: what tax the prices include. */
  note?: ReactNode;
}) {
  const table = (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        m: 0,
        display: "grid",
        gridTemplateColumns: "1fr auto",
        rowGap: 0.75,
        "& dd": { m: 0, textAlign: "right", fontVariantNumeric: "tabular-nums" },
        "& > div:last-of-type > *": {
          fontWeight: 700,
          fontSize: "1.125rem",
          pt: 1,
          borderTop: 1,
          borderColor: "divider",
        },
      }}
    >
      {rows.map((row) => (
        <Box key={row.label} sx={{ display: "contents" }}>
          <dt>{row.label}</dt>
          <dd>
            {row.value ?? <Skeleton width={80} sx={{ display: "inline-block" }} aria-label="Loading" />}
          </dd>
        </Box>
      ))}
    </Box>
  );
  if (!note) return table;
  return (
    <Box>
      {table}
      <Typography variant="body2" sx={{ color: "text.secondary", textAlign: "right", mt: 0.5 }}>
        {note}
      </Typography>
    </Box>
  );
}
