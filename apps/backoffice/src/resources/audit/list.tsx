/** The audit trail, newest first: when, who (name and email), what was done to which record (linked); read only. */
import Alert from "@mui/material/Alert";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import type { AuditChain, NamedAuditEntry } from "@shop/domain/schemas/admin";
import { useQuery } from "@tanstack/react-query";
import {
  Datagrid,
  DateInput,
  FunctionField,
  List,
  ReferenceInput,
  SelectField,
  SelectInput,
  SimpleList,
  TextInput,
  useDataProvider,
  useTranslate,
} from "react-admin";
import { Link as RouterLink } from "react-router";
import { auditActionChoices, auditEntityChoices } from "../../choices.ts";
import { DateField } from "../../components/date-field.tsx";
import { AppliedAtOnce, SelectFilter } from "../../components/filters.tsx";
import { useSmallScreen } from "../../components/use-small-screen.ts";
import { adminLink } from "../../links.ts";
import type { ShopDataProvider } from "../../providers/data-provider.ts";
import { recordPath } from "./changes.ts";

const staffName = (user: { firstName: string; lastName: string; email: string }) =>
  `${user.firstName} ${user.lastName} (${user.email})`;

/** The staff member who acted: one of the shop's admins, by name and email, applied when chosen. */
function StaffFilter({ source }: { source: string; alwaysOn?: boolean }) {
  return (
    <AppliedAtOnce>
      <ReferenceInput
        source={source}
        reference="users"
        filter={{ role: "admin" }}
        sort={{ field: "firstName", order: "ASC" }}
      >
        <SelectInput optionText={staffName} label="resources.audit.fields.actorId" />
      </ReferenceInput>
    </AppliedAtOnce>
  );
}

/** Filters by person (the shop's admins), kind of record and dates on a desk; the others under "Add filter". */
const filters = [
  <StaffFilter key="actorId" source="actorId" alwaysOn />,
  <SelectFilter key="entity" source="entity" choices={auditEntityChoices} alwaysOn />,
  <DateInput key="from" source="from" alwaysOn />,
  <DateInput key="to" source="to" alwaysOn />,
  <SelectFilter key="action" source="action" choices={auditActionChoices} />,
  <TextInput key="actor" source="actor" />,
  <TextInput key="entityId" source="entityId" />,
];

/** Who acted: their name and email, or the email alone once the account is gone. */
export function Who({ entry }: { entry: NamedAuditEntry }) {
  return (
    <>
      <Typography component="span" variant="body2" sx={{ fontWeight: 600, display: "block" }}>
        {entry.actorName ?? entry.actorEmail}
      </Typography>
      {entry.actorName && (
        <Typography component="span" variant="body2" color="text.secondary">
          {entry.actorEmail}
        </Typography>
      )}
    </>
  );
}

/** The record's name, linked to its page while it has one; its id when nothing names it. */
export function RecordLink({ entry }: { entry: NamedAuditEntry }) {
  const path = recordPath(entry);
  const name = entry.entityName ?? entry.entityId;
  if (!path) return <>{name}</>;
  return (
    <Link component={RouterLink} to={adminLink(path)} onClick={(event) => event.stopPropagation()}>
      {name}
    </Link>
  );
}

/** A notice above the list when the trail's chain of hashes is broken: an entry changed outside the shop. */
function ChainNotice() {
  const dataProvider = useDataProvider<ShopDataProvider>();
  const translate = useTranslate();
  const chain = useQuery<AuditChain>({
    queryKey: ["audit", "chain"],
    queryFn: () => dataProvider.auditChain(),
  });
  if (chain.isError) return <Alert severity="warning">{translate("shop.audit.chain_unchecked")}</Alert>;
  if (!chain.data || chain.data.intact || !chain.data.broken) return null;
  const { seq, at } = chain.data.broken;
  return (
    <Alert severity="error" role="alert">
      {translate("shop.audit.chain_broken", { seq: seq ?? "—", at: new Date(at).toLocaleString() })}
    </Alert>
  );
}

/** Newest first; no create, edit or delete anywhere: the trail is only read. */
export function AuditList() {
  const small = useSmallScreen();
  const translate = useTranslate();
  const what = (entry: NamedAuditEntry) =>
    `${translate(auditActionChoices.find((c) => c.id === entry.action)?.name ?? entry.action)} · ${entry.entityName ?? entry.entityId}`;
  return (
    <List filters={filters} sort={{ field: "at", order: "DESC" }} perPage={25} exporter={false} empty={false}>
      <ChainNotice />
      {small ? (
        <SimpleList<NamedAuditEntry>
          primaryText={what}
          secondaryText={(entry) => entry.actorName ?? entry.actorEmail}
          tertiaryText={() => <DateField source="at" showTime />}
          rowClick="show"
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <DateField source="at" showTime />
          <FunctionField<NamedAuditEntry>
            source="actorEmail"
            label="resources.audit.fields.actorId"
            render={(entry) => <Who entry={entry} />}
          />
          <SelectField source="action" choices={auditActionChoices} />
          <SelectField source="entity" choices={auditEntityChoices} />
          <FunctionField<NamedAuditEntry>
            source="entityName"
            label="resources.audit.fields.entityId"
            sortable={false}
            render={(entry) => <RecordLink entry={entry} />}
          />
        </Datagrid>
      )}
    </List>
  );
}
