/** Sales over time: revenue per day of the last 30 days, in USD or DOP at the switch. */
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import CardHeader from "@mui/material/CardHeader";
import Skeleton from "@mui/material/Skeleton";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import type { CurrencyCode } from "@shop/domain/constants";
import { useState } from "react";
import { useLocaleState, useTranslate } from "react-admin";
import { LineChart } from "../components/line-chart.tsx";
import { money } from "../components/money.tsx";
import { useDashboard } from "./use-dashboard.ts";

export function SalesChart() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [currency, setCurrency] = useState<CurrencyCode>("USD");
  const { data } = useDashboard();
  const day = new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", timeZone: "UTC" });
  const points = (data?.revenuePerDay ?? []).map((entry) => ({
    label: day.format(new Date(`${entry.date}T00:00:00Z`)),
    value: currency === "USD" ? entry.usd : entry.dop,
  }));
  return (
    <Card sx={{ height: "100%" }}>
      <CardHeader
        title={translate("shop.dashboard.sales_chart")}
        slotProps={{ title: { component: "h2", variant: "h3" } }}
        action={
          <ToggleButtonGroup
            size="small"
            exclusive
            value={currency}
            onChange={(_event, value: CurrencyCode | null) => value && setCurrency(value)}
            aria-label={translate("shop.dashboard.currency")}
          >
            <ToggleButton value="USD">USD</ToggleButton>
            <ToggleButton value="DOP">DOP</ToggleButton>
          </ToggleButtonGroup>
        }
      />
      <CardContent>
        {data ? (
          <LineChart
            title={translate("shop.dashboard.sales_chart_title", { currency })}
            points={points}
            format={(value) => money(Math.round(value * 100) / 100, currency)}
            labelHeader={translate("shop.dashboard.day")}
            valueHeader={translate("shop.dashboard.revenue")}
          />
        ) : (
          <Skeleton variant="rectangular" height={240} />
        )}
      </CardContent>
    </Card>
  );
}
