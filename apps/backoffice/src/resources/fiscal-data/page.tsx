/**
 * /admin/fiscal-data: the business's RNC (checked by its digit, as a buyer's is), legal name and address. Receipts
 * issued after a save name them; receipts already issued keep what they name. Until one is saved, the server's
 * ISSUER_* settings stand, and the page says so.
 */
import Alert from "@mui/material/Alert";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import CardHeader from "@mui/material/CardHeader";
import { fiscalMessages, parseTaxId } from "@shop/domain/fiscal";
import {
  EditBase,
  Form,
  maxLength,
  minLength,
  required,
  SaveButton,
  TextInput,
  Title,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from "react-admin";

export interface FiscalDataRecord {
  id: "issuer";
  rnc: string;
  name: string;
  address: string;
  source: "saved" | "settings" | "sample" | "none";
  updatedAt: string | null;
}

/** The RNC (9 digits) or cédula (11) with its check digit, as the API checks it; separators allowed. */
export function rncError(value: unknown): string | undefined {
  if (typeof value !== "string" || !value.trim()) return undefined;
  const parsed = parseTaxId(value);
  if (parsed.ok) return undefined;
  return parsed.message === fiscalMessages.taxIdFormat
    ? "shop.fiscal_data.rnc_format"
    : "shop.fiscal_data.rnc_check_digit";
}

/** Where the data shown comes from: saved here, the server's settings, the sample shop, or nowhere yet. */
function SourceNote() {
  const record = useRecordContext<FiscalDataRecord>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record) return null;
  const saved = record.source === "saved";
  return (
    <Alert severity={saved ? "info" : "warning"} sx={{ mb: 2 }}>
      {translate(`shop.fiscal_data.source_${record.source}`, {
        date: record.updatedAt ? new Date(record.updatedAt).toLocaleString(locale) : "",
      })}
    </Alert>
  );
}

export function FiscalDataPage() {
  const translate = useTranslate();
  return (
    <EditBase<FiscalDataRecord>
      resource="fiscal-data"
      id="issuer"
      mutationMode="pessimistic"
      redirect={false}
    >
      <Title title={translate("resources.fiscal-data.name", { smart_count: 1 })} />
      <Card sx={{ mt: 2, maxWidth: 720 }}>
        <CardHeader
          title={translate("resources.fiscal-data.name", { smart_count: 1 })}
          subheader={translate("shop.fiscal_data.intro")}
          slotProps={{ title: { component: "h2", variant: "h3" } }}
        />
        <CardContent>
          <SourceNote />
          <Form>
            <TextInput
              source="rnc"
              validate={[required(), rncError]}
              helperText="shop.fiscal_data.rnc_help"
              slotProps={{ htmlInput: { inputMode: "numeric", autoComplete: "off" } }}
              fullWidth
            />
            <TextInput
              source="name"
              validate={[required(), minLength(2), maxLength(150)]}
              helperText="shop.fiscal_data.name_help"
              fullWidth
            />
            <TextInput
              source="address"
              validate={[required(), minLength(5), maxLength(100)]}
              helperText="shop.fiscal_data.address_help"
              fullWidth
            />
            <SaveButton alwaysEnable={false} />
          </Form>
        </CardContent>
      </Card>
    </EditBase>
  );
}
