/**
 * The receipts issued, newest first, each with links to its printable page and its PDF; filters by type, e-NCF and
 * date.
 */
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { RECEIPT_TYPES } from "@shop/domain/fiscal";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import {
  Datagrid,
  DateInput,
  FunctionField,
  List,
  NumberField,
  SearchInput,
  SimpleList,
  TextField,
  useDataProvider,
  useTranslate,
} from "react-admin";
import { csvExporter } from "../../components/csv-exporter.ts";
import { DateField } from "../../components/date-field.tsx";
import { SelectFilter } from "../../components/filters.tsx";
import { useSmallScreen } from "../../components/use-small-screen.ts";
import type { ReceiptSummary, ShopDataProvider } from "../../providers/data-provider.ts";

interface ReceiptRecord {
  id: string;
  encf: string;
  url: string;
  pdfUrl: string;
  orderNumber: string;
  total: number;
  issuedAt: string;
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectFilter key="type" source="type" choices={RECEIPT_TYPES.map((t) => ({ id: t, name: t }))} />,
  <DateInput key="from" source="from" />,
  <DateInput key="to" source="to" />,
];

const pesos = { style: "currency", currency: "DOP" } as const;

const pesosText = (amount: number) => new Intl.NumberFormat("es-DO", pesos).format(amount);

/** The month's figures for the ITBIS return (sales less credit notes), above the list; any month can be chosen. */
function MonthSummary() {
  const dataProvider = useDataProvider<ShopDataProvider>();
  const translate = useTranslate();
  const [month, setMonth] = useState(() => new Date(Date.now() - 4 * 3_600_000).toISOString().slice(0, 7));
  const summary = useQuery<ReceiptSummary>({
    queryKey: ["receipts", "summary", month],
    queryFn: () => dataProvider.receiptSummary(month),
  });
  const s = summary.data;
  return (
    <Box
      component="section"
      aria-label={translate("shop.receipts.summary")}
      sx={{ p: 2, display: "grid", gap: 1 }}
    >
      <Box sx={{ display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap" }}>
        <Typography component="h2" variant="h6">
          {translate("shop.receipts.summary")}
        </Typography>
        <input
          type="month"
          aria-label={translate("shop.receipts.month")}
          value={month}
          onChange={(event) => event.target.value && setMonth(event.target.value)}
        />
      </Box>
      {s ? (
        <Typography variant="body2">
          {s.byType.map((t) => `${t.type}: ${t.count} · ${pesosText(t.total)}`).join(" — ") ||
            translate("shop.receipts.none")}
          <br />
          {translate("shop.receipts.net", { total: pesosText(s.total), itbis: pesosText(s.itbis) })}
          {s.byRate.length ? " — " : ""}
          {s.byRate.map((r) => `${r.rate === 0 ? "E" : `${r.rate}%`}: ${pesosText(r.itbis)}`).join(", ")}
        </Typography>
      ) : null}
    </Box>
  );
}

/** A receipt's printable page and its PDF, each named by its e-NCF for a screen reader. */
function ReceiptLinks({ record }: { record: ReceiptRecord }) {
  const translate = useTranslate();
  return (
    <Box component="span" sx={{ display: "inline-flex", gap: 1, whiteSpace: "nowrap" }}>
      <a
        href={record.url}
        target="_blank"
        rel="noopener"
        aria-label={translate("shop.receipts.print", { encf: record.encf })}
      >
        {translate("shop.receipts.print_short")}
      </a>
      <a href={record.pdfUrl} download aria-label={translate("shop.receipts.pdf", { encf: record.encf })}>
        PDF
      </a>
    </Box>
  );
}

export function ReceiptList() {
  const small = useSmallScreen();
  return (
    <List exporter={csvExporter} filters={filters} sort={{ field: "issuedAt", order: "DESC" }} perPage={25}>
      <MonthSummary />
      {small ? (
        <SimpleList<ReceiptRecord>
          primaryText={(r) => r.encf}
          secondaryText={(r) => (
            <>
              #{r.orderNumber} · {pesosText(r.total)} · <ReceiptLinks record={r} />
            </>
          )}
          tertiaryText={(r) => new Date(r.issuedAt).toLocaleDateString()}
          linkType={false}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="encf" />
          <TextField source="type" />
          <TextField source="orderNumber" />
          <TextField source="buyerTaxId" emptyText="—" />
          <NumberField source="total" options={pesos} />
          <NumberField source="itbis" options={pesos} />
          <TextField source="corrects" emptyText="—" />
          <DateField source="issuedAt" showTime />
          <TextField source="dgiiStatus" emptyText="—" />
          <FunctionField<ReceiptRecord>
            source="url"
            sortable={false}
            render={(record) => <ReceiptLinks record={record} />}
          />
        </Datagrid>
      )}
    </List>
  );
}
