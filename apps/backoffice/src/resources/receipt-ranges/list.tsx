/** The e-NCF ranges, each with its numbers left and, before it runs out or expires, a warning. */
import Chip from "@mui/material/Chip";
import {
  CreateButton,
  Datagrid,
  FunctionField,
  List,
  NumberField,
  SimpleList,
  TextField,
  TopToolbar,
  useListContext,
} from "react-admin";
import { useSmallScreen } from "../../components/use-small-screen.ts";
import { type RangeRecord, RangeWarnings, useWarningText } from "./warnings.tsx";

/** Above the list: what needs the admin's attention, so a type never runs out unnoticed. */
function Warnings() {
  const { data } = useListContext<RangeRecord>();
  return <RangeWarnings ranges={data ?? []} />;
}

function WarningChip({ record }: { record: RangeRecord }) {
  const text = useWarningText();
  if (!record.warning) return null;
  const serious = record.warning.kind === "running-out" || record.warning.kind === "expiring";
  return <Chip size="small" color={serious ? "warning" : "default"} label={text(record.warning)} />;
}

export function ReceiptRangeList() {
  const small = useSmallScreen();
  const text = useWarningText();
  return (
    <List
      exporter={false}
      sort={{ field: "type", order: "ASC" }}
      perPage={50}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
    >
      <Warnings />
      {small ? (
        <SimpleList<RangeRecord>
          primaryText={(r) => `${r.from}–${r.to}`}
          secondaryText={(r) => `${r.numbersLeft} · ${r.expiresOn}`}
          tertiaryText={(r) => (r.warning ? text(r.warning) : "")}
          linkType={false}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="type" />
          <TextField source="from" label="resources.receipt-ranges.fields.firstNumber" />
          <TextField source="to" label="resources.receipt-ranges.fields.lastNumber" />
          <NumberField source="nextNumber" />
          <NumberField source="numbersLeft" />
          <TextField source="expiresOn" />
          <FunctionField<RangeRecord> source="warning" render={(record) => <WarningChip record={record} />} />
        </Datagrid>
      )}
    </List>
  );
}
