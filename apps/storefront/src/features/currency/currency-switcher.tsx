/** The header's currency choice: RD$ or US$, a native select (small, and right on every phone). */

import Box from "@mui/material/Box";
import { CURRENCIES, CURRENCY_CODES } from "@shop/domain/currency";
import { useAtomValue, useSetAtom } from "jotai";
import { currencyAtom, setCurrencyAtom } from "./atoms.ts";

export function CurrencySwitcher() {
  const currency = useAtomValue(currencyAtom);
  const setCurrency = useSetAtom(setCurrencyAtom);
  return (
    <Box
      component="select"
      aria-label="Currency"
      value={currency}
      onChange={(event) => setCurrency((event.target as HTMLSelectElement).value)}
      sx={{
        font: "inherit",
        fontWeight: 600,
        color: "text.primary",
        bgcolor: "background.paper",
        border: 1,
        borderColor: "divider",
        borderRadius: 1,
        px: 0.5,
        py: 0.75,
        minHeight: 40,
        cursor: "pointer",
      }}
    >
      {CURRENCY_CODES.map((code) => (
        <option key={code} value={code}>
          {CURRENCIES[code].symbol}
        </option>
      ))}
    </Box>
  );
}
