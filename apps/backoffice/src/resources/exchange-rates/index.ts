/** Exchange rates: the current USD→DOP rate, its history chart and the form that sets a new rate. */
import ResourceIcon from "@mui/icons-material/CurrencyExchange";
import { lazy } from "react";

export default {
  list: lazy(() => import("./page.tsx").then((m) => ({ default: m.ExchangeRatesPage }))),
  icon: ResourceIcon,
  recordRepresentation: "rate",
};
