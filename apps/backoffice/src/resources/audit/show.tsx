/** One staff action: who, when, to what, and the record before and after, side by side. */
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import {
  Labeled,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  useRecordContext,
  useTranslate,
} from "react-admin";
import { auditActionChoices, auditEntityChoices } from "../../choices.ts";
import { DateField } from "../../components/date-field.tsx";

function Snapshot({ source }: { source: "before" | "after" }) {
  const entry = useRecordContext<{ before: unknown; after: unknown }>();
  const translate = useTranslate();
  const value = entry?.[source];
  return (
    <Box sx={{ flex: 1, minWidth: "min(260px, 100%)" }}>
      <Typography component="h2" variant="subtitle2">
        {translate(`resources.audit.fields.${source}`)}
      </Typography>
      {value === null || value === undefined ? (
        <Typography color="text.secondary">{translate("shop.audit.none")}</Typography>
      ) : (
        <Box
          component="pre"
          sx={{ m: 0, p: 1, bgcolor: "action.hover", borderRadius: 1, overflow: "auto", fontSize: 13 }}
        >
          {JSON.stringify(value, null, 2)}
        </Box>
      )}
    </Box>
  );
}

export function AuditShow() {
  return (
    <Show actions={false}>
      <SimpleShowLayout>
        <DateField source="at" showTime />
        <TextField source="actorEmail" />
        <SelectField source="action" choices={auditActionChoices} />
        <SelectField source="entity" choices={auditEntityChoices} />
        <TextField source="entityId" />
        <Labeled label="shop.audit.changes" fullWidth>
          <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap" }}>
            <Snapshot source="before" />
            <Snapshot source="after" />
          </Box>
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
