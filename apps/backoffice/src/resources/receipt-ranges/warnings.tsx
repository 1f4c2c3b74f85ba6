/** The ranges' warnings in words, and the notice that lists the ranges about to run out or expire. */
import Alert from "@mui/material/Alert";
import type { RangeWarning } from "@shop/domain/fiscal";
import { useTranslate } from "react-admin";
import { Link } from "react-router";
import { adminLink } from "../../links.ts";

export interface RangeRecord {
  id: string;
  type: string;
  from: string;
  to: string;
  nextNumber: number;
  numbersLeft: number;
  expiresOn: string;
  warning: RangeWarning | null;
}

export function useWarningText() {
  const translate = useTranslate();
  return (warning: RangeWarning) =>
    translate(`shop.receipt_ranges.warning_${warning.kind.replace("-", "_")}`, {
      smart_count:
        warning.kind === "running-out"
          ? warning.numbersLeft
          : warning.kind === "expiring"
            ? warning.daysLeft
            : 0,
    });
}

/** Ranges that still give numbers but are about to stop: the admin loads the next one before then. */
export function RangeWarnings({ ranges, link = false }: { ranges: readonly RangeRecord[]; link?: boolean }) {
  const text = useWarningText();
  const translate = useTranslate();
  const warned = ranges.filter((r) => r.warning?.kind === "running-out" || r.warning?.kind === "expiring");
  if (!warned.length) return null;
  return (
    <Alert severity="warning" sx={{ m: 1 }}>
      {translate("shop.receipt_ranges.attention")}{" "}
      {warned.map((r) => `${r.from}–${r.to}: ${text(r.warning!)}`).join("; ")}
      {link ? (
        <>
          {" "}
          <Link to={adminLink("/receipt-ranges")}>
            {translate("resources.receipt-ranges.name", { smart_count: 2 })}
          </Link>
        </>
      ) : null}
    </Alert>
  );
}
