/** One staff action: who, when, what was done to which record (linked), and the change field by field. */
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import type { NamedAuditEntry } from "@shop/domain/schemas/admin";
import {
  Labeled,
  SelectField,
  Show,
  SimpleShowLayout,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from "react-admin";
import { auditActionChoices, auditEntityChoices } from "../../choices.ts";
import { DateField, dateLocale } from "../../components/date-field.tsx";
import { fieldChanges, fieldLabelKey, formatValue } from "./changes.ts";
import { RecordLink, Who } from "./list.tsx";

/** The fields that changed, labelled in the screen's language, with their values before and after. */
function Changes() {
  const entry = useRecordContext<NamedAuditEntry>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!entry) return null;
  const changes = fieldChanges(entry.before, entry.after);
  if (changes.length === 0)
    return <Typography color="text.secondary">{translate("shop.audit.none")}</Typography>;
  const show = (field: string, value: unknown) =>
    formatValue(entry.entity, field, value, translate, dateLocale(locale));
  return (
    <Table size="small" aria-label={translate("shop.audit.changes")}>
      <TableHead>
        <TableRow>
          <TableCell>{translate("shop.audit.field")}</TableCell>
          <TableCell>{translate("resources.audit.fields.before")}</TableCell>
          <TableCell>{translate("resources.audit.fields.after")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {changes.map(({ field, before, after }) => (
          <TableRow key={field}>
            <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
              {translate(fieldLabelKey(entry.entity, field), { _: field })}
            </TableCell>
            <TableCell sx={{ overflowWrap: "anywhere" }}>{show(field, before)}</TableCell>
            <TableCell sx={{ overflowWrap: "anywhere" }}>{show(field, after)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function WhoField() {
  const entry = useRecordContext<NamedAuditEntry>();
  return entry ? <Who entry={entry} /> : null;
}

function RecordField() {
  const entry = useRecordContext<NamedAuditEntry>();
  return entry ? <RecordLink entry={entry} /> : null;
}

export function AuditShow() {
  return (
    <Show actions={false}>
      <SimpleShowLayout>
        <DateField source="at" showTime />
        <Labeled label="resources.audit.fields.actorId">
          <WhoField />
        </Labeled>
        <SelectField source="action" choices={auditActionChoices} />
        <SelectField source="entity" choices={auditEntityChoices} />
        <Labeled label="resources.audit.fields.entityId">
          <RecordField />
        </Labeled>
        <Labeled label="shop.audit.changes" fullWidth>
          <Changes />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
