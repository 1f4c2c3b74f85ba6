import { Datagrid, DateInput, List, SelectField, SimpleList, TextField, TextInput } from "react-admin";
import { auditActionChoices, auditEntityChoices } from "../../choices.ts";
import { DateField } from "../../components/date-field.tsx";
import { SelectFilter } from "../../components/filters.tsx";
import { useSmallScreen } from "../../components/use-small-screen.ts";

const filters = [
  <SelectFilter key="entity" source="entity" choices={auditEntityChoices} alwaysOn />,
  <SelectFilter key="action" source="action" choices={auditActionChoices} alwaysOn />,
  <TextInput key="actor" source="actor" alwaysOn />,
  <TextInput key="entityId" source="entityId" />,
  <DateInput key="from" source="from" />,
  <DateInput key="to" source="to" />,
];

/** Newest first; no create, edit or delete anywhere: the trail is only read. */
export function AuditList() {
  const small = useSmallScreen();
  return (
    <List filters={filters} sort={{ field: "at", order: "DESC" }} perPage={25} exporter={false}>
      {small ? (
        <SimpleList
          primaryText={<SelectField source="action" choices={auditActionChoices} />}
          secondaryText={(entry) => entry.actorEmail}
          tertiaryText={() => <DateField source="at" showTime />}
          rowClick="show"
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <DateField source="at" showTime />
          <TextField source="actorEmail" />
          <SelectField source="action" choices={auditActionChoices} />
          <SelectField source="entity" choices={auditEntityChoices} />
          <TextField source="entityId" sortable={false} />
        </Datagrid>
      )}
    </List>
  );
}
