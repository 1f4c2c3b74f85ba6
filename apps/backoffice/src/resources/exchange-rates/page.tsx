/** /admin/exchange-rates: the current USD→DOP rate, its history chart, and the form that sets a new rate. */
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import CardHeader from "@mui/material/CardHeader";
import Grid from "@mui/material/Grid";
import MenuItem from "@mui/material/MenuItem";
import Skeleton from "@mui/material/Skeleton";
import MuiTextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import {
  CreateBase,
  Form,
  NumberInput,
  required,
  SaveButton,
  Title,
  useGetList,
  useGetOne,
  useLocaleState,
  useNotify,
  useTranslate,
} from "react-admin";
import { LineChart } from "../../components/line-chart.tsx";
import type { ExchangeRateRecord, UpdateRateAnswer } from "../../providers/data-provider.ts";

const HISTORY_DAYS = [7, 30, 90, 365];
const rate4 = (value: number) => value.toFixed(4);

function CurrentRate() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data } = useGetOne<ExchangeRateRecord & { lastUpdated: string; warning?: string }>(
    "exchange-rates",
    { id: "current" },
  );
  return (
    <Card sx={{ height: "100%" }}>
      <CardHeader
        title={translate("shop.exchange.current")}
        slotProps={{ title: { component: "h2", variant: "h3" } }}
      />
      <CardContent>
        {data ? (
          <>
            <Typography variant="h2" component="p" data-testid="current-rate">
              1 USD = {rate4(data.rate)} DOP
            </Typography>
            <Typography color="text.secondary">
              {translate("shop.exchange.last_updated", {
                date: new Date(data.lastUpdated).toLocaleString(locale),
              })}
            </Typography>
            {data.warning && <Typography color="warning.main">{data.warning}</Typography>}
          </>
        ) : (
          <Skeleton width="70%" height={48} />
        )}
      </CardContent>
    </Card>
  );
}

function RateHistory() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [days, setDays] = useState(30);
  const { data } = useGetList<ExchangeRateRecord>("exchange-rates", {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: "date", order: "ASC" },
    filter: { days },
  });
  const when = new Intl.DateTimeFormat(locale, { month: "short", day: "numeric" });
  const points = (data ?? []).map((entry) => ({
    label: when.format(new Date(entry.date)),
    value: entry.rate,
  }));
  return (
    <Card>
      <CardHeader
        title={translate("shop.exchange.history")}
        slotProps={{ title: { component: "h2", variant: "h3" } }}
        action={
          <MuiTextField
            select
            size="small"
            label={translate("shop.exchange.days")}
            value={days}
            onChange={(event) => setDays(Number(event.target.value))}
            sx={{ minWidth: 140 }}
          >
            {HISTORY_DAYS.map((n) => (
              <MenuItem key={n} value={n}>
                {translate("shop.exchange.last_days", { smart_count: n })}
              </MenuItem>
            ))}
          </MuiTextField>
        }
      />
      <CardContent>
        {!data ? (
          <Skeleton variant="rectangular" height={240} />
        ) : points.length ? (
          <LineChart
            title={translate("shop.exchange.history_title", { smart_count: days })}
            points={points}
            format={rate4}
            zeroBased={false}
            labelHeader={translate("shop.exchange.date")}
            valueHeader={translate("shop.exchange.rate")}
          />
        ) : (
          <Typography>{translate("shop.exchange.no_history")}</Typography>
        )}
      </CardContent>
    </Card>
  );
}

function SetRate() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return (
    <Card sx={{ height: "100%" }}>
      <CardHeader
        title={translate("shop.exchange.set")}
        slotProps={{ title: { component: "h2", variant: "h3" } }}
      />
      <CardContent>
        <CreateBase
          resource="exchange-rates"
          redirect={false}
          mutationOptions={{
            onSuccess: (record) => {
              // The data provider refuses an answer that does not say the update succeeded.
              const answer = record as unknown as UpdateRateAnswer;
              notify(answer.message ?? "shop.exchange.updated", { type: "success" });
              queryClient.invalidateQueries({ queryKey: ["exchange-rates"] });
            },
          }}
        >
          <Form>
            <NumberInput
              source="rate"
              label="shop.exchange.new_rate"
              validate={required()}
              // The API checks the range and says so beside the field.
              helperText="shop.exchange.rate_help"
            />
            <SaveButton label="shop.exchange.save" alwaysEnable />
          </Form>
        </CreateBase>
      </CardContent>
    </Card>
  );
}

export function ExchangeRatesPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate("resources.exchange-rates.name", { smart_count: 2 })} />
      <Typography variant="h2" component="h1" sx={{ mb: 2 }}>
        {translate("resources.exchange-rates.name", { smart_count: 2 })}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <CurrentRate />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <SetRate />
        </Grid>
        <Grid size={12}>
          <RateHistory />
        </Grid>
      </Grid>
    </Box>
  );
}
