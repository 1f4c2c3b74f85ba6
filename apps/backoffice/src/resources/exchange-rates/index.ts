/** Exchange rates: the current USD→DOP rate, its history chart and the form that sets a new rate. */
import ResourceIcon from "@mui/icons-material/CurrencyExchange";
import { lazy } from "react";

const views = () => import("./views.tsx");

export default {
  list: lazy(() => views().then((m) => ({ default: m.ExchangeRatesPage }))),
  icon: ResourceIcon,
  recordRepresentation: "rate",
};
